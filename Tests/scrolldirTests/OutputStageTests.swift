import ScrollCore
import ScrollIO
import TestSupport
import Testing

@testable import scrolldir

/// Where each kind of record goes, with the stage's output captured instead of written.
@Suite("OutputStage: records to stdout, status and counters to stderr or into the JSON stream")
struct OutputStageTests {
  /// The lines and notes one stage wrote.
  final class Capture {
    var lines: [String] = []
    var notes: [String] = []

    func stage(_ arguments: [String]) throws -> OutputStage {
      OutputStage(
        options: try Options.parse(["replay"] + arguments + ["a.evemu"]),
        sinks: OutputStage.Sinks(line: { self.lines.append($0) }, note: { self.notes.append($0) }))
    }
  }

  static let streaming = OutputRecord.status(
    StatusRecord(
      time: Timestamp(microseconds: 5), device: "/dev/input/event5", state: .streaming, reason: "Mouse: wheel"))
  static let removed = OutputRecord.status(
    StatusRecord(
      time: Timestamp(microseconds: 9), device: "/dev/input/event5", state: .removed, reason: "device removed"))

  @Test("text: status goes to stderr only, as a sentence; records to stdout")
  func textStatus() throws {
    let capture = Capture()
    let stage = try capture.stage([])
    try stage.handle(Self.streaming)
    try stage.handle(.scroll(rec(6, (0, 0), (0, 120), device: "/dev/input/event5")))
    #expect(capture.notes == ["monitoring /dev/input/event5 (Mouse: wheel)"])
    #expect(capture.lines == ["0.000006 /dev/input/event5 wheel Down  None  x 0 -> 0 y 0 -> 120 v120"])
  }

  @Test("--json: status goes to stderr and into the stdout stream, in order with the records")
  func jsonStatus() throws {
    let capture = Capture()
    let stage = try capture.stage(["--json"])
    try stage.handle(Self.streaming)
    try stage.handle(Self.removed)
    #expect(
      capture.notes == ["monitoring /dev/input/event5 (Mouse: wheel)", "/dev/input/event5: removed (device removed)"])
    #expect(capture.lines.map { $0.hasPrefix(#"{"event":"status""#) } == [true, true])
  }

  @Test("a removed device's open gesture is written when its status arrives")
  func removedEndsGestures() throws {
    let capture = Capture()
    let stage = try capture.stage(["--gestures"])
    try stage.handle(.scroll(rec(6, (0, 0), (0, 120), device: "/dev/input/event5")))
    #expect(capture.lines.isEmpty, "the gesture is still open")
    try stage.handle(Self.removed)
    #expect(capture.lines == ["0.000006 /dev/input/event5 wheel gesture vertical   Down  0.000000 s 120 v120 1 event"])
  }

  @Test("counters: to stderr in text, to stdout as one stats object with --json")
  func stats() throws {
    let text = Capture()
    try text.stage(["--stats"]).writeStats()
    #expect(text.notes == ["stats since start", "no scrolling"] && text.lines.isEmpty)
    let json = Capture()
    try json.stage(["--json", "--stats"]).writeStats()
    #expect(json.lines == [#"{"event":"stats","since":null,"totals":[]}"#] && json.notes.isEmpty)
  }
}
