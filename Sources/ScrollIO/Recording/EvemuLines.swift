import ScrollCore

/// How `evemu-record` text is read (``TextRecordingReader``).
///
/// The format (as evemu 2.x writes and reads it, `src/evemu.c`): an optional `# EVEMU major.minor`
/// first line; `#` comment lines anywhere; a device description of `N:` (name), `I:` (bus, vendor,
/// product, version in hex), `P:` (property bitmask bytes), `B:` (event type and code bitmask bytes),
/// `A:` (absolute axis: code in hex, then minimum, maximum, fuzz, flat and, from format 1.2 on,
/// resolution), `L:`/`S:` (LED and switch state, ignored); then `E: sec.usec type code value`
/// lines with type and code in hex and a signed decimal value, optionally followed by a `#` comment.
/// Like evemu, the digits after the dot are microseconds (`%06u`). A recording with no
/// description (evtest text converted to `E:` lines) gets its capabilities inferred from its events.
final class EvemuLines: TextLineFormat {
  static let framesByTime = false
  private var header = EvemuHeader()
  private var inHeader = true

  var hasDescription: Bool { header.hasDescription }

  func description(fallbackName: String) -> DeviceDescription {
    header.description(fallbackName: fallbackName)
  }

  /// One line: a description line (in the header), an event, or words.
  func parse(_ line: UnsafeBufferPointer<UInt8>, _ text: PastedText) throws(RecordingError) -> TextEvents.Parsed {
    var scanner = ByteScanner(line)
    guard let tag = Self.tag(of: &scanner) else { return .nothing }
    // A tag is a letter and a colon; anything else is words (the poster's, between runs of events).
    let isTag =
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(tag) && scanner.index + 1 < line.count
      && line[scanner.index + 1] == UInt8(ascii: ":")
    guard isTag else { return .prose }
    if tag == UInt8(ascii: "E") {
      inHeader = false
      return .event(try Self.event(&scanner, text))
    }
    if inHeader {
      try header.parse(tag: tag, &scanner, text)
      return .nothing
    }
    let expected = "expected an event line 'E: sec.usec type code value'"
    guard "NIPBALS".utf8.contains(tag) else {
      throw text.malformed(expected + ", found " + RecordingError.excerpt(scanner.word()))
    }
    throw text.malformed(expected + ", found a '\(Character(Unicode.Scalar(tag))):' description line after the events")
  }

  /// The line's tag letter (`N`, `E`, …), not consumed, or `nil` for blank and comment lines.
  private static func tag(of scanner: inout ByteScanner) -> UInt8? {
    scanner.skipSpaces()
    guard let first = scanner.peek, first != UInt8(ascii: "#") else { return nil }
    return first
  }

  private static let expectedEvent = "expected 'E: sec.usec type code value' (type and code in hex)"
  private static let notHex = "; the type or code is not a 1–4 digit hex number"

  /// Throws when an `E:` line ends before `field`: a file cut off in the middle of a line.
  private static func requireMore(_ scanner: ByteScanner, _ field: String, _ lines: PastedText) throws(RecordingError) {
    guard scanner.atEndOfContent else { return }
    throw lines.malformed(expectedEvent + PasteGaps.endsBefore + "\(field) (is the file cut off?)")
  }

  /// Parses the rest of an `E:` line.
  static func event(_ scanner: inout ByteScanner, _ lines: PastedText) throws(RecordingError) -> InputEvent {
    let expected = Self.expectedEvent
    _ = scanner.consume(UInt8(ascii: "E"))
    guard scanner.consume(UInt8(ascii: ":"), skippingSpaces: false) else { throw lines.malformed(expected) }
    scanner.skipSpaces()
    guard let seconds = scanner.unsignedDigits(maxDigits: 12),
      scanner.consume(UInt8(ascii: "."), skippingSpaces: false),
      let micros = scanner.unsignedDigits(maxDigits: 6)
    else { throw lines.malformed(expected + "; the time is not sec.usec (up to 12 digits, a dot, up to 6 digits)") }
    try Self.requireMore(scanner, "type", lines)
    guard let type = scanner.hex(maxDigits: 4) else { throw lines.malformed(expected + Self.notHex) }
    try Self.requireMore(scanner, "code", lines)
    guard let code = scanner.hex(maxDigits: 4) else { throw lines.malformed(expected + Self.notHex) }
    try Self.requireMore(scanner, "value", lines)
    guard let value = scanner.decimal(), let value32 = Int32(exactly: value) else {
      throw lines.malformed(expected + "; the value is not a 32-bit decimal integer")
    }
    guard scanner.atEndOfContent else {
      throw lines.malformed(expected + "; unexpected " + RecordingError.excerpt(scanner.word()))
    }
    guard let typeCode = EventCodeLimits.validate(type: type, code: code) else {
      throw lines.malformed(
        "event type 0x\(String(type, radix: 16)) code 0x\(String(code, radix: 16)) is not a valid evdev event")
    }
    return InputEvent(
      time: Timestamp(seconds: seconds, microseconds: micros), type: typeCode.type, code: typeCode.code,
      value: value32)
  }
}

extension LineReader {
  /// A ``RecordingError/malformed(file:line:message:)`` at the current line.
  func malformed(_ message: String) -> RecordingError {
    .malformed(file: fileName, line: lineNumber, message: message)
  }
}
