import ScrollCore
import TestSupport
import Testing

struct FingerCase: CustomTestStringConvertible, Sendable {
  let name: String
  let frames: [TouchFrame]
  let steps: [TwoFingerScroll.Step]
  var testDescription: String { name }
}

/// The test pad has 10 units per mm, so 10 units = 1 mm; jitter margin 0.25 mm; start travel 1.5 mm.
@Suite("TwoFingerScroll: when two fingers scroll, and by how much")
struct TwoFingerScrollTests {
  static let cases: [FingerCase] = [
    FingerCase(
      name: "moving down together: nothing until both moved 1.5 mm, then the frame's motion less the 0.25 mm margin",
      frames: [
        Pad.frame((1, 100, 100), (2, 300, 100)),  // land: baseline, centroid y 10 mm
        Pad.frame((1, 100, 110), (2, 300, 110)),  // 1 mm each: not yet
        Pad.frame((1, 100, 120), (2, 300, 120)),  // 2 mm each: starts; anchor 11 -> 12 - 0.25 = 11.75
        Pad.frame((1, 100, 130), (2, 300, 130)),  // 13 - 0.25 = 12.75: +1.0
        Pad.frame(),  // lifted: stop
      ],
      steps: [.none, .none, .move(ScrollOffset(x: 0, y: 0.75)), .move(ScrollOffset(x: 0, y: 1.0)), .stop]),
    FingerCase(
      name: "moving up: negative y (Up)",
      frames: [
        // -2 mm: start, anchor 30 -> 28.25
        Pad.frame((1, 100, 300), (2, 300, 300)), Pad.frame((1, 100, 280), (2, 300, 280)),
        Pad.frame((1, 100, 260), (2, 300, 260)),  // 26 + 0.25 = 26.25: -2.0
      ],
      steps: [.none, .move(ScrollOffset(x: 0, y: -1.75)), .move(ScrollOffset(x: 0, y: -2.0))]),
    FingerCase(
      name: "one finger moves 20 mm beside a resting one: no scroll",
      frames: [
        Pad.frame((1, 100, 100), (2, 300, 100)), Pad.frame((1, 100, 200), (2, 300, 100)),
        Pad.frame((1, 100, 300), (2, 301, 100)), Pad.frame(),
      ],
      steps: [.none, .none, .none, .none]),
    FingerCase(
      name: "a pinch (fingers apart) is rejected until the finger count changes",
      frames: [
        Pad.frame((1, 400, 300), (2, 600, 300)), Pad.frame((1, 380, 300), (2, 620, 300)),  // ±2 mm: opposite
        Pad.frame((1, 380, 400), (2, 620, 400)), Pad.frame((1, 380, 500), (2, 620, 500)),  // then together: still no
      ],
      steps: [.none, .none, .none, .none]),
    FingerCase(
      name: "two fingers resting with 0.2 mm jitter never scroll (a tap, a long hold)",
      frames: [
        Pad.frame((1, 100, 100), (2, 300, 100)), Pad.frame((1, 102, 98), (2, 298, 102)),
        Pad.frame((1, 100, 100), (2, 300, 100)), Pad.frame(),
      ],
      steps: [.none, .none, .none, .none]),
    FingerCase(
      name: "jitter within the margin while scrolling moves nothing",
      frames: [
        Pad.frame((1, 100, 100), (2, 300, 100)), Pad.frame((1, 100, 120), (2, 300, 120)),  // start: anchor 11.75
        Pad.frame((1, 100, 119), (2, 300, 119)),  // 11.9: within 11.75 ± 0.25
        Pad.frame((1, 100, 115), (2, 300, 115)),  // 11.5: on the edge, within
        Pad.frame((1, 100, 120), (2, 300, 120)),  // 12.0: on the edge, within
      ],
      steps: [.none, .move(ScrollOffset(x: 0, y: 1.75)), .none, .none, .none]),
    FingerCase(
      name: "a third finger stops the scroll; three fingers never scroll",
      frames: [
        Pad.frame((1, 100, 100), (2, 300, 100)), Pad.frame((1, 100, 120), (2, 300, 120)),
        Pad.frame((1, 100, 140), (2, 300, 140), (3, 500, 140)), Pad.frame((1, 100, 160), (2, 300, 160), (3, 500, 160)),
      ],
      steps: [.none, .move(ScrollOffset(x: 0, y: 1.75)), .stop, .none]),
    FingerCase(
      name: "a contact replaced in one frame resets the baseline: no jump",
      frames: [
        Pad.frame((1, 100, 100), (2, 300, 100)), Pad.frame((1, 100, 120), (2, 300, 120)),  // +1.75
        Pad.frame((1, 100, 130), (3, 700, 500)),  // new ID 3 far away: baseline only
        Pad.frame((1, 100, 140), (3, 700, 510)),  // centroid 32.5 from 31.5: +0.75
      ],
      steps: [.none, .move(ScrollOffset(x: 0, y: 1.75)), .none, .move(ScrollOffset(x: 0, y: 0.75))]),
    FingerCase(
      name: "a 45° stroke moves both axes",
      frames: [
        Pad.frame((1, 100, 100), (2, 300, 100)), Pad.frame((1, 120, 120), (2, 320, 120)),  // start: both +1.75
      ],
      steps: [.none, .move(ScrollOffset(x: 1.75, y: 1.75))]),
    FingerCase(
      name: "a 10° stroke is horizontal only (|dy| < tan 20° |dx|)",
      frames: [
        Pad.frame((1, 100, 100), (2, 300, 100)), Pad.frame((1, 130, 105), (2, 330, 105)),  // dx 3 mm, dy 0.5 mm
      ],
      steps: [.none, .move(ScrollOffset(x: 2.75, y: 0))]),
    FingerCase(
      name: "no stop without a scroll: a two-finger tap lifts silently",
      frames: [Pad.frame((1, 100, 100), (2, 300, 100)), Pad.frame((1, 100, 100)), Pad.frame()],
      steps: [.none, .none, .none]),
  ]

  @Test(arguments: cases)
  func steps(_ testCase: FingerCase) {
    var scroll = TwoFingerScroll(geometry: Pad.geometry)
    let steps = testCase.frames.map { scroll.step($0) }
    #expect(steps.count == testCase.steps.count)
    for (actual, expected) in zip(steps, testCase.steps) {
      switch (actual, expected) {
      case (.move(let a), .move(let e)):
        #expect(abs(a.x - e.x) < 1e-9 && abs(a.y - e.y) < 1e-9, "\(a) != \(e)")
      default:
        #expect(actual == expected)
      }
    }
  }

  @Test("a frame whose second position is unknown holds; the next complete frame measures from itself")
  func unknownPosition() {
    var scroll = TwoFingerScroll(geometry: Pad.geometry)
    _ = scroll.step(Pad.frame((1, 100, 100), (2, 300, 100)))
    #expect(scroll.step(Pad.frame((1, 100, 120), (2, 300, 120))) == .move(ScrollOffset(x: 0, y: 1.75)))
    #expect(scroll.step(TouchFrame(fingerCount: 2, contacts: [Contact(id: 1, x: 100, y: 200)])) == .none)
    #expect(scroll.step(Pad.frame((1, 100, 300), (2, 300, 300))) == .none, "baseline after the gap")
    #expect(scroll.step(Pad.frame((1, 100, 310), (2, 300, 310))) == .move(ScrollOffset(x: 0, y: 0.75)))
    #expect(scroll.isScrolling)
  }
}

@Suite("AxisLock")
struct AxisLockTests {
  @Test(arguments: [
    // tan 20° = 0.364, tan 70° = 2.747
    (ScrollOffset(x: 0.2, y: 5), AxisLock.vertical), (ScrollOffset(x: 5, y: 1.8), AxisLock.horizontal),
    (ScrollOffset(x: 5, y: 1.9), AxisLock.both), (ScrollOffset(x: 5, y: 5), AxisLock.both),
    (ScrollOffset(x: -1, y: 2.8), AxisLock.vertical), (ScrollOffset(x: 1, y: -2.7), AxisLock.both),
  ])
  func lock(_ travel: ScrollOffset, _ expected: AxisLock) {
    #expect(AxisLock(travel: travel) == expected)
  }

  @Test func apply() {
    #expect(AxisLock.vertical.apply(ScrollOffset(x: 1, y: 2)) == ScrollOffset(x: 0, y: 2))
    #expect(AxisLock.horizontal.apply(ScrollOffset(x: 1, y: 2)) == ScrollOffset(x: 1, y: 0))
    #expect(AxisLock.both.apply(ScrollOffset(x: 1, y: 2)) == ScrollOffset(x: 1, y: 2))
  }
}
