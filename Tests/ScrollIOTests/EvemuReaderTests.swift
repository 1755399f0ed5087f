import Foundation
import ScrollCore
import ScrollIO
import TestSupport
import Testing

struct MalformedCase: CustomTestStringConvertible, Sendable {
  let name: String
  let text: String
  let line: Int
  let mentions: String
  var testDescription: String { name }
}

@Suite("Evemu reader")
struct EvemuReaderTests {
  @Test("a full description: name, ID, codes and absolute axes (format 1.3, with resolution)")
  func description() throws {
    let recording = try Recording.open(FixturePaths.recording("other-apple-magic-mouse-short-touch.evemu"))
    let device = try #require(recording.devices.first)
    #expect(device.label == "mouses")
    #expect(device.description.origin == .declared)
    #expect(device.description.id == InputID(bustype: 0x05, vendor: 0x05ac, product: 0x030d, version: 0x0306))
    #expect(device.description.scrollCapabilities.wheel && device.description.scrollCapabilities.horizontalWheel)
    #expect(device.description.absInfo[EventCode(rawValue: 0x2f)] == AbsInfo(minimum: 0, maximum: 15))
  }

  @Test("format 1.2 without a version line and with B: lines: the ScrollPoint's REL_WHEEL and REL_Z")
  func olderFormat() throws {
    let recording = try Recording.open(FixturePaths.recording("wheel-ibm-scrollpoint-stick-relz.evemu"))
    let description = try #require(recording.devices.first?.description)
    #expect(description.name == "HID 04b3:3103")
    #expect(description.codes[.rel] == [.relX, .relY, EventCode(rawValue: 2), .relWheel])
  }

  @Test("no description: named after the file, capabilities inferred from the events read")
  func inferred() throws {
    let path = FixturePaths.recording("wheel-logitech-g502-usbhid-lowres.evemu")
    let recording = try Recording.open(path)
    #expect(recording.devices.first?.label == "wheel-logitech-g502-usbhid-lowres.evemu")
    #expect(recording.devices.first?.description.origin == .inferred)
    while try recording.next() != nil {}
    #expect(
      recording.devices.first?.description.scrollCapabilities
        == DeviceDescription(name: "", codes: [.rel: [.relWheel, .relWheelHiRes]]).scrollCapabilities)
  }

  @Test("events keep time, type, code and value; trailing comments are ignored")
  func events() throws {
    let events = try Replay.events(FixturePaths.recording("wheel-logitech-g502-usbhid-lowres.evemu"))
    #expect(events.count == 12)
    #expect(
      events[0].event
        == InputEvent(
          time: Timestamp(seconds: 1_692_245_830, microseconds: 208_738), type: .rel, code: .relWheel, value: -1))
    #expect(events[1].event.code == .relWheelHiRes && events[1].event.value == -120)
  }

  @Test("CRLF line endings, a missing final newline, blank lines and 5-field A: lines are accepted")
  func lenient() throws {
    let text =
      "# EVEMU 1.1\r\nN: pad\r\nI: 0003 046d c08d 0111\r\n\r\nA: 00 0 100 0 0\r\nE: 0.000001 0002 0008 -1\r\nE: 0.000001 0000 0000 0"
    let path = try TemporaryFiles.file(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recording = try Recording.open(path)
    #expect(recording.devices.first?.description.absInfo[EventCode(rawValue: 0)] == AbsInfo(minimum: 0, maximum: 100))
    let records = try Replay.records(path)
    #expect(records.map(\.vertical) == [.down])
    #expect(records.first?.device == "pad")
  }

  @Test("a line longer than the read buffer is read whole")
  func longLine() throws {
    let text = "# " + String(repeating: "x", count: 300_000) + "\nE: 1.000000 0002 0006 1\nE: 1.000000 0000 0000 0\n"
    let path = try TemporaryFiles.file(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Replay.records(path).map(\.horizontal) == [.right])
  }

  @Test(arguments: [
    MalformedCase(name: "E: with a decimal code", text: "E: 0.1 0002 0008x 1\n", line: 1, mentions: "type or code"),
    MalformedCase(
      name: "E: without a value, not the last line", text: "# c\nE: 0.000001 0002 0008\nE: 0.000001 0000 0000 0\n",
      line: 2, mentions: "value"),
    MalformedCase(name: "E: time without a dot", text: "E: 12 0002 0008 1\n", line: 1, mentions: "sec.usec"),
    MalformedCase(
      name: "E: value beyond 32 bits", text: "E: 0.000001 0002 0008 4294967296\n", line: 1, mentions: "32-bit"),
    MalformedCase(
      name: "E: with trailing junk", text: "E: 0.000001 0002 0008 1 2\n", line: 1, mentions: "unexpected '2'"),
    MalformedCase(
      name: "event type beyond EV_MAX", text: "E: 0.000001 0020 0000 1\n", line: 1, mentions: "not a valid evdev event"),
    MalformedCase(
      name: "REL code beyond REL_MAX", text: "E: 0.000001 0002 0010 1\n", line: 1, mentions: "not a valid evdev event"),
    MalformedCase(name: "an unknown tag", text: "N: x\nQ: world\n", line: 2, mentions: "expected an evemu line"),
    MalformedCase(
      name: "B: with 7 bytes", text: "N: x\nB: 02 00 01 00 00 00 00 00\n", line: 2, mentions: "8 hex code mask bytes"),
    MalformedCase(name: "I: with 3 numbers", text: "N: x\nI: 0003 046d c08d\n", line: 2, mentions: "4 hex numbers"),
    MalformedCase(
      name: "A: beyond ABS_MAX", text: "N: x\nA: ff 0 10 0 0 0\n", line: 2, mentions: "beyond ABS_MAX (0x3f)"),
    MalformedCase(
      name: "B: with a type beyond EV_MAX", text: "N: x\nB: ff 00 00 00 00 00 00 00 00\n", line: 2,
      mentions: "beyond EV_MAX (0x1f)"),
    MalformedCase(name: "A: with letters", text: "N: x\nA: 00 zero 10 0 0 0\n", line: 2, mentions: "minimum"),
    MalformedCase(
      name: "a description line after the events", text: "E: 0.000001 0002 0008 1\nN: late\n", line: 2,
      mentions: "after the events"),
    MalformedCase(name: "an empty file", text: "", line: 1, mentions: "empty recording"),
    MalformedCase(name: "comments only", text: "# EVEMU 1.3\n# nothing\n", line: 1, mentions: "empty recording"),
  ])
  func malformed(_ testCase: MalformedCase) throws {
    let path = try TemporaryFiles.file(testCase.text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let error = Replay.error(path)
    guard case .malformed(let file, let line, let message)? = error else {
      Issue.record("expected malformed, got \(String(describing: error))")
      return
    }
    #expect(file == path)
    #expect(line == testCase.line)
    #expect(message.contains(testCase.mentions), "message: \(message)")
  }

  @Test("a missing file and a directory are 'not found'; the message names the file")
  func notFound() {
    let missing = Replay.error("/nonexistent/x.evemu")
    #expect(missing == .notFound(file: "/nonexistent/x.evemu", errno: .noSuchFile))
    let directory = Replay.error(FixturePaths.fixtures)
    #expect(directory == .notFound(file: FixturePaths.fixtures, errno: .isDirectory))
  }
}
