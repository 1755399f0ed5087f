/// A scroll movement on two axes (one frame's, or a part of one), in the libinput sign
/// convention: positive `y` scrolls down (content moves up), positive `x` scrolls right; also a
/// vector on a touchpad in mm. In the source's unit: v120 for wheels and dials (120 = one detent,
/// kernel `REL_WHEEL_HI_RES` semantics; whole numbers), counts for on-button scrolling, mm for
/// finger and edge scrolling. Positions, which grow without bound, are ``ContentOffset``s.
public struct ScrollOffset: Sendable, Hashable, CustomStringConvertible {
  /// Horizontal component; positive = right.
  public var x: Double
  /// Vertical component; positive = down.
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// No movement.
  public static let zero = ScrollOffset(x: 0, y: 0)

  public static func + (lhs: ScrollOffset, rhs: ScrollOffset) -> ScrollOffset {
    ScrollOffset(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
  }

  public static func - (lhs: ScrollOffset, rhs: ScrollOffset) -> ScrollOffset {
    ScrollOffset(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
  }

  public var description: String { "(\(x), \(y))" }
}
