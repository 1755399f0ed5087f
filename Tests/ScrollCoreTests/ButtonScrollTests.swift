import ScrollCore
import TestSupport
import Testing

@Suite("ButtonScroll: libinput's on-button scrolling, transition by transition")
struct ButtonScrollTests {
  static func at(_ milliseconds: Int64) -> Timestamp { Timestamp(microseconds: ms(milliseconds)) }
  static func motion(_ x: Double, _ y: Double) -> ScrollOffset { ScrollOffset(x: x, y: y) }

  /// Presses the button at 0 ms and returns the machine.
  static func pressed() -> ButtonScroll {
    var scroll = ButtonScroll()
    _ = scroll.frame(motion: .zero, button: true, at: at(0))
    return scroll
  }

  @Test("a press and release with no motion is a click: nothing scrolls, no stop")
  func click() {
    var scroll = Self.pressed()
    #expect(scroll.phase == .held(since: Self.at(0)))
    #expect(scroll.frame(motion: .zero, button: false, at: Self.at(80)) == .none)
    #expect(scroll.phase == .idle)
  }

  @Test("motion without the button is pointer motion and scrolls nothing")
  func motionWithoutButton() {
    var scroll = ButtonScroll()
    #expect(scroll.frame(motion: Self.motion(0, 40), button: nil, at: Self.at(0)) == .none)
  }

  @Test("motion in the 200 ms after the press is swallowed; at 200 ms exactly it counts")
  func activationDelay() {
    var scroll = Self.pressed()
    #expect(scroll.frame(motion: Self.motion(0, 40), button: nil, at: Self.at(199)) == .none)
    #expect(scroll.phase == .held(since: Self.at(0)), "swallowed motion does not start the scroll")
    let step = scroll.frame(motion: Self.motion(0, 6), button: nil, at: Self.at(200))
    #expect(step == ButtonScroll.Step(move: Self.motion(0, 6), stop: false))
  }

  @Test("an axis starts once its summed motion reaches 5 counts; the starting frame moves by its own motion")
  func startThreshold() {
    var scroll = Self.pressed()
    #expect(scroll.frame(motion: Self.motion(0, 3), button: nil, at: Self.at(300)) == .none)
    #expect(scroll.frame(motion: Self.motion(0, 1), button: nil, at: Self.at(310)) == .none)
    // 3 + 1 + 2 = 6 >= 5: vertical starts and moves by this frame's 2, not by 6.
    #expect(scroll.frame(motion: Self.motion(0, 2), button: nil, at: Self.at(320)).move == Self.motion(0, 2))
    #expect(scroll.frame(motion: Self.motion(0, -1), button: nil, at: Self.at(330)).move == Self.motion(0, -1))
  }

  @Test("once vertical scrolls, horizontal needs one frame of 5 counts: small sideways motion is dropped")
  func otherAxisThreshold() {
    var scroll = Self.pressed()
    _ = scroll.frame(motion: Self.motion(0, 10), button: nil, at: Self.at(300))
    #expect(scroll.frame(motion: Self.motion(4, 2), button: nil, at: Self.at(310)).move == Self.motion(0, 2))
    #expect(scroll.frame(motion: Self.motion(4, 0), button: nil, at: Self.at(320)) == .none, "4 + 4 is not summed")
    #expect(scroll.frame(motion: Self.motion(-5, 1), button: nil, at: Self.at(330)).move == Self.motion(-5, 1))
  }

  @Test("both axes can start in the same frame")
  func bothAxes() {
    var scroll = Self.pressed()
    #expect(scroll.frame(motion: Self.motion(-7, 5), button: nil, at: Self.at(250)).move == Self.motion(-7, 5))
  }

  @Test("releasing after a scroll stops it; a motion in the releasing frame comes first")
  func releaseStops() {
    var scroll = Self.pressed()
    _ = scroll.frame(motion: Self.motion(0, 10), button: nil, at: Self.at(300))
    #expect(
      scroll.frame(motion: Self.motion(0, 3), button: false, at: Self.at(310))
        == .init(move: Self.motion(0, 3), stop: true))
    #expect(scroll.phase == .idle)
    #expect(scroll.frame(motion: Self.motion(0, 10), button: nil, at: Self.at(320)) == .none, "the pointer moves again")
  }

  @Test("releasing after motion that never reached the threshold: neither a scroll nor a stop")
  func releaseWithoutScroll() {
    var scroll = Self.pressed()
    #expect(scroll.frame(motion: Self.motion(1, 2), button: nil, at: Self.at(300)) == .none)
    #expect(scroll.frame(motion: .zero, button: false, at: Self.at(400)) == .none)
  }

  @Test("a motion in the pressing frame comes before the press: it is pointer motion")
  func motionBeforePress() {
    var scroll = ButtonScroll()
    #expect(scroll.frame(motion: Self.motion(0, 50), button: true, at: Self.at(0)) == .none)
    #expect(scroll.phase == .held(since: Self.at(0)))
  }

  @Test("a new press starts a new wait and a new threshold")
  func secondPress() {
    var scroll = Self.pressed()
    _ = scroll.frame(motion: Self.motion(0, 10), button: nil, at: Self.at(300))
    _ = scroll.frame(motion: .zero, button: false, at: Self.at(400))
    _ = scroll.frame(motion: .zero, button: true, at: Self.at(1000))
    #expect(scroll.frame(motion: Self.motion(0, 10), button: nil, at: Self.at(1100)) == .none, "in the new wait")
    #expect(scroll.frame(motion: Self.motion(0, 4), button: nil, at: Self.at(1200)) == .none, "4 < 5 from zero again")
  }
}
