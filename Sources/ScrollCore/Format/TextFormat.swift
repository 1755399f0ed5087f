/// scrolldir's text output: one line per record (without the trailing newline), for people
/// watching a terminal. Every line stays one line: device labels with spaces, quotes or control
/// characters are JSON-quoted.
public enum TextFormat: RecordFormat {
  /// A scroll record:
  /// ```
  /// 1692245830.208738 /dev/input/event5 wheel Down  None  x 0 -> 0 y 0 -> 120 v120
  /// ```
  /// Fields: event time (s), device (quoted if it contains spaces), source, vertical and horizontal
  /// direction, then each axis as `old -> new`, then the unit, then `stop` on a finger-scroll stop record.
  public static func scroll(_ record: ScrollRecord) -> String {
    let unit = record.unit
    func axis(_ name: String, _ old: OffsetValue, _ new: OffsetValue) -> String {
      name + " " + NumberFormatting.component(old, unit: unit) + " -> " + NumberFormatting.component(new, unit: unit)
    }
    return [
      record.time.description,
      device(record.device),
      record.source.rawValue,
      padded(record.vertical.rawValue),
      padded(record.horizontal.rawValue),
      axis("x", record.old.x, record.new.x),
      axis("y", record.old.y, record.new.y),
      unit.rawValue,
    ].joined(separator: " ") + (record.isStop ? " stop" : "")
  }

  /// A gesture (`--gestures`):
  /// ```
  /// 1692246247.376147 /dev/input/event5 wheel gesture vertical   Down  0.250029 s 90 v120 6 events
  /// ```
  /// Fields: start time (s), device (quoted if it contains spaces), source, `gesture`, axis and
  /// direction (padded so columns line up), duration in seconds (six decimals), distance and unit
  /// (whole v120, or mm with three decimals), number of records.
  public static func gesture(_ gesture: GestureRecord) -> String {
    [
      gesture.start.description,
      device(gesture.device),
      gesture.source.rawValue,
      "gesture",
      gesture.axis.rawValue + String(repeating: " ", count: max(0, 10 - gesture.axis.rawValue.count)),
      padded(gesture.direction.rawValue),
      seconds(gesture.duration), "s",
      NumberFormatting.component(gesture.distance, unit: gesture.unit), gesture.unit.rawValue,
      String(gesture.events), gesture.events == 1 ? "event" : "events",
    ].joined(separator: " ")
  }

  /// A gap: `1.234567 /dev/input/event5 gap: events lost (SYN_DROPPED)`.
  public static func gap(_ gap: GapRecord) -> String {
    gap.time.description + " " + device(gap.device) + " gap: events lost (SYN_DROPPED)"
  }

  /// A status change, as a line for stderr (where status goes in text mode):
  /// `monitoring /dev/input/event5 (Logitech G502: wheel, hi-res wheel)` when it starts streaming,
  /// else `/dev/input/event5: removed (device removed)`.
  public static func status(_ status: StatusRecord) -> String {
    status.state == .streaming
      ? "monitoring " + status.device + " (" + status.reason + ")"
      : status.device + ": " + status.state.rawValue + " (" + status.reason + ")"
  }

  /// The counters (`--stats`, SIGUSR1), with the time of the still-open gestures `open` added: a
  /// header line, then one line per device, source and direction:
  /// ```
  /// stats since start
  /// /dev/input/event5 wheel Down  6 records 0.750 detents 0.250029 s
  /// ```
  /// The header says `since start` or `since <time of the last reset>`; with nothing counted the
  /// second line is `no scrolling`. Distances: wheels and dials in detents and finger and edge
  /// scrolling in mm, three decimals; on-button scrolling in whole counts; times in seconds, six
  /// decimals.
  public static func stats(_ counters: ScrollCounters, including open: [GestureRecord] = []) -> [String] {
    let header = "stats since " + (counters.since?.description ?? "start")
    let totals = counters.totals(including: open)
    guard !totals.isEmpty else { return [header, "no scrolling"] }
    return [header]
      + totals.map { total in
        [
          device(total.device), total.source.rawValue, padded(total.direction.rawValue),
          String(total.records), total.records == 1 ? "record" : "records",
          NumberFormatting.reportedDistance(total), total.reportedUnit,
          seconds(total.time), "s",
        ].joined(separator: " ")
      }
  }

  /// A device label as is, or JSON-quoted (escaped) when it is empty or has spaces, quotes,
  /// backslashes or control characters, so a line never splits or drives the terminal.
  static func device(_ device: String) -> String {
    let plain =
      !device.isEmpty
      && device.unicodeScalars.allSatisfy { scalar in
        scalar != " " && !ControlCharacter.contains(scalar) && scalar != "\"" && scalar != "\\"
      }
    return plain ? device : jsonQuoted(device)
  }

  /// Pads a direction name to the width of the longest (`Right`) so the columns line up.
  static func padded(_ name: String) -> String {
    name + String(repeating: " ", count: max(0, 5 - name.count))
  }

  /// A span of time as seconds with six decimals, exactly as ``Timestamp/description``.
  static func seconds(_ span: Duration) -> String {
    Timestamp(microseconds: span.wholeMicroseconds).description
  }
}
