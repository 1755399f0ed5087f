/// The lines of an evemu or evtest recording as its reader sees them: from its start on
/// (``RecordingStart``), the paste's quoting off, lines that are not part of the paste (a reply
/// between quoted lines), code fences and blank lines left out, elisions told.
final class PastedText {
  /// A line of the recording.
  enum Line {
    /// Text, valid until the next call.
    case text(UnsafeBufferPointer<UInt8>)
    /// An elision (`...`, `[...]`): lines were left out here.
    case elision
  }

  let lines: LineReader
  let start: RecordingStart
  /// A line joined with its continuation (``joinedWithNextLine(_:isStart:)``).
  private var joined = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

  /// - Parameter start: where the recording starts; the lines above are skipped.
  init(_ lines: LineReader, start: RecordingStart) {
    self.lines = lines
    self.start = start
  }

  deinit { joined.deallocate() }

  /// The name used in error messages.
  var fileName: String { lines.fileName }
  /// The 1-based number of the line last returned.
  var lineNumber: Int { lines.lineNumber }
  /// The line above the start that is the cut-off tail of an event line, if any.
  var cutLine: Int? { start.cutLine }

  /// The next line, `nil` at the end.
  /// - Throws: ``RecordingError/malformed(file:line:message:)`` for a line holding a NUL byte
  ///   (binary data, told without waiting for its newline); ``RecordingError/io(file:errno:)``
  ///   when reading fails.
  func next() throws(RecordingError) -> Line? {
    while let raw = try lines.nextLine() {
      if let base = raw.baseAddress, ByteSearch.firstIndex(of: 0, in: UnsafeRawPointer(base), count: raw.count) != nil {
        throw lines.malformed("binary data (a NUL byte) in text: for raw input_event streams use 'replay --raw'")
      }
      guard lines.lineNumber >= start.line, let line = PastedLine.unquoted(raw, start.quote),
        line.contains(where: { $0 != 0x20 && $0 != 0x09 })
      else { continue }
      switch PastedLine.kind(line) {
      case .content: return .text(line)
      case .fence: continue
      case .elision: return .elision
      }
    }
    return nil
  }

  /// `line` joined with the next line of the paste when that one continues it (a mail client
  /// wrapped a long line: the next line does not start a line of its own, as `isStart` tells);
  /// `nil`, consuming nothing, otherwise. The result is valid until the next call.
  /// - Throws: ``RecordingError/io(file:errno:)`` when reading fails.
  func joinedWithNextLine(
    _ line: UnsafeBufferPointer<UInt8>, isStart: (UnsafeBufferPointer<UInt8>) -> Bool
  ) throws(RecordingError) -> UnsafeBufferPointer<UInt8>? {
    let first = Array(line)
    var continuation: [UInt8]?
    try lines.peekLines { raw, _ in
      if let next = PastedLine.unquoted(raw, start.quote), next.contains(where: { $0 != 0x20 && $0 != 0x09 }),
        PastedLine.kind(next) == .content, !isStart(next)
      {
        continuation = Array(next)
      }
      return true
    }
    guard let continuation else { return nil }
    _ = try lines.nextLine()
    joined.deallocate()
    joined = .allocate(capacity: first.count + 1 + continuation.count)
    _ = joined.initialize(from: first + [0x20] + continuation)
    return UnsafeBufferPointer(joined)
  }

  /// Whether no text follows the line last returned (blank lines and a closing fence may).
  /// - Throws: ``RecordingError/io(file:errno:)`` when reading fails.
  func restIsEmpty() throws(RecordingError) -> Bool {
    var empty = true
    try lines.peekLines { raw, _ in
      guard let line = PastedLine.unquoted(raw, start.quote), line.contains(where: { $0 != 0x20 && $0 != 0x09 }),
        PastedLine.kind(line) != .fence
      else { return false }
      empty = false
      return true
    }
    return empty
  }

  /// A ``RecordingError/malformed(file:line:message:)`` at the current line.
  func malformed(_ message: String) -> RecordingError {
    lines.malformed(message)
  }
}
