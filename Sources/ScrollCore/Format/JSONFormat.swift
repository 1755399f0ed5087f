/// scrolldir's JSON Lines output: one object per record (without the trailing newline), keys in a
/// fixed order, numbers exact (times with six decimals, v120 whole, mm with three decimals).
public enum JSONFormat: RecordFormat {
  /// A scroll record:
  /// ```
  /// {"event":"scroll","time":1692245830.208738,"device":"/dev/input/event5","source":"wheel",
  ///  "vertical":"Down","horizontal":"None","old":{"x":0,"y":0},"new":{"x":0,"y":120},"unit":"v120"}
  /// ```
  /// `time` is the event timestamp in seconds with microsecond precision. A finger-scroll stop
  /// record ends with `"stop":true` (the key is absent on every other record).
  public static func scroll(_ record: ScrollRecord) -> String {
    let unit = record.unit
    func point(_ offset: ContentOffset) -> String {
      "{\"x\":" + NumberFormatting.component(offset.x, unit: unit) + ",\"y\":"
        + NumberFormatting.component(offset.y, unit: unit) + "}"
    }
    return "{\"event\":\"scroll\",\"time\":" + record.time.description
      + ",\"device\":" + jsonQuoted(record.device)
      + ",\"source\":\"" + record.source.rawValue + "\""
      + ",\"vertical\":\"" + record.vertical.rawValue + "\""
      + ",\"horizontal\":\"" + record.horizontal.rawValue + "\""
      + ",\"old\":" + point(record.old)
      + ",\"new\":" + point(record.new)
      + ",\"unit\":\"" + unit.rawValue + "\""
      + (record.isStop ? ",\"stop\":true}" : "}")
  }

  /// A gesture (`--gestures`):
  /// ```
  /// {"event":"gesture","device":"/dev/input/event5","source":"wheel","axis":"vertical","direction":"Down",
  ///  "start":1692246247.376147,"duration":0.250029,"distance":90,"unit":"v120","events":6}
  /// ```
  /// `start` is the time of the first record and `duration` the time from the first record to the
  /// last, both in seconds with microsecond precision; `distance` is positive, in `unit` (whole
  /// numbers for v120, three decimals for mm); `events` counts the records.
  public static func gesture(_ gesture: GestureRecord) -> String {
    "{\"event\":\"gesture\",\"device\":" + jsonQuoted(gesture.device)
      + ",\"source\":\"" + gesture.source.rawValue + "\""
      + ",\"axis\":\"" + gesture.axis.rawValue + "\""
      + ",\"direction\":\"" + gesture.direction.rawValue + "\""
      + ",\"start\":" + gesture.start.description
      + ",\"duration\":" + TextFormat.seconds(gesture.duration)
      + ",\"distance\":" + NumberFormatting.component(gesture.distance, unit: gesture.unit)
      + ",\"unit\":\"" + gesture.unit.rawValue + "\""
      + ",\"events\":" + String(gesture.events) + "}"
  }

  /// A gap: `{"event":"gap","time":1.234567,"device":"/dev/input/event5"}`.
  public static func gap(_ gap: GapRecord) -> String {
    "{\"event\":\"gap\",\"time\":" + gap.time.description + ",\"device\":" + jsonQuoted(gap.device) + "}"
  }

  /// A status change:
  /// `{"event":"status","time":1.234567,"device":"/dev/input/event5","state":"removed","reason":"device removed"}`.
  public static func status(_ status: StatusRecord) -> String {
    "{\"event\":\"status\",\"time\":" + status.time.description + ",\"device\":" + jsonQuoted(status.device)
      + ",\"state\":\"" + status.state.rawValue + "\",\"reason\":" + jsonQuoted(status.reason) + "}"
  }

  /// The counters (`--stats`, SIGUSR1) as one object, the still-open gestures `open` included:
  /// ```
  /// {"event":"stats","since":null,"totals":[{"device":"/dev/input/event5","source":"wheel","direction":"Down",
  ///  "records":6,"distance":0.750,"unit":"detents","duration":0.250029}]}
  /// ```
  /// `since` is the time of the last reset in seconds, or `null` if never reset; `distance` is in
  /// `unit` (`detents` for wheels, `mm` for fingers); `duration` is the time spent scrolling in seconds.
  public static func stats(_ counters: ScrollCounters, including open: [GestureRecord] = []) -> String {
    let totals = counters.totals(including: open).map { total in
      "{\"device\":" + jsonQuoted(total.device)
        + ",\"source\":\"" + total.source.rawValue + "\""
        + ",\"direction\":\"" + total.direction.rawValue + "\""
        + ",\"records\":" + String(total.records)
        + ",\"distance\":" + NumberFormatting.reportedDistance(total)
        + ",\"unit\":\"" + total.reportedUnit + "\""
        + ",\"duration\":" + TextFormat.seconds(total.time) + "}"
    }
    return "{\"event\":\"stats\",\"since\":" + (counters.since?.description ?? "null")
      + ",\"totals\":[" + totals.joined(separator: ",") + "]}"
  }
}
