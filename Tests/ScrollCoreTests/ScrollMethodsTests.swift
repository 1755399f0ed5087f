import ScrollCore
import TestSupport
import Testing

@Suite("ScrollMethods: which scroll methods a device offers and which is on, as libinput decides")
struct ScrollMethodsTests {
  static let stick = DeviceDescription(
    name: "TPPS/2 IBM TrackPoint", properties: [.pointingStick],
    codes: [.rel: [.relX, .relY], .key: [.btnLeft, .btnRight, .btnMiddle]])
  static let wheelMouse = DeviceDescription(
    name: "mouse", codes: [.rel: [.relX, .relY, .relWheel], .key: [.btnLeft, .btnRight, .btnMiddle]])
  static let trackball = DeviceDescription(
    name: "trackball", codes: [.rel: [.relX, .relY], .key: [.btnLeft, .btnRight, .btnMiddle]])

  @Test("a touchpad reporting two fingers offers two-finger (its default) and edge")
  func touchpad() {
    let methods = ScrollMethods(Pad.description)
    #expect(methods.available == [.twoFinger, .edge])
    #expect(methods.defaultMethod == .twoFinger)
    #expect(methods.button == nil)
  }

  @Test("a semi-MT pad with a two-finger count keeps libinput's two-finger default; one without offers only edge")
  func semiMTAndSingleTouch() {
    var semi = Pad.description
    semi.properties.insert(.semiMT)
    #expect(ScrollMethods(semi).defaultMethod == .twoFinger)
    var single = DeviceDescription(
      name: "pad", codes: [.key: [.btnToolFinger, .btnTouch], .abs: [.absX, .absY]],
      absInfo: [.absX: AbsInfo(minimum: 0, maximum: 1000), .absY: AbsInfo(minimum: 0, maximum: 600)])
    #expect(ScrollMethods(single).available == [.edge])
    #expect(ScrollMethods(single).defaultMethod == .edge)
    single.codes[.key]?.insert(.btnToolDoubleTap)
    #expect(ScrollMethods(single).available == [.twoFinger, .edge])
  }

  @Test("a pointing stick scrolls on its middle button by default, by its property or by udev's ID_INPUT_POINTINGSTICK")
  func pointingStick() {
    #expect(ScrollMethods(Self.stick).defaultMethod == .button)
    #expect(ScrollMethods(Self.stick).button == .btnMiddle)
    var udev = Self.wheelMouse
    udev.udevProperties["ID_INPUT_POINTINGSTICK"] = "1"
    #expect(ScrollMethods(udev).defaultMethod == .button)
  }

  @Test("a mouse with a wheel offers button scrolling, off by default; one without a wheel has it on")
  func mice() {
    #expect(ScrollMethods(Self.wheelMouse).available == [.button])
    #expect(ScrollMethods(Self.wheelMouse).defaultMethod == .noScroll)
    #expect(ScrollMethods(Self.trackball).defaultMethod == .button)
  }

  @Test("the default button: BTN_MIDDLE, else the first of BTN_SIDE…BTN_TASK, else BTN_RIGHT, else none")
  func defaultButton() {
    let side = DeviceDescription(
      name: "m", codes: [.rel: [.relX], .key: [.btnLeft, .btnRight, EventCode(rawValue: 0x114), .btnTask]])
    #expect(ScrollMethods(side).button == EventCode(rawValue: 0x114))
    let twoButtons = DeviceDescription(name: "m", codes: [.rel: [.relX], .key: [.btnLeft, .btnRight]])
    #expect(ScrollMethods(twoButtons).button == .btnRight)
    let oneButton = DeviceDescription(name: "m", codes: [.rel: [.relX], .key: [.btnLeft]])
    #expect(ScrollMethods(oneButton).available.isEmpty)
  }

  @Test("--scroll-button picks the button; a device without it has no button method")
  func chosenButton() {
    let side = EventCode(rawValue: 0x113)
    #expect(ScrollMethods(Self.trackball, scrollButton: side).available.isEmpty)
    #expect(ScrollMethods(Self.trackball, scrollButton: .btnRight).button == .btnRight)
  }

  @Test("a chosen method applies where offered; elsewhere the default stays; none turns every method off")
  func effective() {
    let pad = ScrollMethods(Pad.description)
    #expect(pad.effective(nil) == .twoFinger)
    #expect(pad.effective(.edge) == .edge)
    #expect(pad.effective(.button) == .twoFinger)
    #expect(pad.effective(.noScroll) == .noScroll)
    #expect(ScrollMethods(Self.wheelMouse).effective(.button) == .button)
    #expect(ScrollMethods(Self.wheelMouse).effective(.edge) == .noScroll)
  }

  @Test("a keyboard offers nothing; a recording without a description offers button scrolling, off by default")
  func othersAndInferred() {
    let keyboard = DeviceDescription(name: "kbd", codes: [.key: Set((1...60).map { EventCode(rawValue: UInt16($0)) })])
    #expect(ScrollMethods(keyboard).available.isEmpty)
    let inferred = DeviceDescription(name: "file", origin: .inferred)
    #expect(ScrollMethods(inferred).available == [.button])
    #expect(ScrollMethods(inferred).defaultMethod == .noScroll)
    #expect(ScrollMethods(inferred).button == .btnMiddle)
  }
}
