/// A point in time of an input event, in whole microseconds.
///
/// The kernel stamps every `struct input_event` with a `timeval` (seconds and microseconds);
/// live devices use `CLOCK_MONOTONIC`, recordings keep whatever clock they were made with.
/// The I/O layer converts a `timeval` once, at the boundary, into this value.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Microseconds since the clock's epoch. May be negative only for synthetic values.
  public var microseconds: Int64

  /// Creates a timestamp from microseconds.
  public init(microseconds: Int64) {
    self.microseconds = microseconds
  }

  /// The largest number of seconds readers accept (12 digits, as evemu writes at most; about
  /// 31 700 years). Larger times are corrupt, and this leaves room to add any timeout without
  /// overflow.
  public static let maximumSeconds: Int64 = 999_999_999_999

  /// Creates a timestamp from a `timeval`-like pair.
  /// - Parameters:
  ///   - seconds: whole seconds, at most ``maximumSeconds`` in magnitude.
  ///   - microseconds: 0...999_999; larger values carry into the seconds.
  public init(seconds: Int64, microseconds: Int64) {
    self.microseconds = seconds * 1_000_000 + microseconds
  }

  /// The time in seconds, for arithmetic; printing uses ``description``, which is exact.
  public var seconds: Double { Double(microseconds) / 1_000_000 }

  /// The exact time as `seconds.microseconds` with six decimals, e.g. `1692245830.208738`.
  public var description: String {
    let sign = microseconds < 0 ? "-" : ""
    let magnitude = microseconds.magnitude
    let fraction = String(magnitude % 1_000_000)
    return sign + String(magnitude / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
  }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.microseconds < rhs.microseconds
  }
}
