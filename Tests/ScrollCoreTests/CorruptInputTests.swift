import ScrollCore
import TestSupport
import Testing

/// Values only corrupt input produces must not trap, hang or exhaust memory.
@Suite("Corrupt values")
struct CorruptInputTests {
  @Test("a wheel event of −2^31 detents: one record, and --detents yields one record spanning the whole steps")
  func hugeWheelValue() {
    let records = Replay.records(of: [Ev.rel(.relWheel, Int32.min), Ev.report()])
    #expect(records.map(\.new) == [ContentOffset(x: 0, y: OffsetValue(whole: 2_147_483_648 * 120))])
    var quantizer = StepQuantizer()
    let steps = quantizer.process(records[0])
    #expect(steps.count == 1)
    #expect(steps.first?.new == ContentOffset(x: 0, y: OffsetValue(whole: 2_147_483_648 * 120)))
    #expect(JSONFormat.scroll(records[0]).contains(#""new":{"x":0,"y":257698037760}"#))
  }

  @Test("numbers beyond exact printing fall back to Swift's shortest form instead of trapping")
  func hugeNumbers() {
    let record = ScrollRecord(
      time: Timestamp(microseconds: 0), device: "d", source: .finger, old: .zero, new: ContentOffset(x: 0, y: 1e300))
    #expect(JSONFormat.scroll(record).contains(#""new":{"x":0.000,"y":1e+300}"#))
  }

  @Test("an ABS_MT_SLOT maximum of 2^31−1 and a full-range axis without resolution: a touchpad with 256 slots")
  func hugeAxes() throws {
    var description = Pad.description
    description.absInfo[.absMTSlot] = AbsInfo(minimum: 0, maximum: Int32.max)
    description.absInfo[.absMTPositionX] = AbsInfo(minimum: Int32.min, maximum: Int32.max)
    let geometry = try description.scrollCapabilities.touchpadGeometry.get()
    #expect(geometry.touchProtocol == .slots(count: TouchpadGeometry.maximumSlots))
    #expect(geometry.unitsPerMM.x == Double(4_294_967_295 / 69))
    var pipeline = DevicePipeline(device: "pad", description: description)
    pipeline.process(Pad.abs(.absMTSlot, Int32.max)) { _ in }
    pipeline.process(Ev.report()) { _ in }
  }

  @Test("three lo-res events of −2^31 in one frame do not overflow the ×120")
  func hugeFrame() {
    let records = Replay.records(of: [
      Ev.rel(.relWheel, Int32.min), Ev.rel(.relWheel, Int32.min), Ev.rel(.relWheel, Int32.min), Ev.report(),
    ])
    #expect(records.first?.new.y == OffsetValue(whole: 3 * 2_147_483_648 * 120))
  }

  @Test("a gesture at the latest accepted time with the longest idle timeout does not overflow")
  func latestTime() {
    var tracker = GestureTracker(idleTimeout: .seconds(3600))
    let time = Timestamp(seconds: Timestamp.maximumSeconds, microseconds: 999_999)
    let record = ScrollRecord(time: time, device: "d", source: .wheel, old: .zero, new: ContentOffset(x: 0, y: 120))
    #expect(tracker.process(record).isEmpty)
    #expect(tracker.nextDeadline == Timestamp(seconds: Timestamp.maximumSeconds + 3600, microseconds: 999_999))
    #expect(tracker.finish().count == 1)
  }
}
