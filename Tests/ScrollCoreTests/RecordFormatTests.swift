import ScrollCore
import Testing

@Suite("TextFormat and JSONFormat: scroll records as text lines and JSON Lines")
struct RecordFormatTests {
  let down = ScrollRecord(
    time: Timestamp(seconds: 1_692_245_830, microseconds: 208_738), device: "/dev/input/event5", source: .wheel,
    old: .zero, new: ContentOffset(x: 0, y: 120))

  @Test("JSON: the documented schema, keys in fixed order")
  func json() {
    #expect(
      JSONFormat.scroll(down)
        == #"{"event":"scroll","time":1692245830.208738,"device":"/dev/input/event5","source":"wheel","vertical":"Down","horizontal":"None","old":{"x":0,"y":0},"new":{"x":0,"y":120},"unit":"v120"}"#
    )
  }

  @Test("text: time, device, source, directions, both axes, unit")
  func text() {
    #expect(TextFormat.scroll(down) == "1692245830.208738 /dev/input/event5 wheel Down  None  x 0 -> 0 y 0 -> 120 v120")
  }

  @Test("device names with spaces are quoted in text and escaped in JSON")
  func quoting() {
    var record = down
    record.device = "Logitech \"G502\"\tHERO"
    #expect(TextFormat.scroll(record).contains(#" "Logitech \"G502\"\tHERO" wheel"#))
    #expect(JSONFormat.scroll(record).contains(#""device":"Logitech \"G502\"\tHERO""#))
  }

  @Test("control characters are escaped as \\u00XX")
  func controlCharacters() {
    var record = down
    record.device = "a\u{01}b"
    #expect(JSONFormat.scroll(record).contains(#""device":"a\u0001b""#))
  }

  @Test("finger offsets print in mm with three decimals, negative zero as 0.000")
  func millimetres() {
    let record = ScrollRecord(
      time: Timestamp(microseconds: 1_500_000), device: "pad", source: .finger, old: ContentOffset(x: -0.0001, y: 1.25),
      new: ContentOffset(x: -2.0004, y: 0.0833))
    #expect(
      JSONFormat.scroll(record)
        == #"{"event":"scroll","time":1.500000,"device":"pad","source":"finger","vertical":"Up","horizontal":"Left","old":{"x":0.000,"y":1.250},"new":{"x":-2.000,"y":0.083},"unit":"mm"}"#
    )
  }

  @Test("timestamps print exactly with six decimals")
  func timestamps() {
    #expect(Timestamp(seconds: 3, microseconds: 63476).description == "3.063476")
    #expect(Timestamp(microseconds: 0).description == "0.000000")
    #expect(Timestamp(microseconds: -1).description == "-0.000001")
  }

  @Test("--axis filters by the axis that moved")
  func axisFilter() {
    let horizontal = ScrollRecord(
      time: down.time, device: "d", source: .wheel, old: .zero, new: ContentOffset(x: 120, y: 0))
    #expect(AxisFilter.vertical.admits(down) && !AxisFilter.vertical.admits(horizontal))
    #expect(!AxisFilter.horizontal.admits(down) && AxisFilter.horizontal.admits(horizontal))
    #expect(AxisFilter.both.admits(down) && AxisFilter.both.admits(horizontal))
  }
}

@Suite("Stop records")
struct StopRecordFormatTests {
  @Test("a finger stop record: old == new, None/None, and a stop marker in text and JSON")
  func stop() {
    let record = ScrollRecord.stop(
      time: Timestamp(microseconds: 2_000_000), device: "pad", source: .finger, at: ContentOffset(x: 0, y: 5.5))
    #expect(record.vertical == .none && record.horizontal == .none && record.old == record.new)
    #expect(JSONFormat.scroll(record).hasSuffix(#""unit":"mm","stop":true}"#))
    #expect(TextFormat.scroll(record).hasSuffix(" mm stop"))
  }
}
