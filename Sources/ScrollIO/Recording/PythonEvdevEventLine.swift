import ScrollCore

extension EvtestLines {
  private static let expectedPython = "expected 'event at SEC.USEC, code C, type T, val V' (python-evdev's InputEvent)"

  /// Parses python-evdev's printed `InputEvent`: `event at 1683315447.814400, code 08, type 02,
  /// val -1` (decimal, zero-padded), after an optional label (`Input: `).
  static func pythonEvent(_ line: UnsafeBufferPointer<UInt8>, _ text: PastedText) throws(RecordingError) -> InputEvent {
    var scanner = ByteScanner(line)
    scanner.skipLabel()
    func number(after word: String, comma: Bool) throws(RecordingError) -> Int64 {
      guard scanner.consume(word) else { throw text.malformed(expectedPython + cutOrWrong(scanner, word)) }
      scanner.skipSpaces()
      let start = scanner.index
      if scanner.peek == UInt8(ascii: "-") { scanner.index += 1 }
      guard let digits = scanner.unsignedDigits(maxDigits: 10) else {
        throw text.malformed(expectedPython + cutOrWrong(scanner, ""))
      }
      if comma, !scanner.consume(UInt8(ascii: ","), skippingSpaces: false) {
        throw text.malformed(expectedPython + cutOrWrong(scanner, ","))
      }
      return line[start] == UInt8(ascii: "-") ? -digits : digits
    }
    guard scanner.consume("event at") else { throw text.malformed(expectedPython) }
    scanner.skipSpaces()
    guard let seconds = scanner.unsignedDigits(maxDigits: 12),
      scanner.consume(UInt8(ascii: "."), skippingSpaces: false),
      let micros = scanner.unsignedDigits(maxDigits: 6), scanner.consume(UInt8(ascii: ","), skippingSpaces: false)
    else { throw text.malformed(expectedPython + cutOrWrong(scanner, ",")) }
    let code = try number(after: "code", comma: true)
    let type = try number(after: "type", comma: true)
    let value = try number(after: "val", comma: false)
    guard scanner.atEndOfLine, let value32 = Int32(exactly: value) else {
      throw text.malformed(expectedPython + "; the value is not a 32-bit integer, or text follows it")
    }
    guard let typed = EventCodeLimits.validate(type: UInt32(clamping: type), code: UInt32(clamping: code)) else {
      throw text.malformed("event type \(type) code \(code) is not a valid evdev event")
    }
    return InputEvent(
      time: Timestamp(seconds: seconds, microseconds: micros), type: typed.type, code: typed.code, value: value32)
  }

  /// `PasteGaps.endsBefore` when the line ends where `expected` (or anything) should come, else "".
  private static func cutOrWrong(_ scanner: ByteScanner, _ expected: String) -> String {
    var rest = scanner
    rest.skipSpaces()
    let remaining = Array(rest.bytes[rest.index...])
    let cut = remaining.isEmpty || (remaining.count < expected.utf8.count && expected.utf8.starts(with: remaining))
    return cut ? PasteGaps.endsBefore + "rest (is it cut off?)" : ""
  }
}
