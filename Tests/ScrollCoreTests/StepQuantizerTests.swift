import ScrollCore
import TestSupport
import Testing

struct DetentCase: CustomTestStringConvertible, Sendable {
  let name: String
  var source: ScrollSource = .wheel
  var wheelStep: Double? = Double(ScrollUnit.v120PerDetent)
  var fingerStep: Double? = nil
  let steps: [Step]
  let expected: [ScrollRecord]
  /// Remainder of device "d" after the steps.
  let remainder: ScrollOffset
  var testDescription: String { name }
}

/// Eight steps of `amount` toward the user (Down), 10 ms apart from `start`.
private func downs(_ count: Int, _ amount: Double, from start: Int64 = 0, device: String = "d") -> [Step] {
  (0..<count).map { Step.down(amount, at: start + ms(10) * Int64($0), device: device) }
}

private func ups(_ count: Int, _ amount: Double, from start: Int64) -> [Step] {
  (0..<count).map { Step.up(amount, at: start + ms(10) * Int64($0)) }
}

@Suite("StepQuantizer: one record per detent (or mm step) crossed, remainder kept")
struct StepQuantizerTests {
  @Test(arguments: [
    // 8 × 16 = 128: after the 7th step 112 < 120, the 8th reaches 128 ≥ 120 → one Down detent at
    // the 8th step's time (70 ms), 128 − 120 = 8 carried.
    DetentCase(
      name: "eight hi-res steps of 16 toward the user: one detent Down, 8 carried", steps: downs(8, 16),
      expected: [rec(ms(70), (0, 0), (0, 120))], remainder: ScrollOffset(x: 0, y: 8)),
    // After the Down detent, 8 carried; each −16 lowers it: 8 − 16k ≤ −120 first at k = 8
    // (8 − 128 = −120) → one Up detent at the 8th up step (80 + 70 = 150 ms), 120 → 0, nothing carried.
    DetentCase(
      name: "a reversal nets against the remainder: 8 up steps of 16 after 8 carried make one Up",
      steps: downs(8, 16) + ups(8, 16, from: ms(80)),
      expected: [rec(ms(70), (0, 0), (0, 120)), rec(ms(150), (0, 120), (0, 0))], remainder: .zero),
    // After 8 carried, 7 up steps: 8 − 112 = −104, above −120: no Up detent yet.
    DetentCase(
      name: "seven up steps after 8 carried are not yet a detent", steps: downs(8, 16) + ups(7, 16, from: ms(80)),
      expected: [rec(ms(70), (0, 0), (0, 120))], remainder: ScrollOffset(x: 0, y: -104)),
    // 8 × 15 = 120 exactly: the 8th step lands on the boundary, which counts (≥ a whole detent).
    DetentCase(
      name: "steps of 15: the eighth lands exactly on the detent", steps: downs(8, 15),
      expected: [rec(ms(70), (0, 0), (0, 120))], remainder: .zero),
    // The G502 half-notch pattern: 6 × 15 = 90 down, then 4 × 15 up: 90 − 60 = 30. Never ±120.
    DetentCase(
      name: "90 down then 60 up (G502 half notch): no detent, 30 carried",
      steps: downs(6, 15) + ups(4, 15, from: ms(1000)),
      expected: [], remainder: ScrollOffset(x: 0, y: 30)),
    // A lo-res frame of REL_WHEEL −3 is y +360: three records, all at its time.
    DetentCase(
      name: "a frame of three detents gives three records at its time", steps: [.down(360, at: ms(5))],
      expected: [rec(ms(5), (0, 0), (0, 120)), rec(ms(5), (0, 120), (0, 240)), rec(ms(5), (0, 240), (0, 360))],
      remainder: .zero),
    // y +120 and x −240 in one frame: the vertical detent first, then two Left detents; each
    // record moves one axis only.
    DetentCase(
      name: "a frame on both axes: vertical steps first, then horizontal, one axis per record",
      steps: [.move(x: -240, y: 120, at: 0)],
      expected: [rec(0, (0, 0), (0, 120)), rec(0, (0, 120), (-120, 120)), rec(0, (-120, 120), (-240, 120))],
      remainder: .zero),
    // 200 Left: one Left detent (0 → −120), −80 carried; then +40: −40 carried, nothing emitted.
    DetentCase(
      name: "horizontal: Left detent with a negative remainder, partly undone",
      steps: [.left(200, at: 0), .right(40, at: ms(10))], expected: [rec(0, (0, 0), (-120, 0))],
      remainder: ScrollOffset(x: -40, y: 0)),
    // Devices are separate: "d" reaches 120 at its second step of 60 (20 ms); "e" has only 60.
    DetentCase(
      name: "each device has its own remainder",
      steps: [.down(60, at: 0), .down(60, at: ms(10), device: "e"), .down(60, at: ms(20))],
      expected: [rec(ms(20), (0, 0), (0, 120))], remainder: .zero),
    // --step 5 mm: 50 movements of 0.1 mm. Summed as Doubles 0.1 × 50 is not exactly 5; the
    // billionth-of-a-step tolerance still counts the 50th (t = 490 ms) as the boundary; 49 × 0.1 = 4.9 is not.
    DetentCase(
      name: "finger --step 5: fifty moves of 0.1 mm are exactly one step (rounding tolerated)", source: .finger,
      wheelStep: nil, fingerStep: 5, steps: downs(50, 0.1), expected: [rec(ms(490), (0, 0), (0, 5), source: .finger)],
      remainder: .zero),
    // --step 5: 7 mm down → one step (0 → 5), 2 carried; the stop passes as a stop at the quantized 5.
    DetentCase(
      name: "finger stop passes as a stop at the quantized position", source: .finger, wheelStep: nil, fingerStep: 5,
      steps: [.down(7, at: 0), .stop(at: ms(100))],
      expected: [
        rec(0, (0, 0), (0, 5), source: .finger),
        .stop(time: Timestamp(microseconds: ms(100)), device: "d", source: .finger, at: ContentOffset(x: 0, y: 5)),
      ],
      remainder: ScrollOffset(x: 0, y: 2)),
    // Without --step, finger records pass through as they are (offsets 0 → 0.4 → 0.7).
    DetentCase(
      name: "a source without a step passes through unchanged", source: .finger,
      steps: [.down(0.4, at: 0), .down(0.3, at: ms(10))],
      expected: [rec(0, (0, 0), (0, 0.4), source: .finger), rec(ms(10), (0, 0.4), (0, 0.4 + 0.3), source: .finger)],
      remainder: .zero),
  ])
  func quantize(_ testCase: DetentCase) {
    var quantizer = StepQuantizer(wheelStep: testCase.wheelStep, fingerStep: testCase.fingerStep)
    let output = Step.records(testCase.steps, source: testCase.source).flatMap { quantizer.process($0) }
    #expect(output == testCase.expected)
    let remainder = quantizer.remainder(device: "d", source: testCase.source)
    #expect(
      (remainder.x - testCase.remainder.x).magnitude < 1e-9 && (remainder.y - testCase.remainder.y).magnitude < 1e-9)
  }

  @Test("detent records are ordinary records: classified, on boundaries, JSON schema unchanged")
  func ordinaryRecords() {
    var quantizer = StepQuantizer()
    let output = Step.records(downs(8, 16)).flatMap { quantizer.process($0) }
    #expect(output.map(\.vertical) == [.down])
    #expect(output.map(\.horizontal) == [.none])
    #expect(output.allSatisfy { ($0.new.y.whole ?? 1) % 120 == 0 && !$0.isStop })
    #expect(quantizer.position(device: "d", source: .wheel) == ContentOffset(x: 0, y: 120))
    #expect(
      JSONFormat.scroll(output[0])
        == #"{"event":"scroll","time":0.070000,"device":"d","source":"wheel","vertical":"Down","horizontal":"None","old":{"x":0,"y":0},"new":{"x":0,"y":120},"unit":"v120"}"#
    )
  }

  @Test("remove(device:) forgets the remainder and position")
  func removeDevice() {
    var quantizer = StepQuantizer()
    _ = Step.records(downs(3, 50)).flatMap { quantizer.process($0) }  // 150: one detent, 30 carried
    #expect(quantizer.remainder(device: "d", source: .wheel) == ScrollOffset(x: 0, y: 30))
    quantizer.remove(device: "d")
    #expect(quantizer.remainder(device: "d", source: .wheel) == .zero)
    #expect(quantizer.position(device: "d", source: .wheel) == .zero)
  }
}
