import Glibc

/// A raw file descriptor. The only file that calls `open`, `read`, `write`, `close` and `poll`;
/// every call retries on `EINTR` and reports failure as ``Errno``.
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

  /// Opens `path` with `flags` (`O_RDONLY`, `O_NONBLOCK`, …); always adds `O_CLOEXEC`.
  /// - Throws: ``Errno`` from `open(2)`, e.g. `ENOENT`, `EACCES`; `EINTR` only when SIGINT or SIGTERM
  ///   is pending (``SignalPipe/terminationPending``: an open blocked on a FIFO with no writer gives way).
  public static func open(_ path: String, _ flags: Int32) throws(Errno) -> FileDescriptor {
    while true {
      let fd = Glibc.open(path, flags | O_CLOEXEC)
      if fd >= 0 { return FileDescriptor(rawValue: fd) }
      let error = Errno.current
      if error != .interrupted || SignalPipe.terminationPending { throw error }
    }
  }

  /// Reads up to `buffer.count` bytes; 0 means end of file.
  /// - Throws: ``Errno`` from `read(2)` (`EAGAIN` on an empty non-blocking descriptor). While
  ///   SIGINT or SIGTERM is pending (``SignalPipe/terminationPending``) it throws `EINTR` instead of
  ///   reading, and a read interrupted then is not retried, so endless or blocked input lets the
  ///   program stop; other interruptions are retried.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    while true {
      if SignalPipe.terminationPending { throw .interrupted }
      let count = Glibc.read(rawValue, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      let error = Errno.current
      if error != .interrupted { throw error }
    }
  }

  /// Writes all of `bytes`, looping over partial writes, so a line is never torn by this process.
  /// - Throws: ``Errno`` from `write(2)`, e.g. `EPIPE` when the reader of a pipe has gone; `EINTR`
  ///   when a write blocked on a full pipe is interrupted by SIGINT or SIGTERM before any byte went
  ///   out (once part of the bytes is written, the rest is written too).
  public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
    var offset = 0
    while offset < bytes.count {
      let count = Glibc.write(rawValue, bytes.baseAddress! + offset, bytes.count - offset)
      if count >= 0 {
        offset += count
        continue
      }
      let error = Errno.current
      if error != .interrupted || (offset == 0 && SignalPipe.terminationPending) { throw error }
    }
  }

  /// Writes all of `string`'s UTF-8 bytes (see ``writeAll(_:)-(UnsafeRawBufferPointer)``).
  public func writeAll(_ string: String) throws(Errno) {
    var string = string
    let result: Result<Void, Errno> = string.withUTF8 { bytes in
      Result { () throws(Errno) in try writeAll(UnsafeRawBufferPointer(bytes)) }
    }
    try result.get()
  }

  /// Closes the descriptor; errors from `close(2)` are ignored (the descriptor is gone either way).
  public func close() {
    _ = Glibc.close(rawValue)
  }

  /// Whether a write would not block now (`poll` for `POLLOUT` with no wait): false for a pipe
  /// whose reader stopped reading and whose buffer is full.
  public var isWritableNow: Bool {
    var entry = pollfd(fd: rawValue, events: Int16(POLLOUT), revents: 0)
    return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLOUT) != 0
  }

  /// Whether the descriptor refers to a terminal.
  public var isTerminal: Bool { isatty(rawValue) == 1 }
}
