/// One kernel input event: the Swift form of `struct input_event`.
///
/// Events arrive in frames: every event up to and including a `SYN_REPORT` happened at the same
/// moment (kernel `Documentation/input/event-codes.rst`, "EV_SYN").
public struct InputEvent: Sendable, Hashable, CustomStringConvertible {
  /// When the kernel generated the event.
  public var time: Timestamp
  /// The event type, e.g. ``EventType/rel``.
  public var type: EventType
  /// The code within the type, e.g. ``EventCode/relWheel``.
  public var code: EventCode
  /// The value: a delta for `EV_REL`, a position for `EV_ABS`, 0/1/2 (release/press/repeat) for `EV_KEY`.
  public var value: Int32

  public init(time: Timestamp, type: EventType, code: EventCode, value: Int32) {
    self.time = time
    self.type = type
    self.code = code
    self.value = value
  }

  /// Whether this event ends a frame (`EV_SYN`/`SYN_REPORT`).
  public var isReport: Bool { type == .syn && code == .synReport }

  /// Whether this event says the kernel dropped events (`EV_SYN`/`SYN_DROPPED`).
  public var isDropped: Bool { type == .syn && code == .synDropped }

  /// `time type code value` with hexadecimal type and code, as in an evemu `E:` line.
  public var description: String {
    "\(time) \(NumberFormatting.hex(type.rawValue, digits: 4)) \(NumberFormatting.hex(code.rawValue, digits: 4)) \(value)"
  }
}
