import ScrollCore

/// The event loop the evemu and evtest readers share: the lines of a pasted text, each read by the
/// format's parser, with elisions, words, cut-off first and last lines (``PasteGaps``) and the line
/// where the open frame began taken care of.
struct TextEvents {
  /// What a parser made of one line.
  enum Parsed {
    /// An event.
    case event(InputEvent)
    /// A line of the device description, or one the format allows and ignores.
    case nothing
    /// Words, not a line of the format (a label the poster wrote between runs of events).
    case prose
    /// The recording ends before this line (another device's output begins); `note` says so.
    case end(note: String)
  }

  let text: PastedText
  private var gaps: PasteGaps
  private var ended = false
  /// The line where the frame still open (no `SYN_REPORT` yet) began.
  private(set) var openFrameLine: Int?
  /// The time of the open frame's events.
  private var openFrameTime: Timestamp?
  /// An event read after a frame the time change ended, returned next.
  private var queued: InputEvent?
  /// Whether the note on frames ended by their time was made.
  private var notedFramesByTime = false
  /// The time of the cut-off frame being passed over.
  private var discardedTime: Timestamp?
  /// The time of an elision's `SYN_DROPPED`, until the next event: a frame of another time after
  /// it is whole, so a `SYN_REPORT` ends the lost stretch before it.
  private var droppedAt: Timestamp?

  /// Whether a frame ends where the time changes: in evtest output (and python-evdev's) with no
  /// `SYN_REPORT` line (filtered by `grep`). Not for evemu: old recordings stamp each event of a
  /// frame with its own time.
  private let framesByTime: Bool

  init(_ text: PastedText, framesByTime: Bool) {
    self.text = text
    self.framesByTime = framesByTime && !text.start.hasReportLines
    gaps = PasteGaps(text)
  }

  /// What was passed over, for stderr.
  var notes: [String] { gaps.notes }

  /// The next event, `nil` at the end.
  /// - Parameter parse: reads one line of text; throws ``RecordingError/malformed(file:line:message:)``
  ///   for a bad line, which, when it is the last line of the text, is taken as cut off and ends
  ///   the recording.
  mutating func next(
    _ parse: (UnsafeBufferPointer<UInt8>) throws(RecordingError) -> Parsed
  ) throws(RecordingError) -> InputEvent? {
    if let event = queued {
      queued = nil
      return opening(event)
    }
    while !ended, let line = try text.next() {
      let event: InputEvent
      switch line {
      case .elision:
        guard let dropped = gaps.elision(at: text.lineNumber) else { continue }
        droppedAt = dropped.time
        event = dropped
      case .text(let bytes):
        let parsed: Parsed
        do {
          parsed = try parse(bytes)
        } catch {
          ended = try gaps.cutOffEnd(error, in: text)
          continue
        }
        switch parsed {
        case .event(let read):
          gaps.endProse()
          event = read
        case .nothing: continue
        case .prose:
          gaps.prose(at: text.lineNumber)
          continue
        case .end(let note):
          gaps.endProse()
          gaps.note(note)
          ended = true
          continue
        }
      }
      gaps.saw(event)
      if gaps.isDiscarding {
        // The cut-off frame ends at its SYN_REPORT, or (frames by time) where the time changes.
        let timeChanged = framesByTime && discardedTime.map { $0 != event.time } == true
        guard event.isReport || timeChanged else {
          discardedTime = event.time
          continue
        }
        gaps.stopDiscarding()
        if event.isReport { continue }
      }
      // The lines an elision left out ended before a frame of another time: that frame is whole.
      if let time = droppedAt, !event.isDropped {
        droppedAt = nil
        if event.time != time && !event.isReport {
          queued = event
          return InputEvent(time: time, type: .syn, code: .synReport, value: 0)
        }
      }
      // A frame ends at SYN_REPORT; where a paste has none (filtered), the kernel's frame ended
      // before an event of another time.
      if framesByTime, let time = openFrameTime, event.time != time, !event.isReport, !event.isDropped {
        queued = event
        if !notedFramesByTime {
          notedFramesByTime = true
          gaps.note("\(text.fileName): no SYN_REPORT lines: frames are ended where the time changes")
        }
        return closing(at: time)
      }
      return opening(event)
    }
    gaps.endProse()
    // A paste with no SYN_REPORT at all: its last frame ends with it too.
    if framesByTime, let time = openFrameTime { return closing(at: time) }
    return nil
  }

  /// `event`, keeping track of the frame it opens or closes.
  private mutating func opening(_ event: InputEvent) -> InputEvent {
    if event.isReport || event.isDropped {
      openFrameLine = nil
      openFrameTime = nil
    } else if openFrameLine == nil {
      openFrameLine = text.lineNumber
      openFrameTime = event.time
    }
    return event
  }

  /// A `SYN_REPORT` at `time`, ending the open frame.
  private mutating func closing(at time: Timestamp) -> InputEvent {
    openFrameLine = nil
    openFrameTime = nil
    return InputEvent(time: time, type: .syn, code: .synReport, value: 0)
  }
}
