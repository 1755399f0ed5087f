/// Renders gesture records (`--gestures`) as single output lines (without the trailing newline),
/// in the style of ``RecordFormatter``.
public enum GestureFormatter {
  /// Text for a terminal, one gesture per line:
  /// ```
  /// 1692246247.376147 /dev/input/event5 wheel gesture vertical   Down  0.250029 s 90 v120 6 events
  /// ```
  /// Fields: start time (s), device (quoted if it contains spaces), source, `gesture`, axis and
  /// direction (padded so columns line up), duration in seconds (six decimals), distance and unit
  /// (whole v120, or mm with three decimals), number of records.
  public static func text(_ gesture: GestureRecord) -> String {
    [
      gesture.start.description,
      RecordFormatter.textDevice(gesture.device),
      gesture.source.rawValue,
      "gesture",
      gesture.axis.rawValue + String(repeating: " ", count: max(0, 10 - gesture.axis.rawValue.count)),
      RecordFormatter.padded(gesture.direction.rawValue),
      seconds(gesture.end.microseconds - gesture.start.microseconds), "s",
      NumberFormatting.component(gesture.distance, unit: gesture.unit), gesture.unit.rawValue,
      String(gesture.events), gesture.events == 1 ? "event" : "events",
    ].joined(separator: " ")
  }

  /// One JSON object (JSON Lines), keys in this fixed order:
  /// ```
  /// {"event":"gesture","device":"/dev/input/event5","source":"wheel","axis":"vertical","direction":"Down",
  ///  "start":1692246247.376147,"duration":0.250029,"distance":90,"unit":"v120","events":6}
  /// ```
  /// `start` is the time of the first record and `duration` the time from the first record to the
  /// last, both in seconds with microsecond precision; `distance` is positive, in `unit` (whole
  /// numbers for v120, three decimals for mm); `events` counts the records.
  public static func json(_ gesture: GestureRecord) -> String {
    "{\"event\":\"gesture\",\"device\":" + jsonQuoted(gesture.device)
      + ",\"source\":\"" + gesture.source.rawValue + "\""
      + ",\"axis\":\"" + gesture.axis.rawValue + "\""
      + ",\"direction\":\"" + gesture.direction.rawValue + "\""
      + ",\"start\":" + gesture.start.description
      + ",\"duration\":" + seconds(gesture.end.microseconds - gesture.start.microseconds)
      + ",\"distance\":" + NumberFormatting.component(gesture.distance, unit: gesture.unit)
      + ",\"unit\":\"" + gesture.unit.rawValue + "\""
      + ",\"events\":" + String(gesture.events) + "}"
  }

  /// A span of microseconds as seconds with six decimals, exactly as ``Timestamp/description``.
  static func seconds(_ microseconds: Int64) -> String {
    Timestamp(microseconds: microseconds).description
  }
}
