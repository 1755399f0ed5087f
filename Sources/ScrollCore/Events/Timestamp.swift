/// A point in time of an input event, in whole microseconds.
///
/// The kernel stamps every `struct input_event` with a `timeval` (seconds and microseconds);
/// live devices use `CLOCK_MONOTONIC`, recordings keep whatever clock they were made with.
/// The I/O layer converts a `timeval` once, at the boundary, into this value. scrolldir has no
/// clock of its own: every time comes from an event or from the caller's poll loop, and the time
/// arithmetic below is all there is.
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

  /// The exact time as `seconds.microseconds` with six decimals, e.g. `1692245830.208738`; also
  /// used for spans of time (a gesture's duration), which print the same way.
  public var description: String {
    let sign = microseconds < 0 ? "-" : ""
    let magnitude = microseconds.magnitude
    return sign + String(magnitude / 1_000_000) + "."
      + NumberFormatting.zeroPadded(String(magnitude % 1_000_000), to: 6)
  }

  /// This time moved forward by `duration`, truncated to whole microseconds (negative durations
  /// move it back).
  public func adding(_ duration: Duration) -> Timestamp {
    Timestamp(microseconds: microseconds + duration.wholeMicroseconds)
  }

  /// The time from `earlier` to this timestamp (negative if `earlier` is later).
  public func duration(since earlier: Timestamp) -> Duration {
    .microseconds(microseconds - earlier.microseconds)
  }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.microseconds < rhs.microseconds
  }
}

extension Duration {
  /// The duration in whole microseconds, truncated toward zero (scrolldir's time resolution).
  public var wholeMicroseconds: Int64 {
    let parts = components
    return parts.seconds * 1_000_000 + parts.attoseconds / 1_000_000_000_000
  }
}
