/// Debouncing of one hi-res wheel, step by step: holds back the first small step after rest until
/// a second step in the same direction confirms it. This is the rule of libinput 1.29's wheel
/// plugin (`src/libinput-plugin-mouse-wheel.c`, libinput commits ca6b8284 "tighten the wheel
/// debouncing code", bb05e0d1 "don't accumulate for low HID resolution multipliers" and 975ce6db
/// "reduce ACC_V120_THRESHOLD"), re-implemented here from its behaviour.
///
/// Units and signs: v120 (120 = one detent), libinput signs (+y down, +x right).
///
/// The rule, as libinput 1.29 applies it to a wheel that is not virtual and has no model quirk:
/// - **Smallest step.** The wheel's smallest step is the smallest magnitude of any step seen so
///   far, starting from ``initialSmallestStep`` (47). Debouncing is **active** only once a step
///   smaller than ``activationStep`` (30, a quarter detent) has been seen, i.e. on wheels with a
///   HID resolution multiplier above 4 (steps of 15, 8, …); wheels with steps of 30, 40, 60 or
///   whole detents pass through untouched. Once active, it stays active.
/// - **Direction.** A step's direction is its axis and sign; one direction is remembered for both
///   axes together, so going from vertical to horizontal is a change of direction too.
/// - **Phases.** ``Phase/resting`` → (a step) → ``Phase/holding`` if active, else
///   ``Phase/scrolling``. While holding, steps are summed and nothing is let through; at the end of
///   a frame, once the held sum on either axis is strictly larger than the smallest step, the whole
///   sum is let through at once and the phase becomes scrolling. While scrolling, every step passes
///   through as it comes. A step in a new direction sends the phase back to resting before it is
///   counted (so after a reversal the first step is held again); the held sum is **not** cleared by
///   a reversal, so a held step and a reversed step net against each other and no movement is lost
///   or invented. Scrolling ends (back to resting) ``restTimeout`` (500 ms) after the last step.
/// - A held step has no deadline of its own: it waits, however long, for a step that confirms it
///   or cancels it (libinput arms its timer only while scrolling). At the end of input it is simply
///   never let through.
///
/// So with 15-unit steps (a G502), the first step after rest is held; the second in the same
/// direction releases 30 (30 > 15); the rest pass one by one.
///
/// Differences from libinput, because scrolldir sees frames as offset deltas: each axis's movement
/// in a frame counts as one step (wheels send one hi-res event per axis per frame), the vertical
/// step before the horizontal one; a lo-res-only frame (±120 per detent) counts as a step too
/// (libinput does not let lo-res events change the direction or the smallest step; at 120 they
/// cannot lower it anyway). Virtual devices and the MX Master 3 quirk (always accumulate) are not
/// distinguished: every wheel is treated as a real one.
public struct WheelDebounceStateMachine: Sendable, Hashable {
  /// A step smaller than this (v120) activates debouncing: a quarter detent, libinput's
  /// `ACC_V120_TRIGGER_THRESHOLD` (30), chosen there as HID resolution multiplier 4.
  public static let activationStep: Double = 30
  /// The smallest step assumed before any step is seen (v120): libinput's `ACC_V120_THRESHOLD`,
  /// lowered to 47 by libinput commit 975ce6db (1.29) so that wheels with steps of 16 or 24 (MX
  /// Master 3) start scrolling after a smaller movement, while 30- and 40-unit wheels are unchanged.
  public static let initialSmallestStep: Double = 47
  /// How long after its last step a scroll is over, so the next step counts as "after rest":
  /// libinput's `WHEEL_SCROLL_TIMEOUT`, 500 ms. The boundary is inclusive, as libinput's timers fire
  /// when `expire <= now` (`src/timer.c`): a step exactly 500 ms after the previous one is a first
  /// step again.
  public static let restTimeout: Duration = .milliseconds(500)

  /// Where the wheel is in the debounce cycle.
  public enum Phase: Sendable, Hashable {
    /// No scroll in progress: the next step starts one.
    case resting
    /// Steps are summed and held back until their sum exceeds the smallest step.
    case holding
    /// Steps pass through as they come, until ``restTimeout`` passes or the direction changes.
    case scrolling
  }

  /// One step's direction: its axis and whether it is positive (Down/Right).
  private struct StepDirection: Sendable, Hashable {
    var axis: ScrollAxis
    var positive: Bool
  }

  /// The current phase.
  public private(set) var phase: Phase = .resting
  /// The smallest step magnitude seen so far (v120), starting at ``initialSmallestStep``.
  public private(set) var smallestStep: Double = WheelDebounceStateMachine.initialSmallestStep
  /// Movement received but not let through yet (v120); zero except while holding.
  public private(set) var held: ScrollOffset = .zero
  private var direction: StepDirection?
  private var lastStep: Timestamp?

  public init() {}

  /// Whether debouncing applies: a step below ``activationStep`` has been seen.
  public var isActive: Bool { smallestStep < Self.activationStep }

  /// When the current scroll ends if no step comes (last step + ``restTimeout``); `nil` unless scrolling.
  public var restDeadline: Timestamp? {
    guard phase == .scrolling, let lastStep else { return nil }
    return lastStep.adding(Self.restTimeout)
  }

  /// Ends the current scroll if its ``restDeadline`` is at or before `now`. Nothing is let through
  /// by the passage of time; this only decides how the next step is treated.
  public mutating func rest(at now: Timestamp) {
    if let deadline = restDeadline, deadline <= now { phase = .resting }
  }

  /// Feeds one frame's movement (v120, libinput signs) at `time`; returns the movement to let
  /// through now: `.zero` while holding, the held sum when it is released, the frame's movement
  /// while scrolling.
  public mutating func frame(_ delta: ScrollOffset, at time: Timestamp) -> ScrollOffset {
    rest(at: time)
    guard delta != .zero else { return .zero }
    for axis in ScrollAxis.allCases {
      let value = axis.component(of: delta)
      if value != 0 { step(value, on: axis, at: time) }
    }
    switch phase {
    case .resting:
      return .zero
    case .holding:
      guard held.x.magnitude > smallestStep || held.y.magnitude > smallestStep else { return .zero }
      phase = .scrolling
      lastStep = time
      return takeHeld()
    case .scrolling:
      return takeHeld()
    }
  }

  private mutating func step(_ value: Double, on axis: ScrollAxis, at time: Timestamp) {
    smallestStep = min(smallestStep, value.magnitude)
    let stepDirection = StepDirection(axis: axis, positive: value > 0)
    if stepDirection != direction {
      direction = stepDirection
      phase = .resting
    }
    held = axis.offset(held, movedBy: value)
    switch phase {
    case .resting:
      phase = isActive ? .holding : .scrolling
      if phase == .scrolling { lastStep = time }
    case .holding:
      break
    case .scrolling:
      lastStep = time
    }
  }

  private mutating func takeHeld() -> ScrollOffset {
    defer { held = .zero }
    return held
  }
}
