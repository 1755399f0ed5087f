/// Writes output lines to a descriptor, each with one `write(2)` call sequence and no buffering,
/// so every line reaches a pipe or file as soon as it is made, whole.
public struct LineWriter: Sendable {
  /// Why writing stopped.
  public enum Failure: Error, Sendable, Hashable {
    /// The reader of the pipe has gone (`EPIPE`): nobody is listening; stop quietly.
    case closed
    /// The program is stopping (per the writer's ``Interruption``) and the line would have had to
    /// wait for the reader, or a write blocked on the reader was interrupted: nothing of the line
    /// was written.
    case interrupted
    /// Any other write error.
    case failed(Errno)
  }

  private let descriptor: FileDescriptor
  private let interruption: Interruption

  /// - Parameters:
  ///   - descriptor: where lines go.
  ///   - interruption: when the program is stopping, so that a line that would wait for a reader
  ///     that stopped reading is dropped instead (the command line passes
  ///     ``Interruption/terminationRequested``).
  public init(descriptor: FileDescriptor = .standardOutput, interruption: Interruption = .never) {
    self.descriptor = descriptor
    self.interruption = interruption
  }

  /// Writes `line` and a newline.
  /// - Throws: ``Failure/closed`` on `EPIPE` (requires `SIGPIPE` to be ignored),
  ///   ``Failure/interrupted`` for a line not written because the program is stopping, else ``Failure/failed(_:)``.
  public func write(_ line: String) throws(Failure) {
    if interruption.isRequested() && !descriptor.isWritableNow { throw .interrupted }
    var text = line + "\n"
    let result: Result<Void, Errno> = text.withUTF8 { bytes in
      Result { () throws(Errno) in try interruption.writeAll(descriptor, UnsafeRawBufferPointer(bytes)) }
    }
    switch result {
    case .success: return
    case .failure(.brokenPipe): throw .closed
    case .failure(.interrupted): throw .interrupted
    case .failure(let error): throw .failed(error)
    }
  }
}
