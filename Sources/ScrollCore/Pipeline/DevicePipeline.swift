/// Everything scrolldir does with one device's events, as a pure state machine: frames are
/// delimited by `SYN_REPORT`, each frame moves each source's content offset at most once, and each
/// move yields one ``ScrollRecord``; a `SYN_DROPPED` yields one ``GapRecord``.
///
/// A device has up to two offset sources: its wheels (``WheelAccumulator``, v120) and, for a
/// touchpad (``TouchpadGeometry``), two-finger scrolling (``ContactTracker`` and
/// ``TwoFingerScroll``, mm). Live devices and recordings feed the same pipeline, event by event:
/// ```swift
/// var pipeline = DevicePipeline(device: "/dev/input/event5")
/// pipeline.process(InputEvent(time: t, type: .rel, code: .relWheel, value: -1)) { print(TextFormat.line($0)) }
/// pipeline.process(InputEvent(time: t, type: .syn, code: .synReport, value: 0)) { print(TextFormat.line($0)) }
/// // prints: … /dev/input/event5 wheel Down  None  x 0 -> 0 y 0 -> 120 v120
/// ```
public struct DevicePipeline: Sendable {
  /// Whether events belong to a frame that will be used.
  public enum FrameState: Sendable, Hashable {
    /// Events accumulate until `SYN_REPORT` closes the frame.
    case collecting
    /// `SYN_DROPPED` was seen: the kernel lost events, so everything up to and including the next
    /// `SYN_REPORT` is an incomplete frame and moves nothing (kernel `event-codes.rst`,
    /// "SYN_DROPPED"). Wheel motion in the lost frames is gone; touch state read meanwhile
    /// (libevdev's resync) is kept, but every contact gets a new identity, so the next frames
    /// start from a new baseline and never turn the resync into a direction.
    case droppedUntilReport
  }

  /// Settings of the pipeline.
  public struct Options: Sendable, Hashable {
    /// Natural scrolling for finger scroll: both axes inverted, so content follows the fingers
    /// (libinput's natural scrolling). Wheels are not affected.
    public var naturalScrolling: Bool

    public init(naturalScrolling: Bool = false) {
      self.naturalScrolling = naturalScrolling
    }
  }

  private struct Touch: Sendable {
    var tracker: ContactTracker
    var scroll: TwoFingerScroll
    var offsets = OffsetStream(source: .finger)
  }

  /// The device label used in records.
  public let device: String
  /// The current frame state.
  public private(set) var frameState: FrameState = .collecting
  /// Events since the last `SYN_REPORT` or `SYN_DROPPED`: a frame still open. At the end of a
  /// recording, events of a frame that never closed, which move nothing.
  public private(set) var eventsInOpenFrame = 0
  private let options: Options
  private var wheel = WheelAccumulator()
  private var wheelOffsets = OffsetStream(source: .wheel)
  private var touch: Touch?
  /// Wheel codes a declared description leaves out. The kernel's input core drops events of codes
  /// a device does not declare (`is_event_supported`, `drivers/input/input.c`), so such events in
  /// a recording move nothing, as they would not if it were played into a uinput device. Empty
  /// when the capabilities are inferred from the events.
  private let undeclaredWheelCodes: [EventCode]
  /// Wheel events dropped because the declared description leaves out their code.
  public private(set) var undeclaredEventsDropped = 0

  /// Creates the pipeline for one device.
  /// - Parameters:
  ///   - device: the label records carry (event node path or recording device name).
  ///   - description: the device's capabilities; a touchpad that reports two fingers' positions
  ///     (``TouchpadGeometry/TouchProtocol/readsTwoFingers``) gets the finger-scroll source.
  ///   - options: see ``Options``.
  public init(device: String, description: DeviceDescription? = nil, options: Options = Options()) {
    self.device = device
    self.options = options
    let wheelCodes: [EventCode] = [.relWheel, .relHWheel, .relWheelHiRes, .relHWheelHiRes]
    undeclaredWheelCodes =
      description.map { described in
        described.origin == .declared ? wheelCodes.filter { !described.has(.rel, $0) } : []
      } ?? []
    if let geometry = description?.scrollCapabilities.touchpad, let tracker = ContactTracker(geometry: geometry) {
      touch = Touch(tracker: tracker, scroll: TwoFingerScroll(geometry: geometry))
    }
  }

  /// Whether this pipeline reads two-finger scrolling.
  public var readsFingers: Bool { touch != nil }

  /// Feeds one event; calls `emit` for each record it completes: ``OutputRecord/scroll(_:)`` at
  /// `SYN_REPORT`, ``OutputRecord/gap(_:)`` at `SYN_DROPPED` (one per run of lost events). A wheel
  /// event of a code the declared description leaves out is dropped, as the kernel drops it.
  /// - Throws: whatever `emit` throws.
  public mutating func process<Failure: Error>(
    _ event: InputEvent, emit: (OutputRecord) throws(Failure) -> Void
  ) throws(Failure) {
    if event.type == .rel, undeclaredWheelCodes.contains(event.code) {
      undeclaredEventsDropped += 1
      return
    }
    eventsInOpenFrame = event.isReport || event.isDropped ? 0 : eventsInOpenFrame + 1
    if event.isDropped {
      wheel.discardFrame()
      let alreadyDropping = frameState == .droppedUntilReport
      frameState = .droppedUntilReport
      if !alreadyDropping { try emit(.gap(GapRecord(time: event.time, device: device))) }
      return
    }
    switch frameState {
    case .collecting:
      if event.isReport {
        try endFrame(at: event.time, emit: emit)
      } else {
        wheel.add(event)
        touch?.tracker.add(event)
      }
    case .droppedUntilReport:
      if event.isReport {
        wheel.discardFrame()
        touch?.tracker.forgetIdentities()
        frameState = .collecting
        try endTouchFrame(at: event.time, emit: emit)
      } else {
        touch?.tracker.add(event)
      }
    }
  }

  private mutating func endFrame<Failure: Error>(
    at time: Timestamp, emit: (OutputRecord) throws(Failure) -> Void
  ) throws(Failure) {
    if let record = wheelOffsets.move(by: wheel.endFrame(), at: time, device: device) { try emit(.scroll(record)) }
    try endTouchFrame(at: time, emit: emit)
  }

  /// Ends the touch frame. Right after a resync every contact is new, so this can only set a
  /// baseline or, if the fingers lifted meanwhile, end the scroll; it never moves the offset.
  private mutating func endTouchFrame<Failure: Error>(
    at time: Timestamp, emit: (OutputRecord) throws(Failure) -> Void
  ) throws(Failure) {
    guard var touch else { return }
    let step = touch.scroll.step(touch.tracker.endFrame())
    var record: ScrollRecord?
    switch step {
    case .none:
      break
    case .move(let delta):
      let signed = options.naturalScrolling ? ScrollOffset(x: -delta.x, y: -delta.y) : delta
      record = touch.offsets.move(by: signed, at: time, device: device)
    case .stop:
      record = ScrollRecord.stop(time: time, device: device, source: .finger, at: touch.offsets.current)
    }
    self.touch = touch
    if let record { try emit(.scroll(record)) }
  }
}
