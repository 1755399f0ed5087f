// `struct timespec` reaches Swift through both Glibc and the libevdev headers (linux/input.h);
// the compiler attributes it to whichever module it met first, so both are imported.
import CLibevdev
import Glibc
import ScrollCore

/// `CLOCK_MONOTONIC`, the clock of live event timestamps (libevdev is set to it).
public enum MonotonicClock {
  /// The current time.
  public static func now() -> Timestamp {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Timestamp(seconds: Int64(time.tv_sec), microseconds: Int64(time.tv_nsec) / 1000)
  }
}
