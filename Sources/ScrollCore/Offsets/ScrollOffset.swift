/// A scroll position or movement on two axes, in the libinput sign convention:
/// positive `y` scrolls down (content moves up), positive `x` scrolls right.
///
/// Wheel offsets are in v120 units (120 = one detent, kernel `REL_WHEEL_HI_RES` semantics) and are
/// always whole numbers; finger-scroll offsets are in millimetres.
public struct ScrollOffset: Sendable, Hashable, CustomStringConvertible {
  /// Horizontal component; positive = right.
  public var x: Double
  /// Vertical component; positive = down.
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, where every device's content offset starts.
  public static let zero = ScrollOffset(x: 0, y: 0)

  public static func + (lhs: ScrollOffset, rhs: ScrollOffset) -> ScrollOffset {
    ScrollOffset(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
  }

  public static func - (lhs: ScrollOffset, rhs: ScrollOffset) -> ScrollOffset {
    ScrollOffset(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
  }

  public var description: String { "(\(x), \(y))" }
}
