import Glibc

/// A POSIX error number with its `strerror` text.
public struct Errno: Error, RawRepresentable, Sendable, Hashable, CustomStringConvertible {
  /// The `errno` value, e.g. `EACCES`.
  public var rawValue: Int32
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The calling thread's current `errno`.
  static var current: Errno { Errno(rawValue: errno) }

  /// The C library's message, e.g. "Permission denied".
  public var description: String { String(cString: strerror(rawValue)) }

  // The values this package tells apart.
  /// `EINTR`.
  public static let interrupted = Errno(rawValue: EINTR)
  /// `EAGAIN`.
  public static let wouldBlock = Errno(rawValue: EAGAIN)
  /// `ENOENT`.
  public static let noSuchFile = Errno(rawValue: ENOENT)
  /// `EACCES`.
  public static let permissionDenied = Errno(rawValue: EACCES)
  /// `EPERM`.
  public static let notPermitted = Errno(rawValue: EPERM)
  /// `ENODEV`: the device is gone.
  public static let noDevice = Errno(rawValue: ENODEV)
  /// `EPIPE`: the reader of a pipe has gone.
  public static let brokenPipe = Errno(rawValue: EPIPE)
  /// `ENOTDIR`.
  public static let notADirectory = Errno(rawValue: ENOTDIR)
  /// `EISDIR`.
  public static let isDirectory = Errno(rawValue: EISDIR)
  /// `EBADF`: not an open file descriptor (e.g. standard input closed with `<&-`).
  public static let badDescriptor = Errno(rawValue: EBADF)

  /// Whether the error means "this user may not read it" (`EACCES` or `EPERM`).
  public var isPermission: Bool { self == .permissionDenied || self == .notPermitted }

  /// Whether the system ran out of a resource (`EMFILE`, `ENFILE`: no file descriptor left;
  /// `ENOMEM`, `ENOBUFS`): sysexits' `EX_OSERR`, not a fault of the file.
  public var isResourceShortage: Bool { [EMFILE, ENFILE, ENOMEM, ENOBUFS].contains(rawValue) }
}
