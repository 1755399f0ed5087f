/// Which output modes are on: the pure form of the command-line switches `--debounce`, `--axis`,
/// `--detents`, `--step MM`, `--changes-only`, `--gestures` and `--idle-timeout MS`.
public struct ModeOptions: Sendable, Hashable {
  /// `--debounce`: libinput 1.29's hi-res wheel debouncing (``WheelDebounceStage``). Off by default.
  public var debounce: Bool
  /// `--axis`: which axes are output and counted.
  public var axis: AxisFilter
  /// `--detents`: v120 per step record of the discrete sources, wheel and dial (one detent,
  /// ``ScrollUnit/v120PerDetent``), or `nil` for raw records.
  public var wheelStep: Double?
  /// `--step N`: units per step record of the continuous sources (mm for finger and edge, counts
  /// for button), or `nil` for raw records.
  public var fingerStep: Double?
  /// `--changes-only`: keep only records whose direction changed (``ChangeFilter``).
  public var changesOnly: Bool
  /// `--gestures`: output one gesture record per gesture instead of scroll records (``GestureTracker``).
  public var gestures: Bool
  /// `--idle-timeout MS`: the pause that ends a gesture (default ``GestureTracker/defaultIdleTimeout``, 500 ms).
  public var idleTimeout: Duration

  public init(
    debounce: Bool = false, axis: AxisFilter = .both, wheelStep: Double? = nil, fingerStep: Double? = nil,
    changesOnly: Bool = false, gestures: Bool = false, idleTimeout: Duration = GestureTracker.defaultIdleTimeout
  ) {
    self.debounce = debounce
    self.axis = axis
    self.wheelStep = wheelStep
    self.fingerStep = fingerStep
    self.changesOnly = changesOnly
    self.gestures = gestures
    self.idleTimeout = idleTimeout
  }
}
