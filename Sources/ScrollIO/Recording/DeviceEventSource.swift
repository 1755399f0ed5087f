import ScrollCore

/// A device's events, one at a time.
protocol DeviceEventSource: AnyObject {
  /// The next event, `nil` after the last.
  func next() throws(RecordingError) -> InputEvent?
  /// A note when the events ended in a line cut off mid-line.
  var cutOffNote: String? { get }
}

extension LibinputEventCursor: DeviceEventSource {}

/// Events kept in memory.
final class BufferedEvents: DeviceEventSource {
  private let events: [InputEvent]
  private var index = 0
  private var error: RecordingError?
  let cutOffNote: String?

  /// - Parameter error: thrown after the last event.
  init(_ events: [InputEvent], cutOffNote: String?, then error: RecordingError?) {
    self.events = events
    self.cutOffNote = cutOffNote
    self.error = error
  }

  func next() throws(RecordingError) -> InputEvent? {
    guard index < events.count else {
      if let error {
        self.error = nil
        throw error
      }
      return nil
    }
    index += 1
    return events[index - 1]
  }
}
