extension RecordFormatter {
  /// `1.234567 /dev/input/event5 gap: events lost (SYN_DROPPED)`
  public static func text(_ gap: GapRecord) -> String {
    gap.time.description + " " + textDevice(gap.device) + " gap: events lost (SYN_DROPPED)"
  }

  /// `{"event":"gap","time":1.234567,"device":"/dev/input/event5"}`
  public static func json(_ gap: GapRecord) -> String {
    "{\"event\":\"gap\",\"time\":" + gap.time.description + ",\"device\":" + jsonQuoted(gap.device) + "}"
  }

  /// `/dev/input/event5: removed (device removed)`: a line for stderr, where status goes in text mode.
  public static func text(_ status: StatusRecord) -> String {
    status.device + ": " + status.state.rawValue + " (" + status.reason + ")"
  }

  /// `{"event":"status","time":1.234567,"device":"/dev/input/event5","state":"removed","reason":"device removed"}`
  public static func json(_ status: StatusRecord) -> String {
    "{\"event\":\"status\",\"time\":" + status.time.description + ",\"device\":" + jsonQuoted(status.device)
      + ",\"state\":\"" + status.state.rawValue + "\",\"reason\":" + jsonQuoted(status.reason) + "}"
  }
}
