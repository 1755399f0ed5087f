/// Reads a file descriptor line by line through one reusable buffer: no allocation and no `String`
/// per line, and memory stays flat however long the file (the buffer only grows for a line longer
/// than it).
final class LineReader {
  /// The longest line read: real recordings have lines of at most a few kilobytes (comment
  /// headers); a longer one means the file is not a recording (e.g. `/dev/zero`).
  static let maximumLineLength = 16 << 20

  /// The name used in error messages.
  let fileName: String
  private let descriptor: FileDescriptor
  private var owned: Bool
  private var storage: UnsafeMutableRawBufferPointer
  private var start = 0
  private var end = 0
  private var reachedEOF = false
  private var checkedByteOrderMark = false
  /// The byte that ends lines: `\n`, or `\r` in a file that has only that (old Mac line ends),
  /// decided on the first bytes read.
  private var lineBreak: UInt8 = 0x0A
  private var checkedLineBreak = false
  /// The 1-based number of the line last returned by ``nextLine()``.
  private(set) var lineNumber = 0
  /// The byte offset in the input of the line last returned by ``nextLine()``.
  private(set) var lineOffset: Int64 = 0
  /// The byte offset in the input of `storage[0]`.
  private var storageOffset: Int64 = 0
  /// When reads give way (``Interruption``).
  let interruption: Interruption

  /// - Parameters:
  ///   - owned: close `descriptor` when the reader goes (not for standard input).
  ///   - interruption: when a read waiting for input gives way (``Interruption``).
  ///   - position: where `descriptor` is, when not at the start of the input: the number of the
  ///     line that starts there and its byte offset.
  init(
    descriptor: FileDescriptor, fileName: String, owned: Bool, interruption: Interruption, capacity: Int = 1 << 16,
    position: (line: Int, offset: Int64) = (1, 0)
  ) {
    self.descriptor = descriptor
    self.interruption = interruption
    self.fileName = fileName
    self.owned = owned
    self.storage = .allocate(byteCount: capacity, alignment: 1)
    lineNumber = position.line - 1
    storageOffset = position.offset
    checkedByteOrderMark = position.offset > 0
  }

  deinit {
    storage.deallocate()
    if owned { descriptor.close() }
  }

  /// The next line without its `\n` (and without a trailing `\r`), valid until the next call;
  /// `nil` at end of file. A last line without `\n` is returned too, and so is a line holding a NUL
  /// byte (never text: a raw event stream, say) as far as it has been read, without waiting for
  /// its newline.
  /// - Throws: ``RecordingError/io(file:errno:)`` when `read(2)` fails.
  func nextLine() throws(RecordingError) -> UnsafeBufferPointer<UInt8>? {
    var scanFrom = start
    while true {
      if let newline = firstNewline(from: scanFrom) {
        let line = bytes(start, newline)
        lineOffset = storageOffset + Int64(start)
        start = newline + 1
        lineNumber += 1
        return line
      }
      if reachedEOF || ByteSearch.firstIndex(of: 0, in: storage.baseAddress! + scanFrom, count: end - scanFrom) != nil {
        guard start < end else { return nil }
        let line = bytes(start, end)
        lineOffset = storageOffset + Int64(start)
        start = end
        lineNumber += 1
        return line
      }
      scanFrom = end
      let shift = start
      let lineBreakBefore = lineBreak
      try refill()
      // A new line end (`\r`) is looked for from the line's start.
      scanFrom = lineBreak == lineBreakBefore ? max(scanFrom - shift, start) : start
    }
  }

  /// Shows the lines from the current position on to `visit`, with their 1-based numbers, without
  /// consuming them, until `visit` returns `true` or the input ends; so the format can be told
  /// before reading. A line that holds a control character other than tab and carriage return
  /// (binary data, e.g. a raw event stream on a pipe) is shown as far as it has been read, so it is
  /// refused without waiting for a newline, and ends the look.
  /// - Throws: what `visit` throws; ``RecordingError/malformed(file:line:message:)`` when `visit`
  ///   has not stopped within the first 16 MiB (endless input such as `yes '#'`), or one line is
  ///   longer.
  func peekLines(
    _ visit: (UnsafeBufferPointer<UInt8>, Int) throws(RecordingError) -> Bool
  ) throws(RecordingError) {
    var lineStart = start
    var number = lineNumber + 1
    while true {
      if let newline = firstNewline(from: lineStart) {
        if try visit(bytes(lineStart, newline), number) { return }
        lineStart = newline + 1
        number += 1
        continue
      }
      let partial = bytes(lineStart, end)
      if reachedEOF {
        if !partial.isEmpty { _ = try visit(partial, number) }
        return
      }
      if partial.contains(where: TextBytes.isBinary) {
        _ = try visit(partial, number)
        return
      }
      if lineStart > start && end - start == storage.count && storage.count >= Self.maximumLineLength {
        throw .malformed(
          file: fileName, line: 1,
          message:
            "no recording in the first \(Self.maximumLineLength >> 20) MiB: only comments, blank lines and prompts")
      }
      let shift = start
      try refill()
      lineStart = max(lineStart - shift, start)
    }
  }

  /// Closes the descriptor now (when the file is to be read another way) instead of at the end.
  func closeDescriptor() {
    if owned { descriptor.close() }
    owned = false
  }

  /// Copies the buffered bytes and the rest of the descriptor to `target`, refusing binary data
  /// (control characters that YAML does not allow) as soon as it arrives.
  /// - Throws: ``RecordingError/io(file:errno:)`` when reading fails,
  ///   ``RecordingError/temporaryFile(file:directory:errno:)`` when writing `target` fails,
  ///   ``RecordingError/malformed(file:line:message:)`` for binary data or more than `limit` bytes.
  func copyRest(to target: FileDescriptor, directory: String, limit: Int) throws(RecordingError) {
    var copied = 0
    var pending = UnsafeRawBufferPointer(rebasing: storage[start..<end])
    while true {
      try refuseBinary(pending, at: copied)
      do {
        try target.writeAll(pending)
      } catch {
        throw .temporaryFile(file: fileName, directory: directory, errno: error)
      }
      copied += pending.count
      guard copied <= limit else {
        throw .malformed(
          file: fileName, line: 0,
          message: "more than \(limit >> 20) MiB of YAML from a pipe: save the recording to a file and replay that")
      }
      if reachedEOF { break }
      let chunk = UnsafeMutableRawBufferPointer(rebasing: storage[...])
      let count: Int
      do {
        count = try interruption.read(descriptor, into: chunk)
      } catch {
        throw .io(file: fileName, errno: error)
      }
      if count == 0 { break }
      pending = UnsafeRawBufferPointer(rebasing: chunk[..<count])
    }
    start = 0
    end = 0
    reachedEOF = true
  }

  /// Throws for the first control character other than tab, line feed and carriage return
  /// (YAML 1.1's printable set): binary data after a first line that looked like YAML.
  private func refuseBinary(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(RecordingError) {
    guard let index = bytes.firstIndex(where: TextBytes.isBinary)
    else { return }
    throw .malformed(
      file: fileName, line: 0,
      message:
        "byte \(offset + index): binary data (control character 0x\(String(bytes[index], radix: 16))) in a libinput record"
    )
  }

  private func isContent(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
    return line[first] != UInt8(ascii: "#")
  }

  private func firstNewline(from index: Int) -> Int? {
    guard index < end else { return nil }
    return ByteSearch.firstIndex(of: lineBreak, in: storage.baseAddress! + index, count: end - index).map { index + $0 }
  }

  /// Takes `\r` for the line end when the first bytes (the buffer's worth, or the whole input)
  /// hold a `\r` and no `\n`.
  private func decideLineBreak() {
    guard !checkedLineBreak, end - start == storage.count || reachedEOF else { return }
    checkedLineBreak = true
    let base = storage.baseAddress! + start
    if ByteSearch.firstIndex(of: 0x0A, in: base, count: end - start) == nil,
      ByteSearch.firstIndex(of: 0x0D, in: base, count: end - start) != nil
    {
      lineBreak = 0x0D
    }
  }

  private func bytes(_ from: Int, _ to: Int) -> UnsafeBufferPointer<UInt8> {
    let base = storage.baseAddress!.assumingMemoryBound(to: UInt8.self)
    var length = to - from
    if length > 0 && base[to - 1] == 0x0D { length -= 1 }
    return UnsafeBufferPointer(start: base + from, count: length)
  }

  /// Moves the unread bytes to the front, grows the buffer if it is full, and reads more.
  private func refill() throws(RecordingError) {
    if start > 0 {
      storage.baseAddress!.copyMemory(from: storage.baseAddress! + start, byteCount: end - start)
      storageOffset += Int64(start)
      end -= start
      start = 0
    }
    if end == storage.count {
      guard storage.count < Self.maximumLineLength else {
        throw .malformed(
          file: fileName, line: lineNumber + 1,
          message: "a line longer than \(Self.maximumLineLength >> 20) MiB: not a recording (evemu lines are short)")
      }
      let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: storage.count * 2, alignment: 1)
      bigger.baseAddress!.copyMemory(from: storage.baseAddress!, byteCount: end)
      storage.deallocate()
      storage = bigger
    }
    let free = UnsafeMutableRawBufferPointer(rebasing: storage[end...])
    let count: Int
    do {
      count = try interruption.read(descriptor, into: free)
    } catch {
      throw .io(file: fileName, errno: error)
    }
    if count == 0 { reachedEOF = true } else { end += count }
    skipByteOrderMark()
    decideLineBreak()
  }

  /// Drops a UTF-8 byte order mark at the very start of the file (editors on other systems write one).
  private func skipByteOrderMark() {
    guard !checkedByteOrderMark, end - start >= 3 || reachedEOF else { return }
    checkedByteOrderMark = true
    let base = storage.baseAddress!.assumingMemoryBound(to: UInt8.self)
    if end - start >= 3 && base[start] == 0xEF && base[start + 1] == 0xBB && base[start + 2] == 0xBF { start += 3 }
  }
}
