import Glibc

/// A POSIX error number with its `strerror` text.
public struct Errno: Error, RawRepresentable, Sendable, Hashable, CustomStringConvertible {
  public var rawValue: Int32
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The calling thread's current `errno`.
  static var current: Errno { Errno(rawValue: errno) }

  /// The C library's message, e.g. "Permission denied".
  public var description: String { String(cString: strerror(rawValue)) }

  public static let interrupted = Errno(rawValue: EINTR)
  public static let wouldBlock = Errno(rawValue: EAGAIN)
  public static let noSuchFile = Errno(rawValue: ENOENT)
  public static let permissionDenied = Errno(rawValue: EACCES)
  public static let notPermitted = Errno(rawValue: EPERM)
  public static let noDevice = Errno(rawValue: ENODEV)
  public static let brokenPipe = Errno(rawValue: EPIPE)
  public static let isDirectory = Errno(rawValue: EISDIR)

  /// Whether the error means "this user may not read it" (`EACCES` or `EPERM`).
  public var isPermission: Bool { self == .permissionDenied || self == .notPermitted }
}
