import ScrollCore
import ScrollIO

/// Recordings played through the library, as `scrolldir replay` plays them (``RecordingPlayer``),
/// and event lists through a fresh ``DevicePipeline``.
public enum Replay {
  /// The scroll records of the recording at `path`.
  public static func records(_ path: String, options: DevicePipeline.Options = .init()) throws -> [ScrollRecord] {
    try outputs(path, options: options).compactMap { if case .scroll(let record) = $0 { record } else { nil } }
  }

  /// Every record (scroll and gap) of the recording at `path`, with the event time of each.
  public static func outputs(_ path: String, options: DevicePipeline.Options = .init()) throws -> [OutputRecord] {
    let player = RecordingPlayer(try Recording.open(path), options: options)
    var outputs: [OutputRecord] = []
    while try player.next(into: &outputs) != nil {}
    return outputs
  }

  /// Every event of `path` with its device index.
  public static func events(_ path: String) throws -> [RecordedEvent] {
    let recording = try Recording.open(path)
    var events: [RecordedEvent] = []
    while let event = try recording.next() { events.append(event) }
    return events
  }

  /// The scroll records of `events` run through one fresh pipeline.
  public static func records(
    of events: [InputEvent], device: String = "test", description: DeviceDescription? = nil
  ) -> [ScrollRecord] {
    var pipeline = DevicePipeline(device: device, description: description)
    var records: [ScrollRecord] = []
    for event in events { pipeline.process(event) { if case .scroll(let record) = $0 { records.append(record) } } }
    return records
  }

  /// The error a replay of `path` throws, or `nil` if it replays.
  public static func error(_ path: String) -> RecordingError? {
    do {
      _ = try outputs(path)
      return nil
    } catch let error as RecordingError {
      return error
    } catch {
      return nil
    }
  }

  /// Replays `text` written to a temporary file named with `suffix`: the line and message of the
  /// ``RecordingError/malformed(file:line:message:)`` it throws, or `nil` for any other outcome.
  public static func malformed(_ text: String, suffix: String) throws -> (line: Int, message: String)? {
    let path = try TemporaryFiles.file(text, suffix: suffix)
    defer { TemporaryFiles.remove(path) }
    guard case .malformed(_, let line, let message)? = error(path) else { return nil }
    return (line, message)
  }
}
