import ScrollCore
import TestSupport
import Testing

@Suite("TextFormat and JSONFormat: gestures and counters")
struct GestureAndStatsFormatTests {
  // 6 records 1692246247.376147 → .626176: duration 0.626176 − 0.376147 = 0.250029 s.
  let wheel = GestureRecord(
    device: "/dev/input/event5", source: .wheel, axis: .vertical, direction: .down,
    start: Timestamp(seconds: 1_692_246_247, microseconds: 376_147),
    end: Timestamp(seconds: 1_692_246_247, microseconds: 626_176),
    distance: 90, events: 6, ending: .timeout)
  let finger = GestureRecord(
    device: "Apple Touchpad", source: .finger, axis: .horizontal, direction: .left,
    start: Timestamp(seconds: 12, microseconds: 500), end: Timestamp(seconds: 12, microseconds: 300_500), distance: 4.5,
    events: 1, ending: .stop)

  @Test("gesture JSON: keys in fixed order, seconds with six decimals, whole v120")
  func gestureJSON() {
    #expect(
      JSONFormat.gesture(wheel)
        == #"{"event":"gesture","device":"/dev/input/event5","source":"wheel","axis":"vertical","direction":"Down","start":1692246247.376147,"duration":0.250029,"distance":90,"unit":"v120","events":6}"#
    )
    #expect(
      JSONFormat.gesture(finger)
        == #"{"event":"gesture","device":"Apple Touchpad","source":"finger","axis":"horizontal","direction":"Left","start":12.000500,"duration":0.300000,"distance":4.500,"unit":"mm","events":1}"#
    )
  }

  @Test("gesture text: columns, quoted device with spaces, singular event")
  func gestureText() {
    #expect(
      TextFormat.gesture(wheel)
        == "1692246247.376147 /dev/input/event5 wheel gesture vertical   Down  0.250029 s 90 v120 6 events")
    #expect(
      TextFormat.gesture(finger)
        == #"12.000500 "Apple Touchpad" finger gesture horizontal Left  0.300000 s 4.500 mm 1 event"#)
  }

  @Test("OutputRecord renders records and gestures with their formatters")
  func modeOutput() {
    let record = rec(0, (0, 0), (0, 120))
    #expect(JSONFormat.line(.scroll(record)) == JSONFormat.scroll(record))
    #expect(TextFormat.line(.gesture(wheel)) == TextFormat.gesture(wheel))
  }

  @Test("counters: text lines and JSON, detents for wheels, mm for fingers")
  func counters() {
    var counters = ScrollCounters()
    // d: 2 × 15 v120 Down = 30 v120 = 0.250 detents, one gesture of 10 ms; pad: 2.5 mm Up, no time.
    for record in Step.records([.down(15, at: 0), .down(15, at: ms(10))]) { counters.count(record) }
    counters.count(gesture(.vertical, .down, from: 0, to: ms(10), distance: 30, events: 2, .timeout))
    for record in Step.records([.up(2.5, at: 0, device: "pad")], source: .finger) { counters.count(record) }
    #expect(
      TextFormat.stats(counters) == [
        "stats since start", "d wheel Down  2 records 0.250 detents 0.010000 s",
        "pad finger Up    1 record 2.500 mm 0.000000 s",
      ])
    #expect(
      JSONFormat.stats(counters)
        == #"{"event":"stats","since":null,"totals":[{"device":"d","source":"wheel","direction":"Down","records":2,"distance":0.250,"unit":"detents","duration":0.010000},{"device":"pad","source":"finger","direction":"Up","records":1,"distance":2.500,"unit":"mm","duration":0.000000}]}"#
    )
    counters.reset(at: Timestamp(microseconds: sec(5)))
    #expect(TextFormat.stats(counters) == ["stats since 5.000000", "no scrolling"])
    #expect(JSONFormat.stats(counters) == #"{"event":"stats","since":5.000000,"totals":[]}"#)
  }

  @Test("counters include open gestures passed in")
  func countersWithOpen() {
    let counters = ScrollCounters()
    let open = gesture(.vertical, .up, from: 0, to: ms(20), distance: 30, events: 2, nil)
    #expect(
      TextFormat.stats(counters, including: [open]) == [
        "stats since start", "d wheel Up    0 records 0.000 detents 0.020000 s",
      ])
  }
}
