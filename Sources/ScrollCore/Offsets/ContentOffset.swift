/// A device's content offset: the running scroll position of one source, in the libinput sign
/// convention (positive `y` scrolls down, the content moving up; positive `x` scrolls right), in
/// the source's unit (``ScrollUnit``): v120 for wheels and dials (120 = one detent, the kernel's
/// `REL_WHEEL_HI_RES` semantics), counts for on-button scrolling, mm for finger and edge
/// scrolling. Whole-unit offsets stay exact integers however far they go (``OffsetValue``).
public struct ContentOffset: Sendable, Hashable, CustomStringConvertible {
  /// Horizontal component; positive = right.
  public var x: OffsetValue
  /// Vertical component; positive = down.
  public var y: OffsetValue

  public init(x: OffsetValue, y: OffsetValue) {
    self.x = x
    self.y = y
  }

  /// The origin, where every device's content offset starts.
  public static let zero = ContentOffset(x: .zero, y: .zero)

  /// The offset moved by `movement` (same unit).
  public static func + (offset: ContentOffset, movement: ScrollOffset) -> ContentOffset {
    ContentOffset(x: offset.x + movement.x, y: offset.y + movement.y)
  }

  /// The movement from `earlier` to `offset`, exact while whole components are less than 2^53
  /// apart (one frame's movement always is, unless the input is corrupt).
  public static func - (offset: ContentOffset, earlier: ContentOffset) -> ScrollOffset {
    ScrollOffset(x: offset.x - earlier.x, y: offset.y - earlier.y)
  }

  public var description: String { "(\(x), \(y))" }
}
