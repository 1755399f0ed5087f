import ScrollCore

/// How one text format's lines are read (evemu's, evtest's): each line becomes an event, part of
/// the device description, or words; the description is known once the first event is read.
protocol TextLineFormat: AnyObject {
  /// Whether a frame ends where the time changes in a text without `SYN_REPORT` lines
  /// (``TextEvents``).
  static var framesByTime: Bool { get }
  /// Reads one line of `text`.
  func parse(_ line: UnsafeBufferPointer<UInt8>, _ text: PastedText) throws(RecordingError) -> TextEvents.Parsed
  /// Whether the text described its device (else it is inferred from the events).
  var hasDescription: Bool { get }
  /// The description read, named `fallbackName` when the text names no device.
  func description(fallbackName: String) -> DeviceDescription
}

/// Reads a one-device text recording, streaming: its description, then its events
/// (``TextEvents``), with the format's lines read by `Format`.
final class TextRecordingReader<Format: TextLineFormat>: RecordingReader {
  private let format: Format
  private var events: TextEvents
  private(set) var devices: [RecordedDevice]
  private var pending: InputEvent?
  private let inferring: Bool

  var notes: [String] { events.notes }
  var openFrameLine: Int? { events.openFrameLine }

  /// Reads the description up to the first event.
  /// - Parameters:
  ///   - text: the recording's lines (``PastedText``).
  ///   - fallbackName: the device label when the text names no device.
  /// - Throws: ``RecordingError/malformed(file:line:message:)`` for a line the format does not allow.
  init(_ format: Format, text: PastedText, fallbackName: String) throws(RecordingError) {
    self.format = format
    events = TextEvents(text, framesByTime: Format.framesByTime)
    pending = try events.next { (line) throws(RecordingError) in try format.parse(line, text) }
    var description = format.description(fallbackName: fallbackName)
    inferring = !format.hasDescription
    if inferring, let pending { description.noteSeen(pending) }
    devices = [RecordedDevice(label: description.name, description: description)]
  }

  func next() throws(RecordingError) -> RecordedEvent? {
    if let event = pending {
      pending = nil
      return RecordedEvent(device: 0, event: event)
    }
    let format = self.format
    let text = events.text
    guard let event = try events.next({ (line) throws(RecordingError) in try format.parse(line, text) }) else {
      return nil
    }
    if inferring { devices[0].description.noteSeen(event) }
    return RecordedEvent(device: 0, event: event)
  }
}
