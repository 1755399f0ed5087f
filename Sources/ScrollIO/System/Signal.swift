import Glibc

/// A POSIX signal number.
public struct Signal: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
  /// The signal number, 1...64.
  public var rawValue: Int32
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// `SIGINT`: Ctrl-C; stops the program with its summary.
  public static let interrupt = Signal(rawValue: SIGINT)
  /// `SIGTERM`: stops the program as `SIGINT` does.
  public static let terminate = Signal(rawValue: SIGTERM)
  /// `SIGHUP`: the terminal went away; stops the program as `SIGINT` does.
  public static let hangUp = Signal(rawValue: SIGHUP)
  /// `SIGQUIT`: Ctrl-\; left to its default action (terminate with a core dump).
  public static let quit = Signal(rawValue: SIGQUIT)
  /// `SIGUSR1`: prints the counters.
  public static let user1 = Signal(rawValue: SIGUSR1)
  /// `SIGUSR2`: restarts the counters.
  public static let user2 = Signal(rawValue: SIGUSR2)
  /// `SIGPIPE`: the reader of a pipe went away; ignored, so writes fail with `EPIPE` instead.
  public static let brokenPipe = Signal(rawValue: SIGPIPE)

  /// The signals that ask the program to stop with its summary: `SIGINT`, `SIGTERM`, `SIGHUP`.
  public static let stopping: [Signal] = [.interrupt, .terminate, .hangUp]

  /// Whether the signal asks the program to stop (one of ``stopping``).
  public var stops: Bool { Self.stopping.contains(self) }

  /// The name, e.g. `SIGINT`.
  public var description: String {
    switch self {
    case .interrupt: "SIGINT"
    case .terminate: "SIGTERM"
    case .hangUp: "SIGHUP"
    case .quit: "SIGQUIT"
    case .user1: "SIGUSR1"
    case .user2: "SIGUSR2"
    case .brokenPipe: "SIGPIPE"
    default: "signal \(rawValue)"
    }
  }
}
