import ScrollCore
import TestSupport
import Testing

struct ChangeCase: CustomTestStringConvertible, Sendable {
  let name: String
  var source: ScrollSource = .wheel
  let steps: [Step]
  /// Indices (into the records of `steps`) of the records that pass.
  let kept: [Int]
  var testDescription: String { name }
}

@Suite("ChangeFilter: only changes of a classifier's answer (None does not count)")
struct ChangeFilterTests {
  @Test(arguments: [
    ChangeCase(
      name: "Down, Down, Up: the first and the reversal", steps: [.down(15, at: 0), .down(15, at: 1), .up(15, at: 2)],
      kept: [0, 2]),
    ChangeCase(
      name: "Down, Left, Down: the vertical answer was Down all along (None does not count)",
      steps: [.down(120, at: 0), .left(120, at: 1), .down(120, at: 2)], kept: [0, 1]),
    ChangeCase(
      name: "Down, Left, Right, Down: only the horizontal reversal is new",
      steps: [.down(120, at: 0), .left(120, at: 1), .right(120, at: 2), .down(120, at: 3)], kept: [0, 1, 2]),
    ChangeCase(
      name: "a record changing one axis passes whole, even if the other repeats",
      steps: [.move(x: -15, y: 15, at: 0), .move(x: 15, y: 15, at: 1), .move(x: 15, y: 15, at: 2)], kept: [0, 1]),
    ChangeCase(
      name: "no timer: the same direction after 10 s is not a change",
      steps: [.down(120, at: 0), .down(120, at: sec(10))],
      kept: [0]),
    ChangeCase(
      name: "a stop record never passes and does not reset the answer", source: .finger,
      steps: [.down(2, at: 0), .stop(at: ms(100)), .down(2, at: ms(500)), .up(1, at: ms(600))], kept: [0, 3]),
    ChangeCase(
      name: "per device: the first Down of each device passes",
      steps: [.down(120, at: 0), .down(120, at: 1, device: "e"), .down(120, at: 2), .up(120, at: 3, device: "e")],
      kept: [0, 1, 3]),
  ])
  func filter(_ testCase: ChangeCase) {
    let records = Step.records(testCase.steps, source: testCase.source)
    var filter = ChangeFilter()
    let output = records.compactMap { filter.process($0) }
    #expect(output == testCase.kept.map { records[$0] })
  }

  @Test("wheel and finger streams of one device are separate")
  func perSource() {
    var filter = ChangeFilter()
    let wheel = Step.records([.down(120, at: 0)])[0]
    let finger = Step.records([.down(1, at: 1)], source: .finger)[0]
    #expect(filter.process(wheel) == wheel)
    #expect(filter.process(finger) == finger)
    #expect(filter.lastDirection(device: "d", source: .wheel, axis: .vertical) == .down)
    #expect(filter.lastDirection(device: "d", source: .wheel, axis: .horizontal) == nil)
  }

  @Test("after --detents: changes of detent direction")
  func afterDetents() {
    // 4 × 60 down = 240: detents at the 2nd and 4th step; 4 × 60 up from 240: remainder 0 → −60 →
    // −120 (Up detent at the 6th) → −60 → −120 (Up at the 8th). Detents: D, D, U, U → changes: D, U.
    let steps: [Step] = (0..<4).map { .down(60, at: ms(10 * $0)) } + (4..<8).map { .up(60, at: ms(10 * $0)) }
    var quantizer = StepQuantizer()
    var filter = ChangeFilter()
    let output = Step.records(steps).flatMap { quantizer.process($0) }.compactMap { filter.process($0) }
    #expect(output == [rec(ms(10), (0, 0), (0, 120)), rec(ms(50), (0, 240), (0, 120))])
  }
}
