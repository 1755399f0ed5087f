import ScrollCore
import TestSupport
import Testing

/// What happens on the virtual clock in a counters table.
enum CounterInput: Sendable, CustomStringConvertible {
  case step(Step)
  case advance(Int64)
  /// SIGUSR2 at this time (µs).
  case reset(Int64)

  var description: String {
    switch self {
    case .step(let step): step.description
    case .advance(let t): "advance@\(t)"
    case .reset(let t): "reset@\(t)"
    }
  }
}

struct CounterCase: CustomTestStringConvertible, Sendable {
  let name: String
  var source: ScrollSource = .wheel
  var axis: AxisFilter = .both
  let inputs: [CounterInput]
  /// Whether the input ends (finish()) before reading the totals; otherwise open gestures are included as they are.
  var finish = true
  let expected: [ScrollCounters.Total]
  var testDescription: String { name }
}

func total(
  _ direction: Direction, records: Int, distance: Double, microseconds: Int64, device: String = "d",
  source: ScrollSource = .wheel
) -> ScrollCounters.Total {
  var total = ScrollCounters.Total(device: device, source: source, direction: direction)
  total.records = records
  total.distance = OffsetValue(distance)
  total.microseconds = microseconds
  return total
}

@Suite("ScrollCounters: records, distance and time spent per device and direction")
struct ScrollCountersTests {
  /// Drives a ModeChain (which feeds the counters records and the gestures made from them).
  static func run(_ testCase: CounterCase) -> [ScrollCounters.Total] {
    var chain = ModeChain(options: ModeOptions(axis: testCase.axis))
    let records = Step.records(
      testCase.inputs.compactMap { if case .step(let step) = $0 { step } else { nil } }, source: testCase.source)
    var next = records.makeIterator()
    for input in testCase.inputs {
      switch input {
      case .step: if let record = next.next() { _ = chain.process(record) }
      case .advance(let t): _ = chain.advance(to: Timestamp(microseconds: t))
      case .reset(let t): chain.resetCounters(at: Timestamp(microseconds: t))
      }
    }
    if testCase.finish { _ = chain.finish() }
    return chain.totals
  }

  @Test(arguments: [
    // Down 15 at 0 and 10 ms: one gesture of 10 ms, ended by the Up at 20 ms (a one-record
    // gesture: 0 s); Right 120 at 2 s (0 s). Order: Up, Down, Left, Right.
    CounterCase(
      name: "records and distance per direction; a single notch adds no time",
      inputs: [
        .step(.down(15, at: 0)), .step(.down(15, at: ms(10))), .step(.up(15, at: ms(20))),
        .step(.right(120, at: sec(2))),
      ],
      expected: [
        total(.up, records: 1, distance: 15, microseconds: 0),
        total(.down, records: 2, distance: 30, microseconds: ms(10)),
        total(.right, records: 1, distance: 120, microseconds: 0),
      ]),
    // (x −30, y +15) twice, 100 ms apart: each record counts in Down and in Left; one gesture per axis of 100 ms.
    CounterCase(
      name: "a record on both axes counts once in each direction",
      inputs: [.step(.move(x: -30, y: 15, at: 0)), .step(.move(x: -30, y: 15, at: ms(100)))],
      expected: [
        total(.down, records: 2, distance: 30, microseconds: ms(100)),
        total(.left, records: 2, distance: 60, microseconds: ms(100)),
      ]),
    // Gesture 1: 0–200 ms (200 ms); 2 s pause; gesture 2: 2200–2250 ms (50 ms). 250 ms, not 2.25 s.
    CounterCase(
      name: "time spent is the sum of gesture durations, not the wall time",
      inputs: [0, 100, 200, 2200, 2250].map { .step(.down(15, at: ms($0))) },
      expected: [total(.down, records: 5, distance: 75, microseconds: ms(250))]),
    // Down at 0 and 100 ms, reset at 150 ms, Down at 200 and 300 ms: one gesture 0–300 ms. After
    // the reset: 2 records, 30 v120, and only its time after the reset: 300 − 150 = 150 ms.
    CounterCase(
      name: "reset while a gesture is open: only its records and time after the reset count",
      inputs: [
        .step(.down(15, at: 0)), .step(.down(15, at: ms(100))), .reset(ms(150)), .step(.down(15, at: ms(200))),
        .step(.down(15, at: ms(300))),
      ],
      expected: [total(.down, records: 2, distance: 30, microseconds: ms(150))]),
    // The gesture's last record (100 ms) is before the reset (300 ms); it times out at 600 ms,
    // after the reset, and adds nothing.
    CounterCase(
      name: "a gesture over before the reset but reported after it adds nothing",
      inputs: [.step(.down(15, at: 0)), .step(.down(15, at: ms(100))), .reset(ms(300)), .advance(ms(700))], expected: []
    ),
    // Without finish: the open gesture (0–100 ms) is included up to its last record.
    CounterCase(
      name: "open gestures count up to their last record (SIGUSR1 mid-scroll)",
      inputs: [.step(.down(15, at: 0)), .step(.down(15, at: ms(100)))], finish: false,
      expected: [total(.down, records: 2, distance: 30, microseconds: ms(100))]),
    // Finger: 2.5 mm down, then the stop: the stop counts nowhere.
    CounterCase(
      name: "finger distances in mm; stop records count nowhere", source: .finger,
      inputs: [.step(.down(2.5, at: 0)), .step(.stop(at: ms(10)))],
      expected: [total(.down, records: 1, distance: 2.5, microseconds: 0, source: .finger)]),
    CounterCase(
      name: "--axis vertical counts the vertical part only", axis: .vertical,
      inputs: [.step(.move(x: 30, y: 15, at: 0)), .step(.right(120, at: ms(10)))],
      expected: [total(.down, records: 1, distance: 15, microseconds: 0)]),
  ])
  func counters(_ testCase: CounterCase) {
    #expect(Self.run(testCase) == testCase.expected)
  }

  @Test("detents: wheel distance / 120; none for fingers")
  func detents() {
    #expect(total(.down, records: 6, distance: 90, microseconds: 0).detents == 0.75)
    #expect(total(.down, records: 1, distance: 2, microseconds: 0, source: .finger).detents == nil)
  }

  @Test("reset clears everything and remembers when")
  func reset() {
    var counters = ScrollCounters()
    for record in Step.records([.down(15, at: 0), .up(15, at: 10)]) { counters.count(record) }
    #expect(counters.totals().count == 2)
    #expect(counters.since == nil)
    counters.reset(at: Timestamp(microseconds: 20))
    #expect(counters.totals().isEmpty)
    #expect(counters.since == Timestamp(microseconds: 20))
  }

  @Test(
    "after a reset, a replay's next recording (a clock that starts again, earlier) counts its gestures' time in full")
  func clockRestart() {
    var chain = ModeChain()
    for record in Step.records([.down(120, at: 900_000), .down(120, at: 1_000_000)]) { _ = chain.process(record) }
    chain.resetCounters(at: Timestamp(microseconds: 1_000_000))
    _ = chain.finish(device: "d")
    chain.clockRestarted()
    // The next recording: a gesture from 0.1 s to 0.3 s on its own clock.
    for record in Step.records([.down(120, at: 100_000), .down(120, at: 300_000)]) { _ = chain.process(record) }
    _ = chain.finish()
    #expect(chain.totals == [total(.down, records: 2, distance: 240, microseconds: 200_000)])
    #expect(chain.counters.since == Timestamp(microseconds: 1_000_000), "the header still names the reset")
  }
}
