/// Touchpad scrolling in a device pipeline: the contact tracker, the scroll method reading its
/// frames (two-finger or edge), and that source's offsets.
struct TouchSource: Sendable {
  enum Method: Sendable {
    case twoFinger(TwoFingerScroll)
    case edge(EdgeScroll)
  }

  private var tracker: ContactTracker
  private var method: Method
  private var offsets: OffsetStream

  /// The source its records carry.
  var source: ScrollSource { offsets.source }

  /// Two-finger scrolling on a pad that reports two fingers, or `nil` for one that does not.
  static func twoFinger(_ geometry: TouchpadGeometry) -> TouchSource? {
    guard let tracker = ContactTracker(geometry: geometry) else { return nil }
    return TouchSource(tracker: tracker, method: .twoFinger(TwoFingerScroll(geometry: geometry)), source: .finger)
  }

  /// Edge scrolling: on a pad that reports fingers, with their contacts; else with the one
  /// position `ABS_X`/`ABS_Y` (`nil` when the description has no usable one).
  static func edge(_ geometry: TouchpadGeometry, _ description: DeviceDescription) -> TouchSource? {
    let clickpad = description.properties.contains(.buttonPad)
    if let tracker = ContactTracker(geometry: geometry) {
      return TouchSource(
        tracker: tracker, method: .edge(EdgeScroll(geometry: geometry, clickpad: clickpad)), source: .edge)
    }
    guard let x = description.absInfo[.absX], let y = description.absInfo[.absY], x.maximum > x.minimum,
      y.maximum > y.minimum
    else { return nil }
    let single = TouchpadGeometry(touchProtocol: .singleTouch, xAxis: x, yAxis: y)
    return TouchSource(
      tracker: .singleTouch(single), method: .edge(EdgeScroll(geometry: single, clickpad: clickpad)), source: .edge)
  }

  private init(tracker: ContactTracker, method: Method, source: ScrollSource) {
    self.tracker = tracker
    self.method = method
    offsets = OffsetStream(source: source)
  }

  /// Takes one event of the current frame.
  mutating func add(_ event: InputEvent) {
    tracker.add(event)
  }

  /// Forgets every contact's identity after lost events.
  mutating func forgetIdentities() {
    tracker.forgetIdentities()
  }

  /// Ends the frame: its records (a move, then a stop when the scroll ended). `natural` inverts
  /// both axes (content follows the fingers).
  mutating func endFrame(at time: Timestamp, device: String, natural: Bool) -> [ScrollRecord] {
    let frame = tracker.endFrame()
    var move: ScrollOffset?
    var stop = false
    switch method {
    case .twoFinger(var scroll):
      switch scroll.step(frame) {
      case .none: break
      case .move(let delta): move = delta
      case .stop: stop = true
      }
      method = .twoFinger(scroll)
    case .edge(var scroll):
      (move, stop) = scroll.step(frame, touching: tracker.touching, at: time)
      method = .edge(scroll)
    }
    var records: [ScrollRecord] = []
    if let move, let record = offsets.move(by: natural ? .zero - move : move, at: time, device: device) {
      records.append(record)
    }
    if stop { records.append(offsets.stop(at: time, device: device)) }
    return records
  }
}
