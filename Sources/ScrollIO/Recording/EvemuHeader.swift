import ScrollCore

/// The device description lines of an evemu recording (`N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:`).
struct EvemuHeader {
  private var name: String?
  private var id: InputID?
  private var properties: Set<InputProperty> = []
  private var propertyBytes = 0
  private var codes: [EventType: Set<EventCode>] = [:]
  private var maskBytes: [EventType: Int] = [:]
  private var absInfo: [EventCode: AbsInfo] = [:]

  /// Whether the recording declared its device's codes (`B:` lines); a name or ID alone does not.
  var hasDescription: Bool { !maskBytes.isEmpty }

  /// The description, named `fallbackName` when there was no `N:` line; inferred from the events
  /// when there were no `B:` lines.
  func description(fallbackName: String) -> DeviceDescription {
    DeviceDescription(
      name: name ?? fallbackName, id: id ?? .unknown, properties: properties, codes: codes, absInfo: absInfo,
      origin: hasDescription ? .declared : .inferred)
  }

  /// Parses one description line whose first byte is `tag`.
  /// - Throws: ``RecordingError/malformed(file:line:message:)`` with what the line should hold.
  mutating func parse(tag: UInt8, _ scanner: inout ByteScanner, _ lines: PastedText) throws(RecordingError) {
    let letter = Character(Unicode.Scalar(tag))
    _ = scanner.consume(tag)
    let isTag = scanner.consume(UInt8(ascii: ":"), skippingSpaces: false)
    guard isTag, "NIPBALS".contains(letter) else {
      let found = isTag ? "'\(letter):'" : RecordingError.excerpt(String(letter) + scanner.rest())
      throw lines.malformed("expected an evemu line (N:, I:, P:, B:, A:, L:, S:, E: or a # comment), found \(found)")
    }
    switch letter {
    case "N":
      name = scanner.rest()
    case "I":
      id = try parseID(&scanner, lines)
    case "P":
      let bytes = try hexBytes(&scanner, count: 8, lines, "expected 'P:' and 8 hex property mask bytes")
      for bit in setBits(bytes) { properties.insert(InputProperty(rawValue: UInt16(propertyBytes * 8 + bit))) }
      propertyBytes += 8
    case "B":
      let expected = "expected 'B:', an event type and 8 hex code mask bytes"
      guard let rawType = scanner.hex(maxDigits: 2) else { throw lines.malformed(expected) }
      guard rawType <= UInt32(EventType.max.rawValue) else {
        throw lines.malformed(
          "event type 0x\(String(rawType, radix: 16)) in 'B:' is beyond EV_MAX (0x\(String(EventType.max.rawValue, radix: 16)))"
        )
      }
      let type = EventType(rawValue: UInt16(rawType))
      let bytes = try hexBytes(&scanner, count: 8, lines, expected)
      let offset = maskBytes[type, default: 0]
      for bit in setBits(bytes) { codes[type, default: []].insert(EventCode(rawValue: UInt16(offset * 8 + bit))) }
      maskBytes[type] = offset + 8
    case "A":
      try parseAbs(&scanner, lines)
    default:
      break  // L: and S: hold LED and switch state, which scrolling does not use.
    }
  }

  private func parseID(_ scanner: inout ByteScanner, _ lines: PastedText) throws(RecordingError) -> InputID {
    var parts: [UInt16] = []
    for _ in 0..<4 {
      guard let value = scanner.hex(maxDigits: 4) else { break }
      parts.append(UInt16(value))
    }
    guard parts.count == 4, scanner.atEndOfContent else {
      throw lines.malformed("expected 'I:' and 4 hex numbers: bus, vendor, product, version")
    }
    return InputID(bustype: parts[0], vendor: parts[1], product: parts[2], version: parts[3])
  }

  private mutating func parseAbs(_ scanner: inout ByteScanner, _ lines: PastedText) throws(RecordingError) {
    let expected = "expected 'A:', a hex axis code, then minimum, maximum, fuzz, flat and resolution in decimal"
    guard let code = scanner.hex(maxDigits: 2) else { throw lines.malformed(expected) }
    let maximum = EventCodeLimits.maximumCode(of: UInt32(EventType.abs.rawValue)) ?? 0x3f
    guard code <= maximum else {
      throw lines.malformed(
        "axis code 0x\(String(code, radix: 16)) in 'A:' is beyond ABS_MAX (0x\(String(maximum, radix: 16)))")
    }
    var numbers: [Int32] = []
    while !scanner.atEndOfContent {
      guard numbers.count < 5, let value = scanner.decimal(), let value32 = Int32(exactly: value) else {
        throw lines.malformed(expected)
      }
      numbers.append(value32)
    }
    guard numbers.count >= 4 else { throw lines.malformed(expected) }
    absInfo[EventCode(rawValue: UInt16(code))] = AbsInfo(
      minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
      resolution: numbers.count == 5 ? numbers[4] : 0)
  }

  private func hexBytes(
    _ scanner: inout ByteScanner, count: Int, _ lines: PastedText, _ expected: String
  ) throws(RecordingError) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<count {
      guard let byte = scanner.hex(maxDigits: 2) else { throw lines.malformed(expected) }
      bytes.append(UInt8(byte))
    }
    guard scanner.atEndOfContent else { throw lines.malformed(expected) }
    return bytes
  }

  private func setBits(_ bytes: [UInt8]) -> [Int] {
    var bits: [Int] = []
    for (index, byte) in bytes.enumerated() {
      for bit in 0..<8 where byte & (1 << bit) != 0 { bits.append(index * 8 + bit) }
    }
    return bits
  }
}
