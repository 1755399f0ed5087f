/// What pasting into mail, a bug tracker or Markdown does to the lines of a recording, undone line
/// by line: quote markers in front (`> `, any depth), code fences around it, `...` where the poster
/// cut something out, and the prompts and chatter of the tools that made it above it.
///
/// Pure functions on one line's bytes; ``RecordingStart`` and ``PastedText`` apply them.
enum PastedLine {
  /// What a line is, once its quote markers are off.
  enum Kind: Sendable, Hashable {
    /// Text of the recording (or not, for the reader to tell).
    case content
    /// A Markdown code fence (```` ``` ````, `~~~`, with or without a language): not text of the recording.
    case fence
    /// A line that stands for left-out lines: `...`, `…`, `[...]`, `[…]`, `(...)`, `<snip>`,
    /// `[snip]`: events are missing here.
    case elision
  }

  /// How a paste is quoted: each line starts with `depth` markers (`>` in mail and Markdown, `#`
  /// for evtest output pasted into a script's comments), each with at most one space after it.
  struct Quote: Sendable, Hashable {
    var marker: UInt8
    var depth: Int
    /// Not quoted.
    static let none = Quote(marker: UInt8(ascii: ">"), depth: 0)
  }

  /// The quoting of `line` by `marker` (after optional spaces, as many markers as there are, each
  /// with at most one space after it), and the line without it.
  static func quote(of line: UnsafeBufferPointer<UInt8>, marker: UInt8) -> (
    quote: Quote, line: UnsafeBufferPointer<UInt8>
  ) {
    var index = 0
    while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    var depth = 0
    var end = 0
    while index < line.count, line[index] == marker {
      depth += 1
      index += 1
      if index < line.count, line[index] == 0x20 { index += 1 }
      end = index
    }
    guard depth > 0 else { return (Quote(marker: marker, depth: 0), line) }
    return (Quote(marker: marker, depth: depth), UnsafeBufferPointer(rebasing: line[end...]))
  }

  /// `line` without the paste's `quote`, or `nil` when it carries fewer markers: a line written
  /// between the quoted ones (a reply), not part of the paste. Markers beyond the quote's depth
  /// stay.
  static func unquoted(_ line: UnsafeBufferPointer<UInt8>, _ quote: Quote) -> UnsafeBufferPointer<UInt8>? {
    guard quote.depth > 0 else { return line }
    var index = 0
    while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    for _ in 0..<quote.depth {
      guard index < line.count, line[index] == quote.marker else {
        // A quoted blank line often loses its marker's trailing space, or the marker itself.
        return line[index...].allSatisfy { $0 == 0x20 || $0 == 0x09 }
          ? UnsafeBufferPointer(rebasing: line[line.count...]) : nil
      }
      index += 1
      if index < line.count, line[index] == 0x20 { index += 1 }
    }
    return UnsafeBufferPointer(rebasing: line[index...])
  }

  /// Whether `line`, after leading spaces and tabs, starts with `prefix`.
  static func startsWith(_ line: UnsafeBufferPointer<UInt8>, _ prefix: String) -> Bool {
    var index = 0
    while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    var utf8 = prefix.utf8.makeIterator()
    while let byte = utf8.next() {
      guard index < line.count, line[index] == byte else { return false }
      index += 1
    }
    return true
  }

  /// The kind of an unquoted line.
  static func kind(_ line: UnsafeBufferPointer<UInt8>) -> Kind {
    // Most lines are events: decided on their first byte, without making a string.
    guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 }), markupStarts.contains(first) else {
      return .content
    }
    let text = trimmed(line)
    if text.hasPrefix("```") || text.hasPrefix("~~~") { return .fence }
    return isElision(text) ? .elision : .content
  }

  /// Three or more dots or `…`, alone or in brackets (`[...]`, `(…)`, `<...>`), or `snip` in
  /// brackets (`<snip>`, `[snip]`, `(snip)`, in any case).
  private static func isElision(_ text: String) -> Bool {
    var inner = Substring(text)
    var bracketed = false
    for (open, close) in [("[", "]"), ("(", ")"), ("<", ">")] where inner.hasPrefix(open) && inner.hasSuffix(close) {
      inner = inner.dropFirst().dropLast()
      bracketed = true
      break
    }
    let word = String(inner).trimmingSpaces
    if word.count >= 3 && word.allSatisfy({ $0 == "." }) { return true }
    if !word.isEmpty && word.allSatisfy({ $0 == "…" }) { return true }
    return bracketed && word.lowercased() == "snip"
  }

  /// The first bytes of fences and elisions: `` ` ``, `~`, `.`, `[`, `(`, `<`, and 0xE2 (`…`).
  private static let markupStarts: Set<UInt8> = [0x60, 0x7E, 0x2E, 0x5B, 0x28, 0x3C, 0xE2]

  /// Whether an unquoted line is a shell prompt with a command (`$ sudo evtest /dev/input/event6`,
  /// `user@host:~$ libinput record`, `# evemu-record`) or what evtest, evemu-record and libinput
  /// record print around their output on stderr (the device list and its question, "Recording to
  /// 'stdout'", evtest's grab warning): lines people paste above or in a recording.
  static func isToolChatter(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    let text = trimmed(line)
    if chatterPrefixes.contains(where: text.hasPrefix) { return true }
    // `/dev/input/event6:<tab>Logitech USB Receiver` (evtest, libinput record, evemu-record).
    if text.hasPrefix("/dev/input/event"), let colon = text.firstIndex(of: ":"),
      text[text.index(text.startIndex, offsetBy: 16)..<colon].allSatisfy(\.isNumber)
    {
      return true
    }
    return isPrompt(text)
  }

  private static let chatterPrefixes = [
    "Available devices:", "Select the device event number", "No device specified, trying to scan",
    "Not running as root", "Recording to ", "Testing ... (interrupt to exit)", "****************",
    "This device is grabbed by another process", "No events are available to evtest",
    "other grab is active", "In most cases, this is caused by an X driver", "try VT-switching and re-run",
    "Run the following command to see processes", "an open fd on this device", "\"fuser -v /dev/input/event",
  ]

  /// The commands a prompt line above a pasted recording runs.
  private static let tools = [
    "evtest", "evemu-record", "evemu-describe", "libinput", "sudo", "doas", "cat", "scrolldir",
  ]

  /// `$ cmd`, `# cmd`, `% cmd`, `❯ cmd`, `user@host:~$ cmd`, `[user@host ~]$ cmd`, with `cmd`
  /// one of ``tools``.
  private static func isPrompt(_ text: String) -> Bool {
    for marker in ["$ ", "# ", "% ", "❯ "] {
      guard let range = text.firstRange(of: marker) else { continue }
      let before = text[..<range.lowerBound]
      guard before.isEmpty || before.contains("@") || before.hasSuffix("]") || before.hasSuffix("~") else { continue }
      let command = text[range.upperBound...].split(separator: " ").first.map(String.init) ?? ""
      if tools.contains(where: { command == $0 || command.hasSuffix("/" + $0) }) { return true }
    }
    return false
  }

  private static func trimmed(_ line: UnsafeBufferPointer<UInt8>) -> String {
    let text = String(decoding: line, as: UTF8.self)
    return String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
