import ScrollCore
import TestSupport
import Testing

/// On the 100 × 60 mm test pad at 10 units/mm: the right zone is x > 930, the bottom zone y > 530.
@Suite("EdgeScroll: libinput's edge scrolling, transition by transition")
struct EdgeScrollTests {
  static func at(_ milliseconds: Int64) -> Timestamp { Timestamp(microseconds: ms(milliseconds)) }

  /// Feeds one-contact frames `(ms, x, y)` of contact 1 (`nil` position: lifted) and returns the steps.
  static func run(
    _ frames: [(Int64, Double, Double)?], clickpad: Bool = false, geometry: TouchpadGeometry = Pad.geometry
  ) -> [(move: ScrollOffset?, stop: Bool)] {
    var scroll = EdgeScroll(geometry: geometry, clickpad: clickpad)
    var time: Int64 = 0
    return frames.map { frame in
      guard let (t, x, y) = frame else { return scroll.step(Pad.frame(), touching: false, at: at(time + 10)) }
      time = t
      return scroll.step(Pad.frame((1, x, y)), touching: true, at: at(t))
    }
  }

  static func moves(_ steps: [(move: ScrollOffset?, stop: Bool)]) -> [ScrollOffset?] { steps.map(\.move) }

  @Test("a finger landing in the right zone scrolls vertically once it has moved 3 mm from where it landed")
  func startThreshold() {
    let steps = Self.run([(0, 950, 100), (10, 950, 120), (20, 950, 125), (30, 950, 145)])
    // 2 mm, 2.5 mm: nothing; 4.5 mm: the frame's own 2 mm.
    #expect(Self.moves(steps) == [nil, nil, nil, ScrollOffset(x: 0, y: 2)])
    #expect(steps.allSatisfy { !$0.stop })
  }

  @Test("after resting 300 ms in the zone any motion scrolls (inclusive); on a clickpad the threshold still applies")
  func lockTimeout() {
    #expect(Self.moves(Self.run([(0, 950, 100), (300, 950, 101)])) == [nil, ScrollOffset(x: 0, y: 0.1)])
    #expect(Self.moves(Self.run([(0, 950, 100), (299, 950, 101)])) == [nil, nil])
    #expect(Self.moves(Self.run([(0, 950, 100), (500, 950, 101)], clickpad: true)) == [nil, nil])
  }

  @Test("the bottom zone scrolls horizontally")
  func bottomZone() {
    #expect(Self.moves(Self.run([(0, 500, 550), (10, 540, 550)])) == [nil, ScrollOffset(x: 4, y: 0)])
  }

  @Test("a finger landing outside the zones never scrolls, even when it moves into one")
  func pointerTouch() {
    #expect(Self.moves(Self.run([(0, 500, 100), (10, 950, 100), (400, 950, 200)])).allSatisfy { $0 == nil })
  }

  @Test("an edge touch that leaves its zone before scrolling becomes pointer motion for good")
  func leavesBeforeScrolling() {
    #expect(Self.moves(Self.run([(0, 950, 100), (10, 900, 110), (20, 950, 200)])).allSatisfy { $0 == nil })
  }

  @Test("a scrolling touch outside its zone moves nothing and goes on when it comes back; lifting stops")
  func pausesOutsideZone() {
    let steps = Self.run([(0, 950, 100), (10, 950, 140), (20, 900, 160), (30, 950, 180), nil])
    #expect(Self.moves(steps) == [nil, ScrollOffset(x: 0, y: 4), nil, ScrollOffset(x: 0, y: 2), nil])
    #expect(steps.map(\.stop) == [false, false, false, false, true])
  }

  @Test("a corner touch waits until it leaves one zone, which decides its axis")
  func corner() {
    // Lands in both zones; moves up out of the bottom zone: it is a right-edge (vertical) touch.
    let steps = Self.run([(0, 950, 550), (10, 950, 540), (20, 950, 500), (30, 950, 480)])
    #expect(Self.moves(steps) == [nil, nil, ScrollOffset(x: 0, y: -4), ScrollOffset(x: 0, y: -2)])
  }

  @Test("BTN_TOUCH going to 0 ends the touch: its last motion does not scroll, and a stop follows")
  func touchButtonUp() {
    var scroll = EdgeScroll(geometry: Pad.geometry, clickpad: false)
    _ = scroll.step(Pad.frame((1, 950, 100)), touching: true, at: Self.at(0))
    #expect(scroll.step(Pad.frame((1, 950, 140)), touching: true, at: Self.at(10)).move == ScrollOffset(x: 0, y: 4))
    let last = scroll.step(Pad.frame((1, 950, 130)), touching: false, at: Self.at(20))
    #expect(last.move == nil && last.stop)
  }

  @Test("a scrolling touch beyond the axis range the pad declares scrolls on from its raw position, as in libinput")
  func beyondDeclaredRange() {
    var scroll = EdgeScroll(geometry: Pad.geometry, clickpad: false)
    let offPad = TouchFrame(fingerCount: 1, contacts: [], offPad: [Contact(id: 1, x: 950, y: -30)])
    _ = scroll.step(Pad.frame((1, 950, 100)), touching: true, at: Self.at(0))
    #expect(scroll.step(Pad.frame((1, 950, 60)), touching: true, at: Self.at(10)).move == ScrollOffset(x: 0, y: -4))
    let beyond = scroll.step(offPad, touching: true, at: Self.at(20))
    #expect(beyond.move == ScrollOffset(x: 0, y: -9) && !beyond.stop)
    #expect(scroll.step(Pad.frame((1, 950, 20)), touching: true, at: Self.at(30)).move == ScrollOffset(x: 0, y: 5))
  }

  @Test("a pad under 40 mm tall that is not a clickpad has no bottom zone")
  func shortPad() {
    let short = TouchpadGeometry(
      touchProtocol: .slots(count: 2), xAxis: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
      yAxis: AbsInfo(minimum: 0, maximum: 350, resolution: 10))
    #expect(Self.moves(Self.run([(0, 500, 340), (10, 540, 340)], geometry: short)) == [nil, nil])
    #expect(
      Self.moves(Self.run([(0, 500, 340), (10, 540, 340)], clickpad: true, geometry: short)) == [
        nil, ScrollOffset(x: 4, y: 0),
      ])
  }
}
