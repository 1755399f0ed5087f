import ScrollCore

/// How the evemu and evtest readers keep frames whole around what a paste lost or added, each
/// noted for stderr:
/// - an elision line (`...`) becomes a `SYN_DROPPED`: events were lost there, so the frame it cut
///   and the rest of the next one move nothing, and a gap record says so;
/// - the poster's words between event lines are passed over;
/// - a first line cut off mid-line is passed over with the events up to the first `SYN_REPORT`;
/// - a last line cut off mid-line ends the recording.
struct PasteGaps {
  /// What was passed over, for stderr.
  private(set) var notes: [String] = []
  private let fileName: String
  private var discardingUntilReport = false
  private var lastTime: Timestamp?
  /// The lines of words being passed over now, noted once they end.
  private var prose: ClosedRange<Int>?

  /// - Parameter text: the recording's lines; what its start passed over is noted here.
  init(_ text: PastedText) {
    fileName = text.fileName
    if let lines = text.start.proseLines {
      notes.append("\(fileName):\(Self.lines(lines)): not a recording (words around the paste?): not read")
    }
    if text.start.elidedAbove {
      discardingUntilReport = true
      notes.append(
        "\(fileName):\(text.start.line): lines left out above ('...'): the events up to the first SYN_REPORT were not used"
      )
    }
    if let cut = text.cutLine {
      discardingUntilReport = true
      notes.append(
        "\(fileName):\(cut): the paste starts in the middle of a line; it and the events up to the first SYN_REPORT were not used"
      )
    }
  }

  /// Whether the events read now belong to a frame whose start was cut off (a cut first line, an
  /// elision before any event): they are passed over until that frame ends.
  var isDiscarding: Bool { discardingUntilReport }

  /// The frame whose start was cut off has ended.
  mutating func stopDiscarding() {
    discardingUntilReport = false
  }

  /// Keeps the time of the last event read, for an elision's `SYN_DROPPED`.
  mutating func saw(_ event: InputEvent) {
    lastTime = event.time
  }

  /// An elision at `line`: a `SYN_DROPPED` at the last event's time, or, before any event, `nil`
  /// (the events up to the first `SYN_REPORT` are then passed over).
  mutating func elision(at line: Int) -> InputEvent? {
    endProse()
    notes.append("\(fileName):\(line): lines left out ('...'): read as events lost (SYN_DROPPED)")
    return drop()
  }

  /// Words at `line`, between event lines (labels the poster wrote): passed over, with a note for
  /// each run of such lines. They lose no events: a frame they stand in still ends at its
  /// `SYN_REPORT` or where the time changes.
  mutating func prose(at line: Int) {
    if let run = prose, run.upperBound != line - 1 { endProse() }
    prose = (prose?.lowerBound ?? line)...line
  }

  /// A line that could not be read: when it ends before one of its fields (``endsBefore``) and no
  /// line follows it, it is the paste's last line cut off mid-line, noted and passed over (returns
  /// `true`: the recording ends); else `error` is thrown.
  mutating func cutOffEnd(_ error: RecordingError, in text: PastedText) throws(RecordingError) -> Bool {
    guard Self.endsEarly(error), try text.restIsEmpty() else { throw error }
    endProse()
    notes.append("\(fileName):\(text.lineNumber): the last line is cut off (\(Self.reason(error))); it was not used")
    return true
  }

  /// Adds a note.
  mutating func note(_ text: String) {
    notes.append(text)
  }

  /// Notes the words passed over, if any.
  mutating func endProse() {
    guard let lines = prose else { return }
    prose = nil
    notes.append("\(fileName):\(Self.lines(lines)): not an event line (words in the paste?): not read")
  }

  private mutating func drop() -> InputEvent? {
    guard let lastTime else {
      discardingUntilReport = true
      return nil
    }
    return InputEvent(time: lastTime, type: .syn, code: .synDropped, value: 0)
  }

  private static func lines(_ range: ClosedRange<Int>) -> String {
    range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
  }

  /// How a parser says a line ends before a field it must have: the line is cut off, not wrong.
  static let endsBefore = "; the line ends before the "

  /// Whether `error` says a line ends before one of its fields.
  static func endsEarly(_ error: RecordingError) -> Bool {
    if case .malformed(_, _, let message) = error { return message.contains(endsBefore) }
    return false
  }

  private static func reason(_ error: RecordingError) -> String {
    if case .malformed(_, _, let message) = error { return message }
    return error.description
  }
}
