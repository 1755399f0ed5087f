import Foundation
import ScrollCore
import ScrollIO
import TestSupport
import Testing

/// On-button scrolling on the kernel-made capture of the live tests' `button` scenario, against
/// what libinput 1.22 made of the same events (`…libinput.txt`, captured beside it).
@Suite("On-button scrolling on a captured QEMU usb-mouse, against libinput's output")
struct ButtonCaptureTests {
  static let capture = FixturePaths.capture("button-qemu-usb-mouse-middle-scroll.evemu")

  /// libinput's `POINTER_SCROLL_CONTINUOUS` events as (horizontal, vertical) values, in order.
  static func libinputScrolls() throws -> [(x: Double, y: Double)] {
    let text = try String(
      contentsOfFile: FixturePaths.capture("button-qemu-usb-mouse-middle-scroll.libinput.txt"), encoding: .utf8)
    func value(after key: String, in line: Substring) -> Double? {
      guard let range = line.range(of: key + " ") else { return nil }
      return Double(line[range.upperBound...].prefix { $0 != "/" })
    }
    return text.split(separator: "\n").filter { $0.contains("POINTER_SCROLL_CONTINUOUS") }.compactMap { line in
      guard let y = value(after: "vert", in: line), let x = value(after: "horiz", in: line) else { return nil }
      return (x, y)
    }
  }

  @Test(
    "--scroll-method button: frame for frame libinput's values (6 × 8 down, 8 × 8 up, 4 × 12 right), then one stop as libinput's"
  )
  func asLibinput() throws {
    let records = try Replay.records(Self.capture, options: DevicePipeline.Options(scrollMethod: .button))
    let libinput = try Self.libinputScrolls()
    let moves = records.filter { !$0.isStop }.map { ($0.new.x - $0.old.x, $0.new.y - $0.old.y) }
    // libinput ends a continuous scroll with an event of 0 on both axes.
    let libinputMoves = libinput.filter { $0.x != 0 || $0.y != 0 }
    #expect(moves.count == 18 && libinputMoves.count == 18)
    #expect(moves.map(\.0) == libinputMoves.map(\.x) && moves.map(\.1) == libinputMoves.map(\.y))
    #expect(records.filter(\.isStop).count == 1 && libinput.count - libinputMoves.count == 1)
    #expect(records.allSatisfy { $0.source == .button && $0.unit == .counts })
    #expect(records.first?.time == Timestamp(microseconds: 1_102_960), "the first motion, 502 ms after the press")
  }

  @Test("the first press and release, 7 ms apart, is a click: nothing before the second press scrolls")
  func click() throws {
    let records = try Replay.records(Self.capture, options: DevicePipeline.Options(scrollMethod: .button))
    #expect(records.allSatisfy { $0.time >= Timestamp(microseconds: 600_955) })
  }

  @Test("the default method of a wheel mouse is not on-button scrolling: no records, as in libinput")
  func defaultMethod() throws {
    #expect(try Replay.records(Self.capture).isEmpty)
  }
}
