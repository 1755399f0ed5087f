/// When blocking I/O gives way to a request to stop (SIGINT, SIGTERM), instead of waiting on: a
/// value the caller hands to readers and writers (the command line hands them the ones built on
/// ``SignalPipe``), so that no I/O type consults a global.
///
/// A call made through an interruption retries every `EINTR` while ``isRequested`` is false, and
/// throws ``Errno/interrupted`` once it is true, so endless or blocked input and output let the
/// program stop; signals that ask nothing (SIGUSR1) never cut a call short.
public struct Interruption: Sendable {
  /// Whether the program is being asked to stop.
  public let isRequested: @Sendable () -> Bool

  public init(isRequested: @escaping @Sendable () -> Bool) {
    self.isRequested = isRequested
  }

  /// Never gives way: every interrupted call is retried.
  public static let never = Interruption { false }

  /// Reads up to `buffer.count` bytes from `descriptor`; 0 means end of file.
  /// - Throws: ``Errno/interrupted`` without reading while a stop is requested, or when a signal
  ///   interrupts the wait and a stop is then requested; any other ``Errno`` of `read(2)`.
  public func read(_ descriptor: FileDescriptor, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    while true {
      if isRequested() { throw .interrupted }
      do {
        return try descriptor.read(into: buffer, retryOnInterrupt: false)
      } catch {
        if error != .interrupted { throw error }
      }
    }
  }

  /// Opens `path`; an open that waits (a FIFO with no writer) gives way when a signal interrupts
  /// it and a stop is requested, and none starts while one is.
  /// - Throws: ``Errno`` of `open(2)`, or ``Errno/interrupted`` as above.
  public func open(_ path: String, _ flags: FileDescriptor.OpenFlags) throws(Errno) -> FileDescriptor {
    while true {
      if isRequested() { throw .interrupted }
      do {
        return try FileDescriptor.open(path, flags, retryOnInterrupt: false)
      } catch {
        if error != .interrupted || isRequested() { throw error }
      }
    }
  }

  /// Writes all of `bytes` to `descriptor`; a write blocked before its first byte gives way when a
  /// signal interrupts it and a stop is requested (once a byte is out, the rest is written too).
  /// - Throws: ``Errno`` of `write(2)`, or ``Errno/interrupted`` as above.
  public func writeAll(_ descriptor: FileDescriptor, _ bytes: UnsafeRawBufferPointer) throws(Errno) {
    while true {
      do {
        return try descriptor.writeAll(bytes, retryOnInterrupt: false)
      } catch {
        if error != .interrupted || isRequested() { throw error }
      }
    }
  }
}
