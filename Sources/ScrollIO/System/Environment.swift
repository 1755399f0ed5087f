/// The process environment (`getenv(3)`) and the running kernel (`uname(2)`).
public enum Environment {
  /// The running kernel's release, e.g. `6.1.0-27-amd64`, or `nil` if `uname(2)` failed.
  public static var kernelRelease: String? { Syscalls.kernelRelease() }

  /// The value of the variable `name`, or `nil` when it is not set.
  public static func value(_ name: String) -> String? {
    Syscalls.environment(name)
  }
}
