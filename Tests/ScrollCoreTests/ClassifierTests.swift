import ScrollCore
import Testing

struct ClassifierCase: CustomTestStringConvertible, Sendable {
  let name: String
  let old: ContentOffset
  let new: ContentOffset
  let vertical: Direction
  let horizontal: Direction
  var testDescription: String { name }
}

@Suite("Vertical and horizontal classifiers (libinput signs: +y down, +x right)")
struct ClassifierTests {
  @Test(arguments: [
    ClassifierCase(
      name: "y grows: Down", old: .zero, new: ContentOffset(x: 0, y: 120), vertical: .down, horizontal: .none),
    ClassifierCase(
      name: "y shrinks: Up", old: ContentOffset(x: 0, y: 120), new: .zero, vertical: .up, horizontal: .none),
    ClassifierCase(
      name: "x grows: Right", old: .zero, new: ContentOffset(x: 15, y: 0), vertical: .none, horizontal: .right),
    ClassifierCase(
      name: "x shrinks: Left", old: .zero, new: ContentOffset(x: -120, y: 0), vertical: .none, horizontal: .left),
    ClassifierCase(
      name: "both axes in one frame", old: ContentOffset(x: 10, y: 10), new: ContentOffset(x: 0, y: 20),
      vertical: .down,
      horizontal: .left),
    ClassifierCase(
      name: "no movement: None on both", old: ContentOffset(x: 3, y: 4), new: ContentOffset(x: 3, y: 4),
      vertical: .none,
      horizontal: .none),
    ClassifierCase(
      name: "smallest finger step counts (no dead zone)", old: .zero, new: ContentOffset(x: 0, y: 0.001),
      vertical: .down,
      horizontal: .none),
    ClassifierCase(
      name: "negative region: from -240 to -120 is Down", old: ContentOffset(x: 0, y: -240),
      new: ContentOffset(x: 0, y: -120),
      vertical: .down, horizontal: .none),
  ])
  func classify(_ testCase: ClassifierCase) {
    #expect(VerticalClassifier.classify(old: testCase.old, new: testCase.new) == testCase.vertical)
    #expect(HorizontalClassifier.classify(old: testCase.old, new: testCase.new) == testCase.horizontal)
  }

  @Test("directions print as the names in the JSON schema")
  func names() {
    #expect(Direction.allCases.map(\.rawValue) == ["Up", "Down", "Left", "Right", "None"])
  }
}
