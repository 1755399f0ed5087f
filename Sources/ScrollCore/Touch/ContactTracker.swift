/// Follows a touchpad's contacts event by event and reports them once per frame, in the way the
/// pad's multitouch protocol reports them (kernel `Documentation/input/multi-touch-protocol.rst`):
/// ``SlotContactTracker`` for protocol B, ``TypeAContactTracker`` for the legacy protocol A, and
/// ``SingleTouchTracker`` for the one `ABS_X`/`ABS_Y` position of any pad.
///
/// Two-finger scrolling needs a pad that reports two fingers' positions
/// (``TouchpadGeometry/TouchProtocol/readsTwoFingers``); edge scrolling needs one finger, which
/// semi-MT and single-touch pads report in `ABS_X`/`ABS_Y`. A contact whose position is outside
/// the axis range is reported in ``TouchFrame/offPad`` (protocol A drops it).
public enum ContactTracker: Sendable {
  /// Protocol B: slots and tracking IDs.
  case slots(SlotContactTracker)
  /// Protocol A: anonymous contacts, each ended by `SYN_MT_REPORT`.
  case typeA(TypeAContactTracker)
  /// The single-touch position `ABS_X`/`ABS_Y`.
  case single(SingleTouchTracker)

  /// The tracker for `geometry`'s protocol, or `nil` for a pad that does not report two fingers.
  public init?(geometry: TouchpadGeometry) {
    switch geometry.touchProtocol {
    case .slots(let count): self = .slots(SlotContactTracker(geometry: geometry, slotCount: count))
    case .typeA: self = .typeA(TypeAContactTracker(geometry: geometry))
    case .semiMT, .singleTouch: return nil
    }
  }

  /// The tracker of one finger's position, `ABS_X`/`ABS_Y`, whose axes `geometry` gives.
  public static func singleTouch(_ geometry: TouchpadGeometry) -> ContactTracker {
    .single(SingleTouchTracker(geometry: geometry))
  }

  /// Whether something touches the pad, per the last `BTN_TOUCH` (`nil` until one arrives).
  public var touching: Bool? {
    switch self {
    case .slots(let tracker): tracker.touching
    case .typeA(let tracker): tracker.touching
    case .single(let tracker): tracker.touching
    }
  }

  /// Takes one event of the current frame.
  public mutating func add(_ event: InputEvent) {
    switch self {
    case .slots(var tracker):
      tracker.add(event)
      self = .slots(tracker)
    case .typeA(var tracker):
      tracker.add(event)
      self = .typeA(tracker)
    case .single(var tracker):
      tracker.add(event)
      self = .single(tracker)
    }
  }

  /// Ends the frame and reports the surface.
  public mutating func endFrame() -> TouchFrame {
    switch self {
    case .slots(var tracker):
      defer { self = .slots(tracker) }
      return tracker.endFrame()
    case .typeA(var tracker):
      defer { self = .typeA(tracker) }
      return tracker.endFrame()
    case .single(var tracker):
      defer { self = .single(tracker) }
      return tracker.endFrame()
    }
  }

  /// Forgets every contact's identity after lost events (`SYN_DROPPED`): positions read from now
  /// on belong to new contacts, so no movement is measured across the gap.
  public mutating func forgetIdentities() {
    switch self {
    case .slots(var tracker):
      tracker.forgetIdentities()
      self = .slots(tracker)
    case .typeA(var tracker):
      tracker.forgetIdentities()
      self = .typeA(tracker)
    case .single(var tracker):
      tracker.forgetIdentities()
      self = .single(tracker)
    }
  }
}
