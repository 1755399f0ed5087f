import Foundation
import TestSupport
import Testing

/// The output modes and gap records, on the command line.
@Suite("scrolldir replay: modes and gaps", .timeLimit(.minutes(1)))
struct ModesEndToEndTests {
  @Test("each file of a replay has its own detents and changes: the G502 half notch twice is still no detent")
  func stateIsPerFile() throws {
    let half = FixturePaths.recording("hires-wheel-logitech-g502-lightspeed-halfnotch.evemu")
    #expect(try ScrolldirProcess.run(["replay", "--detents", half, half]).stdout.isEmpty)
    let lowres = FixturePaths.recording("wheel-logitech-g502-usbhid-lowres.evemu")
    let changes = try ScrolldirProcess.run(["replay", "--changes-only", lowres, lowres]).stdout.split(separator: "\n")
    #expect(changes.count == 8, "each file starts its own changes: Down, Up, Down, Up twice")
  }

  @Test("SYN_DROPPED in a recording: one gap record, the incomplete frame lost, offsets continue")
  func gap() throws {
    // The G502 usbhid recording with a SYN_DROPPED inserted inside its second frame (after its
    // REL_WHEEL +1): that frame is lost, so the offsets go 0 -> 120, then 120 -> 240 (the third frame).
    var lines = try RecordingText.text("wheel-logitech-g502-usbhid-lowres.evemu")
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let index = try #require(lines.firstIndex { $0.hasPrefix("E: 1692245831.231868 0002 0008") })
    lines.insert("E: 1692245831.231868 0000 0003 0000", at: index + 1)
    let path = try TemporaryFiles.file(lines.joined(separator: "\n"))
    defer { TemporaryFiles.remove(path) }
    let result = try ScrolldirProcess.run(["replay", "--json", path])
    let records = result.stdout.split(separator: "\n").map {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(records.map { $0?["event"] as? String } == ["scroll", "gap", "scroll", "scroll"])
    #expect(records[1]?["time"] as? Double == 1692245831.231868)
    let ys = records.compactMap { ($0?["new"] as? [String: Any])?["y"] as? Int }
    #expect(ys == [120, 240, 120])
  }

  @Test(
    "modes on the command line: --detents on the G502 half-notch prints nothing (90 then 30 v120, never a whole detent); --gestures --json prints two gestures"
  )
  func modes() throws {
    let path = FixturePaths.recording("hires-wheel-logitech-g502-lightspeed-halfnotch.evemu")
    let detents = try ScrolldirProcess.run(["replay", "--detents", path])
    #expect(detents.status == 0 && detents.stdout.isEmpty)
    let gestures = try ScrolldirProcess.run(["replay", "--json", "--gestures", path]).stdout.split(separator: "\n")
    #expect(gestures.count == 2)
    #expect(gestures.allSatisfy { $0.hasPrefix(#"{"event":"gesture""#) })
    #expect(
      gestures.first?.contains(#""direction":"Down""#) == true && gestures.last?.contains(#""direction":"Up""#) == true)
  }
}
