/// `--axis`: which axes are output, counted and tracked as gestures.
public enum AxisFilter: String, Sendable, Hashable, CaseIterable {
  /// Only the vertical axis: records whose vertical direction is Up or Down.
  case vertical
  /// Only the horizontal axis: records whose horizontal direction is Left or Right.
  case horizontal
  /// Both axes: every record.
  case both

  /// The axes kept, vertical first.
  public var keptAxes: [ScrollAxis] {
    switch self {
    case .vertical: [.vertical]
    case .horizontal: [.horizontal]
    case .both: ScrollAxis.allCases
    }
  }

  /// Whether `record` passes: it moves on a kept axis (with ``both``, every record passes).
  public func admits(_ record: ScrollRecord) -> Bool {
    self == .both || keptAxes.contains { $0.direction(of: record) != .none }
  }
}
