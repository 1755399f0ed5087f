import ScrollCore
import TestSupport
import Testing

@Suite("DevicePipeline: frames, offsets, pairs and records")
struct DevicePipelineTests {
  @Test("one record per frame with movement, offsets running from the origin")
  func recordsPerFrame() {
    let records = Replay.records(of: [
      Ev.rel(.relWheel, -1, t: 10), Ev.rel(.relWheelHiRes, -120, t: 10), Ev.report(t: 10),
      Ev.rel(.relWheel, 1, t: 20), Ev.rel(.relWheelHiRes, 120, t: 20), Ev.report(t: 20),
    ])
    #expect(records.map(\.vertical) == [.down, .up])
    #expect(records.map(\.horizontal) == [.none, .none])
    #expect(records.map(\.old) == [.zero, ContentOffset(x: 0, y: 120)])
    #expect(records.map(\.new) == [ContentOffset(x: 0, y: 120), .zero])
    #expect(records.map(\.time) == [Timestamp(microseconds: 10), Timestamp(microseconds: 20)])
    #expect(records.allSatisfy { $0.source == .wheel && $0.unit == .v120 && $0.device == "test" })
  }

  @Test("events without SYN_REPORT make no record: a frame ends only at SYN_REPORT")
  func noReportNoRecord() {
    #expect(Replay.records(of: [Ev.rel(.relWheel, 1), Ev.rel(.relWheel, 1)]).isEmpty)
  }

  @Test("a frame with both axes is one record with both directions")
  func bothAxes() {
    let records = Replay.records(of: [Ev.rel(.relWheel, 1), Ev.rel(.relHWheel, -1), Ev.report()])
    #expect(records.count == 1)
    #expect(records.first?.vertical == .up)
    #expect(records.first?.horizontal == .left)
    #expect(records.first?.new == ContentOffset(x: -120, y: -120))
  }

  @Test("frames without wheel movement (buttons, autorepeat, pointer motion) make no record")
  func nonScrollFrames() {
    let records = Replay.records(of: [
      Ev.key(Ev.btnMiddle, 1), Ev.report(), Ev.key(Ev.btnMiddle, 2), Ev.report(), Ev.rel(.relX, 4), Ev.report(),
      Ev.key(Ev.btnMiddle, 0), Ev.report(),
    ])
    #expect(records.isEmpty)
  }

  @Test(
    "wheel codes a declared description leaves out move nothing, as the kernel drops them; inferred capabilities take every code"
  )
  func undeclaredWheelCodes() {
    let events = [
      Ev.rel(.relWheel, -1), Ev.rel(.relWheelHiRes, -120), Ev.report(), Ev.rel(.relHWheel, 1), Ev.report(),
    ]
    let loResOnly = DeviceDescription(name: "lo-res", codes: [.rel: [.relWheel]])
    // The hi-res event is dropped, so the frame counts its REL_WHEEL x 120; REL_HWHEEL is dropped.
    #expect(Replay.records(of: events, description: loResOnly).map(\.new) == [ContentOffset(x: 0, y: 120)])
    let horizontalOnly = DeviceDescription(name: "tilt", codes: [.rel: [.relHWheel]])
    #expect(Replay.records(of: events, description: horizontalOnly).map(\.new) == [ContentOffset(x: 120, y: 0)])
    let inferred = DeviceDescription(name: "log", origin: .inferred)
    #expect(
      Replay.records(of: events, description: inferred).map(\.new) == [
        ContentOffset(x: 0, y: 120), ContentOffset(x: 120, y: 120),
      ])
  }

  @Test("SYN_DROPPED drops the partial frame and everything up to the next SYN_REPORT; offsets continue")
  func synDropped() {
    let records = Replay.records(of: [
      Ev.rel(.relWheel, -1), Ev.report(t: 1),  // Down: 0 -> 120
      Ev.rel(.relWheel, -1),  // partial frame, lost
      Ev.dropped(t: 2),
      Ev.rel(.relWheel, -5),  // still incomplete
      Ev.report(t: 3),  // ends the incomplete frame
      Ev.rel(.relWheel, 1), Ev.report(t: 4),  // Up: 120 -> 0
    ])
    #expect(records.map(\.vertical) == [.down, .up])
    #expect(records.map(\.new) == [ContentOffset(x: 0, y: 120), .zero])
  }

  @Test("a hi-res step that is undone in the same frame moves nothing")
  func netZeroFrame() {
    #expect(Replay.records(of: [Ev.rel(.relWheelHiRes, 15), Ev.rel(.relWheelHiRes, -15), Ev.report()]).isEmpty)
  }
}
