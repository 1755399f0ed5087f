import Foundation
import TestSupport
import Testing

/// `scrolldir replay --raw`: streams of `struct input_event`, described by a recording, by code
/// names, or by inference.
@Suite("scrolldir replay --raw", .timeLimit(.minutes(1)))
struct RawReplayTests {
  static let g502 = "wheel-logitech-g502-usbhid-lowres.evemu"

  @Test(
    "replay --raw --describe reproduces the records of the evemu replay of the same events",
    arguments: ["touchpad-synaptics-ps2-2fg-vert-scroll.evemu", "wheel-logitech-ultrathin-touch-mouse.evemu"])
  func rawDescribed(_ name: String) throws {
    let expected = try ScrolldirProcess.run(["replay", "--json", FixturePaths.recording(name)]).stdout
    let raw = try ScrolldirProcess.run(
      ["replay", "--json", "--raw", "--describe", FixturePaths.recording(name), "-"],
      stdin: try RecordingText.rawBytes(name))
    #expect(raw.status == 0)
    #expect(!expected.isEmpty)
    #expect(raw.stdout == expected)
  }

  @Test("replay --raw --capabilities: the same records, labelled stdin")
  func rawCapabilities() throws {
    let expected = try ScrolldirProcess.run(["replay", "--json", FixturePaths.recording(Self.g502)]).stdout
    let raw = try ScrolldirProcess.run(
      ["replay", "--json", "--raw", "--capabilities", "REL_WHEEL,REL_WHEEL_HI_RES", "-"],
      stdin: try RecordingText.rawBytes(Self.g502))
    #expect(raw.stdout == expected.replacingOccurrences(of: #""device":"\#(Self.g502)""#, with: #""device":"stdin""#))
  }

  @Test(
    "replay --raw --capabilities without the wheel codes: the wheel events are dropped, as the kernel would, and a note says why"
  )
  func rawCapabilitiesWithoutWheel() throws {
    let raw = try ScrolldirProcess.run(
      ["replay", "--raw", "--capabilities", "KEY_A", "-"], stdin: try RecordingText.rawBytes(Self.g502))
    #expect(raw.status == 0)
    #expect(raw.stdout == "")
    // The G502 stream's four detents are four REL_WHEEL and four REL_WHEEL_HI_RES events.
    #expect(
      raw.stderr
        == "scrolldir: <stdin>: 8 wheel event(s) of 'stdin' have codes its description does not declare; they were dropped, as the kernel drops them\n"
        + "scrolldir: <stdin>: 'stdin' cannot scroll: no wheel (REL_WHEEL, REL_HWHEEL) and not a touchpad\n")
  }

  @Test("--describe needs a recording with a device description; --capabilities labels a file stream by its base name")
  func rawDescriptionSources() throws {
    let undescribed = FixturePaths.recording(Self.g502)
    let describe = try ScrolldirProcess.run(
      ["replay", "--raw", "--describe", undescribed, "-"], stdin: try RecordingText.rawBytes(Self.g502))
    #expect(describe.status == 65)
    #expect(
      describe.stderr.hasPrefix("scrolldir: \(undescribed): '--describe' needs a recording with a device description"))
    let path = try TemporaryFiles.file(try RecordingText.rawBytes(Self.g502), suffix: ".raw")
    defer { TemporaryFiles.remove(path) }
    let named = try ScrolldirProcess.run([
      "replay", "--json", "--raw", "--capabilities", "REL_WHEEL,REL_WHEEL_HI_RES", path,
    ])
    let inferred = try ScrolldirProcess.run(["replay", "--json", "--raw", path])
    #expect(named.stdout.contains(#""device":"\#((path as NSString).lastPathComponent)""#))
    #expect(named.stdout == inferred.stdout)
  }

  @Test("a raw stream cut inside an event exits 65 naming the byte; an unknown code name is a usage error")
  func rawErrors() throws {
    let cut = try ScrolldirProcess.run(
      ["replay", "--raw", "-"], stdin: try RecordingText.rawBytes(Self.g502).dropLast(5))
    #expect(cut.status == 65)
    #expect(
      cut.stderr == "scrolldir: <stdin>: byte 264: the stream ends inside a struct input_event (19 of 24 bytes)\n")
    // The cut falls in the last event, the fourth frame's SYN_REPORT: three whole frames, three records.
    #expect(cut.stdout.split(separator: "\n").count == 3, "the records before the cut stay whole")
    let unknown = try ScrolldirProcess.run(["replay", "--raw", "--capabilities", "REL_WHEELS", "-"], stdin: Data())
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("unknown event code 'REL_WHEELS'"))
  }

  @Test("a raw touchpad stream without --describe: no records, and a note saying what is missing")
  func rawTouchpadUndescribed() throws {
    let raw = try ScrolldirProcess.run(
      ["replay", "--raw", "-"], stdin: try RecordingText.rawBytes("touchpad-synaptics-ps2-2fg-vert-scroll.evemu"))
    #expect(raw.status == 0)
    #expect(raw.stdout == "")
    #expect(
      raw.stderr
        == "scrolldir: <stdin>: 'stdin' sent touch positions but the recording gives no axis ranges, so no finger scroll "
        + "was read; replay a recording with its device description, or give one with '--describe RECORDING'\n")
    let wheel = try ScrolldirProcess.run(["replay", "--raw", "-"], stdin: try RecordingText.rawBytes(Self.g502))
    #expect(wheel.stderr == "", "a wheel stream needs no description")
  }

  @Test(
    "an empty raw stream (--raw or --format raw) says it holds no events; --describe - names standard input <stdin>"
  )
  func emptyAndStdinDescription() throws {
    for flag in [["--raw"], ["--format", "raw"]] {
      let empty = try ScrolldirProcess.run(["replay"] + flag + ["-"], stdin: Data())
      #expect(empty.status == 0 && empty.stdout.isEmpty)
      #expect(empty.stderr == "scrolldir: <stdin>: the recording holds no events\n")
    }
    let path = try TemporaryFiles.file("")
    defer { TemporaryFiles.remove(path) }
    let undescribed = try ScrolldirProcess.run(
      ["replay", "--raw", "--describe", "-", path],
      stdin: Data("E: 1.000000 0002 0008 1\nE: 1.000000 0000 0000 0\n".utf8))
    #expect(undescribed.status == 65)
    #expect(
      undescribed.stderr.hasPrefix("scrolldir: <stdin>: '--describe' needs a recording with a device description"))
  }
}
