/// The process environment (`getenv(3)`).
public enum Environment {
  /// The value of the variable `name`, or `nil` when it is not set.
  public static func value(_ name: String) -> String? {
    Syscalls.environment(name)
  }
}
