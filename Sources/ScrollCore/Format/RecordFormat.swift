/// A way to render records as lines (without the trailing newline): ``TextFormat`` and
/// ``JSONFormat``. A format renders each kind of record; ``line(_:)`` picks by kind.
public protocol RecordFormat {
  /// A scroll record (`"event":"scroll"`).
  static func scroll(_ record: ScrollRecord) -> String
  /// A gesture (`"event":"gesture"`, `--gestures`).
  static func gesture(_ gesture: GestureRecord) -> String
  /// A gap: events were lost (`"event":"gap"`, `SYN_DROPPED`).
  static func gap(_ gap: GapRecord) -> String
  /// A device's status change (`"event":"status"`).
  static func status(_ status: StatusRecord) -> String
}

extension RecordFormat {
  /// The line for any record.
  public static func line(_ record: OutputRecord) -> String {
    switch record {
    case .scroll(let scroll): self.scroll(scroll)
    case .gesture(let gesture): self.gesture(gesture)
    case .gap(let gap): self.gap(gap)
    case .status(let status): self.status(status)
    }
  }
}
