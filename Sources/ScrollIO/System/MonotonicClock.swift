import ScrollCore

/// `CLOCK_MONOTONIC`, the clock of live event timestamps (libevdev is set to it).
public enum MonotonicClock {
  /// The current time.
  public static func now() -> Timestamp {
    let (seconds, nanoseconds) = Syscalls.monotonicTime()
    return Timestamp(seconds: seconds, microseconds: nanoseconds / 1000)
  }

  /// The clock's ID (`CLOCK_MONOTONIC`), for `libevdev_set_clock_id`.
  static let id = Syscalls.monotonicClockID
}
