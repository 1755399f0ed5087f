import Foundation
import ScrollCore
import ScrollIO
import TestSupport
import Testing

@Suite("Recording readers: odd and corrupt files")
struct RecordingEdgeTests {
  static let twoFrames =
    "devices:\n- node: x\n  events:\n  - evdev:\n    - [1, 0, 2, 8, 1]\n    - [1, 0, 0, 0, 0]\n  - evdev:\n    - [2, 0, 2, 8, 1]\n    - [2, 0, 0, 0, 0]\n"

  @Test("a bad event after good frames: every complete frame before it is still replayed")
  func keepsFramesBeforeAnError() throws {
    let path = try TemporaryFiles.file(Self.twoFrames + "  - evdev:\n    - [3, 0, 2, 8, \"x\"]\n", suffix: ".yml")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recording = try Recording.open(path)
    var pipeline = DevicePipeline(device: "x")
    var records: [ScrollRecord] = []
    var failure: RecordingError?
    do {
      while let recorded = try recording.next() {
        pipeline.process(recorded.event) { if case .scroll(let record) = $0 { records.append(record) } }
      }
    } catch {
      failure = error
    }
    #expect(records.map(\.new.y) == [-120, -240])
    guard case .malformed(_, 11, _)? = failure else {
      Issue.record("expected malformed at line 11, got \(String(describing: failure))")
      return
    }
  }

  @Test(arguments: [
    ("ndevices larger than the list", "ndevices: 3\n" + twoFrames, "'ndevices: 3' but 'devices:' lists 1 device(s)"),
    ("ndevices 0", "ndevices: 0\n" + twoFrames, "'ndevices: 0' but 'devices:' lists 1 device(s)"),
    ("no devices", "version: 1\ndevices: []\n", "'devices:' lists no device: nothing to replay"),
    ("version 2", "version: 2\n" + twoFrames, "unsupported libinput record version '2'"),
    ("an alias", "devices:\n- node: x\n  evdev:\n    name: *undefined\n", "YAML aliases"),
    ("a second document", twoFrames + "---\nfoo: 1\n", "a second YAML document"),
  ])
  func yamlRejects(_ name: String, _ text: String, _ message: String) throws {
    let result = try Replay.malformed(text, suffix: ".yml")
    #expect(result?.message.hasPrefix(message) == true, "\(name): \(String(describing: result))")
  }

  @Test(
    "text with no line that starts a recording is refused at its first line of words",
    arguments: [
      ("# a comment\n\nfoo: bar\nbaz: 1\n", 3), ("Nov 29 12:00:01 host kernel: usb 1-1: new device\n", 1),
      ("- just\n- a list\n", 1),
    ])
  func notARecordingStart(_ text: String, _ line: Int) throws {
    let result = try Replay.malformed(text, suffix: ".txt")
    #expect(result?.line == line)
    #expect(
      result?.message
        == "expected evemu lines (N:, I:, B:, A:, E: …), evtest output (Input device name:, Event: time …) or a libinput record (YAML starting 'version:', 'devices:' or '- evdev:'): found no such line"
    )
  }

  @Test("text that is not UTF-8, or a control character, in a libinput record is refused at its line")
  func invalidUTF8() throws {
    let path = try TemporaryFiles.file("", suffix: ".yml")
    defer { try? FileManager.default.removeItem(atPath: path) }
    // 0xFF can start no UTF-8 sequence.
    try Data("version: 1\ndevices:\n- evdev:\n    name: \"".utf8 + [0xFF] + Data("\"\n".utf8)).write(
      to: URL(fileURLWithPath: path))
    guard case .malformed(_, 4, let message)? = Replay.error(path) else {
      Issue.record("expected malformed at line 4, got \(String(describing: Replay.error(path)))")
      return
    }
    #expect(message == "text that is not UTF-8 in a libinput record")
    try Data("version: 1\ndevices:\n- evdev:\n    name: \"a\u{7}\"\n".utf8).write(to: URL(fileURLWithPath: path))
    guard case .malformed(_, 4, let control)? = Replay.error(path) else {
      Issue.record("expected malformed at line 4")
      return
    }
    #expect(control == "binary data (control character 0x7) in a libinput record")
  }

  @Test("times beyond Timestamp's range are rejected, not trapped on")
  func hugeTime() throws {
    let text = "devices:\n- node: x\n  events:\n  - evdev:\n    - [10000000000000, 0, 2, 8, 1]\n"
    #expect(try Replay.malformed(text, suffix: ".yml")?.message.contains("sec 0–999999999999") == true)
  }

  @Test("a UTF-8 byte order mark before evemu text is skipped")
  func byteOrderMark() throws {
    let path = try TemporaryFiles.file("\u{FEFF}N: bom\nE: 1.000000 0002 0008 1\nE: 1.000000 0000 0000 0\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Replay.records(path).map(\.device) == ["bom"])
  }

  @Test("an unknown line tag is named")
  func unknownTag() throws {
    #expect(try Replay.malformed("N: x\nQ: bogus\n", suffix: ".evemu")?.message.hasSuffix("found 'Q:'") == true)
  }

  @Test(
    "a bad line between events says what it is; one that ends early counts as cut off only as the last line",
    arguments: [
      (
        "N: late",
        "expected an event line 'E: sec.usec type code value', found a 'N:' description line after the events"
      ),
      (
        "E: 6.4",
        "expected 'E: sec.usec type code value' (type and code in hex); the line ends before the type (is the file cut off?)"
      ),
      (
        "E: 6.400000 0002 0008",
        "expected 'E: sec.usec type code value' (type and code in hex); the line ends before the value (is the file cut off?)"
      ),
    ])
  func lineAfterEvents(_ line: String, _ message: String) throws {
    let events = "E: 1.000000 0002 0008 1\nE: 1.000000 0000 0000 0\n"
    let result = try Replay.malformed(events + line + "\nE: 7.000000 0000 0000 0\n", suffix: ".evemu")
    #expect(result?.line == 3)
    #expect(result?.message == message)
  }

  @Test("a last line cut off mid-line is passed over with a note naming it; the frames before it stay")
  func cutOffLastLine() throws {
    let path = try TemporaryFiles.file("E: 1.000000 0002 0008 1\nE: 1.000000 0000 0000 0\nE: 6.400000 0002 0008\n")
    defer { TemporaryFiles.remove(path) }
    let recording = try Recording.open(path)
    #expect(try Replay.records(path).map(\.vertical) == [.up])
    while try recording.next() != nil {}
    #expect(
      recording.notes == [
        "\(path):3: the last line is cut off (expected 'E: sec.usec type code value' (type and code in hex); the line ends before the value (is the file cut off?)); it was not used"
      ])
  }

  @Test("a text line longer than 16 MiB is refused instead of filling memory; /dev/zero is binary data at once")
  func endlessLine() throws {
    let path = try TemporaryFiles.file(String(repeating: "x", count: 17 << 20), suffix: ".txt")
    defer { try? FileManager.default.removeItem(atPath: path) }
    guard case .malformed(_, 1, let message)? = Replay.error(path) else {
      Issue.record("expected malformed")
      return
    }
    #expect(message.hasPrefix("a line longer than 16 MiB"))
    guard case .malformed(_, 1, let zero)? = Replay.error("/dev/zero") else {
      Issue.record("expected malformed")
      return
    }
    #expect(zero.hasPrefix("binary data"))
  }

}
