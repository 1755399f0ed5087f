/// A libinput record as libyaml reads it: the text of the file from its start on
/// (``RecordingStart``), with what a paste added made blank, line for line, so libyaml's line
/// numbers stay the file's: the lines above the start, lines without the paste's quote markers (a
/// reply between quoted lines), code fences and elisions. The quote markers come off. A bare list
/// of `- evdev:` items gets an `events:` line in front (line numbers then shift by one, see
/// ``lineOffset``).
///
/// Each line is checked before libyaml sees it: a control character (other than tab) or text that
/// is not UTF-8 is refused at its line.
final class PastedYAML {
  /// Part of a file: from a line (at a byte offset) while lines are indented deeper than a
  /// column (a device's `events:` key and its list).
  struct Window: Sendable, Hashable {
    var line: Int
    var offset: Int64
    var column: Int
  }

  private let lines: LineReader
  private let start: RecordingStart
  private let window: Window?
  /// The cleaned line being handed out, and how much of it has been.
  private var line: [UInt8] = []
  private var handedOut = 0
  private var begun = false
  private var windowEnded = false
  /// The byte offsets of the last lines read, by line number modulo its size: libyaml reads a few
  /// kilobytes ahead of the event it reports, so the line of that event is among them.
  private var recentOffsets = [Int64](repeating: -1, count: 1 << 16)

  /// How many lines libyaml's numbering is ahead of the file's: 1 for the `events:` put in front
  /// of a bare item list; for a window, minus the lines above it.
  var lineOffset: Int {
    if let window { return 1 - window.line }
    return start.bareEventList ? 1 : 0
  }

  /// - Parameters:
  ///   - lines: the file from its first byte, or from `window`'s line.
  ///   - window: only that part of the file is read.
  init(lines: LineReader, start: RecordingStart, window: Window? = nil) {
    self.lines = lines
    self.start = start
    self.window = window
  }

  /// Whether a stop is asked for (the reads' ``Interruption``).
  var stopRequested: Bool { lines.interruption.isRequested() }

  /// Where line `number` (of the file's numbering) starts in the file, if it was read lately.
  func offset(ofLine number: Int) -> Int64? {
    let offset = recentOffsets[number & (recentOffsets.count - 1)]
    return offset >= 0 ? offset : nil
  }

  /// The name used in error messages.
  var fileName: String { lines.fileName }

  /// Fills `buffer` with the next cleaned bytes; 0 at the end.
  /// - Throws: ``RecordingError/malformed(file:line:message:)`` for binary data or text that is
  ///   not UTF-8; ``RecordingError/io(file:errno:)`` when reading fails.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(RecordingError) -> Int {
    var filled = 0
    while filled < buffer.count {
      if handedOut == line.count {
        guard try nextLine() else { break }
      }
      let count = min(buffer.count - filled, line.count - handedOut)
      line.withUnsafeBytes { bytes in
        buffer.baseAddress!.advanced(by: filled).copyMemory(
          from: bytes.baseAddress!.advanced(by: handedOut), byteCount: count)
      }
      handedOut += count
      filled += count
    }
    return filled
  }

  /// Makes the next cleaned line (with its newline); `false` at the end.
  private func nextLine() throws(RecordingError) -> Bool {
    handedOut = 0
    line.removeAll(keepingCapacity: true)
    if !begun {
      begun = true
      if start.bareEventList {
        line.append(contentsOf: "events:\n".utf8)
        return true
      }
    }
    guard !windowEnded, let raw = try lines.nextLine() else { return false }
    recentOffsets[lines.lineNumber & (recentOffsets.count - 1)] = lines.lineOffset
    if lines.lineNumber >= start.line, let text = PastedLine.unquoted(raw, start.quote),
      PastedLine.kind(text) == .content
    {
      if let window, lines.lineNumber > window.line, ends(window, at: text) {
        windowEnded = true
        return false
      }
      try check(text)
      line.append(contentsOf: text)
    }
    line.append(0x0A)
    return true
  }

  /// Whether `text` is past the window: a line of content (not blank, not a comment) indented
  /// less than its column, or as much and not an item of its list (`- `).
  private func ends(_ window: Window, at text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = text.firstIndex(where: { $0 != 0x20 }), text[first] != UInt8(ascii: "#") else { return false }
    if first != window.column { return first < window.column }
    return text[first] != UInt8(ascii: "-")
  }

  private func check(_ text: UnsafeBufferPointer<UInt8>) throws(RecordingError) {
    if let bad = text.first(where: { TextBytes.isBinary($0) && $0 != 0x0D }) {
      throw lines.malformed(
        "binary data (control character 0x\(String(bad, radix: 16))) in a libinput record")
    }
    var decoder = UTF8()
    var iterator = text.makeIterator()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return
      case .error: throw lines.malformed("text that is not UTF-8 in a libinput record")
      }
    }
  }
}
