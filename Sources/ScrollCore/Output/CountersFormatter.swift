/// Renders the counters (`--stats`, SIGUSR1) as text lines or one JSON object.
///
/// Distances: wheels in detents (v120 / 120) and fingers in mm, both with three decimals; times in
/// seconds with six decimals. Totals come in ``ScrollCounters/totals(including:)`` order.
public enum CountersFormatter {
  /// A header line, then one line per device, source and direction:
  /// ```
  /// stats since start
  /// /dev/input/event5 wheel Down  6 records 0.750 detents 0.250029 s
  /// ```
  /// The header says `since start` or `since <time of the last reset>`; with nothing counted the
  /// second line is `no scrolling`.
  public static func text(_ counters: ScrollCounters, including open: [GestureRecord] = []) -> [String] {
    let header = "stats since " + (counters.since?.description ?? "start")
    let totals = counters.totals(including: open)
    guard !totals.isEmpty else { return [header, "no scrolling"] }
    return [header]
      + totals.map { total in
        [
          RecordFormatter.textDevice(total.device), total.source.rawValue,
          RecordFormatter.padded(total.direction.rawValue),
          String(total.records), total.records == 1 ? "record" : "records",
          distance(total), distanceUnit(total),
          GestureFormatter.seconds(total.microseconds), "s",
        ].joined(separator: " ")
      }
  }

  /// One JSON object, keys in this fixed order:
  /// ```
  /// {"event":"stats","since":null,"totals":[{"device":"/dev/input/event5","source":"wheel","direction":"Down",
  ///  "records":6,"distance":0.750,"unit":"detents","duration":0.250029}]}
  /// ```
  /// `since` is the time of the last reset in seconds, or `null` if never reset; `distance` is in
  /// `unit` (`detents` for wheels, `mm` for fingers); `duration` is the time spent scrolling in seconds.
  public static func json(_ counters: ScrollCounters, including open: [GestureRecord] = []) -> String {
    let totals = counters.totals(including: open).map { total in
      "{\"device\":" + jsonQuoted(total.device)
        + ",\"source\":\"" + total.source.rawValue + "\""
        + ",\"direction\":\"" + total.direction.rawValue + "\""
        + ",\"records\":" + String(total.records)
        + ",\"distance\":" + distance(total)
        + ",\"unit\":\"" + distanceUnit(total) + "\""
        + ",\"duration\":" + GestureFormatter.seconds(total.microseconds) + "}"
    }
    return "{\"event\":\"stats\",\"since\":" + (counters.since?.description ?? "null")
      + ",\"totals\":[" + totals.joined(separator: ",") + "]}"
  }

  static func distance(_ total: ScrollCounters.Total) -> String {
    NumberFormatting.millis(total.detents ?? total.distance)
  }

  static func distanceUnit(_ total: ScrollCounters.Total) -> String {
    total.source == .wheel ? "detents" : total.unit.rawValue
  }
}
