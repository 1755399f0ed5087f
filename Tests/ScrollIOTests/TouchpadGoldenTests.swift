import Foundation
import ScrollCore
import ScrollIO
import TestSupport
import Testing

/// Every shared touchpad recording replayed through the whole pipeline. The finger records are
/// compared byte for byte with `Tests/Fixtures/expected/<name>.finger.jsonl`, derived from the
/// events by `Tests/Fixtures/derive-finger-expected.py`, an independent implementation of the
/// documented rules (see `Tests/Fixtures/README.md`), and the records with `--scroll-method edge`
/// with `<name>.edge.jsonl`, derived by `derive-edge-expected.py` from libinput's edge-scrolling
/// rules; the strokes are also checked against what the recordings' descriptions say.
@Suite("Golden replays of real touchpad recordings")
struct TouchpadGoldenTests {
  static let recordings = [
    "touchpad-alps-glidepoint-2fg-tap.evemu", "touchpad-alps-glidepoint-right-edge-scroll.evemu",
    "touchpad-apple-bcm5974-typeA-2fg-circles.evemu", "touchpad-cypress-2fg-press.evemu",
    "touchpad-elantech-samsung700z3a-1fg-motion.evemu", "touchpad-ite-acer-sw5-2fg-scroll-up.yml",
    "touchpad-synaptics-hp8470p-2fg-horiz-flicker.evemu", "touchpad-synaptics-hp8470p-2fg-vert-seen-as-1fg.evemu",
    "touchpad-synaptics-hp8470p-edge-scroll-vert.evemu", "touchpad-synaptics-ps2-2fg-vert-scroll.evemu",
    "touchpad-synaptics-scrollbuttons-btn0-btn1.evemu", "touchpad-synaptics-t440s-1fg-motion.evemu",
  ]

  static func fingers(_ name: String) throws -> [ScrollRecord] {
    try Replay.records(FixturePaths.recording(name)).filter { $0.source == .finger }
  }

  @Test("finger records equal the derived golden file", arguments: recordings)
  func golden(_ name: String) throws {
    let actual = try Self.fingers(name).map { JSONFormat.scroll($0) + "\n" }.joined()
    let expected = try String(
      contentsOfFile: FixturePaths.expected(FixturePaths.stem(name) + ".finger.jsonl"), encoding: .utf8)
    #expect(actual == expected)
  }

  @Test("with --scroll-method edge, the records equal the derived golden file", arguments: recordings)
  func edgeGolden(_ name: String) throws {
    let records = try Replay.records(FixturePaths.recording(name), options: DevicePipeline.Options(scrollMethod: .edge))
    let expected = try String(
      contentsOfFile: FixturePaths.expected(FixturePaths.stem(name) + ".edge.jsonl"), encoding: .utf8)
    #expect(records.map { JSONFormat.scroll($0) + "\n" }.joined() == expected)
  }

  @Test("Synaptics PS/2: the four vertical strokes, fingers down, up, down, up, and no horizontal scroll")
  func ps2() throws {
    let records = try Self.fingers("touchpad-synaptics-ps2-2fg-vert-scroll.evemu")
    #expect(DirectionRuns.strokes(records, .vertical) == ["Down", "Up", "Down", "Up", "stop"])
    #expect(records.allSatisfy { $0.horizontal == .none })
  }

  @Test("ITE (Acer SW5): one short scroll up, then a stop")
  func ite() throws {
    let records = try Self.fingers("touchpad-ite-acer-sw5-2fg-scroll-up.yml")
    #expect(DirectionRuns.strokes(records, .vertical) == ["Up", "stop"])
    #expect(records.last?.isStop == true)
  }

  @Test("HP 8470p flicker: only the first two-finger segment scrolls (Right)")
  func flicker() throws {
    // The README describes three rightward strokes. In the data the second two-finger segment is a
    // single frame, and in the third the two contacts move apart (one 3.4 mm left, one 36 mm right),
    // which is not a scroll: only the first segment moves the offset.
    let records = try Self.fingers("touchpad-synaptics-hp8470p-2fg-horiz-flicker.evemu")
    #expect(DirectionRuns.strokes(records, .horizontal) == ["Right", "stop"])
    #expect(records.allSatisfy { $0.vertical == .none })
  }

  @Test("Apple bcm5974 (protocol A): two fingers circling give alternating directions on both axes")
  func circles() throws {
    let records = try Self.fingers("touchpad-apple-bcm5974-typeA-2fg-circles.evemu")
    let vertical = DirectionRuns.strokes(records, .vertical).filter { $0 != "stop" }
    let horizontal = DirectionRuns.strokes(records, .horizontal).filter { $0 != "stop" }
    #expect(vertical.count >= 4 && horizontal.count >= 4)
    #expect(zip(vertical, vertical.dropFirst()).allSatisfy { $0 != $1 })
  }

  @Test(
    "no two-finger scroll: one finger, edge scrolling, taps, a press, semi-MT pads, a wide single contact",
    arguments: [
      "touchpad-alps-glidepoint-2fg-tap.evemu", "touchpad-alps-glidepoint-right-edge-scroll.evemu",
      "touchpad-cypress-2fg-press.evemu", "touchpad-elantech-samsung700z3a-1fg-motion.evemu",
      "touchpad-synaptics-hp8470p-2fg-vert-seen-as-1fg.evemu", "touchpad-synaptics-hp8470p-edge-scroll-vert.evemu",
      "touchpad-synaptics-scrollbuttons-btn0-btn1.evemu", "touchpad-synaptics-t440s-1fg-motion.evemu",
    ])
  func negatives(_ name: String) throws {
    #expect(try Self.fingers(name).isEmpty)
  }
}
