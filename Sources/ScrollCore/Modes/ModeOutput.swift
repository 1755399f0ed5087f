/// One line of scrolldir's output in the modes: a scroll record or a gesture record.
public enum ModeOutput: Sendable, Hashable {
  /// A scroll record (`"event":"scroll"`), possibly a detent step.
  case record(ScrollRecord)
  /// A gesture (`"event":"gesture"`).
  case gesture(GestureRecord)

  /// The text line (``RecordFormatter/text(_:)`` or ``GestureFormatter/text(_:)``).
  public var text: String {
    switch self {
    case .record(let record): RecordFormatter.text(record)
    case .gesture(let gesture): GestureFormatter.text(gesture)
    }
  }

  /// The JSON Lines object (``RecordFormatter/json(_:)`` or ``GestureFormatter/json(_:)``).
  public var json: String {
    switch self {
    case .record(let record): RecordFormatter.json(record)
    case .gesture(let gesture): GestureFormatter.json(gesture)
    }
  }
}
