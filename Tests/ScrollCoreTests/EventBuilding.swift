import ScrollCore

/// Terse event constructors for table tests; `t` is in microseconds.
enum Ev {
  static func rel(_ code: EventCode, _ value: Int32, t: Int64 = 0) -> InputEvent {
    InputEvent(time: Timestamp(microseconds: t), type: .rel, code: code, value: value)
  }

  static func key(_ code: UInt16, _ value: Int32, t: Int64 = 0) -> InputEvent {
    InputEvent(time: Timestamp(microseconds: t), type: .key, code: EventCode(rawValue: code), value: value)
  }

  static func msc(_ value: Int32, t: Int64 = 0) -> InputEvent {
    InputEvent(time: Timestamp(microseconds: t), type: .msc, code: EventCode(rawValue: 4), value: value)
  }

  static func report(t: Int64 = 0) -> InputEvent {
    InputEvent(time: Timestamp(microseconds: t), type: .syn, code: .synReport, value: 0)
  }

  static func dropped(t: Int64 = 0) -> InputEvent {
    InputEvent(time: Timestamp(microseconds: t), type: .syn, code: .synDropped, value: 0)
  }

  /// `REL_Z` (0x02): not a scroll code.
  static let relZ = EventCode(rawValue: 0x02)
  /// `BTN_LEFT` (0x110) and `BTN_MIDDLE` (0x112).
  static let btnLeft: UInt16 = 0x110
  static let btnMiddle: UInt16 = 0x112
}
