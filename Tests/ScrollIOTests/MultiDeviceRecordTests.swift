import Foundation
import ScrollCore
import TestSupport
import Testing

@testable import ScrollIO

/// libinput records of several devices: one pass keeps the events, or, past the limit, each
/// device's list is read again on its own (`LibinputRecordReader`).
@Suite("Multi-device libinput records: buffered and per-device passes")
struct MultiDeviceRecordTests {
  /// `count` devices, each with one REL_WHEEL frame at its own time (device i at i ms; +1 for an
  /// even i, −1 for an odd one), listed in
  /// reverse time order, quoted as in a mail reply so that windows must find their quote markers.
  static func record(devices count: Int, quoted: Bool = false) -> String {
    var lines = ["version: 1", "ndevices: \(count)", "devices:"]
    for index in (0..<count).reversed() {
      lines += [
        "- node: /dev/input/event\(index)", "  evdev:", "    name: \"dev\(index)\"", "    codes:", "      0: [0]",
        "      2: [8]", "  events:", "  - evdev:",
        "    - [\(index / 1000), \(index % 1000 * 1000), 2, 8, \(index % 2 == 0 ? 1 : -1)]",
        "    - [\(index / 1000), \(index % 1000 * 1000), 0, 0, 0]",
      ]
    }
    return lines.map { (quoted ? "> " : "") + $0 }.joined(separator: "\n") + "\n"
  }

  static func events(_ path: String, limit: Int) throws -> [RecordedEvent] {
    let recording = try Recording.open(path, format: nil, interruption: .never, bufferedEventLimit: limit)
    var events: [RecordedEvent] = []
    while let event = try recording.next() { events.append(event) }
    return events
  }

  @Test(
    "the same events in time order whether kept from the first pass or read again per device (limit 0), also quoted",
    arguments: [false, true])
  func passesAgree(_ quoted: Bool) throws {
    let path = try TemporaryFiles.file(Self.record(devices: 40, quoted: quoted), suffix: ".yml")
    defer { TemporaryFiles.remove(path) }
    let kept = try Self.events(path, limit: LibinputRecordReader.bufferedEventLimit)
    let reread = try Self.events(path, limit: 0)
    #expect(kept == reread)
    // Device i (listed at index 39 − i) has its frame at i ms: the merge puts them in time order.
    let times = (0..<40).flatMap { index in Array(repeating: Timestamp(microseconds: Int64(index) * 1000), count: 2) }
    #expect(kept.count == 80 && kept.map(\.event.time) == times)
    #expect(kept.first?.device == 39 && kept.last?.device == 0)
  }

  @Test("3 200 tiny devices replay, each with its one detent")
  func manyDevices() throws {
    let path = try TemporaryFiles.file(Self.record(devices: 3200), suffix: ".yml")
    defer { TemporaryFiles.remove(path) }
    let records = try Replay.records(path)
    #expect(records.count == 3200)
    #expect(records.filter { $0.vertical == .up }.count == 1600)
  }
}
