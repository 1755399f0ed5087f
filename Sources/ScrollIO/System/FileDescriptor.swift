/// A raw file descriptor and the calls on it (through ``Syscalls``), each reporting failure as
/// ``Errno``. Blocking calls take `retryOnInterrupt` (as in swift-system): `true` retries a call a
/// signal interrupted (`EINTR`), `false` throws ``Errno/interrupted`` so the caller can decide; see
/// ``Interruption`` for giving way to SIGINT/SIGTERM/SIGHUP.
public struct FileDescriptor: RawRepresentable, Sendable, Hashable {
  /// The descriptor number.
  public var rawValue: Int32
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// Descriptor 0.
  public static let standardInput = FileDescriptor(rawValue: 0)
  /// Descriptor 1.
  public static let standardOutput = FileDescriptor(rawValue: 1)
  /// Descriptor 2.
  public static let standardError = FileDescriptor(rawValue: 2)

  /// How ``open(_:_:retryOnInterrupt:)`` opens a file (`O_CLOEXEC` is always added).
  public struct OpenFlags: OptionSet, Sendable, Hashable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// `O_RDONLY` (the value 0: the empty set reads too).
    public static let readOnly = OpenFlags(rawValue: Syscalls.openReadOnly)
    /// `O_WRONLY`.
    public static let writeOnly = OpenFlags(rawValue: Syscalls.openWriteOnly)
    /// `O_NONBLOCK`: reads return `EAGAIN` instead of waiting.
    public static let nonBlocking = OpenFlags(rawValue: Syscalls.openNonBlocking)
  }

  /// What kind of file a descriptor or path refers to (`fstat(2)`, `stat(2)`).
  public enum Kind: Sendable, Hashable {
    case regularFile
    case directory
    /// A character device: evdev event nodes are (major 13), and so are terminals.
    case characterDevice
    /// A pipe, FIFO, socket, block device, or link target of another kind.
    case other

    init(fileType: UInt32) {
      switch fileType {
      case Syscalls.regularFileType: self = .regularFile
      case Syscalls.directoryType: self = .directory
      case Syscalls.characterDeviceType: self = .characterDevice
      default: self = .other
      }
    }

    /// The kind of file at `path`, following symbolic links.
    /// - Throws: ``Errno`` from `stat(2)`, e.g. ``Errno/noSuchFile``.
    public init(path: String) throws(Errno) {
      self.init(fileType: try Syscalls.fileType(path: path).get())
    }
  }

  /// Opens `path` (`open(2)`).
  /// - Throws: ``Errno``, e.g. `ENOENT`, `EACCES`; ``Errno/interrupted`` when a signal interrupts
  ///   an open that waits (a FIFO with no writer) and `retryOnInterrupt` is false.
  public static func open(_ path: String, _ flags: OpenFlags, retryOnInterrupt: Bool = true) throws(Errno)
    -> FileDescriptor
  {
    FileDescriptor(rawValue: try Syscalls.open(path, flags.rawValue, retryOnInterrupt: retryOnInterrupt).get())
  }

  /// A new pipe, both ends non-blocking and close-on-exec (`pipe2(2)`).
  /// - Throws: ``Errno``, e.g. `EMFILE` when the process has no descriptor left.
  public static func pipe() throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
    let (read, write) = try Syscalls.pipe().get()
    return (FileDescriptor(rawValue: read), FileDescriptor(rawValue: write))
  }

  /// A new file in `directory` that no path reaches (created, then unlinked): it goes away with
  /// its last descriptor.
  /// - Throws: ``Errno`` from `mkstemp(3)`, e.g. `ENOENT` or `EACCES` for the directory.
  public static func unlinkedTemporaryFile(in directory: String, prefix: String) throws(Errno) -> FileDescriptor {
    FileDescriptor(rawValue: try Syscalls.unlinkedTemporaryFile(in: directory, prefix: prefix).get())
  }

  /// Reads up to `buffer.count` bytes (`read(2)`); 0 means end of file.
  /// - Throws: ``Errno``: ``Errno/wouldBlock`` on an empty non-blocking descriptor,
  ///   ``Errno/interrupted`` when a signal interrupts the wait and `retryOnInterrupt` is false.
  public func read(into buffer: UnsafeMutableRawBufferPointer, retryOnInterrupt: Bool = true) throws(Errno) -> Int {
    try Syscalls.read(rawValue, into: buffer, retryOnInterrupt: retryOnInterrupt).get()
  }

  /// Writes all of `bytes`, looping over partial writes, so a line is never torn by this process;
  /// on a descriptor in non-blocking mode it waits in `poll` whenever the other end is full.
  /// - Throws: ``Errno``, e.g. ``Errno/brokenPipe`` when the reader of a pipe has gone;
  ///   ``Errno/interrupted`` when a signal interrupts a write blocked before any byte went out
  ///   and `retryOnInterrupt` is false (once part of the bytes is written, the rest is written too).
  public func writeAll(_ bytes: UnsafeRawBufferPointer, retryOnInterrupt: Bool = true) throws(Errno) {
    var offset = 0
    while offset < bytes.count {
      let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
      let retry = retryOnInterrupt || offset > 0
      switch Syscalls.write(rawValue, rest, retryOnInterrupt: retry) {
      case .success(let count): offset += count
      // Non-blocking mode, set by another holder of the same open file (a shell's pipe, a
      // program that spawned this one): wait until it takes more, as a blocking write would.
      case .failure(.wouldBlock): try waitUntilWritable(retryOnInterrupt: retry)
      case .failure(let error): throw error
      }
    }
  }

  /// Waits in `poll` until a write would not block; `EINTR` ends the wait unless
  /// `retryOnInterrupt`.
  private func waitUntilWritable(retryOnInterrupt: Bool) throws(Errno) {
    while true {
      var poll = PollSet()
      _ = poll.add(self, waitingFor: .output)
      do {
        _ = try poll.wait(timeoutMilliseconds: -1)
        return
      } catch {
        if error != .interrupted || !retryOnInterrupt { throw error }
      }
    }
  }

  /// Writes all of `string`'s UTF-8 bytes (see ``writeAll(_:retryOnInterrupt:)-(UnsafeRawBufferPointer,_)``).
  public func writeAll(_ string: String, retryOnInterrupt: Bool = true) throws(Errno) {
    var string = string
    let result: Result<Void, Errno> = string.withUTF8 { bytes in
      Result { () throws(Errno) in try writeAll(UnsafeRawBufferPointer(bytes), retryOnInterrupt: retryOnInterrupt) }
    }
    try result.get()
  }

  /// Moves the file position to `offset` bytes from the start (`lseek(2)`).
  /// - Throws: ``Errno``, e.g. `ESPIPE` for a pipe.
  public func seek(to offset: Int64) throws(Errno) {
    try Syscalls.seek(rawValue, to: offset).get()
  }

  /// Closes the descriptor; errors from `close(2)` are ignored (the descriptor is gone either way).
  public func close() {
    Syscalls.close(rawValue)
  }

  /// Whether a write would not block now (`poll` for `POLLOUT` with no wait): false for a pipe
  /// whose reader stopped reading and whose buffer is full.
  public var isWritableNow: Bool {
    var poll = PollSet()
    let slot = poll.add(self, waitingFor: .output)
    return (try? poll.wait(timeoutMilliseconds: 0)) == true && poll.returned(slot).contains(.output)
  }

  /// Whether the descriptor is open (`scrolldir >&-` closes descriptor 1).
  public var isOpen: Bool { Syscalls.isOpen(rawValue) }

  /// Whether the descriptor refers to a terminal.
  public var isTerminal: Bool { Syscalls.isTerminal(rawValue) }

  /// The kind of file it refers to.
  /// - Throws: ``Errno`` from `fstat(2)`, e.g. ``Errno/badDescriptor`` for a closed descriptor.
  public func kind() throws(Errno) -> Kind {
    Kind(fileType: try Syscalls.fileType(rawValue).get())
  }
}
