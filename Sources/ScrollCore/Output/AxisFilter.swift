/// Which records to keep by the axis they move on (`--axis`).
public enum AxisFilter: String, Sendable, Hashable, CaseIterable {
  /// Only records whose vertical direction is Up or Down.
  case vertical
  /// Only records whose horizontal direction is Left or Right.
  case horizontal
  /// Every record.
  case both

  /// Whether `record` passes the filter.
  public func admits(_ record: ScrollRecord) -> Bool {
    switch self {
    case .vertical: record.vertical != .none
    case .horizontal: record.horizontal != .none
    case .both: true
    }
  }
}
