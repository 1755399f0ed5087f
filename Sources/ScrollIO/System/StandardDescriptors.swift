/// The process's standard descriptors, and its exit.
public enum StandardDescriptors {
  /// Opens `/dev/null` on any of descriptors 0, 1 and 2 that the caller closed (`scrolldir >&-`),
  /// so that no file opened later takes their place and receives records or messages.
  /// - Returns: the descriptors that were closed.
  public static func reopenClosed() -> [FileDescriptor] {
    let closed = [FileDescriptor.standardInput, .standardOutput, .standardError].filter { !$0.isOpen }
    for descriptor in closed {
      // open(2) returns the lowest free descriptor: the closed one, in this order.
      _ = try? FileDescriptor.open("/dev/null", descriptor == .standardInput ? .readOnly : .writeOnly)
    }
    return closed
  }

  /// Ends the process with `status` (`exit(3)`).
  public static func exit(_ status: Int32) -> Never {
    Syscalls.exit(status)
  }
}
