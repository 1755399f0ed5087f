/// Timestamp and duration arithmetic for the time-based modes. scrolldir has no clock of its own:
/// every time comes from an event (or from the caller's poll loop), in whole microseconds.
extension Duration {
  /// The duration in whole microseconds, truncated toward zero (scrolldir's time resolution).
  var wholeMicroseconds: Int64 {
    let parts = components
    return parts.seconds * 1_000_000 + parts.attoseconds / 1_000_000_000_000
  }
}

extension Timestamp {
  /// This time moved forward by `duration` (truncated to whole microseconds).
  func adding(_ duration: Duration) -> Timestamp {
    Timestamp(microseconds: microseconds + duration.wholeMicroseconds)
  }

  /// The time from `earlier` to this timestamp (negative if `earlier` is later).
  func duration(since earlier: Timestamp) -> Duration {
    .microseconds(microseconds - earlier.microseconds)
  }
}
