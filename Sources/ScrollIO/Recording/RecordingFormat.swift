/// The recording formats `scrolldir replay` reads, told apart by the first line that is neither
/// blank nor a `#` comment.
enum RecordingFormat: Sendable, Hashable {
  /// `evemu-record` text: a line tagged `N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:` or `E:`.
  case evemu
  /// `libinput record` YAML: one of its top-level keys, a flow mapping, a directive or `---`.
  case libinputRecord

  /// The format of a recording whose first content line is `line` (at `lineNumber`).
  /// - Throws: ``RecordingError/malformed(file:line:message:)`` for binary data, or for text that
  ///   starts like neither format (told before anything of it is copied from a pipe, so other text,
  ///   a log or a `key: value` file, is refused at once instead of after the end of its input).
  static func detect(
    firstContentLine line: UnsafeBufferPointer<UInt8>, lineNumber: Int, fileName: String
  ) throws(RecordingError) -> RecordingFormat {
    if isEvemuLine(line) { return .evemu }
    guard isText(line) else {
      throw .malformed(
        file: fileName, line: lineNumber,
        message:
          "binary data: expected evemu text or a libinput record (for raw input_event streams use 'replay --raw')")
    }
    guard couldStartLibinputRecord(line) else {
      throw .malformed(
        file: fileName, line: lineNumber,
        message:
          "expected evemu lines (N:, I:, B:, A:, E: …) or a libinput record (YAML starting 'version:' or 'devices:')")
    }
    return .libinputRecord
  }

  /// Whether a line is UTF-8 text without control characters other than tab and carriage return
  /// (a line end on its own in old Mac files, which YAML allows).
  private static func isText(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !line.contains(where: TextBytes.isBinary) else { return false }
    var decoder = UTF8()
    var iterator = line.makeIterator()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }

  /// The top-level keys of a libinput record (`libinput record` writes `version:` first; a pasted
  /// fragment may start at `devices:` or `events:`).
  private static let recordKeys = ["version", "ndevices", "libinput", "system", "devices", "events"]

  /// Whether a line could begin a libinput record: one of its top-level keys, a flow mapping, a
  /// directive or `---`.
  private static func couldStartLibinputRecord(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    let text = String(decoding: line, as: UTF8.self).drop { $0 == " " || $0 == "\t" }
    if text.hasPrefix("---") || text.hasPrefix("%") || text.hasPrefix("{") { return true }
    return recordKeys.contains { key in
      text.hasPrefix(key) && text.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }.hasPrefix(":")
    }
  }

  /// Whether a line starts like an evemu line: one of `N I P B A L S E` and a colon.
  private static func isEvemuLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    var scanner = ByteScanner(line)
    scanner.skipSpaces()
    guard let tag = scanner.peek, "NIPBALSE".utf8.contains(tag) else { return false }
    return scanner.index + 1 < line.count && line[scanner.index + 1] == UInt8(ascii: ":")
  }
}
