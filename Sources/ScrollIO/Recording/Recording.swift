import Glibc
import ScrollCore

/// A recording opened for replay: `evemu-record` text or `libinput record` YAML, told apart by
/// content, read as a stream of events in time order.
///
/// ```swift
/// let recording = try Recording.open("mouse.evemu")
/// while let recorded = try recording.next() {
///   print(recording.devices[recorded.device].label, recorded.event)
/// }
/// ```
public final class Recording {
  /// The name used in messages: the path, or `<stdin>` for `-`.
  public let fileName: String
  private let reader: any RecordingReader
  /// The unlinked temporary copy of standard input, if one was made; closed with the recording.
  private let spool: FileDescriptor?

  private init(fileName: String, reader: any RecordingReader, spool: FileDescriptor? = nil) {
    self.fileName = fileName
    self.reader = reader
    self.spool = spool
  }

  deinit { spool?.close() }

  /// The recording's devices; a description-less device's capabilities grow as events are read.
  public var devices: [RecordedDevice] { reader.devices }

  /// The next event in time order, or `nil` at the end.
  /// - Throws: ``RecordingError`` with the file and line of a malformed entry, or a read error.
  public func next() throws(RecordingError) -> RecordedEvent? {
    try reader.next()
  }

  /// Opens `path` (or standard input for `-`) and reads its header.
  ///
  /// Evemu text streams, also from standard input, so `evemu-record … | scrolldir replay -` works
  /// live. YAML that does not come from a regular file (standard input, a pipe, a FIFO) is first
  /// copied to an unlinked temporary file in `$TMPDIR`, because merging several devices by time
  /// reads the file once per device; its records appear after its end.
  /// - Throws: ``RecordingError/notFound(file:errno:)``, ``RecordingError/permissionDenied(file:)``,
  ///   ``RecordingError/io(file:errno:)`` or ``RecordingError/malformed(file:line:message:)``.
  public static func open(_ path: String) throws(RecordingError) -> Recording {
    let isStdin = path == "-"
    let fileName = isStdin ? "<stdin>" : path
    let fallbackName = isStdin ? "stdin" : String(path.split(separator: "/").last ?? Substring(path))
    let descriptor = isStdin ? try standardInput() : try openFile(path)
    let lines = LineReader(descriptor: descriptor, fileName: fileName, owned: !isStdin)
    var status = stat()
    let regularFile = !isStdin && fstat(descriptor.rawValue, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    guard let first = try lines.peekFirstContentLine() else {
      throw .malformed(
        file: fileName, line: 1, message: "empty recording: expected evemu lines (N:, E:, …) or a libinput record (YAML)")
    }
    if isEvemuLine(first) {
      return Recording(fileName: fileName, reader: try EvemuReader(lines: lines, fallbackName: fallbackName))
    }
    guard isText(first) else {
      throw .malformed(
        file: fileName, line: lines.firstContentLineNumber,
        message: "binary data: expected evemu text or a libinput record (for raw input_event streams use 'replay --raw')")
    }
    guard couldStartLibinputRecord(first) else {
      throw .malformed(
        file: fileName, line: lines.firstContentLineNumber,
        message: "expected evemu lines (N:, I:, B:, A:, E: …) or a libinput record (YAML starting 'version:' or 'devices:')")
    }
    let reopenPath: String
    var spool: FileDescriptor?
    if !regularFile {
      let copy = try spoolToTemporaryFile(lines)
      spool = copy
      reopenPath = "/proc/self/fd/\(copy.rawValue)"
    } else {
      lines.closeDescriptor()
      reopenPath = path
    }
    let open = { () throws(RecordingError) -> YAMLEventStream in
      try YAMLEventStream(descriptor: try openFile(reopenPath, displayName: fileName), fileName: fileName)
    }
    do {
      return Recording(
        fileName: fileName, reader: try LibinputRecordReader(open: open, fallbackName: fallbackName), spool: spool)
    } catch {
      spool?.close()
      throw error
    }
  }

  /// Opens a raw `struct input_event` stream (`-` for standard input), as ``open(_:)`` opens a recording.
  /// - Parameter description: the device's description; without one the capabilities are inferred
  ///   from the events and the device is labelled with the file name.
  /// - Throws: ``RecordingError/notFound(file:errno:)`` or ``RecordingError/permissionDenied(file:)``.
  public static func openRaw(_ path: String, description: DeviceDescription?) throws(RecordingError) -> Recording {
    let isStdin = path == "-"
    let fileName = isStdin ? "<stdin>" : path
    let fallbackName = isStdin ? "stdin" : String(path.split(separator: "/").last ?? Substring(path))
    let descriptor = isStdin ? try standardInput() : try openFile(path)
    let described = description ?? DeviceDescription(name: fallbackName, origin: .inferred)
    let reader = RawEventReader(descriptor: descriptor, fileName: fileName, owned: !isStdin, description: described)
    return Recording(fileName: fileName, reader: reader)
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
  /// directive or `---`. Told before any of it is copied from a pipe, so other text (a log, a
  /// `key: value` file) is refused at once instead of after the end of its input.
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

  /// Standard input, refused as a file would be when it is a directory (`replay - < /tmp`).
  private static func standardInput() throws(RecordingError) -> FileDescriptor {
    var status = stat()
    if fstat(FileDescriptor.standardInput.rawValue, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      throw .notFound(file: "<stdin>", errno: .isDirectory)
    }
    return .standardInput
  }

  private static func openFile(_ path: String, displayName: String? = nil) throws(RecordingError) -> FileDescriptor {
    let name = displayName ?? path
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(path, O_RDONLY)
    } catch {
      switch error {
      case _ where error.isPermission: throw .permissionDenied(file: name)
      case .noSuchFile, .notADirectory, .isDirectory: throw .notFound(file: name, errno: error)
      default: throw .io(file: name, errno: error)
      }
    }
    var status = stat()
    if fstat(descriptor.rawValue, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      descriptor.close()
      throw .notFound(file: name, errno: .isDirectory)
    }
    return descriptor
  }

  /// The most YAML copied from a pipe: far more than any recording (an hour of a touchpad is about
  /// 100 MB), and a bound on what endless input (`/dev/urandom`, `yes`) can put on the disk.
  static let maximumSpooledBytes = 1 << 30

  /// Copies what `lines` buffered plus the rest of its descriptor into an unlinked temporary file.
  private static func spoolToTemporaryFile(_ lines: LineReader) throws(RecordingError) -> FileDescriptor {
    let configured = getenv("TMPDIR").map { String(cString: $0) } ?? ""
    let directory = configured.isEmpty ? "/tmp" : configured
    var template = Array((directory + "/scrolldir-stdin-XXXXXX").utf8CString)
    let raw = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard raw >= 0 else { throw .temporaryFile(directory: directory, errno: .current) }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    let spool = FileDescriptor(rawValue: raw)
    do {
      try lines.copyRest(to: spool, directory: directory, limit: maximumSpooledBytes)
    } catch {
      spool.close()
      throw error
    }
    return spool
  }
}
