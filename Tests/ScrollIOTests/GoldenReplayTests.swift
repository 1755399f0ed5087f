import Foundation
import ScrollCore
import ScrollIO
import TestSupport
import Testing

/// Every shared wheel, hi-res, trackpoint and "other" recording, replayed through the whole
/// pipeline and compared byte for byte with `Tests/Fixtures/expected/<name>.jsonl`. The expected
/// files were derived from the events by `Tests/Fixtures/derive-expected.py`, an independent
/// implementation of the documented rules (see `Tests/Fixtures/README.md`), not from scrolldir's output.
@Suite("Golden replays of real recordings")
struct GoldenReplayTests {
  static let recordings = [
    "wheel-logitech-g502-usbhid-lowres.evemu",
    "hires-wheel-logitech-g502-lightspeed-halfnotch.evemu",
    "hires-wheel-logitech-g903-hidpp-regression-fragment.yml",
    "wheel-ibm-scrollpoint-stick-relz.evemu",
    "wheel-logitech-ultrathin-touch-mouse.evemu",
    "trackpoint-thinkpad-trackpoint-keyboard2-middle-scroll.evemu",
    "trackpoint-tpps2-ibm-motion-no-scroll.evemu",
    "other-apple-magic-mouse-short-touch.evemu",
    "other-huion-keydial-k20-dial-ccw.yml",
    "other-touchscreen-ep0430m09-2fg-drag.evemu",
  ]

  @Test("replay equals the derived golden file", arguments: recordings)
  func golden(_ name: String) throws {
    let records = try Replay.records(FixturePaths.recording(name))
    let actual = records.map { JSONFormat.scroll($0) + "\n" }.joined()
    let expected = try String(
      contentsOfFile: FixturePaths.expected(FixturePaths.stem(name) + ".jsonl"), encoding: .utf8)
    #expect(actual == expected)
  }

  @Test("G502 on usbhid: four detents down, up, down, up; each frame's REL_WHEEL ±1 is not added to the hi-res ±120")
  func g502LowRes() throws {
    let records = try Replay.records(FixturePaths.recording("wheel-logitech-g502-usbhid-lowres.evemu"))
    #expect(records.map(\.vertical) == [.down, .up, .down, .up])
    #expect(records.map(\.new.y) == [120, 0, 120, 0])
  }

  @Test("G502 half-notch: six hi-res steps of 15 down (90 = 0.75 detent), four up (60); REL_WHEEL ignored")
  func g502HalfNotch() throws {
    let records = try Replay.records(FixturePaths.recording("hires-wheel-logitech-g502-lightspeed-halfnotch.evemu"))
    #expect(DirectionRuns.counted(records) == ["Down×6", "Up×4"])
    #expect(records.map(\.new.y) == [15, 30, 45, 60, 75, 90, 75, 60, 45, 30])
  }

  @Test("G903 fragment: taken literally, 8 frames of REL_WHEEL_HI_RES -120 are 8 detents down (the kernel regression)")
  func g903() throws {
    let records = try Replay.records(FixturePaths.recording("hires-wheel-logitech-g903-hidpp-regression-fragment.yml"))
    #expect(DirectionRuns.counted(records) == ["Down×8"])
    #expect(records.last?.new == ContentOffset(x: 0, y: 960))
    #expect(records.first?.device == "hires-wheel-logitech-g903-hidpp-regression-fragment.yml")
  }

  @Test("IBM ScrollPoint: REL_WHEEL up to ±63 per event is ×120 per unit; REL_Z is not a scroll axis")
  func scrollPoint() throws {
    let records = try Replay.records(FixturePaths.recording("wheel-ibm-scrollpoint-stick-relz.evemu"))
    // Stroke sums from the E: lines: +48, -37, +36, -55, +536, -645, +563, -558 detents (REL_WHEEL units).
    // The shared README says "+626 over 12 events" for the seventh stroke; the data has 11 events summing to +563.
    #expect(
      DirectionRuns.counted(records) == ["Up×3", "Down×2", "Up×2", "Down×2", "Up×10", "Down×11", "Up×11", "Down×10"])
    #expect(records.allSatisfy { $0.horizontal == .none })
    let sum: Int128 = (-48 + 37 - 36 + 55 - 536 + 645 - 563 + 558) * 120
    #expect(records.last?.new == ContentOffset(x: 0, y: OffsetValue(whole: sum)))
  }

  @Test("Ultrathin Touch Mouse: up, down, up, down bursts; BTN_* value 2 (autorepeat) moves nothing")
  func ultrathin() throws {
    let records = try Replay.records(FixturePaths.recording("wheel-logitech-ultrathin-touch-mouse.evemu"))
    #expect(DirectionRuns.counted(records) == ["Up×8", "Down×8", "Up×3", "Down×13"])
    #expect(records.last?.new == ContentOffset(x: 0, y: OffsetValue(whole: (-12 + 9 - 3 + 15) * 120)))
  }

  @Test("TrackPoint Keyboard II: down 2, left 2, down 2, left 2, down 2; middle-button frames move nothing")
  func trackpointKeyboard() throws {
    let records = try Replay.records(
      FixturePaths.recording("trackpoint-thinkpad-trackpoint-keyboard2-middle-scroll.evemu"))
    #expect(DirectionRuns.counted(records) == ["Down×2", "Left×2", "Down×2", "Left×2", "Down×2"])
    #expect(records.last?.new == ContentOffset(x: -480, y: 720))
  }

  @Test("Huion KeyDial: one dial detent counter-clockwise is REL_WHEEL -1: one Down")
  func huion() throws {
    let records = try Replay.records(FixturePaths.recording("other-huion-keydial-k20-dial-ccw.yml"))
    #expect(records.map(\.vertical) == [.down])
    #expect(records.first?.device == "HUION Huion Keydial_K20")
    #expect(records.first?.time == Timestamp(seconds: 88, microseconds: 38334))
  }

  @Test(
    "no wheel events, no records",
    arguments: [
      "trackpoint-tpps2-ibm-motion-no-scroll.evemu", "other-apple-magic-mouse-short-touch.evemu",
      "other-touchscreen-ep0430m09-2fg-drag.evemu",
    ])
  func noScroll(_ name: String) throws {
    #expect(try Replay.records(FixturePaths.recording(name)).isEmpty)
  }

  @Test("the PixArt record from the kernel docs indents with tabs: malformed YAML at line 38, exit class 65")
  func pixartTabs() {
    let path = FixturePaths.recording("wheel-pixart-hp-mouse-buttons-only-tabs.yml")
    let error = Replay.error(path)
    guard case .malformed(let file, let line, let message)? = error else {
      Issue.record("expected a malformed-recording error, got \(String(describing: error))")
      return
    }
    #expect(file == path)
    #expect(line == 38)
    #expect(message.contains("tab"))
  }

  @Test("the PixArt record with its tabs expanded parses: buttons only, no scroll")
  func pixartExpanded() throws {
    let original = try String(
      contentsOfFile: FixturePaths.recording("wheel-pixart-hp-mouse-buttons-only-tabs.yml"), encoding: .utf8)
    let expanded = original.replacingOccurrences(of: "\t", with: "        ")
    let path = try TemporaryFiles.file(expanded, suffix: ".yml")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recording = try Recording.open(path)
    #expect(recording.devices.map(\.label) == ["PixArt HP USB Optical Mouse"])
    #expect(recording.devices.first?.description.scrollCapabilities.hiResWheel == true)
    #expect(try Replay.records(path).isEmpty)
    #expect(try Replay.events(path).count == 12)
  }
}
