import Foundation
import ScrollCore
import ScrollIO
import TestSupport
import Testing

@Suite("Evemu writer")
struct EvemuWriterTests {
  /// Files evemu 2.x wrote (format 1.3, SYN_REPORT comments with +Nms): the capture of kernel-made
  /// events from the live tests and two from whot/evemu-devices.
  static let writtenByEvemu = [
    FixturePaths.capture("button-qemu-usb-mouse-middle-scroll.evemu"),
    FixturePaths.recording("other-apple-magic-mouse-short-touch.evemu"),
    FixturePaths.recording("other-touchscreen-ep0430m09-2fg-drag.evemu"),
  ]

  /// Every shared recording that declares its device (evemu N:/B:/A: lines or a libinput record).
  static let declaredDevices = [
    "other-apple-magic-mouse-short-touch.evemu", "other-touchscreen-ep0430m09-2fg-drag.evemu",
    "touchpad-alps-glidepoint-2fg-tap.evemu", "touchpad-apple-bcm5974-typeA-2fg-circles.evemu",
    "touchpad-synaptics-hp8470p-edge-scroll-vert.evemu", "touchpad-synaptics-t440s-1fg-motion.evemu",
    "wheel-ibm-scrollpoint-stick-relz.evemu", "hires-wheel-logitech-g903-hidpp-regression-fragment.yml",
    "other-huion-keydial-k20-dial-ccw.yml", "touchpad-ite-acer-sw5-2fg-scroll-up.yml",
  ].map(FixturePaths.recording)

  @Test("the description is evemu-record's own, line for line (N:, I:, P:, every B: and A:)", arguments: writtenByEvemu)
  func descriptionAsEvemuWritesIt(path: String) throws {
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    let recording = try Recording.open(path)
    let written = EvemuWriter.description(try #require(recording.devices.first).description)
    #expect(written.first == "# EVEMU 1.3")
    #expect(Array(written.dropFirst()) == lines.filter { ["N:", "I:", "P:", "B:", "A:"].contains($0.prefix(2)) })
  }

  @Test("every event line is evemu-record's own, comments and +Nms included", arguments: writtenByEvemu)
  func eventLinesAsEvemuWritesThem(path: String) throws {
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("E:") }
    var written: [String] = []
    var previousReport: Timestamp?
    for recorded in try Replay.events(path) {
      written.append(EvemuWriter.line(recorded.event, previousReport: previousReport))
      if recorded.event.isReport { previousReport = recorded.event.time }
    }
    #expect(written.count == lines.count)
    for (line, expected) in zip(written, lines) where line != expected {
      Issue.record("wrote \(line) for \(expected)")
      break
    }
  }

  @Test("milliseconds since the last SYN_REPORT as evemu counts them: 1.309197 after 1.257725 is +52ms, not 51")
  func reportMilliseconds() {
    let report = InputEvent(time: Timestamp(seconds: 1, microseconds: 309_197), type: .syn, code: .synReport, value: 0)
    #expect(
      EvemuWriter.line(report, previousReport: Timestamp(seconds: 1, microseconds: 257_725))
        == "E: 1.309197 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +52ms")
    #expect(EvemuWriter.line(report).hasSuffix("---------- +0ms"))
  }

  @Test("values are at least four characters with the sign counted, as %04d: -15 is -015, 589827 stays whole")
  func valuePadding() {
    let time = Timestamp(seconds: 0, microseconds: 1)
    #expect(
      EvemuWriter.line(InputEvent(time: time, type: .rel, code: .relWheelHiRes, value: -15)).hasPrefix(
        "E: 0.000001 0002 000b -015\t"))
    #expect(
      EvemuWriter.line(InputEvent(time: time, type: .msc, code: EventCode(rawValue: 4), value: 589_827))
        == "E: 0.000001 0004 0004 589827\t# EV_MSC / MSC_SCAN             589827")
  }

  @Test("what is written reads back as the same device and events", arguments: declaredDevices)
  func roundTrip(path: String) throws {
    let original = try Recording.open(path)
    let device = try #require(original.devices.first).description
    var text = EvemuWriter.description(device, comments: ["round trip of \(path)"])
    var events: [InputEvent] = []
    var previousReport: Timestamp?
    while let recorded = try original.next() {
      guard recorded.device == 0 else { continue }
      events.append(recorded.event)
      text.append(EvemuWriter.line(recorded.event, previousReport: previousReport))
      if recorded.event.isReport { previousReport = recorded.event.time }
    }
    let file = try TemporaryFiles.file(text.joined(separator: "\n") + "\n")
    defer { TemporaryFiles.remove(file) }
    let copy = try Recording.open(file)
    let read = try #require(copy.devices.first).description
    #expect(read.name == device.name && read.id == device.id && read.properties == device.properties)
    // EV_SYN's mask is evemu's fixed one (SYN_REPORT, SYN_CONFIG, SYN_DROPPED), whatever was read.
    #expect(read.codes.filter { $0.key != .syn } == device.codes.filter { $0.key != .syn })
    #expect(read.codes[.syn] == [.synReport, EventCode(rawValue: 1), .synDropped])
    #expect(read.absInfo == device.absInfo)
    #expect(try Replay.events(file).map(\.event) == events)
  }

  @Test("a name with a line break stays on its N: line")
  func nameWithLineBreak() {
    let lines = EvemuWriter.description(DeviceDescription(name: "evil\nE: 0.1 0002 0008 0001", codes: [:]))
    #expect(lines.contains("N: evil E: 0.1 0002 0008 0001"))
    #expect(!lines.contains { $0.hasPrefix("E:") })
  }
}
