import ScrollCore

/// Streams the events of one device's `events:` list in a `libinput record`, one at a time.
///
/// Each list item is a frame, `- evdev: [[sec, usec, type, code, value], …]`; items of other kinds
/// (`- libinput: …`, written by `libinput record --with-libinput`) are skipped.
final class LibinputEventCursor {
  private enum State {
    /// Between items of `events:`.
    case betweenItems
    /// Inside an item's mapping, between its keys.
    case inItem
    /// Inside an item's `evdev:` list, between events.
    case inFrame
    /// The `events:` list has ended.
    case finished
  }

  private let yaml: YAMLEventStream
  private var state: State
  private let afterEnd: (YAMLEventStream) throws(RecordingError) -> Void

  /// - Parameters:
  ///   - yaml: a stream positioned just inside an `events:` sequence.
  ///   - afterEnd: reads what follows the `events:` list (called once, when it ends).
  ///   - finished: the device has no `events:` list; the cursor yields nothing.
  init(
    yaml: YAMLEventStream, afterEnd: @escaping (YAMLEventStream) throws(RecordingError) -> Void,
    finished: Bool = false
  ) {
    self.yaml = yaml
    self.afterEnd = afterEnd
    self.state = finished ? .finished : .betweenItems
  }

  /// A note when the list ended in a line cut off mid-line (a paste cut short), else `nil`.
  private(set) var cutOffNote: String?

  /// The next event, or `nil` after the last. A list that ends in the middle of an event, at the
  /// end of the file (a paste cut short), ends there, noted in ``cutOffNote``.
  /// - Throws: ``RecordingError/malformed(file:line:message:)`` for an event that is not five
  ///   integers, or libyaml's parse errors.
  func next() throws(RecordingError) -> InputEvent? {
    do {
      return try nextEvent()
    } catch .malformed(let file, let line, let message)
      where state != .finished && message.hasSuffix("(at the end of the file)")
    {
      state = .finished
      cutOffNote = "\(file):\(line): the last line is cut off (\(message)); the events before it were read"
      return nil
    }
  }

  private func nextEvent() throws(RecordingError) -> InputEvent? {
    while true {
      switch state {
      case .finished:
        return nil
      case .betweenItems:
        switch try yaml.next() {
        case .sequenceEnd:
          state = .finished
          try afterEnd(yaml)
        case .mappingStart:
          state = .inItem
        default:
          throw yaml.malformed("expected each item of 'events:' to be a mapping such as '- evdev: [...]'")
        }
      case .inItem:
        let kind = try yaml.next()
        if kind == .mappingEnd {
          state = .betweenItems
          continue
        }
        guard kind == .scalar else { throw yaml.malformed("expected a key such as 'evdev:' in an events item") }
        let isEvdev = yaml.scalarString == "evdev"
        let valueKind = try yaml.next()
        if isEvdev {
          guard valueKind == .sequenceStart else { throw yaml.malformed("expected 'evdev:' to be a list of events") }
          state = .inFrame
        } else {
          try yaml.skipNode(startingWith: valueKind)
        }
      case .inFrame:
        switch try yaml.next() {
        case .sequenceEnd:
          state = .inItem
        case .sequenceStart:
          return try event()
        default:
          throw yaml.malformed(Self.expectedEvent)
        }
      }
    }
  }

  private static let expectedEvent = "expected an event [sec, usec, type, code, value] of five integers"

  private func event() throws(RecordingError) -> InputEvent {
    var numbers: (Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0)
    for index in 0..<5 {
      guard try yaml.next() == .scalar, let value = yaml.scalarInteger else { throw yaml.malformed(Self.expectedEvent) }
      switch index {
      case 0: numbers.0 = value
      case 1: numbers.1 = value
      case 2: numbers.2 = value
      case 3: numbers.3 = value
      default: numbers.4 = value
      }
    }
    guard try yaml.next() == .sequenceEnd else { throw yaml.malformed(Self.expectedEvent) }
    guard (0...Timestamp.maximumSeconds).contains(numbers.0), (0..<1_000_000).contains(numbers.1),
      let value = Int32(exactly: numbers.4)
    else {
      throw yaml.malformed(Self.expectedEvent + " (sec 0–\(Timestamp.maximumSeconds), usec 0–999999, value 32-bit)")
    }
    guard let type = UInt32(exactly: numbers.2), let code = UInt32(exactly: numbers.3),
      let typeCode = EventCodeLimits.validate(type: type, code: code)
    else {
      throw yaml.malformed("event type \(numbers.2) code \(numbers.3) is not a valid evdev event")
    }
    return InputEvent(
      time: Timestamp(seconds: numbers.0, microseconds: numbers.1), type: typeCode.type, code: typeCode.code,
      value: value)
  }
}
