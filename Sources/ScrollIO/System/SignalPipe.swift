import Glibc

/// The self-pipe trick: turns signals into bytes on a descriptor that a `poll` loop can wait on.
/// The handler only calls `write(2)`, which is async-signal-safe.
public enum SignalPipe {
  nonisolated(unsafe) private static var writeEnd: Int32 = -1
  nonisolated(unsafe) private static var readEnd: Int32 = -1

  /// Installs handlers for `signals` and returns the descriptor that becomes readable when one
  /// arrives; each byte read is a signal number. Call once.
  public static func install(_ signals: [Int32]) -> FileDescriptor {
    if readEnd < 0 {
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else { preconditionFailure("pipe failed: \(Errno.current)") }
      for end in ends {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        _ = fcntl(end, F_SETFL, O_NONBLOCK)
      }
      readEnd = ends[0]
      writeEnd = ends[1]
    }
    for number in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = Glibc.write(SignalPipe.writeEnd, &byte, 1)
      }
      action.sa_flags = SA_RESTART
      sigemptyset(&action.sa_mask)
      sigaction(number, &action, nil)
    }
    return FileDescriptor(rawValue: readEnd)
  }

  /// Reads the pending signal numbers from the pipe (non-blocking).
  public static func drain() -> [Int32] {
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = buffer.withUnsafeMutableBytes { bytes in
      (try? FileDescriptor(rawValue: readEnd).read(into: bytes)) ?? 0
    }
    return buffer.prefix(count).map { Int32($0) }
  }
}
