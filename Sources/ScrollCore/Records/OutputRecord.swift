/// One line of scrolldir's output stream; ``TextFormat`` and ``JSONFormat`` render it.
public enum OutputRecord: Sendable, Hashable {
  /// A scroll record (`"event":"scroll"`), possibly a detent step.
  case scroll(ScrollRecord)
  /// A gesture (`"event":"gesture"`).
  case gesture(GestureRecord)
  /// Events were lost (`"event":"gap"`).
  case gap(GapRecord)
  /// A device's state changed (`"event":"status"`).
  case status(StatusRecord)

}
