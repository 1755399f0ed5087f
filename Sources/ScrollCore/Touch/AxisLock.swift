/// Which axes a finger scroll moves: a nearly vertical stroke scrolls only vertically, a nearly
/// horizontal one only horizontally, a clearly diagonal one both.
///
/// The lock is computed every frame from the stroke's path so far, axis by axis: the centroid's
/// net displacement from where the fingers landed to where the scroll started, plus the sums of
/// |dx| and |dy| of the (hysteresis-filtered) centroid while scrolling — so strokes back and forth
/// along one axis stay on it, and jitter below the hysteresis margin does not count. A path steeper
/// than 70° from horizontal is vertical, flatter than 20° is horizontal, anything between is
/// diagonal.
///
/// libinput weighs the direction of recent motion over time, in 15°/30°/60°/75° sectors
/// (`tp_gesture_apply_scroll_constraints`, `src/evdev-mt-touchpad-gestures.c`). scrolldir uses one
/// test, so its limits must fall between straight and diagonal strokes: on the peer suite's 61 real
/// two-finger scrolls the path of a straight stroke stays within 15.9° of its axis and diagonal
/// strokes lie at 23°–44°; 20° and 70° split those gaps. With libinput's 15°/75° instead, three
/// straight strokes leaked 6–9 mm onto the other axis.
public enum AxisLock: Sendable, Hashable {
  case vertical
  case horizontal
  case both

  /// tan 70°: a path with |dy| > this × |dx| is vertical.
  public static let verticalSlope = 2.747
  /// tan 20°: a path with |dy| < this × |dx| is horizontal.
  public static let horizontalSlope = 0.364

  /// The lock for a stroke whose path is `travel` (mm per axis; only the magnitudes count).
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
