/// On-button scrolling (libinput's "button" scroll method): while the scroll button is held,
/// relative motion scrolls instead of moving the pointer. TrackPoints scroll this way with the
/// middle button; so do trackballs without a wheel.
///
/// The rules are libinput's (`evdev_button_scroll_button`, `post_trackpoint_scroll` and
/// `evdev_post_scroll` in `src/evdev.c` and `src/evdev-fallback.c`, 1.22), re-implemented from
/// their behaviour:
/// - **Press**: the button going down starts a wait of ``activationDelay`` (200 ms). Motion in
///   the wait is swallowed: it neither moves the pointer nor scrolls.
/// - **Scrolling**: the first motion at or after the end of the wait starts the scroll. An axis
///   starts to scroll once the motion summed on it since the press reaches ``startThreshold`` (5
///   counts) while no axis scrolls yet; once one axis scrolls, the other starts only with a single
///   frame of at least ``otherAxisThreshold`` (5 counts) on it. The frame that starts an axis
///   scrolls by its own motion on that axis, not by the sum, so the scroll does not jump.
/// - **Release**: a press and release with no scroll (released during the wait, or after it with no
///   motion) is a click and scrolls nothing. A release that ends a scroll in which an axis moved
///   yields a stop; one in which no axis reached its threshold yields nothing (libinput sends
///   neither a click nor a stop then).
/// - Within one frame the motion comes before the button, as libinput handles relative motion
///   before buttons (`fallback_handle_state`).
///
/// Units and signs: relative counts, the kernel's: `REL_Y` > 0 moves the pointer toward the user,
/// which scrolls down (+y), `REL_X` > 0 right (+x). libinput first scales counts to 1000 dpi
/// (`MOUSE_DPI`; 1000 when udev gives none, as for TrackPoints): the thresholds are in those units.
///
/// Not followed: libinput's scroll button lock (off by default) and middle-button emulation.
public struct ButtonScroll: Sendable, Hashable {
  /// How long after the press motion is swallowed before it can scroll: libinput's
  /// `DEFAULT_BUTTON_SCROLL_TIMEOUT`, 200 ms; inclusive, as libinput's timers fire at `expire <= now`.
  public static let activationDelay: Duration = .milliseconds(200)
  /// Summed motion (counts) on an axis that starts the scroll on it: libinput's `scroll.threshold`, 5.
  public static let startThreshold = 5.0
  /// One frame's motion (counts) that starts the second axis once one scrolls: libinput's
  /// `scroll.direction_lock_threshold`, 5.
  public static let otherAxisThreshold = 5.0

  /// What one frame does.
  public struct Step: Sendable, Hashable {
    /// The scroll movement (counts, libinput signs), or `nil` when nothing scrolls.
    public var move: ScrollOffset?
    /// Whether the scroll ended (the button was released after scrolling), after `move`.
    public var stop: Bool

    public init(move: ScrollOffset?, stop: Bool) {
      self.move = move
      self.stop = stop
    }

    /// Nothing scrolls, nothing stops.
    public static let none = Step(move: nil, stop: false)
  }

  /// Where the button and the scroll are.
  public enum Phase: Sendable, Hashable {
    /// The button is up: motion is pointer motion.
    case idle
    /// The button went down at `since`; motion is swallowed until ``activationDelay`` has passed.
    case held(since: Timestamp)
    /// Motion scrolls. `vertical`/`horizontal`: whether that axis has started; `buildup`: the motion
    /// summed on the axes that have not.
    case scrolling(vertical: Bool, horizontal: Bool, buildup: ScrollOffset)
  }

  /// The phase now.
  public private(set) var phase = Phase.idle

  public init() {}

  /// One frame: its summed relative motion (counts) and, when the scroll button changed in it, its
  /// new state (`true` down, `false` up).
  public mutating func frame(motion: ScrollOffset, button: Bool?, at time: Timestamp) -> Step {
    var step = Step.none
    if motion != .zero { step.move = move(motion, at: time) }
    switch (button, phase) {
    case (true?, .idle):
      phase = .held(since: time)
    case (false?, .held):
      phase = .idle
    case (false?, .scrolling(let vertical, let horizontal, _)):
      phase = .idle
      step.stop = vertical || horizontal
    case (nil, _), (true?, .held), (true?, .scrolling), (false?, .idle):
      break
    }
    return step
  }

  private mutating func move(_ motion: ScrollOffset, at time: Timestamp) -> ScrollOffset? {
    var vertical = false
    var horizontal = false
    var buildup = ScrollOffset.zero
    switch phase {
    case .idle:
      return nil
    case .held(let since):
      guard time >= since.adding(Self.activationDelay) else { return nil }
    case .scrolling(let v, let h, let b):
      (vertical, horizontal, buildup) = (v, h, b)
    }
    if !vertical { buildup.y += motion.y }
    if !horizontal { buildup.x += motion.x }
    if !vertical && !horizontal {
      vertical = buildup.y.magnitude >= Self.startThreshold
      horizontal = buildup.x.magnitude >= Self.startThreshold
    } else if !vertical {
      vertical = motion.y.magnitude >= Self.otherAxisThreshold
    } else if !horizontal {
      horizontal = motion.x.magnitude >= Self.otherAxisThreshold
    }
    phase = .scrolling(vertical: vertical, horizontal: horizontal, buildup: buildup)
    let scrolled = ScrollOffset(x: horizontal ? motion.x : 0, y: vertical ? motion.y : 0)
    return scrolled == .zero ? nil : scrolled
  }
}
