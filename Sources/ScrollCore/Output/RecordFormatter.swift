/// Renders records as single output lines (without the trailing newline).
public enum RecordFormatter {
  /// Text for people watching a terminal, one record per line:
  /// ```
  /// 1692245830.208738 /dev/input/event5 wheel Down  None  x 0 -> 0 y 0 -> 120 v120
  /// ```
  /// Fields: event time (s), device (quoted if it contains spaces), source, vertical and horizontal
  /// direction, then each axis as `old -> new`, then the unit, then `stop` on a finger-scroll stop record.
  public static func text(_ record: ScrollRecord) -> String {
    let unit = record.unit
    func axis(_ name: String, _ old: Double, _ new: Double) -> String {
      name + " " + NumberFormatting.component(old, unit: unit) + " -> " + NumberFormatting.component(new, unit: unit)
    }
    return [
      record.time.description,
      textDevice(record.device),
      record.source.rawValue,
      padded(record.vertical.rawValue),
      padded(record.horizontal.rawValue),
      axis("x", record.old.x, record.new.x),
      axis("y", record.old.y, record.new.y),
      unit.rawValue,
    ].joined(separator: " ") + (record.isStop ? " stop" : "")
  }

  /// One JSON object (JSON Lines), keys in this fixed order:
  /// ```
  /// {"event":"scroll","time":1692245830.208738,"device":"/dev/input/event5","source":"wheel",
  ///  "vertical":"Down","horizontal":"None","old":{"x":0,"y":0},"new":{"x":0,"y":120},"unit":"v120"}
  /// ```
  /// `time` is the event timestamp in seconds with microsecond precision. A finger-scroll stop
  /// record ends with `"stop":true` (the key is absent on every other record).
  public static func json(_ record: ScrollRecord) -> String {
    let unit = record.unit
    func point(_ offset: ScrollOffset) -> String {
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

  /// A device label for text output: as is, or JSON-quoted (escaped) when it is empty or has
  /// spaces, quotes, backslashes or control characters, so a record always stays one line.
  static func textDevice(_ device: String) -> String {
    let plain = !device.isEmpty && device.unicodeScalars.allSatisfy { scalar in
      scalar != " " && !ControlCharacter.contains(scalar) && scalar != "\"" && scalar != "\\"
    }
    return plain ? device : jsonQuoted(device)
  }

  /// Pads a direction name to the width of the longest (`Right`) so the columns line up.
  static func padded(_ name: String) -> String {
    name + String(repeating: " ", count: max(0, 5 - name.count))
  }
}
