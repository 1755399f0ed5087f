import ScrollCore

/// One device of a recording: the label records carry, and its description.
public struct RecordedDevice: Sendable, Hashable {
  /// The device name from the recording, or the file's name when the recording gives none.
  public var label: String
  /// The recorded capabilities; ``DeviceDescription/Origin/inferred`` when the recording had no
  /// description and they are inferred from the events read so far.
  public var description: DeviceDescription
}

/// One event of a recording and the index of its device in ``Recording/devices``.
public struct RecordedEvent: Sendable, Hashable {
  /// Index into ``Recording/devices``.
  public var device: Int
  /// The event, with the recording's timestamp.
  public var event: InputEvent
}

/// A streaming reader of one recording format.
protocol RecordingReader: AnyObject {
  /// The devices of the recording, known once the reader is created.
  var devices: [RecordedDevice] { get }
  /// The next event in time order, or `nil` at the end.
  func next() throws(RecordingError) -> RecordedEvent?
  /// What the reader passed over, for stderr (a paste's cut-off lines and elisions).
  var notes: [String] { get }
  /// The line where the last frame, still without its `SYN_REPORT`, began (single-device text
  /// formats; `nil` otherwise).
  var openFrameLine: Int? { get }
}

extension RecordingReader {
  var notes: [String] { [] }
  var openFrameLine: Int? { nil }
}
