import ScrollCore
import TestSupport
import Testing

struct DebounceCase: CustomTestStringConvertible, Sendable {
  let name: String
  var source: ScrollSource = .wheel
  let steps: [Step]
  let expected: [ScrollRecord]
  /// Held back at the end (device "d").
  var held: ScrollOffset = .zero
  var testDescription: String { name }
}

/// The rule under test (libinput 1.29, src/libinput-plugin-mouse-wheel.c): active once a step
/// < 30 has been seen; the first step after rest (or after a change of direction) is held; the
/// held sum is released when, at the end of a frame, it exceeds the smallest step seen (strictly);
/// scrolling ends 500 ms (inclusive) after the last step; a held sum is netted, never cleared.
@Suite("WheelDebounceStage: libinput 1.29 hi-res wheel debouncing")
struct WheelDebounceStageTests {
  @Test(arguments: [
    // Smallest step 15 (< 30: active). 0 ms: held 15 (15 > 15 is false). 10 ms: held 30 > 15 →
    // released, 0 → 30. 20 ms: scrolling, passes: 30 → 45.
    DebounceCase(
      name: "steps of 15: the first is held, the second releases 30, then each passes",
      steps: [.down(15, at: 0), .down(15, at: ms(10)), .down(15, at: ms(20))],
      expected: [rec(ms(10), (0, 0), (0, 30)), rec(ms(20), (0, 30), (0, 45))]),
    // A held step has no deadline: the confirming step 10 s later still releases 30.
    DebounceCase(
      name: "a held step waits however long for its confirmation",
      steps: [.down(15, at: 0), .down(15, at: sec(10))], expected: [rec(sec(10), (0, 0), (0, 30))]),
    // 0: held +15. 10 ms: Up is a new direction → rest → holding again; held 15 − 15 = 0. 20 ms:
    // held −15 (not > 15). 30 ms: held −30 > 15 → released 0 → −30. The input also ends at −30.
    DebounceCase(
      name: "a held step and a reversed step net out; two more reversed steps release",
      steps: [.down(15, at: 0), .up(15, at: ms(10)), .up(15, at: ms(20)), .up(15, at: ms(30))],
      expected: [rec(ms(30), (0, 0), (0, -30))]),
    // Scrolling down (released 0 → 30 at 10 ms, 30 → 45 at 20 ms); the Up step at 30 ms is a new
    // direction: held; at 40 ms −30 is released: 45 → 15.
    DebounceCase(
      name: "a reversal while scrolling holds the first reversed step again",
      steps: [
        .down(15, at: 0), .down(15, at: ms(10)), .down(15, at: ms(20)), .up(15, at: ms(30)), .up(15, at: ms(40)),
      ],
      expected: [rec(ms(10), (0, 0), (0, 30)), rec(ms(20), (0, 30), (0, 45)), rec(ms(40), (0, 45), (0, 15))]),
    // Last step at 10 ms → rest at 510 ms (inclusive). The step at exactly 510 ms is a first step
    // again: held; 520 ms releases 30: 30 → 60.
    DebounceCase(
      name: "a step exactly 500 ms after the last one is after rest: held again",
      steps: [.down(15, at: 0), .down(15, at: ms(10)), .down(15, at: ms(510)), .down(15, at: ms(520))],
      expected: [rec(ms(10), (0, 0), (0, 30)), rec(ms(520), (0, 30), (0, 60))]),
    // 499.999 ms after the last step the scroll is still on: the step passes at once.
    DebounceCase(
      name: "a step 1 µs before the rest deadline passes",
      steps: [.down(15, at: 0), .down(15, at: ms(10)), .down(15, at: ms(10) + 499_999)],
      expected: [rec(ms(10), (0, 0), (0, 30)), rec(ms(10) + 499_999, (0, 30), (0, 45))]),
    // min(47, 120) = 47 ≥ 30: never active; every step passes (the G903 and lo-res wheels).
    DebounceCase(
      name: "steps of 120 (lo-res wheels) never activate: all pass",
      steps: [.down(120, at: 0), .down(120, at: ms(10)), .up(120, at: sec(2))],
      expected: [rec(0, (0, 0), (0, 120)), rec(ms(10), (0, 120), (0, 240)), rec(sec(2), (0, 240), (0, 120))]),
    // 30 is not below a quarter detent (multiplier 4): not active, both pass.
    DebounceCase(
      name: "steps of 30 do not activate (30 is not < 30)", steps: [.down(30, at: 0), .down(30, at: ms(10))],
      expected: [rec(0, (0, 0), (0, 30)), rec(ms(10), (0, 30), (0, 60))]),
    // 29 < 30: active; 29 held, 58 > 29 released.
    DebounceCase(
      name: "steps of 29 activate", steps: [.down(29, at: 0), .down(29, at: ms(10))],
      expected: [rec(ms(10), (0, 0), (0, 58))]),
    // Steps of 8 (multiplier 15): smallest 8; 8 held, 16 > 8 released.
    DebounceCase(
      name: "steps of 8: two steps release 16", steps: [.up(8, at: 0), .up(8, at: ms(5)), .up(8, at: ms(10))],
      expected: [rec(ms(5), (0, 0), (0, -16)), rec(ms(10), (0, -16), (0, -24))]),
    // After rest a larger step (45 > smallest 15) is released in its own frame.
    DebounceCase(
      name: "after rest, a step larger than the smallest step is released at once",
      steps: [.down(15, at: 0), .down(15, at: ms(10)), .down(45, at: sec(1))],
      expected: [rec(ms(10), (0, 0), (0, 30)), rec(sec(1), (0, 30), (0, 75))]),
    // One direction for both axes: Right after Down is a change, so the first Right step is held.
    DebounceCase(
      name: "vertical to horizontal is a change of direction",
      steps: [.down(15, at: 0), .down(15, at: ms(10)), .right(15, at: ms(20)), .right(15, at: ms(30))],
      expected: [rec(ms(10), (0, 0), (0, 30)), rec(ms(30), (0, 30), (30, 30))]),
    // A lone jitter step never confirmed stays held (and is not output at the end).
    DebounceCase(
      name: "a lone step stays held", steps: [.up(15, at: 0)], expected: [], held: ScrollOffset(x: 0, y: -15)),
    DebounceCase(
      name: "finger records pass through unchanged", source: .finger, steps: [.down(0.5, at: 0), .stop(at: ms(10))],
      expected: [
        rec(0, (0, 0), (0, 0.5), source: .finger),
        .stop(time: Timestamp(microseconds: ms(10)), device: "d", source: .finger, at: ContentOffset(x: 0, y: 0.5)),
      ]),
  ])
  func debounce(_ testCase: DebounceCase) {
    var debouncer = WheelDebounceStage()
    let output = Step.records(testCase.steps, source: testCase.source).compactMap { debouncer.process($0) }
    #expect(output == testCase.expected)
    #expect(debouncer.held(for: "d") == testCase.held)
  }

  @Test("devices are debounced separately")
  func perDevice() {
    var debouncer = WheelDebounceStage()
    let records = Step.records([.down(15, at: 0), .down(120, at: ms(5), device: "e"), .down(15, at: ms(10))])
    // d: 15 held, then 30 released at 10 ms. e: a 120 step, never active: passes.
    #expect(
      records.compactMap { debouncer.process($0) } == [
        rec(ms(5), (0, 0), (0, 120), device: "e"), rec(ms(10), (0, 0), (0, 30)),
      ])
  }

  @Test("the rest deadline: last step + 500 ms while scrolling, none while holding; advance ends the scroll")
  func restDeadline() {
    var debouncer = WheelDebounceStage()
    let records = Step.records([
      .down(15, at: 0), .down(15, at: ms(10)), .down(15, at: ms(600)), .down(15, at: ms(610)),
    ])
    _ = debouncer.process(records[0])
    #expect(debouncer.nextDeadline == nil)  // holding: no deadline
    _ = debouncer.process(records[1])
    #expect(debouncer.nextDeadline == Timestamp(microseconds: ms(510)))
    debouncer.advance(to: Timestamp(microseconds: ms(509)))
    #expect(debouncer.state(of: "d")?.phase == .scrolling)
    debouncer.advance(to: Timestamp(microseconds: ms(510)))
    #expect(debouncer.state(of: "d")?.phase == .resting)
    #expect(debouncer.nextDeadline == nil)
    #expect(debouncer.process(records[2]) == nil)  // first step after rest: held
    #expect(debouncer.process(records[3]) == rec(ms(610), (0, 30), (0, 60)))
  }

  @Test("WheelDebounceStateMachine works on frame movements directly (for use inside a device pipeline)")
  func stepLevel() {
    var debounce = WheelDebounceStateMachine()
    #expect(!debounce.isActive && debounce.smallestStep == 47)
    #expect(debounce.frame(ScrollOffset(x: 0, y: 15), at: Timestamp(microseconds: 0)) == .zero)
    #expect(debounce.isActive && debounce.phase == .holding && debounce.held == ScrollOffset(x: 0, y: 15))
    #expect(debounce.frame(ScrollOffset(x: 0, y: 15), at: Timestamp(microseconds: 1)) == ScrollOffset(x: 0, y: 30))
    #expect(debounce.phase == .scrolling && debounce.held == .zero)
  }
}
