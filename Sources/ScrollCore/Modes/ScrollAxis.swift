/// One axis of a content offset, for the modes that keep state per axis (detents, changes-only,
/// gestures, counters).
///
/// Signs are libinput's, as everywhere in scrolldir: on ``vertical`` a positive movement is
/// ``Direction/down``, on ``horizontal`` it is ``Direction/right``.
public enum ScrollAxis: String, Sendable, Hashable, CaseIterable {
  /// The `y` component: Up (negative) and Down (positive).
  case vertical
  /// The `x` component: Left (negative) and Right (positive).
  case horizontal

  /// This axis's component of `offset` (v120 or mm, in the offset's unit).
  public func component(of offset: ScrollOffset) -> Double {
    switch self {
    case .vertical: offset.y
    case .horizontal: offset.x
    }
  }

  /// `offset` moved by `amount` along this axis only (same unit as the offset).
  public func offset(_ offset: ScrollOffset, movedBy amount: Double) -> ScrollOffset {
    switch self {
    case .vertical: ScrollOffset(x: offset.x, y: offset.y + amount)
    case .horizontal: ScrollOffset(x: offset.x + amount, y: offset.y)
    }
  }

  /// The content offset `offset` moved by `amount` along this axis only (same unit).
  public func offset(_ offset: ContentOffset, movedBy amount: Double) -> ContentOffset {
    switch self {
    case .vertical: ContentOffset(x: offset.x, y: offset.y + amount)
    case .horizontal: ContentOffset(x: offset.x + amount, y: offset.y)
    }
  }

  /// The classifier answer `record` carries for this axis (``Direction/none`` if it did not move on it).
  public func direction(of record: ScrollRecord) -> Direction {
    switch self {
    case .vertical: record.vertical
    case .horizontal: record.horizontal
    }
  }

  /// The direction of a movement of `amount` along this axis: Down/Right when positive, Up/Left
  /// when negative, ``Direction/none`` when zero (the classifiers' rule applied to one number).
  public func direction(ofMovement amount: Double) -> Direction {
    if amount > 0 { return self == .vertical ? .down : .right }
    if amount < 0 { return self == .vertical ? .up : .left }
    return .none
  }

  /// Position in ``allCases`` (vertical first), for deterministic sorting.
  var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
