import Glibc
import Synchronization

/// Turns signals into something a loop can wait on or check: the self-pipe trick (a byte per
/// signal on a descriptor that `poll` watches) plus an atomic set of pending signals for loops that
/// never sleep (replay). The handler only calls `write(2)` and an atomic OR, both async-signal-safe.
public enum SignalPipe {
  nonisolated(unsafe) private static var writeEnd: Int32 = -1
  nonisolated(unsafe) private static var readEnd: Int32 = -1
  private static let pending = Atomic<UInt64>(0)
  /// Every signal that ever arrived (never cleared), for ``terminationRequested``.
  private static let arrived = Atomic<UInt64>(0)

  /// Installs handlers for `signals` and returns the descriptor that becomes readable when one
  /// arrives. Safe to call more than once.
  /// - Throws: ``Errno`` from `pipe(2)` (e.g. `EMFILE`).
  public static func install(_ signals: [Int32]) throws(Errno) -> FileDescriptor {
    if readEnd < 0 {
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else { throw Errno.current }
      for end in ends {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        _ = fcntl(end, F_SETFL, O_NONBLOCK)
      }
      readEnd = ends[0]
      writeEnd = ends[1]
    }
    // A parent may have blocked these signals (the mask is inherited across exec): unblock them.
    var mask = sigset_t()
    sigemptyset(&mask)
    for number in signals { sigaddset(&mask, number) }
    pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    for number in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        SignalPipe.pending.bitwiseOr(UInt64(1) << UInt64(signal & 63), ordering: .relaxed)
        SignalPipe.arrived.bitwiseOr(UInt64(1) << UInt64(signal & 63), ordering: .relaxed)
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = Glibc.write(SignalPipe.writeEnd, &byte, 1)
      }
      // No SA_RESTART: a read blocked on a pipe returns EINTR, so a replay of standard input can stop.
      action.sa_flags = 0
      // The other signals wait while a handler runs. Else signals pending at the same moment get
      // nested frames and their handlers run in reverse (SIGUSR2 before SIGUSR1); this way they run
      // in number order, and signals that arrive apart keep their order in the pipe.
      action.sa_mask = mask
      sigaction(number, &action, nil)
    }
    return FileDescriptor(rawValue: readEnd)
  }

  /// Empties the pipe and returns the signals that arrived since the last call, in the order
  /// they arrived (`SIGUSR2` then `SIGUSR1`: the print shows the reset; a repeat in a row counts
  /// once; signals pending at the same moment come in number order, `SIGUSR1` before `SIGUSR2`,
  /// as the kernel delivers them). `SIGINT` and `SIGTERM` come last, so a `SIGUSR1` or `SIGUSR2`
  /// that came with an interrupt (or while a read waited) is handled before the program stops.
  public static func takePending() -> [Int32] {
    var arrived: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      // Glibc's read, not FileDescriptor's, which gives up at once while SIGINT/SIGTERM is pending.
      let count = buffer.withUnsafeMutableBytes { Glibc.read(readEnd, $0.baseAddress, $0.count) }
      for byte in buffer.prefix(max(count, 0)) where arrived.last != Int32(byte) { arrived.append(Int32(byte)) }
      if count < buffer.count { break }
    }
    // The bits decide which signals are pending: a byte whose bit an earlier call took is stale,
    // and a signal whose byte did not fit in a full pipe is still counted.
    let bits = pending.exchange(0, ordering: .relaxed)
    let isPending = { (signal: Int32) in bits & (UInt64(1) << UInt64(signal & 63)) != 0 }
    let signals = arrived.filter(isPending) + (1..<64).map(Int32.init).filter { isPending($0) && !arrived.contains($0) }
    let ends: [Int32] = [SIGINT, SIGTERM]
    var result = signals.filter { !ends.contains($0) }
    for end in ends where signals.contains(end) { result.append(end) }
    return result
  }

  /// Whether a signal arrived since the last ``takePending()`` (one atomic load, cheap enough to
  /// check after every event).
  public static var hasPending: Bool { pending.load(ordering: .relaxed) != 0 }

  /// Whether `SIGINT` or `SIGTERM` ever arrived, also after ``takePending()`` took it: the program
  /// is stopping, so output that would block is dropped instead of waited for (``LineWriter``).
  public static var terminationRequested: Bool {
    arrived.load(ordering: .relaxed) & (UInt64(1) << UInt64(SIGINT) | UInt64(1) << UInt64(SIGTERM)) != 0
  }

  /// Whether `SIGINT` or `SIGTERM` is pending: blocking reads, opens and writes then give up with
  /// `EINTR` (see ``FileDescriptor``) so the program can stop; `SIGUSR1`/`SIGUSR2` do not interrupt them.
  public static var terminationPending: Bool {
    pending.load(ordering: .relaxed) & (UInt64(1) << UInt64(SIGINT) | UInt64(1) << UInt64(SIGTERM)) != 0
  }
}
