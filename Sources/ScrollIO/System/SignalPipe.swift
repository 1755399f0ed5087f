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
  public static func install(_ signals: [Signal]) throws(Errno) -> FileDescriptor {
    if readEnd < 0 {
      let ends = try FileDescriptor.pipe()
      readEnd = ends.read.rawValue
      writeEnd = ends.write.rawValue
    }
    // A parent may have blocked these signals (the mask is inherited across exec): unblock them.
    var mask = sigset_t()
    sigemptyset(&mask)
    for signal in signals { sigaddset(&mask, signal.rawValue) }
    pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        SignalPipe.pending.bitwiseOr(SignalPipe.bit(number), ordering: .relaxed)
        SignalPipe.arrived.bitwiseOr(SignalPipe.bit(number), ordering: .relaxed)
        var byte = UInt8(truncatingIfNeeded: number)
        _ = Glibc.write(SignalPipe.writeEnd, &byte, 1)
      }
      // No SA_RESTART: a read blocked on a pipe returns EINTR, so a replay of standard input can stop.
      action.sa_flags = 0
      // The other signals wait while a handler runs. Else signals pending at the same moment get
      // nested frames and their handlers run in reverse (SIGUSR2 before SIGUSR1); this way they run
      // in number order, and signals that arrive apart keep their order in the pipe.
      action.sa_mask = mask
      sigaction(signal.rawValue, &action, nil)
    }
    return FileDescriptor(rawValue: readEnd)
  }

  /// Ignores `signal` (`SIG_IGN`); for `SIGPIPE`, so a write to a pipe whose reader went away
  /// fails with `EPIPE` instead of killing the program.
  public static func ignore(_ signal: Signal) {
    Glibc.signal(signal.rawValue, SIG_IGN)
  }

  /// Gives `signal` its default action (`SIG_DFL`) and unblocks it (a blocked signal mask is
  /// inherited across exec); for `SIGQUIT`, which the Swift runtime's backtracer takes over at
  /// start-up (it printed a crash report and let the program go on).
  public static func restoreDefault(_ signal: Signal) {
    Glibc.signal(signal.rawValue, SIG_DFL)
    var mask = sigset_t()
    sigemptyset(&mask)
    sigaddset(&mask, signal.rawValue)
    pthread_sigmask(SIG_UNBLOCK, &mask, nil)
  }

  /// Empties the pipe and returns the signals that arrived since the last call, in the order
  /// they arrived (`SIGUSR2` then `SIGUSR1`: the print shows the reset; a repeat in a row counts
  /// once; signals pending at the same moment come in number order, `SIGUSR1` before `SIGUSR2`,
  /// as the kernel delivers them). The stopping signals come last, so a `SIGUSR1` or `SIGUSR2`
  /// that came with an interrupt (or while a read waited) is handled before the program stops.
  public static func takePending() -> [Signal] {
    var arrived: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let result = buffer.withUnsafeMutableBytes { Syscalls.read(readEnd, into: $0, retryOnInterrupt: true) }
      let count = (try? result.get()) ?? 0
      for byte in buffer.prefix(count) where arrived.last != Int32(byte) { arrived.append(Int32(byte)) }
      if count < buffer.count { break }
    }
    // The bits decide which signals are pending: a byte whose bit an earlier call took is stale,
    // and a signal whose byte did not fit in a full pipe is still counted.
    let bits = pending.exchange(0, ordering: .relaxed)
    let isPending = { (number: Int32) in bits & bit(number) != 0 }
    let numbers = arrived.filter(isPending) + (1..<64).map(Int32.init).filter { isPending($0) && !arrived.contains($0) }
    let signals = numbers.map(Signal.init(rawValue:))
    return signals.filter { !$0.stops } + Signal.stopping.filter(signals.contains)
  }

  /// Whether a signal arrived since the last ``takePending()`` (one atomic load, cheap enough to
  /// check after every event).
  public static var hasPending: Bool { pending.load(ordering: .relaxed) != 0 }

  /// Whether a stopping signal (``Signal/stopping``) ever arrived, also after ``takePending()``
  /// took it: the program is stopping.
  public static var terminationRequested: Bool {
    arrived.load(ordering: .relaxed) & stopBits != 0
  }

  /// Whether a stopping signal is pending (not yet taken by ``takePending()``).
  public static var terminationPending: Bool {
    pending.load(ordering: .relaxed) & stopBits != 0
  }

  private static let stopBits = Signal.stopping.reduce(UInt64(0)) { $0 | bit($1.rawValue) }

  private static func bit(_ number: Int32) -> UInt64 {
    UInt64(1) << UInt64(number & 63)
  }
}

extension Interruption {
  /// Gives way while a stopping signal is pending (``SignalPipe/terminationPending``): for
  /// reads and opens, which must not keep waiting once the program is asked to stop.
  public static let terminationPending = Interruption { SignalPipe.terminationPending }

  /// Gives way once a stopping signal has arrived (``SignalPipe/terminationRequested``): for
  /// output, which is dropped rather than waited for when the program is stopping.
  public static let terminationRequested = Interruption { SignalPipe.terminationRequested }
}
