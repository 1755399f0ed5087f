/// Where a text recording starts in what was given, in which format, and how it was quoted.
///
/// The first line that starts a format tells it: an evemu tag (`N:`, `E:` …), an evtest line
/// (`Input driver version is`, `Input device ID:`, `Input device name:`, `Supported events:`,
/// `Event: time`), or the start of a libinput record (a top-level key, `---`, or a bare `- evdev:`
/// item). Lines above it are what a paste adds around a recording (a shell prompt, the device
/// list the tools print, a code fence, the poster's words) and are passed over; a line of another
/// tool's output that is not a recording (`libinput debug-events`, `xev`, `wev`) is refused there
/// and then. The start line's quote markers (`> `, any depth; `# ` before evtest lines pasted as
/// comments) are the paste's quoting: they come off every line after it, and a line without them
/// is not part of the paste (a reply written between quoted lines).
struct RecordingStart: Sendable, Hashable {
  /// The recording's format.
  var format: RecordingFormat
  /// The line the recording starts at (1-based); what is above it is not part of it.
  var line: Int
  /// The paste's quoting: the marker byte (`>` or `#`) and how many of them each line carries.
  var quote = PastedLine.Quote.none
  /// The line just above ``line`` if it is the cut-off tail of an event line (the paste starts
  /// mid-line).
  var cutLine: Int?
  /// The lines above the start that are neither blank, a comment, a fence nor tool chatter: the
  /// poster's words, noted as not read.
  var proseLines: ClosedRange<Int>?
  /// A libinput record given as its event list's items only (`- evdev:` with no top-level key).
  var bareEventList = false
  /// An elision (`...`) is the last line above the start: the first frame may have lost its start.
  var elidedAbove = false
  /// Whether evtest output (or python-evdev's) has `SYN_REPORT` lines; without them a frame ends
  /// where the time changes (looked for in the first 16 MiB after the start).
  var hasReportLines = true

  /// Finds the start, looking at the lines of `lines` without consuming them.
  /// - Parameter forced: the format named with `--format`, if any: then only where it starts is
  ///   looked for (the first line that is not blank, a comment, a fence or tool chatter).
  /// - Throws: ``RecordingError/malformed(file:line:message:)`` for binary data, for output of a
  ///   tool that is not a recording, and for input with no recording in its first
  ///   ``maximumProseLines`` lines of words or 16 MiB.
  static func find(
    in lines: LineReader, fileName: String, format forced: RecordingFormat? = nil
  ) throws(RecordingError) -> RecordingStart {
    var found: RecordingStart?
    var prose: ClosedRange<Int>?
    var lastProse: (number: Int, cut: Bool)?
    var inDeviceList = false
    var lastIsElision = false
    try lines.peekLines { (raw, number) throws(RecordingError) -> Bool in
      if isBlankOrComment(raw) { return false }
      var (quote, line) = PastedLine.quote(of: raw, marker: UInt8(ascii: ">"))
      // evtest's events pasted as a script's comments; only its event lines count, as evemu and
      // libinput record comment headers copy evtest's description lines.
      if quote.depth == 0, PastedLine.startsWith(raw, "#") {
        let commented = PastedLine.quote(of: raw, marker: UInt8(ascii: "#"))
        if EvtestLines.EventLine.of(commented.line) != nil { (quote, line) = commented }
      }
      guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
      switch PastedLine.kind(line) {
      case .content: break
      case .fence: return false
      case .elision:
        lastIsElision = true
        return false
      }
      defer { lastIsElision = false }
      // Control characters: binary data, unless the line starts a format (an evemu name may hold one).
      if raw.contains(where: TextBytes.isBinary) && format(of: line, quote: quote) == nil {
        throw binary(fileName, number)
      }
      let isComment = PastedLine.startsWith(line, "#")
      // evtest's and libinput record's device list runs until their question (its lines may be
      // shortened to `:` by the poster).
      if inDeviceList {
        inDeviceList = !PastedLine.startsWith(line, "Select the device event number")
        if inDeviceList || !isEvtestLine(line) { return false }
      }
      if PastedLine.startsWith(line, "Available devices:") {
        inDeviceList = true
        return false
      }
      let chatter = isComment || (!isEvtestLine(line) && PastedLine.isToolChatter(line))
      if let format = forced.flatMap({ chatter ? nil : $0 }) ?? format(of: line, quote: quote) {
        found = RecordingStart(
          format: format, line: number, quote: quote,
          cutLine: lastProse.flatMap { $0.cut && $0.number == number - 1 ? $0.number : nil }, proseLines: prose,
          bareEventList: format == .libinputRecord && isBareItem(line), elidedAbove: lastIsElision)
        return true
      }
      if chatter { return false }
      // Another tool's output shows in its first lines; later ones are not looked at again.
      if (prose?.count ?? 0) < 100, let tool = notARecording(line) {
        throw .malformed(file: fileName, line: number, message: tool)
      }
      prose = (prose?.lowerBound ?? number)...number
      lastProse = (number, looksLikeCutEventLine(line))
      guard prose!.count < maximumProseLines else {
        throw .malformed(
          file: fileName, line: prose!.lowerBound,
          message: expected + ": none in the first \(maximumProseLines) lines of text")
      }
      return false
    }
    if var found {
      if found.format == .evtest { found.hasReportLines = try hasReportLines(lines, from: found) }
      return found
    }
    throw .malformed(
      file: fileName, line: prose?.lowerBound ?? 1,
      message: prose == nil ? "empty recording: " + expected : expected + ": found no such line")
  }

  /// Whether the evtest output from `start` on has a `SYN_REPORT` line (evtest 1.32 printed it as
  /// `EV_SYN`, python-evdev as `code 00, type 00`), looking at most 16 MiB ahead.
  private static func hasReportLines(_ lines: LineReader, from start: RecordingStart) throws(RecordingError) -> Bool {
    var found = false
    do {
      try lines.peekLines { raw, number in
        guard number >= start.line, let line = PastedLine.unquoted(raw, start.quote) else { return false }
        let text = String(decoding: line, as: UTF8.self)
        found = text.contains("SYN_REPORT") || text.contains("- EV_SYN -") || text.contains("code 00, type 00")
        return found
      }
    } catch .malformed {
      return false  // 16 MiB without one
    }
    return found
  }

  /// The most lines of words passed over before a recording starts: far more than a bug report
  /// puts around a paste, and a bound on how long text that holds none is read.
  static let maximumProseLines = 2000

  private static let expected =
    "expected evemu lines (N:, I:, B:, A:, E: …), evtest output (Input device name:, Event: time …) or a libinput record (YAML starting 'version:', 'devices:' or '- evdev:')"

  /// Whether a line is blank or a `#` comment that is not evtest output pasted as comments
  /// (`# Event: time …`): told on its bytes, as a file of nothing else is read up to 16 MiB.
  private static func isBlankOrComment(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < raw.count, raw[index] == 0x20 || raw[index] == 0x09 { index += 1 }
    guard index < raw.count else { return true }
    guard raw[index] == 0x23 else { return false }  // #
    while index < raw.count, raw[index] == 0x20 || raw[index] == 0x09 || raw[index] == 0x23 { index += 1 }
    // `# Event: time …`, `# up: event at …` may be evtest's or python-evdev's events as comments.
    guard index < raw.count else { return true }
    let isLetter = (0x41...0x5A).contains(raw[index]) || (0x61...0x7A).contains(raw[index])
    return !isLetter || EvtestLines.EventLine.of(UnsafeBufferPointer(rebasing: raw[index...])) == nil
  }

  private static func binary(_ fileName: String, _ number: Int) -> RecordingError {
    .malformed(
      file: fileName, line: number,
      message:
        "binary data: expected evemu text, evtest output or a libinput record (for raw input_event streams use 'replay --raw')"
    )
  }

  /// The format a line starts, if it starts one. A line quoted with `#` starts only evtest output
  /// (evtest pasted into a script's comments), since `#` lines are comments in the other formats.
  private static func format(of line: UnsafeBufferPointer<UInt8>, quote: PastedLine.Quote) -> RecordingFormat? {
    if quote.marker == UInt8(ascii: "#") && quote.depth > 0 { return .evtest }
    if isEvemuLine(line) { return .evemu }
    if isEvtestLine(line) { return .evtest }
    return couldStartLibinputRecord(line) ? .libinputRecord : nil
  }

  /// Whether a line starts like an evemu line: one of `N I P B A L S E` and a colon.
  static func isEvemuLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    var scanner = ByteScanner(line)
    scanner.skipSpaces()
    guard let tag = scanner.peek, "NIPBALSE".utf8.contains(tag) else { return false }
    return scanner.index + 1 < line.count && line[scanner.index + 1] == UInt8(ascii: ":")
  }

  /// The lines evtest starts its output with, and its event lines.
  static let evtestMarkers = [
    "Input driver version is", "Input device ID:", "Input device name:", "Supported events:", "Event: time ",
  ]

  /// Whether a line is evtest's (also after its device question on the same line, as when the
  /// number was piped in: `Select the device event number [0-9]: Input driver version is 1.0.1`).
  static func isEvtestLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    evtestMarkers.contains { PastedLine.startsWith(line, $0) } || EvtestLines.EventLine.of(line) != nil
      || (PastedLine.startsWith(line, "Select the device event number")
        && String(decoding: line, as: UTF8.self).contains("Input driver version is"))
  }

  /// The top-level keys of a libinput record (`libinput record` writes `version:` first; a pasted
  /// fragment may start at `devices:` or `events:`).
  private static let recordKeys = ["version", "ndevices", "libinput", "system", "devices", "events"]

  /// Whether a line could begin a libinput record: one of its top-level keys, a flow mapping, a
  /// directive, `---`, or an item of its event list (`- evdev:`).
  private static func couldStartLibinputRecord(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    let text = String(decoding: line, as: UTF8.self).drop { $0 == " " || $0 == "\t" }
    if text.hasPrefix("---") || text.hasPrefix("%") || text.hasPrefix("{") || isBareItem(line) { return true }
    return recordKeys.contains { key in
      text.hasPrefix(key) && text.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }.hasPrefix(":")
    }
  }

  /// Whether a line is an item of a libinput record's event list: `- evdev:`.
  private static func isBareItem(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    let text = String(decoding: line, as: UTF8.self).drop { $0 == " " || $0 == "\t" }
    guard text.hasPrefix("-") else { return false }
    return text.dropFirst().drop { $0 == " " }.hasPrefix("evdev:")
  }

  /// Whether a line looks like the tail of an event line: evtest's `…, code 8 (REL_WHEEL), value
  /// -1` or `… SYN_REPORT ------------`, evemu's `…0002 0008 -1`, a libinput record's `…2, 8, -1]`.
  private static func looksLikeCutEventLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    let text = String(decoding: line, as: UTF8.self).trimmingSpaces
    if text.contains("SYN_REPORT ----") || (text.contains("code ") && text.contains(", value ")) { return true }
    if text.hasSuffix("]") || text.hasSuffix("],") || text.hasSuffix("]}") { return text.contains(",") }
    let words = text.split(separator: " ")
    guard words.count >= 3, Int32(words[words.count - 1]) != nil else { return false }
    return words[(words.count - 3)..<(words.count - 1)].allSatisfy { $0.count == 4 && $0.allSatisfy(\.isHexDigit) }
  }

  /// What a line of another tool's output is, and how to record instead, if it is one.
  private static func notARecording(_ line: UnsafeBufferPointer<UInt8>) -> String? {
    let text = String(decoding: line, as: UTF8.self).trimmingSpaces
    let record =
      "; record the device's kernel events instead: 'sudo scrolldir record', 'sudo evemu-record', "
      + "'sudo libinput record' or 'sudo evtest'"
    let device = text.drop { $0 == "-" || $0 == " " }
    if device.hasPrefix("event"), let space = device.firstIndex(where: { $0 == " " || $0 == "\t" }),
      device[device.index(device.startIndex, offsetBy: 5)..<space].allSatisfy(\.isNumber),
      let word = device[space...].split(whereSeparator: { $0 == " " || $0 == "\t" }).first,
      word.count > 3, word.allSatisfy({ $0.isUppercase || $0 == "_" })
    {
      return "this is 'libinput debug-events' output: libinput's processed events, not the kernel's" + record
    }
    if text.contains(" event, serial ") || text.hasPrefix("Outer window is ")
      || (text.contains(", button ") && text.hasSuffix("same_screen YES"))
    {
      return "this is 'xev' output: X11's events, after the X server and libinput processed the kernel's" + record
    }
    if text.hasPrefix("["), text.contains("wl_pointer]") || text.contains("wl_keyboard]") || text.contains("wl_seat]") {
      return "this is 'wev' output: a Wayland compositor's events, after it and libinput processed the kernel's"
        + record
    }
    return nil
  }
}

extension String {
  /// Without spaces and tabs at either end.
  var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
