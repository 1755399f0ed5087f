import Foundation
import ScrollCore
import ScrollIO
import TestSupport
import Testing

@Suite("libinput record reader (libyaml)")
struct LibinputRecordReaderTests {
  /// Two devices in one record, their events interleaved in time: the G903 fragment's first two
  /// frames on the mouse and the Huion dial's detent on the dial.
  static let twoDevices = """
    version: 1
    ndevices: 2
    libinput:
      version: "1.23.0"
    devices:
    - node: /dev/input/event4
      evdev:
        name: "Logitech G903"
        id: [3, 1133, 49297, 273]
        codes:
          0: [0, 1, 2]
          2: [0, 1, 8, 11]
        properties: []
      events:
      - evdev:
        - [  3,  63476,   2,   8,      -1]
        - [  3,  63476,   2,  11,    -120]
        - [  3,  63476,   0,   0,       0]
      - libinput:
          type: POINTER_SCROLL_WHEEL
      - evdev:
        - [  3, 139476,   2,   8,      -1]
        - [  3, 139476,   2,  11,    -120]
        - [  3, 139476,   0,   0,       0]
    - node: /dev/input/event20
      evdev:
        name: "HUION Huion Keydial_K20"
        id: [3, 9580, 105, 272]
        codes:
          2: [8, 11]
        absinfo:
          0: [0, 0, 0, 0, 0]
      events:
      - evdev:
        - [  3, 100000,   2,   8,       1]
        - [  3, 100000,   2,  11,     120]
        - [  3, 100000,   0,   0,       0]
    """

  @Test("several devices are merged by timestamp and labelled by name")
  func merge() throws {
    let path = try TemporaryFiles.file(Self.twoDevices, suffix: ".yml")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recording = try Recording.open(path)
    #expect(recording.devices.map(\.label) == ["Logitech G903", "HUION Huion Keydial_K20"])
    #expect(recording.devices[0].description.id.product == 49297)
    #expect(recording.devices[1].description.absInfo[EventCode(rawValue: 0)] == AbsInfo(minimum: 0, maximum: 0))
    let events = try Replay.events(path)
    #expect(events.map(\.device) == [0, 0, 0, 1, 1, 1, 0, 0, 0])
    let records = try Replay.records(path)
    #expect(records.map(\.device) == ["Logitech G903", "HUION Huion Keydial_K20", "Logitech G903"])
    #expect(records.map(\.vertical) == [.down, .up, .down])
    #expect(records.map(\.new.y) == [120, -120, 240], "each device has its own offset")
  }

  @Test("devices with the same name get their node appended")
  func duplicateNames() throws {
    let text = Self.twoDevices.replacingOccurrences(of: "HUION Huion Keydial_K20", with: "Logitech G903")
    let path = try TemporaryFiles.file(text, suffix: ".yml")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(
      try Recording.open(path).devices.map(\.label) == [
        "Logitech G903 (/dev/input/event4)", "Logitech G903 (/dev/input/event20)",
      ])
  }

  @Test("'ndevices:' that does not match the devices listed is malformed at its own line")
  func ndevicesMismatch() throws {
    for (count, message) in [("1", "'ndevices: 1' but 'devices:' lists more devices"), ("5", "lists 2 device(s)")] {
      let text = Self.twoDevices.replacingOccurrences(of: "ndevices: 2", with: "ndevices: " + count)
      let result = try Replay.malformed(text, suffix: ".yml")
      #expect(result?.line == 2)
      #expect(result?.message.contains(message) == true, "\(String(describing: result))")
    }
  }

  @Test(
    "what libinput records never hold is refused at its line: a YAML tag, a second top-level events:, a code beyond its type's range",
    arguments: [
      ("  - [  3,  63476,   2,   8,      -1]", "  - !!str [  3,  63476,   2,   8,      -1]", 16, "YAML tags"),
      ("ndevices: 2", "ndevices: 2\nevents: []\nevents: []", 4, "a second 'events:' in the top-level mapping"),
      ("      2: [0, 1, 8, 11]", "      2: [0, 1, 8, 99999]", 12, "code 99999 for type 2, beyond its largest code 15"),
    ])
  func neverInRecords(_ old: String, _ new: String, _ line: Int, _ message: String) throws {
    let result = try Replay.malformed(Self.twoDevices.replacingOccurrences(of: old, with: new), suffix: ".yml")
    #expect(result?.line == line)
    #expect(result?.message.contains(message) == true, "\(String(describing: result))")
  }

  @Test("an event with four numbers is malformed at its line")
  func shortEvent() throws {
    let text = Self.twoDevices.replacingOccurrences(of: "[  3, 139476,   2,  11,    -120]", with: "[3, 139476, 2, 11]")
    let result = try Replay.malformed(text, suffix: ".yml")
    #expect(result?.line == 23)
    #expect(result?.message.contains("five integers") == true)
  }

  @Test(
    "a record cut inside an event (a paste cut short): the events before it replay, and a note names its last line, with or without a final newline",
    arguments: ["", "\n"])
  func cutAtEnd(_ ending: String) throws {
    let kept = Self.twoDevices.split(separator: "\n", omittingEmptySubsequences: false).prefix(24)
    let path = try TemporaryFiles.file(kept.joined(separator: "\n") + "\n    - [  3, 1394" + ending, suffix: ".yml")
    defer { TemporaryFiles.remove(path) }
    let recording = try Recording.open(path)
    var events: [InputEvent] = []
    while let recorded = try recording.next() { events.append(recorded.event) }
    // Lines 16–18 and 22–24: the G903's two frames, then the third one's first event cut off.
    #expect(events.count == 6 && recording.devices.count == 1)
    #expect(recording.notes.count == 1)
    #expect(
      recording.notes.first?.hasPrefix(
        "\(path):25: the last line is cut off (invalid YAML: did not find expected ',' or ']'")
        == true, "the file has 25 lines")
  }

  @Test("nesting deeper than any libinput record is refused at the line where it goes too deep")
  func deepNesting() throws {
    // 200 000 nested sequences under an unknown key take libyaml minutes to get through.
    let text =
      "version: 1\nndevices: 1\nx:\n  " + String(repeating: "[", count: 200_000)
      + String(repeating: "]", count: 200_000) + "\n" + Self.twoDevices
    let result = try Replay.malformed(text, suffix: ".yml")
    #expect(result?.line == 4)
    #expect(result?.message == "mappings and sequences nested more than 64 deep; a libinput record nests 7 deep")
  }

  @Test("the G903 fragment (events only) is one inferred device")
  func fragment() throws {
    let recording = try Recording.open(
      FixturePaths.recording("hires-wheel-logitech-g903-hidpp-regression-fragment.yml"))
    #expect(recording.devices.count == 1)
    #expect(recording.devices.first?.description.origin == .inferred)
    var count = 0
    while try recording.next() != nil { count += 1 }
    #expect(count == 24)
    #expect(recording.devices.first?.description.scrollCapabilities.hiResWheel == true)
  }
}
