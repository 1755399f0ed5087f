import Foundation
import ScrollCore
import ScrollIO

/// Paths of the shared test fixtures (`Tests/Fixtures`), found from this file's path so tests
/// need no bundle resources.
enum Fixtures {
  static let root: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    return parts.joined(separator: "/") + "/Fixtures"
  }()

  static func recording(_ name: String) -> String { root + "/recordings/" + name }
  static func expected(_ name: String) -> String { root + "/expected/" + name }

  /// Writes `text` to a fresh temporary file and returns its path.
  static func temporaryFile(_ text: String, suffix: String = ".evemu") throws -> String {
    let path = NSTemporaryDirectory() + "scrolldir-test-" + UUID().uuidString + suffix
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Replays `path` through the library pipeline, as `scrolldir replay` does.
  static func replay(_ path: String, options: DevicePipeline.Options = .init()) throws -> [ScrollRecord] {
    let recording = try Recording.open(path)
    var pipelines = recording.devices.map {
      DevicePipeline(device: $0.label, description: $0.description, options: options)
    }
    var records: [ScrollRecord] = []
    while let recorded = try recording.next() {
      pipelines[recorded.device].process(recorded.event) { if case .scroll(let record) = $0 { records.append(record) } }
    }
    return records
  }

  /// Every event of `path` with its device index.
  static func events(_ path: String) throws -> [RecordedEvent] {
    let recording = try Recording.open(path)
    var events: [RecordedEvent] = []
    while let event = try recording.next() { events.append(event) }
    return events
  }

  /// Replays `text` written to a temporary file named with `suffix`: the line and message of the
  /// ``RecordingError/malformed(file:line:message:)`` it throws, or `nil` for any other outcome.
  static func malformed(_ text: String, suffix: String) throws -> (line: Int, message: String)? {
    let path = try temporaryFile(text, suffix: suffix)
    defer { try? FileManager.default.removeItem(atPath: path) }
    guard case .malformed(_, let line, let message)? = recordingError({ _ = try replay(path) }) else { return nil }
    return (line, message)
  }

  /// The error `body` throws, or `nil`.
  static func recordingError(_ body: () throws -> Void) -> RecordingError? {
    do {
      try body()
      return nil
    } catch let error as RecordingError {
      return error
    } catch {
      return nil
    }
  }
}
