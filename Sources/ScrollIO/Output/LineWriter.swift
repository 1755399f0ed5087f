/// Writes output lines to a descriptor, each with one `write(2)` call sequence and no buffering,
/// so every line reaches a pipe or file as soon as it is made, whole.
public struct LineWriter: Sendable {
  /// Why writing stopped.
  public enum Failure: Error, Sendable, Hashable {
    /// The reader of the pipe has gone (`EPIPE`): nobody is listening; stop quietly.
    case closed
    /// SIGINT or SIGTERM arrived while the write was blocked (a reader that stopped reading);
    /// nothing of the line was written.
    case interrupted
    /// Any other write error.
    case failed(Errno)
  }

  private let descriptor: FileDescriptor

  public init(descriptor: FileDescriptor = .standardOutput) {
    self.descriptor = descriptor
  }

  /// Writes `line` and a newline. Once `SIGINT` or `SIGTERM` has arrived
  /// (``SignalPipe/terminationRequested``), a line that would have to wait for the reader is not
  /// written: the program is stopping, and a reader that stopped reading must not keep it alive.
  /// - Throws: ``Failure/closed`` on `EPIPE` (requires `SIGPIPE` to be ignored),
  ///   ``Failure/interrupted`` for a line not written because of `SIGINT`/`SIGTERM`, else ``Failure/failed(_:)``.
  public func write(_ line: String) throws(Failure) {
    if SignalPipe.terminationRequested && !descriptor.isWritableNow { throw .interrupted }
    do {
      try descriptor.writeAll(line + "\n")
    } catch {
      switch error {
      case .brokenPipe: throw .closed
      case .interrupted: throw .interrupted
      default: throw .failed(error)
      }
    }
  }
}
