import ScrollCore

/// How `evtest` output is read (evtest 1.29–1.35, `evtest.c`; ``TextRecordingReader``): its device description
/// (``EvtestHeader``), then one line per event:
/// ```
/// Event: time 1700000000.123456, type 2 (EV_REL), code 8 (REL_WHEEL), value -1
/// Event: time 1700000000.123456, type 4 (EV_MSC), code 4 (MSC_SCAN), value 90001
/// Event: time 1700000000.123456, -------------- SYN_REPORT ------------
/// Event: time 1700000000.123456, ++++++++++++++ SYN_MT_REPORT ++++++++++++
/// Event: time 1700000000.123456, >>>>>>>>>>>>>> SYN_DROPPED <<<<<<<<<<<<
/// ```
/// Numbers are decimal, except `MSC_SCAN` and `MSC_RAW` values, which evtest prints in hex
/// (`%02x`, no `0x`); names in parentheses are not used (`?` for a code evtest does not know).
/// The `EV_SYN` lines carry no value; their name tells the code, also as evtest 1.32 printed it
/// (`EV_SYN`, `EV_KEY`, `EV_REL`, `EV_ABS` for `SYN_REPORT`…`SYN_DROPPED`) and as 1.29–1.31 did for
/// `SYN_DROPPED` (`(null)`). Output without the description (events only) gets its capabilities
/// inferred from its events. An event line a mail client wrapped in two is joined again.
///
/// python-evdev's event lines are read too (``EventLine``): its `evtest.py` prints evtest's lines
/// without `Event:` and the comma after the time, and a printed `InputEvent` reads `event at
/// SEC.USEC, code C, type T, val V`, all decimal.
final class EvtestLines: TextLineFormat {
  static let framesByTime = true
  private var header = EvtestHeader()
  private var inHeader = true

  var hasDescription: Bool { header.hasDescription }

  func description(fallbackName: String) -> DeviceDescription {
    header.description(fallbackName: fallbackName)
  }

  /// The shapes of event line read: evtest's, and python-evdev's (its `evtest.py`, and a printed
  /// `InputEvent`).
  enum EventLine {
    /// `Event: time 1.000001, type 2 (EV_REL), code 8 (REL_WHEEL), value -1`
    case evtest
    /// `time 1.000001 type 2 (EV_REL), code 8 (REL_WHEEL), value -1`, `time 1.000001 --------- SYN_REPORT --------`
    case pythonEvtest
    /// `event at 1.000001, code 08, type 02, val -1`, also after a label (`Input: event at …`)
    case pythonEvent

    /// The shape of an event line, `nil` for other lines.
    static func of(_ line: UnsafeBufferPointer<UInt8>) -> EventLine? {
      if PastedLine.startsWith(line, "Event: time ") { return .evtest }
      var scanner = ByteScanner(line)
      if scanner.consume("time"), scanner.consume(0x20, skippingSpaces: false), scanner.skippingSpaces(),
        scanner.unsignedDigits(maxDigits: 12) != nil, scanner.consume(UInt8(ascii: "."), skippingSpaces: false)
      {
        return .pythonEvtest
      }
      scanner = ByteScanner(line)
      scanner.skipLabel()
      return scanner.consume("event at ") ? .pythonEvent : nil
    }
  }

  func parse(_ line: UnsafeBufferPointer<UInt8>, _ text: PastedText) throws(RecordingError) -> TextEvents.Parsed {
    if let shape = EventLine.of(line), shape != .evtest {
      inHeader = false
      return .event(try shape == .pythonEvent ? Self.pythonEvent(line, text) : Self.event(line, text, python: true))
    }
    guard PastedLine.startsWith(line, "Event:") else {
      let words = String(decoding: line, as: UTF8.self).trimmingSpaces
      if header.beginsAnother(words) || (!inHeader && words.hasPrefix("Input driver version is")) {
        return .end(
          note: "\(text.fileName):\(text.lineNumber): another device's evtest output begins here; it is not read "
            + "(one device per recording: replay it from a file of its own)")
      }
      if inHeader, try header.parse(words, text) { return .nothing }
      return PastedLine.isToolChatter(line) || PastedLine.startsWith(line, "^C") ? .nothing : .prose
    }
    inHeader = false
    do {
      return .event(try Self.event(line, text))
    } catch let error where PasteGaps.endsEarly(error) {
      guard
        let joined = try text.joinedWithNextLine(line, isStart: { PastedLine.startsWith($0, "Event:") })
      else { throw error }
      return .event(try Self.event(joined, text))
    }
  }

  private static let expected = "expected 'Event: time SEC.USEC, type T (NAME), code C (NAME), value V'"
  private static let endsBefore = PasteGaps.endsBefore

  /// Parses an `Event:` line. A line that ends before one of its parts (in the middle of a word
  /// or number, too) says so (``PasteGaps/endsBefore``): it was cut off.
  static func event(
    _ line: UnsafeBufferPointer<UInt8>, _ text: PastedText, python: Bool = false
  ) throws(RecordingError) -> InputEvent {
    var scanner = ByteScanner(line)
    /// The error for a part that could not be read: cut off when the line ends there.
    func failure(_ part: String, _ problem: String, literal: String = "") -> RecordingError {
      var rest = scanner
      rest.skipSpaces()
      let remaining = Array(rest.bytes[rest.index...])
      if remaining.isEmpty
        || (!literal.isEmpty && remaining.count < literal.utf8.count
          && literal.utf8.starts(with: remaining))
      {
        return text.malformed(expected + endsBefore + part + " (is it cut off?)")
      }
      return text.malformed(expected + problem)
    }
    func require(_ word: String, before part: String) throws(RecordingError) {
      guard scanner.consume(word) else { throw failure(part, "", literal: word) }
    }
    if !python { try require("Event:", before: "time") }
    try require("time", before: "time")
    scanner.skipSpaces()
    let timeStart = scanner
    guard let seconds = scanner.unsignedDigits(maxDigits: 12),
      scanner.consume(UInt8(ascii: "."), skippingSpaces: false),
      let micros = scanner.unsignedDigits(maxDigits: 6),
      scanner.consume(UInt8(ascii: ","), skippingSpaces: false) || (python && scanner.peek == 0x20)
    else {
      if scanner.atEndOfLine { throw failure("type", "") }
      scanner = timeStart
      throw failure("time", "; the time is not SEC.USEC followed by a comma")
    }
    let time = Timestamp(seconds: seconds, microseconds: micros)
    scanner.skipSpaces()
    if let marker = scanner.peek, [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: ">")].contains(marker) {
      return try synEvent(marker: marker, &scanner, time, text)
    }
    try require("type", before: "type")
    guard let type = scanner.decimalNumber(endingAt: UInt8(ascii: " ")) else {
      throw failure("type", "; the type is not a decimal number")
    }
    guard scanner.skipName() else { throw failure("code", "; expected the type's name in parentheses") }
    try require("code", before: "code")
    guard let code = scanner.decimalNumber(endingAt: UInt8(ascii: " ")) else {
      throw failure("code", "; the code is not a decimal number")
    }
    guard scanner.skipName() else { throw failure("value", "; expected the code's name in parentheses") }
    try require("value", before: "value")
    let isHexValue = type == 4 && (code == 3 || code == 4)  // EV_MSC: MSC_RAW, MSC_SCAN
    let valueStart = scanner
    guard let value = isHexValue ? scanner.hexInt32() : scanner.decimal().flatMap(Int32.init(exactly:)) else {
      scanner = valueStart
      throw failure(
        "value",
        "; the value is not a 32-bit " + (isHexValue ? "hex number (MSC_SCAN and MSC_RAW)" : "decimal integer"),
        literal: "-")
    }
    guard scanner.atEndOfLine else { throw text.malformed(expected + "; unexpected text after the value") }
    guard let typed = EventCodeLimits.validate(type: UInt32(type), code: UInt32(code)) else {
      throw text.malformed("event type \(type) code \(code) is not a valid evdev event")
    }
    return InputEvent(time: time, type: typed.type, code: typed.code, value: value)
  }

  /// `-------------- SYN_REPORT ------------` and its kin, after the time.
  private static func synEvent(
    marker: UInt8, _ scanner: inout ByteScanner, _ time: Timestamp, _ text: PastedText
  ) throws(RecordingError) -> InputEvent {
    while scanner.peek == marker { _ = scanner.consume(marker, skippingSpaces: false) }
    let name = scanner.word()
    let code: EventCode
    switch (marker, name) {
    case (UInt8(ascii: "+"), _): code = .synMTReport
    case (UInt8(ascii: ">"), _): code = .synDropped
    case (_, "SYN_REPORT"), (_, "EV_SYN"): code = .synReport
    case (_, "SYN_CONFIG"), (_, "EV_KEY"): code = EventCode(rawValue: 1)
    case (_, "SYN_MT_REPORT"), (_, "EV_REL"): code = .synMTReport
    case (_, "SYN_DROPPED"), (_, "EV_ABS"), (_, "(null)"): code = .synDropped
    default:
      throw text.malformed(
        "expected a SYN_REPORT, SYN_MT_REPORT or SYN_DROPPED line, found \(RecordingError.excerpt(name))")
    }
    return InputEvent(time: time, type: .syn, code: code, value: 0)
  }
}
