import ScrollCore

/// Writes `evemu-record` text (format 1.3, as evemu 2.x writes it, so `evemu-device`,
/// `evemu-play` and `scrolldir replay` read it): the device's description, then one `E:` line per
/// event. Pure formatting; `scrolldir record` writes the lines.
public enum EvemuWriter {
  /// The event types after `EV_SYN` that evemu writes a code mask for (`B:` lines), in its
  /// order: those libevdev knows a largest code of (`libevdev_event_type_get_max`), so not
  /// `EV_PWR` and `EV_FF_STATUS`.
  static let maskedTypes: [UInt16] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x11, 0x12, 0x14, 0x15]

  /// evemu's `EV_SYN` mask, whatever the device: `SYN_REPORT`, `SYN_CONFIG` and `SYN_DROPPED`
  /// (evemu writes this line as older versions did; libevdev reports every `EV_SYN` code).
  static let synMask = "B: 00 0b 00 00 00 00 00 00 00"

  /// The description lines: `# EVEMU 1.3`, `comments` (each after `# `), then `N:`, `I:`, `P:`,
  /// ``synMask``, a `B:` mask of 8 bytes per line for each type of ``maskedTypes`` (as many lines
  /// as the type's largest code needs), and an `A:` line per absolute axis (code, minimum,
  /// maximum, fuzz, flat, resolution). Line breaks in the name and the comments become spaces
  /// (evemu's reader takes a line to its end). Udev properties, and codes of `EV_PWR` and `EV_FF_STATUS`,
  /// are not written: the format has no place for them.
  public static func description(_ description: DeviceDescription, comments: [String] = []) -> [String] {
    var lines = ["# EVEMU 1.3"] + comments.map { "# " + oneLine($0) }
    lines.append("N: " + oneLine(description.name))
    let id = description.id
    lines.append(
      "I: "
        + [id.bustype, id.vendor, id.product, id.version].map { NumberFormatting.hex($0, digits: 4) }.joined(
          separator: " "))
    lines.append("P: " + hexBytes(mask(description.properties.map { Int($0.rawValue) }, bytes: 8)))
    lines.append(synMask)
    for type in maskedTypes {
      guard let maximum = EventCodeLimits.maximumCode(of: UInt32(type)) else { continue }
      let codes = description.codes[EventType(rawValue: type)] ?? []
      let bytes = (Int(maximum) / 64 + 1) * 8
      let bits = mask(codes.map { Int($0.rawValue) }, bytes: bytes)
      for line in stride(from: 0, to: bytes, by: 8) {
        lines.append("B: " + NumberFormatting.hex(type, digits: 2) + " " + hexBytes(Array(bits[line..<line + 8])))
      }
    }
    for (code, info) in description.absInfo.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      let numbers = [info.minimum, info.maximum, info.fuzz, info.flat, info.resolution].map(String.init)
      lines.append("A: " + NumberFormatting.hex(code.rawValue, digits: 2) + " " + numbers.joined(separator: " "))
    }
    return lines
  }

  /// One event's line as evemu writes it: `E: SEC.USEC TTTT CCCC VALUE` (value at least 4
  /// characters, evemu's `%04d`), a tab and a comment: `# EV_REL / REL_WHEEL` with the code name
  /// padded to 20 characters and the value; for `SYN_MT_REPORT` a `+` rule with its value; for `SYN_REPORT` a
  /// `-` rule with its value and the milliseconds since `previousReport`, the previous `SYN_REPORT`'s time (its
  /// own time when `nil`, so `+0ms`), counted as evemu counts them: whole milliseconds of one time
  /// minus whole milliseconds of the other (1.154658 after 1.102960 is `+52ms`).
  public static func line(_ event: InputEvent, previousReport: Timestamp? = nil) -> String {
    let head =
      "E: \(event.time) \(NumberFormatting.hex(event.type.rawValue, digits: 4)) "
      + "\(NumberFormatting.hex(event.code.rawValue, digits: 4)) \(zeroPadded(event.value))\t# "
    if event.isReport {
      let milliseconds = event.time.microseconds / 1000 - (previousReport ?? event.time).microseconds / 1000
      return head + "------------ SYN_REPORT (\(event.value)) ---------- +\(milliseconds)ms"
    }
    if event.type == .syn && event.code == .synMTReport {
      return head + "++++++++++++ SYN_MT_REPORT (\(event.value)) ++++++++++"
    }
    let type = EventNames.name(type: event.type) ?? "?"
    let code = EventNames.name(type: event.type, code: event.code) ?? "?"
    let padding = String(repeating: " ", count: max(0, 20 - code.count))
    return head + "\(type) / \(code)\(padding) \(event.value)"
  }

  /// `%04d`: at least four characters, zero-padded after the sign (`-8` is `-008`).
  private static func zeroPadded(_ value: Int32) -> String {
    let digits = String(value.magnitude)
    return (value < 0 ? "-" : "") + NumberFormatting.zeroPadded(digits, to: value < 0 ? 3 : 4)
  }

  /// `text` with each line break made a space: evemu's reader takes a line to its end.
  private static func oneLine(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 })
  }

  /// A little-endian bit mask of `bytes` bytes with `bits` set (bits beyond it are left out).
  private static func mask(_ bits: [Int], bytes: Int) -> [UInt8] {
    var mask = [UInt8](repeating: 0, count: bytes)
    for bit in bits where bit >= 0 && bit < bytes * 8 { mask[bit / 8] |= 1 << (bit % 8) }
    return mask
  }

  private static func hexBytes(_ bytes: [UInt8]) -> String {
    bytes.map { NumberFormatting.hex($0, digits: 2) }.joined(separator: " ")
  }
}
