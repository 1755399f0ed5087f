import Foundation
import TestSupport
import Testing

/// The output modes on the new sources, on the command line: on-button scrolling on the captured
/// QEMU usb-mouse (middle button held; REL_Y +8 six times, −8 eight times, REL_X +12 four times),
/// edge scrolling on the HP 8470p recording (11 strokes on the right edge).
@Suite("scrolldir replay: modes on button and edge scrolling", .timeLimit(.minutes(1)))
struct ScrollSourcesModesTests {
  static let button = FixturePaths.capture("button-qemu-usb-mouse-middle-scroll.evemu")
  static let edge = FixturePaths.recording("touchpad-synaptics-hp8470p-edge-scroll-vert.evemu")

  static func lines(_ arguments: [String]) throws -> [Substring] {
    let result = try ScrolldirProcess.run(["replay"] + arguments)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    return result.stdout.split(separator: "\n")
  }

  @Test(
    "--gestures: Down 48 counts in 6 records (ended by the reversal), Up 64 in 8 and Right 48 in 4 (ended by the release)"
  )
  func gestures() throws {
    let gestures = try Self.lines(["--json", "--gestures", "--scroll-method", "button", Self.button])
    #expect(
      gestures == [
        #"{"event":"gesture","device":"QEMU QEMU USB Mouse","source":"button","axis":"vertical","direction":"Down","start":1.102960,"duration":0.257746,"distance":48,"unit":"counts","events":6}"#,
        #"{"event":"gesture","device":"QEMU QEMU USB Mouse","source":"button","axis":"vertical","direction":"Up","start":1.412066,"duration":0.359961,"distance":64,"unit":"counts","events":8}"#,
        #"{"event":"gesture","device":"QEMU QEMU USB Mouse","source":"button","axis":"horizontal","direction":"Right","start":1.823498,"duration":0.154285,"distance":48,"unit":"counts","events":4}"#,
      ])
  }

  @Test(
    "--step 10: y 8…48 crosses 10, 20, 30, 40 (4 Down), back to −16 crosses 30, 20, 10, 0, −10 (5 Up), x 12…48 four times (4 Right), and the stop"
  )
  func step() throws {
    let lines = try Self.lines(["--json", "--step", "10", "--scroll-method", "button", Self.button])
    func count(_ key: String) -> Int { lines.filter { $0.contains(key) }.count }
    #expect(count(#""vertical":"Down""#) == 4 && count(#""vertical":"Up""#) == 5)
    #expect(count(#""horizontal":"Right""#) == 4 && count(#""stop":true"#) == 1 && lines.count == 14)
    #expect(lines[8].contains(#""old":{"x":0,"y":0},"new":{"x":0,"y":-10}"#))
  }

  @Test("--changes-only: the first Down, the first Up and the first Right; the stop is dropped")
  func changesOnly() throws {
    let lines = try Self.lines(["--changes-only", "--scroll-method", "button", Self.button])
    #expect(lines.map { $0.split(separator: " ")[0] } == ["1.102960", "1.412066", "1.823498"])
  }

  @Test("--axis horizontal: the four Right records and the stop")
  func axis() throws {
    let lines = try Self.lines(["--json", "--axis", "horizontal", "--scroll-method", "button", Self.button])
    #expect(lines.count == 5 && lines.prefix(4).allSatisfy { $0.contains(#""horizontal":"Right""#) })
    #expect(lines.last?.contains(#""stop":true"#) == true)
  }

  @Test("--stats counts whole counts per direction: Up 8 records 64, Down 6 records 48, Right 4 records 48")
  func stats() throws {
    let result = try ScrolldirProcess.run(["replay", "--stats", "--scroll-method", "button", Self.button])
    let lines = result.stderr.split(separator: "\n").filter { $0.contains(" button ") }
    #expect(
      lines == [
        #"scrolldir: "QEMU QEMU USB Mouse" button Up    8 records 64 counts 0.359961 s"#,
        #"scrolldir: "QEMU QEMU USB Mouse" button Down  6 records 48 counts 0.257746 s"#,
        #"scrolldir: "QEMU QEMU USB Mouse" button Right 4 records 48 counts 0.154285 s"#,
      ])
  }

  @Test("edge scrolling with --changes-only: one record per stroke, Down and Up in turn, 11 in all")
  func edgeStrokes() throws {
    let lines = try Self.lines(["--json", "--changes-only", "--scroll-method", "edge", Self.edge])
    let down = #""vertical":"Down""#
    #expect(lines.count == 11)
    #expect(lines.enumerated().allSatisfy { index, line in line.contains(down) == index.isMultiple(of: 2) })
  }
}
