import Foundation
import TestSupport
import Testing

/// `scrolldir replay` of the real recordings: records on stdout, exactly as derived, and the notes
/// a replay that scrolls nothing leaves on stderr.
@Suite("scrolldir replay: records and notes", .timeLimit(.minutes(1)))
struct ReplayOutputTests {
  static func expected(_ name: String) throws -> String {
    try String(contentsOfFile: FixturePaths.expected(name), encoding: .utf8)
  }

  @Test("replay --json of a recording equals its golden file")
  func replayJSON() throws {
    let result = try ScrolldirProcess.run([
      "replay", "--json", FixturePaths.recording("trackpoint-thinkpad-trackpoint-keyboard2-middle-scroll.evemu"),
    ])
    #expect(result.status == 0)
    #expect(result.stdout == (try Self.expected("trackpoint-thinkpad-trackpoint-keyboard2-middle-scroll.jsonl")))
    #expect(result.stderr.isEmpty)
  }

  @Test("offsets past 10^15 v120 print as exact integers: 4000 frames of REL_WHEEL 2^31 - 1 Up")
  func hugeOffsetsExact() throws {
    // A low-resolution wheel (REL_WHEEL only); each frame one click of the largest value, Up.
    var lines = [
      "N: huge wheel", "I: 0003 0001 0001 0001", "B: 00 0b 00 00 00 00 00 00 00", "B: 02 00 01 00 00 00 00 00 00",
    ]
    for frame in 1...4000 {
      lines += ["E: \(frame).000000 0002 0008 2147483647", "E: \(frame).000000 0000 0000 0000"]
    }
    let file = try TemporaryFiles.file(lines.joined(separator: "\n") + "\n")
    defer { TemporaryFiles.remove(file) }
    let result = try ScrolldirProcess.run(["replay", "--json", file])
    #expect(result.status == 0)
    let records = result.stdout.split(separator: "\n")
    #expect(records.count == 4000)
    // y = -(clicks × 2147483647 × 120): 4000 clicks are -1030792150560000.
    let step: Int64 = 2_147_483_647 * 120
    #expect(
      records.last?.contains("\"old\":{\"x\":0,\"y\":\(-3999 * step)},\"new\":{\"x\":0,\"y\":\(-4000 * step)}") == true)
    #expect(-4000 * step == -1_030_792_150_560_000)
    #expect(records.allSatisfy { $0.contains("\"vertical\":\"Up\"") && !$0.contains("e+") && !$0.contains(".0,") })
  }

  @Test("replay text output, as shown in the README")
  func replayText() throws {
    let result = try ScrolldirProcess.run(["replay", FixturePaths.recording("wheel-logitech-g502-usbhid-lowres.evemu")])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(
      lines.first
        == "1692245830.208738 wheel-logitech-g502-usbhid-lowres.evemu wheel Down  None  x 0 -> 0 y 0 -> 120 v120")
  }

  @Test("--axis horizontal keeps only the Left/Right records")
  func axis() throws {
    let result = try ScrolldirProcess.run([
      "replay", "--json", "--axis", "horizontal",
      FixturePaths.recording("trackpoint-thinkpad-trackpoint-keyboard2-middle-scroll.evemu"),
    ])
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines.allSatisfy { $0.contains(#""horizontal":"Left""#) })
  }

  @Test(
    "replay - reads evemu and libinput record from standard input",
    arguments: [
      ("wheel-ibm-scrollpoint-stick-relz.evemu", "wheel-ibm-scrollpoint-stick-relz.jsonl"),
      ("other-huion-keydial-k20-dial-ccw.yml", "other-huion-keydial-k20-dial-ccw.jsonl"),
    ])
  func stdin(_ names: (String, String)) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: FixturePaths.recording(names.0)))
    let result = try ScrolldirProcess.run(["replay", "--json", "-"], stdin: data)
    #expect(result.status == 0)
    #expect(result.stdout == (try Self.expected(names.1)))
  }

  @Test("a two-finger scroll up on the ITE touchpad: Up in mm, then a stop record; --natural turns it Down")
  func touchpad() throws {
    let path = FixturePaths.recording("touchpad-ite-acer-sw5-2fg-scroll-up.yml")
    let plain = try ScrolldirProcess.run(["replay", "--json", path]).stdout.split(separator: "\n")
    let natural = try ScrolldirProcess.run(["replay", "--json", "--natural", path]).stdout.split(separator: "\n")
    #expect(plain.count == natural.count && plain.count > 2)
    #expect(plain.dropLast().allSatisfy { $0.contains(#""source":"finger","vertical":"Up","horizontal":"None""#) })
    #expect(natural.dropLast().allSatisfy { $0.contains(#""source":"finger","vertical":"Down","horizontal":"None""#) })
    #expect(plain.last?.hasSuffix(#""unit":"mm","stop":true}"#) == true)
  }

  @Test("a replay of many files closes each one: 100 files under a limit of 64 descriptors")
  func manyFiles() throws {
    let evemu = FixturePaths.recording("wheel-logitech-g502-usbhid-lowres.evemu")
    let yaml = FixturePaths.recording("other-huion-keydial-k20-dial-ccw.yml")
    let files = Array(repeating: [evemu, yaml], count: 50).flatMap { $0 }
    let running = try ScrolldirProcess(
      ["-c", "ulimit -n 64 && exec \"$0\" replay \"$@\"", ScrolldirProcess.path] + files, executable: "/bin/sh")
    running.closeInput()
    let result = running.finish()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == 50 * (4 + 1))
  }

  @Test("several files are replayed in order")
  func severalFiles() throws {
    let result = try ScrolldirProcess.run([
      "replay", "--json", FixturePaths.recording("wheel-logitech-g502-usbhid-lowres.evemu"),
      FixturePaths.recording("other-huion-keydial-k20-dial-ccw.yml"),
    ])
    #expect(
      result.stdout
        == (try Self.expected("wheel-logitech-g502-usbhid-lowres.jsonl"))
        + (try Self.expected("other-huion-keydial-k20-dial-ccw.jsonl")))
  }

  @Test(
    "a recording whose only device cannot scroll says why on stderr and exits 0",
    arguments: [
      (
        "touchpad-alps-glidepoint-2fg-tap.evemu",
        "'AlpsPS/2 ALPS GlidePoint' cannot scroll: a semi-MT touchpad (INPUT_PROP_SEMI_MT) reports a bounding box, not two fingers; its edge scrolling is read with --scroll-method edge"
      ),
      (
        "other-touchscreen-ep0430m09-2fg-drag.evemu",
        "'EP0430M09' cannot scroll: a touchscreen (INPUT_PROP_DIRECT), where dragging is direct manipulation"
      ),
    ])
  func cannotScroll(_ name: String, _ reason: String) throws {
    let result = try ScrolldirProcess.run(["replay", FixturePaths.recording(name)])
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(result.stderr == "scrolldir: \(FixturePaths.recording(name)): \(reason)\n")
  }

  @Test("a touchpad description whose position axes are empty (minimum == maximum) cannot scroll, and says so")
  func emptyAxes() throws {
    let original = try RecordingText.text("touchpad-synaptics-ps2-2fg-vert-scroll.evemu")
    let emptied = original.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix("A: 35 ") ? "A: 35 1472 1472 8 0" : String(line)
    }
    let path = try TemporaryFiles.file(emptied.joined(separator: "\n"))
    defer { TemporaryFiles.remove(path) }
    let result = try ScrolldirProcess.run(["replay", path])
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "scrolldir: \(path): 'SynPS/2 Synaptics TouchPad' cannot scroll: a touchpad without usable position axes "
        + "(ABS_MT_POSITION_X/Y, or ABS_X/Y, with maximum > minimum)\n")
  }

  @Test(
    "a recording cut off before its last SYN_REPORT: the complete frames are replayed, and a note counts the events left over from the line their frame began"
  )
  func openLastFrame() throws {
    let path = try TemporaryFiles.file(
      "N: cut\nE: 1.000000 0002 0008 -1\nE: 1.000000 0000 0000 0\nE: 2.000000 0002 0008 -1\nE: 2.000000 0004 0004 5\n")
    defer { TemporaryFiles.remove(path) }
    let result = try ScrolldirProcess.run(["replay", path])
    #expect(result.status == 0)
    #expect(result.stdout == "1.000000 cut wheel Down  None  x 0 -> 0 y 0 -> 120 v120\n")
    #expect(
      result.stderr
        == "scrolldir: \(path):4: the last frame of 'cut' has 2 event(s) but no SYN_REPORT; they were not used (is the file cut off?)\n"
    )
  }
}
