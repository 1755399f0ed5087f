import ScrollCore
import TestSupport
import Testing

struct ChainCase: CustomTestStringConvertible, Sendable {
  let name: String
  var source: ScrollSource = .wheel
  let options: ModeOptions
  let inputs: [ClockInput]
  /// Everything output, including finish() at the end.
  let expected: [OutputRecord]
  var testDescription: String { name }
}

private func steps(_ list: [Step]) -> [ClockInput] { list.map(ClockInput.step) }

@Suite("ModeChain: the modes composed")
struct ModeChainTests {
  static func run(_ testCase: ChainCase) -> [OutputRecord] {
    var chain = ModeChain(options: testCase.options)
    return VirtualClock.play(
      testCase.inputs, source: testCase.source, process: { chain.process($0) }, advance: { chain.advance(to: $0) },
      finish: { chain.finish() })
  }

  @Test(arguments: [
    // No mode: records pass as they are.
    ChainCase(
      name: "no mode: the records themselves", options: ModeOptions(),
      inputs: steps([.down(15, at: 0), .up(15, at: 1)]),
      expected: [.scroll(rec(0, (0, 0), (0, 15))), .scroll(rec(1, (0, 15), (0, 0)))]),
    // Burst 1: 8 × 16 (0–70 ms) = 128 → detent at 70 ms, 8 carried. Burst 2 two seconds later:
    // 8 + 16k ≥ 120 at k = 7 → detent at the 7th step, 2000 + 60 = 2060 ms (without the carried 8
    // it would take 8 steps). Gestures on the detent records: 70 ms alone (ended by timeout at
    // 570 ms, emitted when the 2000 ms record advances the clock), then 2060 ms alone (flushed).
    ChainCase(
      name: "detents then gestures: the remainder is carried across gestures",
      options: ModeOptions(wheelStep: 120, gestures: true),
      inputs: steps((0..<8).map { .down(16, at: ms(10 * $0)) } + (0..<7).map { .down(16, at: ms(2000 + 10 * $0)) }),
      expected: [
        .gesture(gesture(.vertical, .down, from: ms(70), to: ms(70), distance: 120, events: 1, .timeout)),
        .gesture(gesture(.vertical, .down, from: ms(2060), to: ms(2060), distance: 120, events: 1, .flush)),
      ]),
    // Detents D (10 ms), D (30 ms), U (50 ms), U (70 ms) from 4 × 60 down, 4 × 60 up; changes-only
    // keeps D and the first U.
    ChainCase(
      name: "detents then changes-only", options: ModeOptions(wheelStep: 120, changesOnly: true),
      inputs: steps((0..<4).map { .down(60, at: ms(10 * $0)) } + (4..<8).map { .up(60, at: ms(10 * $0)) }),
      expected: [.scroll(rec(ms(10), (0, 0), (0, 120))), .scroll(rec(ms(50), (0, 240), (0, 120)))]),
    // Raw, a lone jitter Down 15 then 9 × Up 15 would be a Down gesture (1 event) then Up. Debounced:
    // 0 held +15; 10 ms reversal nets it to 0; 20 ms held −15; 30 ms releases −30; 40…90 ms pass
    // −15 each: one Up gesture 30–90 ms, 7 events, 30 + 6 × 15 = 120.
    ChainCase(
      name: "debounce then gestures: a jitter step makes no false gesture",
      options: ModeOptions(debounce: true, gestures: true),
      inputs: steps([.down(15, at: 0)] + (1...9).map { .up(15, at: ms(10 * $0)) }),
      expected: [.gesture(gesture(.vertical, .up, from: ms(30), to: ms(90), distance: 120, events: 7, .flush))]),
    ChainCase(
      name: "the same without debounce: the jitter is a gesture, ended by the reversal",
      options: ModeOptions(gestures: true),
      inputs: steps([.down(15, at: 0)] + (1...9).map { .up(15, at: ms(10 * $0)) }),
      expected: [
        .gesture(gesture(.vertical, .down, from: 0, to: 0, distance: 15, events: 1, .reversal)),
        .gesture(gesture(.vertical, .up, from: ms(10), to: ms(90), distance: 135, events: 9, .flush)),
      ]),
    // With --gestures, --changes-only has no effect: only gestures are output.
    ChainCase(
      name: "--gestures replaces records (changes-only has no effect)",
      options: ModeOptions(changesOnly: true, gestures: true),
      inputs: steps([.down(120, at: 0), .down(120, at: ms(100))]) + [.advance(ms(600))],
      expected: [.gesture(gesture(.vertical, .down, from: 0, to: ms(100), distance: 240, events: 2, .timeout))]),
    // --axis vertical after the quantizer: the Left detent (x −120) is counted in the position but
    // not output; the Down detent's old/new carry that x.
    ChainCase(
      name: "--axis behind --detents: single-axis detent records filtered",
      options: ModeOptions(axis: .vertical, wheelStep: 120),
      inputs: steps([.left(120, at: 0), .down(120, at: ms(10))]),
      expected: [.scroll(rec(ms(10), (-120, 0), (-120, 120)))]),
    // Finger stops pass --axis (they tell the consumer the scroll ended).
    ChainCase(
      name: "finger stops pass --axis", source: .finger, options: ModeOptions(axis: .horizontal),
      inputs: steps([.down(2, at: 0), .right(1, at: ms(10)), .stop(at: ms(20))]),
      expected: [
        .scroll(rec(ms(10), (0, 2), (1, 2), source: .finger)),
        .scroll(
          .stop(time: Timestamp(microseconds: ms(20)), device: "d", source: .finger, at: ContentOffset(x: 1, y: 2))),
      ]),
  ])
  func chain(_ testCase: ChainCase) {
    #expect(Self.run(testCase) == testCase.expected)
  }

  @Test("--axis in front of or behind --detents: the same vertical detents")
  func axisFilterEitherSide() {
    // Vertical: 60, 60 (detent 0 → 120 at 10 ms), then 60 at 50 ms and 60 at 60 ms (120 → 240 at 60 ms).
    // Horizontal: 3 × 90 Left in between (two Left detents, x −240, only where the quantizer sees them).
    let records = Step.records([
      .down(60, at: 0), .down(60, at: ms(10)), .left(90, at: ms(20)), .left(90, at: ms(30)), .left(90, at: ms(40)),
      .down(60, at: ms(50)), .down(60, at: ms(60)),
    ])
    var front = StepQuantizer()
    let filteredFirst = records.filter(AxisFilter.vertical.admits).flatMap { front.process($0) }
    var behind = StepQuantizer()
    let filteredLast = records.flatMap { behind.process($0) }.filter(AxisFilter.vertical.admits)
    func vertical(_ records: [ScrollRecord]) -> [String] {
      records.map { "\($0.time) \($0.vertical) \($0.old.y) \($0.new.y)" }
    }
    #expect(vertical(filteredFirst) == ["0.010000 down 0 120", "0.060000 down 120 240"])
    #expect(vertical(filteredLast) == vertical(filteredFirst))
    #expect(filteredLast.last?.new.x == -240)  // behind: the quantizer saw the Left detents
    #expect(filteredFirst.last?.new.x == 0)  // in front: it never saw them
  }

  @Test("nextDeadline: the earliest of the gesture and debounce deadlines")
  func deadlines() {
    var chain = ModeChain(options: ModeOptions(debounce: true, gestures: true, idleTimeout: .milliseconds(300)))
    #expect(chain.nextDeadline == nil)
    let records = Step.records([.down(15, at: 0), .down(15, at: ms(10))])
    _ = chain.process(records[0])  // held: no record, no gesture, no deadline
    #expect(chain.nextDeadline == nil)
    _ = chain.process(records[1])  // released: gesture deadline 10 + 300, debounce rest 10 + 500
    #expect(chain.nextDeadline == Timestamp(microseconds: ms(310)))
    #expect(chain.advance(to: Timestamp(microseconds: ms(310))).count == 1)
    #expect(chain.nextDeadline == Timestamp(microseconds: ms(510)))
    #expect(chain.advance(to: Timestamp(microseconds: ms(510))).isEmpty)
    #expect(chain.nextDeadline == nil)
  }

  @Test("finish(device:) ends that device's gesture and forgets its remainder")
  func finishDevice() {
    var chain = ModeChain(options: ModeOptions(wheelStep: 120, gestures: true))
    var output: [OutputRecord] = []
    for record in Step.records([.down(180, at: 0), .down(120, at: ms(5), device: "e")]) {
      output += chain.process(record)
    }
    #expect(output.isEmpty)
    #expect(
      chain.finish(device: "d") == [
        .gesture(gesture(.vertical, .down, from: 0, to: 0, distance: 120, events: 1, .flush))
      ])
    // d's 60 carried is forgotten: a new d stream needs a whole detent again.
    for record in Step.records([.down(60, at: ms(10))]) { output += chain.process(record) }
    #expect(chain.finish().map(JSONFormat.line).count == 1)  // only e's gesture; d's 60 made no detent
  }

  @Test("stats through the chain: counted records, time from gestures, open ones included")
  func stats() {
    var chain = ModeChain()
    for record in Step.records([.down(15, at: 0), .down(15, at: ms(40))]) { _ = chain.process(record) }
    #expect(
      TextFormat.stats(chain.counters, including: chain.openGestures) == [
        "stats since start", "d wheel Down  2 records 0.250 detents 0.040000 s",
      ])
    #expect(
      JSONFormat.stats(chain.counters, including: chain.openGestures).hasPrefix(
        #"{"event":"stats","since":null,"totals":[{"device":"d","#))
    chain.resetCounters(at: Timestamp(microseconds: ms(50)))
    #expect(
      TextFormat.stats(chain.counters, including: chain.openGestures) == ["stats since 0.050000", "no scrolling"])
    #expect(chain.countersSinceStart.totals().map(\.records) == [2], "the counts since the start are not reset")
  }
}
