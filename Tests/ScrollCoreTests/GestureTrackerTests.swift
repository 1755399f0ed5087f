import ScrollCore
import TestSupport
import Testing

struct GestureCase: CustomTestStringConvertible, Sendable {
  let name: String
  var source: ScrollSource = .wheel
  var idleTimeout: Duration = GestureTracker.defaultIdleTimeout
  var axes: AxisFilter = .both
  let inputs: [ClockInput]
  /// Everything emitted, in order, including `finish()` at the end.
  let expected: [GestureRecord]
  var testDescription: String { name }
}

private func steps(_ list: Step...) -> [ClockInput] { list.map(ClockInput.step) }

@Suite("GestureTracker: gestures per device, source and axis on a virtual clock")
struct GestureTrackerTests {
  /// Runs `inputs` and then `finish()`; records are made per device as a pipeline would.
  static func run(_ testCase: GestureCase) -> [GestureRecord] {
    var tracker = GestureTracker(idleTimeout: testCase.idleTimeout, axes: testCase.axes)
    return VirtualClock.play(
      testCase.inputs, source: testCase.source, process: { tracker.process($0) }, advance: { tracker.advance(to: $0) },
      finish: { tracker.finish() })
  }

  @Test(arguments: [
    // Six steps of 15, 10 ms apart (0…50 ms): one gesture of 90 v120, 6 events, 0 → 50 ms. Its
    // deadline is 50 + 500 = 550 ms; advancing there ends it by timeout.
    GestureCase(
      name: "one flick: six steps, ended at its deadline",
      inputs: (0..<6).map { .step(.down(15, at: ms(10 * $0))) } + [.advance(ms(550))],
      expected: [gesture(.vertical, .down, from: 0, to: ms(50), distance: 90, events: 6, .timeout)]),
    // Pause of 499 999 µs < 500 ms: the second step continues the gesture (2 events, 240).
    GestureCase(
      name: "a pause 1 µs shorter than the timeout continues the gesture",
      inputs: steps(.down(120, at: 0), .down(120, at: 499_999)),
      expected: [gesture(.vertical, .down, from: 0, to: 499_999, distance: 240, events: 2, .flush)]),
    // Pause of exactly 500 000 µs: the first gesture's deadline is 0 + 500 ms = the second
    // record's time, so it has ended (inclusive) before that record, which starts a new gesture.
    GestureCase(
      name: "a pause exactly as long as the timeout ends the gesture; the record at the deadline starts the next",
      inputs: steps(.down(120, at: 0), .down(120, at: 500_000)),
      expected: [
        gesture(.vertical, .down, from: 0, to: 0, distance: 120, events: 1, .timeout),
        gesture(.vertical, .down, from: 500_000, to: 500_000, distance: 120, events: 1, .flush),
      ]),
    // The clock side of the same boundary: advance to 499 999 µs emits nothing, to 500 000 µs the gesture.
    GestureCase(
      name: "advance 1 µs before the deadline emits nothing; at the deadline the gesture ends",
      inputs: [.step(.down(120, at: 0)), .advance(499_999), .advance(500_000), .advance(sec(3))],
      expected: [gesture(.vertical, .down, from: 0, to: 0, distance: 120, events: 1, .timeout)]),
    // Down ×3 (0–20 ms, 45), then Up at 30 ms: reversal ends the Down gesture at 30 ms and starts
    // an Up gesture (30–40 ms, 30, 2 events), which the end of input flushes.
    GestureCase(
      name: "a reversal inside a gesture ends it and starts the next",
      inputs: steps(
        .down(15, at: 0), .down(15, at: ms(10)), .down(15, at: ms(20)), .up(15, at: ms(30)), .up(15, at: ms(40))),
      expected: [
        gesture(.vertical, .down, from: 0, to: ms(20), distance: 45, events: 3, .reversal),
        gesture(.vertical, .up, from: ms(30), to: ms(40), distance: 30, events: 2, .flush),
      ]),
    // Finger: (x +2, y +3) at 0 then y +1 at 10 ms, stop at 20 ms. Both axes end at the stop;
    // ended together they come by deadline: Right (last 0 ms → 500) before Down (last 10 ms → 510).
    GestureCase(
      name: "a finger stop ends the gestures of its stream on both axes", source: .finger,
      inputs: steps(.move(x: 2, y: 3, at: 0), .down(1, at: ms(10)), .stop(at: ms(20))),
      expected: [
        gesture(.horizontal, .right, from: 0, to: 0, distance: 2, events: 1, .stop, source: .finger),
        gesture(.vertical, .down, from: 0, to: ms(10), distance: 4, events: 2, .stop, source: .finger),
      ]),
    // Down at 0; Left at 400 and 800 ms. The Left records do not touch the vertical gesture,
    // which times out at 500 ms (emitted when the 800 ms record advances the clock); the Left
    // gesture continues across its own 400 ms pause.
    GestureCase(
      name: "movement on the other axis neither continues nor ends a gesture",
      inputs: steps(.down(120, at: 0), .left(120, at: ms(400)), .left(120, at: ms(800))),
      expected: [
        gesture(.vertical, .down, from: 0, to: 0, distance: 120, events: 1, .timeout),
        gesture(.horizontal, .left, from: ms(400), to: ms(800), distance: 240, events: 2, .flush),
      ]),
    // Device d Down at 0 and 200 ms, device e Up at 100 ms: no reversal across devices. Flushed by
    // deadline: e (100 + 500) before d (200 + 500).
    GestureCase(
      name: "devices are separate",
      inputs: steps(.down(120, at: 0), .up(120, at: ms(100), device: "e"), .down(120, at: ms(200))),
      expected: [
        gesture(.vertical, .up, from: ms(100), to: ms(100), distance: 120, events: 1, .flush, device: "e"),
        gesture(.vertical, .down, from: 0, to: ms(200), distance: 240, events: 2, .flush),
      ]),
    GestureCase(
      name: "--axis vertical: horizontal movement makes no gesture", axes: .vertical,
      inputs: steps(.move(x: 30, y: 15, at: 0), .right(120, at: ms(10)), .down(15, at: ms(20))),
      expected: [gesture(.vertical, .down, from: 0, to: ms(20), distance: 30, events: 2, .flush)]),
    // --idle-timeout 1000: a 950 ms pause stays inside the gesture.
    GestureCase(
      name: "a longer idle timeout keeps a 950 ms pause inside the gesture", idleTimeout: .milliseconds(1000),
      inputs: steps(.down(15, at: 0), .down(15, at: ms(950))) + [.advance(ms(1949))],
      expected: [gesture(.vertical, .down, from: 0, to: ms(950), distance: 30, events: 2, .flush)]),
    // A record earlier than the gesture's last one (a second recording with its own clock) flushes it.
    GestureCase(
      name: "time going backwards flushes the open gesture",
      inputs: steps(.down(120, at: sec(5)), .down(120, at: sec(1))),
      expected: [
        gesture(.vertical, .down, from: sec(5), to: sec(5), distance: 120, events: 1, .flush),
        gesture(.vertical, .down, from: sec(1), to: sec(1), distance: 120, events: 1, .flush),
      ]),
    GestureCase(name: "no records, no gestures", inputs: [.advance(sec(10))], expected: []),
  ])
  func gestures(_ testCase: GestureCase) {
    #expect(Self.run(testCase) == testCase.expected)
  }

  @Test("nextDeadline: none when idle, the earliest last record + timeout otherwise, none after expiry")
  func deadlines() {
    var tracker = GestureTracker()
    #expect(tracker.nextDeadline == nil)
    let records = Step.records([.down(15, at: ms(100)), .right(15, at: ms(50)), .down(15, at: ms(300))])
    _ = tracker.process(records[0])
    #expect(tracker.nextDeadline == Timestamp(microseconds: ms(600)))
    _ = tracker.process(records[1])  // horizontal, last at 50 ms: deadline 550 ms
    #expect(tracker.nextDeadline == Timestamp(microseconds: ms(550)))
    _ = tracker.process(records[2])  // vertical continues: deadline 800 ms; horizontal still 550
    #expect(tracker.nextDeadline == Timestamp(microseconds: ms(550)))
    #expect(tracker.advance(to: Timestamp(microseconds: ms(550))).map(\.axis) == [.horizontal])
    #expect(tracker.nextDeadline == Timestamp(microseconds: ms(800)))
    #expect(tracker.advance(to: Timestamp(microseconds: ms(800))).map(\.axis) == [.vertical])
    #expect(tracker.nextDeadline == nil)
  }

  @Test("openGestures are snapshots without an ending; finish(device:) ends only that device's")
  func openAndFinishDevice() {
    var tracker = GestureTracker()
    for record in Step.records([.down(15, at: 0), .up(30, at: ms(10), device: "e"), .down(15, at: ms(20))]) {
      _ = tracker.process(record)
    }
    #expect(
      tracker.openGestures == [
        gesture(.vertical, .down, from: 0, to: ms(20), distance: 30, events: 2, nil),
        gesture(.vertical, .up, from: ms(10), to: ms(10), distance: 30, events: 1, nil, device: "e"),
      ])
    #expect(
      tracker.finish(device: "e") == [
        gesture(.vertical, .up, from: ms(10), to: ms(10), distance: 30, events: 1, .flush, device: "e")
      ])
    #expect(tracker.openGestures.map(\.device) == ["d"])
  }

  @Test("duration and unit")
  func durationAndUnit() {
    let finger = gesture(.vertical, .up, from: ms(10), to: ms(260), distance: 4.5, events: 3, .stop, source: .finger)
    #expect(finger.duration == .milliseconds(250))
    #expect(finger.unit == .mm)
  }
}
