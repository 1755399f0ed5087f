import ScrollCore
import Testing

struct AdjacentPairsCase: CustomTestStringConvertible, Sendable {
  let name: String
  let elements: [Int]
  var testDescription: String { name }
}

@Suite("AdjacentPairs: the streaming form of zip(xs, xs.dropFirst())")
struct AdjacentPairsTests {
  @Test(arguments: [
    AdjacentPairsCase(name: "empty stream: no pairs", elements: []),
    AdjacentPairsCase(name: "one element: no pairs", elements: [7]),
    AdjacentPairsCase(name: "two elements: one pair", elements: [0, 120]),
    AdjacentPairsCase(name: "reversal", elements: [0, 120, 60, -60]),
    AdjacentPairsCase(name: "repeated values still pair", elements: [5, 5, 5]),
  ])
  func matchesZipWithDropFirst(_ testCase: AdjacentPairsCase) {
    var pairs = AdjacentPairs<Int>()
    let streamed = testCase.elements.compactMap { pairs.next($0) }
    let zipped = Array(zip(testCase.elements, testCase.elements.dropFirst()))
    #expect(streamed.map { [$0.old, $0.new] } == zipped.map { [$0.0, $0.1] })
  }

  @Test("seeded with the origin, the first element already pairs")
  func seeded() {
    var pairs = AdjacentPairs(first: 0)
    let first = pairs.next(120)
    #expect(first?.old == 0 && first?.new == 120)
    let second = pairs.next(240)
    #expect(second?.old == 120 && second?.new == 240)
  }
}
