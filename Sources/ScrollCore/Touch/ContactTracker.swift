/// Follows a touchpad's contacts event by event and reports them once per frame, in the way the
/// pad's multitouch protocol reports them (kernel `Documentation/input/multi-touch-protocol.rst`):
/// ``SlotContactTracker`` for protocol B, ``TypeAContactTracker`` for the legacy protocol A.
///
/// Only pads that report two fingers' positions can be tracked: semi-MT pads (a bounding box) and
/// single-touch pads (one position) have no tracker (see
/// ``TouchpadGeometry/TouchProtocol/readsTwoFingers``). Positions outside the axis range are
/// treated as unknown for that frame.
public enum ContactTracker: Sendable {
  /// Protocol B: slots and tracking IDs.
  case slots(SlotContactTracker)
  /// Protocol A: anonymous contacts, each ended by `SYN_MT_REPORT`.
  case typeA(TypeAContactTracker)

  /// The tracker for `geometry`'s protocol, or `nil` for a pad that does not report two fingers.
  public init?(geometry: TouchpadGeometry) {
    switch geometry.touchProtocol {
    case .slots(let count): self = .slots(SlotContactTracker(geometry: geometry, slotCount: count))
    case .typeA: self = .typeA(TypeAContactTracker(geometry: geometry))
    case .semiMT, .singleTouch: return nil
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
    }
  }
}
