import ScrollCore
import Testing

struct WheelFrameCase: CustomTestStringConvertible, Sendable {
  let name: String
  let frame: [InputEvent]
  let delta: ScrollOffset
  var testDescription: String { name }
}

@Suite("WheelAccumulator: one frame of kernel wheel events to v120 (libinput evdev-wheel.c rules)")
struct WheelAccumulatorTests {
  @Test(arguments: [
    WheelFrameCase(
      name: "REL_WHEEL +1 (away from user) is Up: y -120", frame: [Ev.rel(.relWheel, 1)],
      delta: ScrollOffset(x: 0, y: -120)),
    WheelFrameCase(
      name: "REL_WHEEL -1 is Down: y +120", frame: [Ev.rel(.relWheel, -1)], delta: ScrollOffset(x: 0, y: 120)),
    WheelFrameCase(
      name: "REL_HWHEEL +1 is Right: x +120", frame: [Ev.rel(.relHWheel, 1)], delta: ScrollOffset(x: 120, y: 0)),
    WheelFrameCase(
      name: "REL_HWHEEL -1 is Left: x -120", frame: [Ev.rel(.relHWheel, -1)], delta: ScrollOffset(x: -120, y: 0)),
    WheelFrameCase(
      name: "lo-res value 2 is two detents", frame: [Ev.rel(.relWheel, -2)], delta: ScrollOffset(x: 0, y: 240)),
    WheelFrameCase(
      name: "hi-res and lo-res in one frame: hi-res only, never both",
      frame: [Ev.rel(.relWheel, -1), Ev.rel(.relWheelHiRes, -120)], delta: ScrollOffset(x: 0, y: 120)),
    WheelFrameCase(
      name: "hi-res step smaller than a detent with a lo-res event: hi-res wins",
      frame: [Ev.rel(.relWheelHiRes, -15), Ev.rel(.relWheel, -1)], delta: ScrollOffset(x: 0, y: 15)),
    WheelFrameCase(name: "hi-res alone", frame: [Ev.rel(.relWheelHiRes, 15)], delta: ScrollOffset(x: 0, y: -15)),
    WheelFrameCase(
      name: "horizontal hi-res alone", frame: [Ev.rel(.relHWheelHiRes, -30)], delta: ScrollOffset(x: -30, y: 0)),
    WheelFrameCase(
      name: "hi-res on one axis does not suppress lo-res on the other",
      frame: [Ev.rel(.relWheelHiRes, 60), Ev.rel(.relHWheel, 1)], delta: ScrollOffset(x: 120, y: -60)),
    WheelFrameCase(
      name: "two hi-res events in a frame add up",
      frame: [Ev.rel(.relWheelHiRes, 15), Ev.rel(.relWheelHiRes, 15)], delta: ScrollOffset(x: 0, y: -30)),
    WheelFrameCase(
      name: "REL_X, REL_Y, REL_Z, buttons and MSC_SCAN do not scroll",
      frame: [
        Ev.rel(.relX, 5), Ev.rel(.relY, -3), Ev.rel(Ev.relZ, 2), Ev.key(Ev.btnLeft, 1), Ev.key(Ev.btnLeft, 2),
        Ev.msc(30),
      ],
      delta: .zero),
    WheelFrameCase(name: "hi-res value 0 is no movement", frame: [Ev.rel(.relWheelHiRes, 0)], delta: .zero),
  ])
  func frame(_ testCase: WheelFrameCase) {
    var accumulator = WheelAccumulator()
    for event in testCase.frame { accumulator.add(event) }
    #expect(accumulator.endFrame() == testCase.delta)
    #expect(accumulator.endFrame() == .zero, "the next frame starts empty")
  }

  @Test("discardFrame forgets the partial frame")
  func discard() {
    var accumulator = WheelAccumulator()
    accumulator.add(Ev.rel(.relWheel, 1))
    accumulator.discardFrame()
    #expect(accumulator.endFrame() == .zero)
  }
}
