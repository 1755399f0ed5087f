/// One line of scrolldir's output stream.
public enum OutputRecord: Sendable, Hashable {
  /// A scroll record (`"event":"scroll"`), possibly a detent step.
  case scroll(ScrollRecord)
  /// A gesture (`"event":"gesture"`).
  case gesture(GestureRecord)
  /// Events were lost (`"event":"gap"`).
  case gap(GapRecord)
  /// A device's state changed (`"event":"status"`).
  case status(StatusRecord)

  /// The text line.
  public var text: String {
    switch self {
    case .scroll(let record): RecordFormatter.text(record)
    case .gesture(let gesture): GestureFormatter.text(gesture)
    case .gap(let gap): RecordFormatter.text(gap)
    case .status(let status): RecordFormatter.text(status)
    }
  }

  /// The JSON Lines object.
  public var json: String {
    switch self {
    case .scroll(let record): RecordFormatter.json(record)
    case .gesture(let gesture): GestureFormatter.json(gesture)
    case .gap(let gap): RecordFormatter.json(gap)
    case .status(let status): RecordFormatter.json(status)
    }
  }
}
