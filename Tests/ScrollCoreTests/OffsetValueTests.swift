import ScrollCore
import Testing

@Suite("Offset values: whole offsets stay exact")
struct OffsetValueTests {
  @Test("past 2^53 v120 a single hi-res step still moves the offset: 9007199254740992 -> 9007199254740993 is Down")
  func beyondDoublePrecision() throws {
    var stream = OffsetStream(source: .wheel)
    let time = Timestamp(microseconds: 0)
    _ = stream.move(by: ScrollOffset(x: 0, y: 9_007_199_254_740_992), at: time, device: "d")
    let moved = stream.move(by: ScrollOffset(x: 0, y: 1), at: time, device: "d")
    let down = try #require(moved)
    #expect(down.old.y == OffsetValue(whole: 9_007_199_254_740_992))
    #expect(down.new.y == OffsetValue(whole: 9_007_199_254_740_993))
    #expect(down.vertical == .down)
    // As a Double the step is lost: 2^53 + 1 rounds back to 2^53.
    #expect(Double(9_007_199_254_740_992) + 1 == Double(9_007_199_254_740_992))
    let back = stream.move(by: ScrollOffset(x: 0, y: -1), at: time, device: "d")
    let up = try #require(back)
    #expect(up.vertical == .up && up.new.y == OffsetValue(whole: 9_007_199_254_740_992))
    #expect(
      JSONFormat.scroll(down).contains(
        "\"old\":{\"x\":0,\"y\":9007199254740992},\"new\":{\"x\":0,\"y\":9007199254740993}"))
    #expect(TextFormat.scroll(down).contains("y 9007199254740992 -> 9007199254740993 v120"))
  }

  @Test("whole and fractional values compare and hash by their numeric value")
  func comparison() {
    #expect(OffsetValue(whole: 120) == OffsetValue(120.0))
    #expect(Set([OffsetValue(whole: 120), OffsetValue(120.0)]).count == 1)
    #expect(OffsetValue(0.5) < OffsetValue(whole: 1) && OffsetValue(whole: 0) < OffsetValue(0.5))
    #expect(OffsetValue(-0.5) < OffsetValue(whole: 0) && OffsetValue(whole: -1) < OffsetValue(-0.5))
    #expect(OffsetValue(1e39) > OffsetValue(whole: .max) && OffsetValue(-.infinity) < OffsetValue(whole: .min))
    let nan = OffsetValue(.nan)
    #expect(!(nan == nan) && !(nan < OffsetValue(whole: 0)) && !(OffsetValue(whole: 0) < nan))
  }

  @Test("a whole value moved by a fraction becomes a Double sum; whole sums wrap instead of trapping")
  func arithmetic() {
    let half = OffsetValue(whole: 1) + 0.5
    #expect(half == OffsetValue(1.5) && half.whole == nil)
    #expect(half - OffsetValue(whole: 1) == 0.5)
    #expect((OffsetValue(whole: 1) + 2.0).whole == 3)
    #expect((OffsetValue(whole: .max) + 1).whole == .min)
  }
}
