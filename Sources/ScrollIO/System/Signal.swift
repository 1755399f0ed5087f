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
  /// `SIGUSR1`: prints the counters.
  public static let user1 = Signal(rawValue: SIGUSR1)
  /// `SIGUSR2`: restarts the counters.
  public static let user2 = Signal(rawValue: SIGUSR2)
  /// `SIGPIPE`: the reader of a pipe went away; ignored, so writes fail with `EPIPE` instead.
  public static let brokenPipe = Signal(rawValue: SIGPIPE)

  /// Whether the signal asks the program to stop (`SIGINT`, `SIGTERM`).
  public var stops: Bool { self == .interrupt || self == .terminate }

  /// The name, e.g. `SIGINT`.
  public var description: String {
    switch self {
    case .interrupt: "SIGINT"
    case .terminate: "SIGTERM"
    case .user1: "SIGUSR1"
    case .user2: "SIGUSR2"
    case .brokenPipe: "SIGPIPE"
    default: "signal \(rawValue)"
    }
  }
}
