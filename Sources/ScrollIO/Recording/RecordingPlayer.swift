import ScrollCore

/// Plays one recording through the device pipelines, one ``DevicePipeline`` per recorded device:
/// the replay counterpart of ``Monitor``, which owns the live devices' pipelines. Events come in
/// time order (the devices of a libinput record merged by timestamp); each event is processed by
/// its device's pipeline, and the records it completes are handed back.
///
/// ```swift
/// let player = RecordingPlayer(try Recording.open("mouse.evemu"))
/// var records: [OutputRecord] = []
/// while let time = try player.next(into: &records) {
///   for record in records { print(time, TextFormat.line(record)) }
///   records.removeAll(keepingCapacity: true)
/// }
/// ```
public final class RecordingPlayer {
  /// The recording played.
  public let recording: Recording
  /// Each device's pipeline, in ``Recording/devices`` order (their state tells, after the end,
  /// of a last frame that never closed and of dropped undeclared events).
  public private(set) var pipelines: [DevicePipeline]
  /// Per device, whether it produced any scroll record.
  public private(set) var scrolled: [Bool]
  /// The time of the last event played, `nil` before the first.
  public private(set) var clock: Timestamp?

  /// Prepares `recording` for playing with pipelines set by `options`.
  public init(_ recording: Recording, options: DevicePipeline.Options = .init()) {
    self.recording = recording
    pipelines = recording.devices.map {
      DevicePipeline(device: $0.label, description: $0.description, options: options)
    }
    scrolled = Array(repeating: false, count: pipelines.count)
  }

  /// Plays the next event: appends the records it completes to `records` (scroll records at its
  /// frame's `SYN_REPORT`, a gap record at `SYN_DROPPED`) and returns its time; `nil` at the end.
  /// - Throws: ``RecordingError`` from reading the recording; the events before it were played.
  public func next(into records: inout [OutputRecord]) throws(RecordingError) -> Timestamp? {
    guard let recorded = try recording.next() else { return nil }
    let device = recorded.device
    pipelines[device].process(recorded.event) { record in
      if case .scroll = record { scrolled[device] = true }
      records.append(record)
    }
    clock = recorded.event.time
    return recorded.event.time
  }
}
