import ScrollCore

/// A recording opened for replay: `evemu-record` text or `libinput record` YAML, told apart by
/// content (``RecordingFormat``), read as a stream of events in time order.
///
/// ```swift
/// let recording = try Recording.open("mouse.evemu")
/// while let recorded = try recording.next() {
///   print(recording.devices[recorded.device].label, recorded.event)
/// }
/// ```
/// ``RecordingPlayer`` plays one through the device pipelines.
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
  /// The format is told by content (``RecordingStart``): evemu text, evtest output or a libinput
  /// record, also as pasted into mail, a bug tracker or Markdown (quoted, fenced, with prompts and
  /// words around it, with `...` where lines were left out; ``PastedLine``), unless `format` names it.
  /// Evemu and evtest text stream, also from standard input, so `evemu-record … | scrolldir replay
  /// -` works live. YAML that does not come from a regular file (standard input, a pipe, a FIFO)
  /// is first copied to an unlinked temporary file in `$TMPDIR`, because merging several devices
  /// by time reads the file once per device; its records appear after its end.
  /// - Parameters:
  ///   - format: the format, instead of telling it by content; not ``RecordingFormat/raw`` (see
  ///     ``openRaw(_:description:interruption:)``).
  ///   - interruption: when opens and reads that wait for input give way (a FIFO with no writer,
  ///     a pipe with nothing in it): they throw ``RecordingError/io(file:errno:)`` with
  ///     ``Errno/interrupted``.
  /// - Throws: ``RecordingError/notFound(file:errno:)``, ``RecordingError/permissionDenied(file:)``,
  ///   ``RecordingError/cannotOpen(file:errno:)``, ``RecordingError/resources(file:errno:)``,
  ///   ``RecordingError/io(file:errno:)`` or ``RecordingError/malformed(file:line:message:)``.
  public static func open(
    _ path: String, format: RecordingFormat? = nil, interruption: Interruption = .never
  ) throws(RecordingError) -> Recording {
    try open(
      path, format: format, interruption: interruption, bufferedEventLimit: LibinputRecordReader.bufferedEventLimit)
  }

  /// ``open(_:format:interruption:)`` keeping at most `bufferedEventLimit` events of a
  /// multi-device libinput record from its first pass (tests read the other devices' passes).
  static func open(
    _ path: String, format: RecordingFormat?, interruption: Interruption, bufferedEventLimit: Int
  ) throws(RecordingError) -> Recording {
    let name = RecordingName(path)
    let descriptor = name.isStandardInput ? try standardInput() : try openFile(path, interruption)
    let lines = LineReader(
      descriptor: descriptor, fileName: name.fileName, owned: !name.isStandardInput, interruption: interruption)
    let regularFile = !name.isStandardInput && (try? descriptor.kind()) == .regularFile
    let start = try RecordingStart.find(in: lines, fileName: name.fileName, format: format)
    let text = PastedText(lines, start: start)
    switch start.format {
    case .evemu:
      let reader = try TextRecordingReader(EvemuLines(), text: text, fallbackName: name.fallbackLabel)
      return Recording(fileName: name.fileName, reader: reader)
    case .evtest:
      let reader = try TextRecordingReader(EvtestLines(), text: text, fallbackName: name.fallbackLabel)
      return Recording(fileName: name.fileName, reader: reader)
    case .libinputRecord, .raw:
      return try openLibinputRecord(
        name, lines, start: start, regularFile: regularFile, interruption, bufferedEventLimit: bufferedEventLimit)
    }
  }

  /// What the reader passed over (a paste's words, elisions, cut-off lines), for stderr.
  public var notes: [String] { reader.notes }

  /// The line where the last frame, still without its `SYN_REPORT`, began (evemu and evtest text).
  public var openFrameLine: Int? { reader.openFrameLine }

  /// Opens a raw `struct input_event` stream (`-` for standard input), as ``open(_:interruption:)``
  /// opens a recording.
  /// - Parameter description: the device's description; without one the capabilities are inferred
  ///   from the events and the device is labelled with the file name.
  /// - Throws: ``RecordingError/notFound(file:errno:)`` or ``RecordingError/permissionDenied(file:)``.
  public static func openRaw(
    _ path: String, description: DeviceDescription?, interruption: Interruption = .never
  ) throws(RecordingError) -> Recording {
    let name = RecordingName(path)
    let descriptor = name.isStandardInput ? try standardInput() : try openFile(path, interruption)
    let described = description ?? DeviceDescription(name: name.fallbackLabel, origin: .inferred)
    let reader = RawEventReader(
      descriptor: descriptor, fileName: name.fileName, owned: !name.isStandardInput, interruption: interruption,
      description: described)
    return Recording(fileName: name.fileName, reader: reader)
  }

  /// A libinput record starting at `start`, from `lines` that have only been looked at; read again
  /// from the start by libyaml (the file itself, or its copy when it is not a regular file),
  /// through ``PastedYAML``.
  private static func openLibinputRecord(
    _ name: RecordingName, _ lines: LineReader, start: RecordingStart, regularFile: Bool,
    _ interruption: Interruption, bufferedEventLimit: Int
  ) throws(RecordingError) -> Recording {
    let reopenPath: String
    var spool: FileDescriptor?
    if !regularFile {
      let copy = try spoolToTemporaryFile(lines)
      spool = copy
      reopenPath = "/proc/self/fd/\(copy.rawValue)"
    } else {
      lines.closeDescriptor()
      reopenPath = name.path
    }
    let open = { (window: PastedYAML.Window?) throws(RecordingError) -> YAMLEventStream in
      let descriptor = try openFile(reopenPath, interruption, displayName: name.fileName)
      if let window {
        do throws(Errno) {
          try descriptor.seek(to: window.offset)
        } catch {
          descriptor.close()
          throw RecordingError.io(file: name.fileName, errno: error)
        }
      }
      let lines = LineReader(
        descriptor: descriptor, fileName: name.fileName, owned: true, interruption: interruption,
        position: window.map { ($0.line, $0.offset) } ?? (1, 0))
      return YAMLEventStream(text: PastedYAML(lines: lines, start: start, window: window))
    }
    do {
      let reader = try LibinputRecordReader(
        open: open, fallbackName: name.fallbackLabel, bufferedEventLimit: bufferedEventLimit)
      return Recording(fileName: name.fileName, reader: reader, spool: spool)
    } catch {
      spool?.close()
      throw error
    }
  }

  /// Standard input, refused as a file would be when it is a directory (`replay - < /tmp`).
  private static func standardInput() throws(RecordingError) -> FileDescriptor {
    if (try? FileDescriptor.standardInput.kind()) == .directory {
      throw .notFound(file: "<stdin>", errno: .isDirectory)
    }
    return .standardInput
  }

  private static func openFile(
    _ path: String, _ interruption: Interruption, displayName: String? = nil
  ) throws(RecordingError) -> FileDescriptor {
    let name = displayName ?? path
    let descriptor: FileDescriptor
    do {
      descriptor = try interruption.open(path, .readOnly)
    } catch {
      switch error {
      case _ where error.isPermission: throw .permissionDenied(file: name)
      case _ where error.isResourceShortage: throw .resources(file: name, errno: error)
      case .noSuchFile, .notADirectory, .isDirectory: throw .notFound(file: name, errno: error)
      case .interrupted: throw .io(file: name, errno: error)
      default: throw .cannotOpen(file: name, errno: error)
      }
    }
    if (try? descriptor.kind()) == .directory {
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
    let configured = Environment.value("TMPDIR") ?? ""
    let directory = configured.isEmpty ? "/tmp" : configured
    let spool: FileDescriptor
    do {
      spool = try FileDescriptor.unlinkedTemporaryFile(in: directory, prefix: "scrolldir-stdin-")
    } catch {
      throw .temporaryFile(file: lines.fileName, directory: directory, errno: error)
    }
    do {
      try lines.copyRest(to: spool, directory: directory, limit: maximumSpooledBytes)
    } catch {
      spool.close()
      throw error
    }
    return spool
  }
}
