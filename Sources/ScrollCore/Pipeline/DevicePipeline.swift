/// Everything scrolldir does with one device's events, as a pure state machine: frames are
/// delimited by `SYN_REPORT`, each frame moves each source's content offset at most once, and each
/// move yields one ``ScrollRecord``; a `SYN_DROPPED` yields one ``GapRecord``.
///
/// A device's offset sources: its wheels (``WheelAccumulator``, v120) and dial
/// (``DialAccumulator``, v120), and the scroll method in effect for it (``ScrollMethods``): on a
/// touchpad two-finger scrolling (``ContactTracker``, ``TwoFingerScroll``, mm) or edge scrolling
/// (``EdgeScroll``, mm), on a pointing device on-button scrolling (``ButtonScroll``, counts). Each
/// source has its own offsets; a frame's records come wheel, dial, button, then touchpad. Live
/// devices and recordings feed the same pipeline, event by event:
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
    /// Natural scrolling for the continuous sources (finger, edge, button): both axes inverted, so
    /// content follows the fingers or the pointer (libinput's natural scrolling). Wheels and dials
    /// are not affected.
    public var naturalScrolling: Bool
    /// The scroll method asked for (`--scroll-method`), or `nil` for each device's default; a
    /// device that does not offer it keeps its default (``ScrollMethods/effective(_:)``).
    public var scrollMethod: ScrollMethod?
    /// The button for on-button scrolling (`--scroll-button`), or `nil` for each device's default.
    public var scrollButton: EventCode?

    public init(naturalScrolling: Bool = false, scrollMethod: ScrollMethod? = nil, scrollButton: EventCode? = nil) {
      self.naturalScrolling = naturalScrolling
      self.scrollMethod = scrollMethod
      self.scrollButton = scrollButton
    }
  }

  /// The device label used in records.
  public let device: String
  /// The scroll method in effect.
  public let method: ScrollMethod
  /// The current frame state.
  public private(set) var frameState: FrameState = .collecting
  /// Events since the last `SYN_REPORT` or `SYN_DROPPED`: a frame still open. At the end of a
  /// recording, events of a frame that never closed, which move nothing.
  public private(set) var eventsInOpenFrame = 0
  private let options: Options
  private let capabilities: ScrollCapabilities?
  private var wheel = WheelAccumulator()
  private var wheelOffsets = OffsetStream(source: .wheel)
  private var dial = DialAccumulator()
  private var dialOffsets = OffsetStream(source: .dial)
  private var button: ButtonSource?
  private var touch: TouchSource?
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
  ///   - description: the device's capabilities, which decide its scroll methods
  ///     (``ScrollMethods``); without one, wheels and dials only.
  ///   - options: see ``Options``.
  public init(device: String, description: DeviceDescription? = nil, options: Options = Options()) {
    self.device = device
    self.options = options
    capabilities = description?.scrollCapabilities
    let wheelCodes: [EventCode] = [.relWheel, .relHWheel, .relWheelHiRes, .relHWheelHiRes]
    undeclaredWheelCodes =
      description.map { described in
        described.origin == .declared ? wheelCodes.filter { !described.has(.rel, $0) } : []
      } ?? []
    guard let description else {
      method = .noScroll
      return
    }
    let methods = ScrollMethods(description, scrollButton: options.scrollButton)
    let geometry = description.scrollCapabilities.touchpad
    switch methods.effective(options.scrollMethod) {
    case .twoFinger:
      touch = geometry.flatMap(TouchSource.twoFinger)
    case .edge:
      touch = geometry.flatMap { TouchSource.edge($0, description) }
    case .button:
      button = methods.button.map(ButtonSource.init)
    case .noScroll:
      break
    }
    method = touch != nil || button != nil ? methods.effective(options.scrollMethod) : .noScroll
  }

  /// The source the scroll method in effect gives, if any: finger, edge or button.
  public var methodSource: ScrollSource? { touch?.source ?? button.map { _ in .button } }

  /// Whether the device can produce scroll records: it declares a wheel or dial code, or a scroll
  /// method is in effect (a recording without a description may scroll with anything).
  public var canScroll: Bool {
    (capabilities?.hasWheelOrDial ?? true) || methodSource != nil
  }

  /// Short names of what scrolls, e.g. `["wheel", "hi-res wheel"]`, `["two-finger scroll"]` or
  /// `["button scroll"]`.
  public var sourceNames: [String] {
    var names = capabilities?.wheelNames ?? []
    switch methodSource {
    case .finger?: names.append("two-finger scroll")
    case .edge?: names.append("edge scroll")
    case .button?: names.append("button scroll")
    case .wheel?, .dial?, nil: break
    }
    return names
  }

  /// The scroll button, when on-button scrolling is on.
  public var scrollButton: EventCode? { button?.button }

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
      dial.discardFrame()
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
        dial.add(event)
        button?.add(event)
        touch?.add(event)
      }
    case .droppedUntilReport:
      if event.isReport {
        wheel.discardFrame()
        dial.discardFrame()
        touch?.forgetIdentities()
        frameState = .collecting
        try endMethodFrame(at: event.time, afterResync: true, emit: emit)
      } else {
        button?.addResynced(event)
        touch?.add(event)
      }
    }
  }

  private mutating func endFrame<Failure: Error>(
    at time: Timestamp, emit: (OutputRecord) throws(Failure) -> Void
  ) throws(Failure) {
    if let record = wheelOffsets.move(by: wheel.endFrame(), at: time, device: device) { try emit(.scroll(record)) }
    if let record = dialOffsets.move(by: dial.endFrame(), at: time, device: device) { try emit(.scroll(record)) }
    try endMethodFrame(at: time, afterResync: false, emit: emit)
  }

  /// Ends the button and touchpad frames. Right after a resync every contact is new and the
  /// motion of the lost frames is gone, so this can only set a baseline or, if the fingers lifted
  /// or the button was released meanwhile, end the scroll; it never moves the offset.
  private mutating func endMethodFrame<Failure: Error>(
    at time: Timestamp, afterResync: Bool, emit: (OutputRecord) throws(Failure) -> Void
  ) throws(Failure) {
    let natural = options.naturalScrolling
    let buttonRecords =
      button?.endFrame(at: time, device: device, natural: natural, discardMotion: afterResync) ?? []
    for record in buttonRecords { try emit(.scroll(record)) }
    let touchRecords = touch?.endFrame(at: time, device: device, natural: natural) ?? []
    for record in touchRecords { try emit(.scroll(record)) }
  }
}
