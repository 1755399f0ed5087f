import CLibevdev
import ScrollCore
import Testing

@Suite("ScrollCore's mirrored constants equal the kernel headers'")
struct ConstantsTests {
  @Test func eventTypes() {
    #expect(EventType.syn.rawValue == UInt16(EV_SYN))
    #expect(EventType.key.rawValue == UInt16(EV_KEY))
    #expect(EventType.rel.rawValue == UInt16(EV_REL))
    #expect(EventType.abs.rawValue == UInt16(EV_ABS))
    #expect(EventType.msc.rawValue == UInt16(EV_MSC))
    #expect(EventType.max.rawValue == UInt16(EV_MAX))
  }

  @Test func eventCodes() {
    #expect(EventCode.synReport.rawValue == UInt16(SYN_REPORT))
    #expect(EventCode.synMTReport.rawValue == UInt16(SYN_MT_REPORT))
    #expect(EventCode.synDropped.rawValue == UInt16(SYN_DROPPED))
    #expect(EventCode.relX.rawValue == UInt16(REL_X))
    #expect(EventCode.relY.rawValue == UInt16(REL_Y))
    #expect(EventCode.relWheel.rawValue == UInt16(REL_WHEEL))
    #expect(EventCode.relHWheel.rawValue == UInt16(REL_HWHEEL))
    #expect(EventCode.relWheelHiRes.rawValue == UInt16(REL_WHEEL_HI_RES))
    #expect(EventCode.relHWheelHiRes.rawValue == UInt16(REL_HWHEEL_HI_RES))
    #expect(EventCode.relDial.rawValue == UInt16(REL_DIAL))
    #expect(EventCode.btnLeft.rawValue == UInt16(BTN_LEFT))
    #expect(EventCode.btnRight.rawValue == UInt16(BTN_RIGHT))
    #expect(EventCode.btnMiddle.rawValue == UInt16(BTN_MIDDLE))
    #expect(EventCode.btnSide.rawValue == UInt16(BTN_SIDE))
    #expect(EventCode.btnTask.rawValue == UInt16(BTN_TASK))
  }
}

@Suite("ScrollCore's touch constants equal the kernel headers'")
struct TouchConstantsTests {
  @Test func absCodes() {
    #expect(EventCode.absX.rawValue == UInt16(ABS_X))
    #expect(EventCode.absY.rawValue == UInt16(ABS_Y))
    #expect(EventCode.absMTSlot.rawValue == UInt16(ABS_MT_SLOT))
    #expect(EventCode.absMTTouchMajor.rawValue == UInt16(ABS_MT_TOUCH_MAJOR))
    #expect(EventCode.absMTPositionX.rawValue == UInt16(ABS_MT_POSITION_X))
    #expect(EventCode.absMTPositionY.rawValue == UInt16(ABS_MT_POSITION_Y))
    #expect(EventCode.absMTToolType.rawValue == UInt16(ABS_MT_TOOL_TYPE))
    #expect(EventCode.absMTTrackingID.rawValue == UInt16(ABS_MT_TRACKING_ID))
  }

  @Test func keyCodes() {
    #expect(EventCode.btnToolPen.rawValue == UInt16(BTN_TOOL_PEN))
    #expect(EventCode.btnToolFinger.rawValue == UInt16(BTN_TOOL_FINGER))
    #expect(EventCode.btnToolDoubleTap.rawValue == UInt16(BTN_TOOL_DOUBLETAP))
    #expect(EventCode.btnToolTripleTap.rawValue == UInt16(BTN_TOOL_TRIPLETAP))
    #expect(EventCode.btnToolQuadTap.rawValue == UInt16(BTN_TOOL_QUADTAP))
    #expect(EventCode.btnToolQuintTap.rawValue == UInt16(BTN_TOOL_QUINTTAP))
    #expect(EventCode.btnTouch.rawValue == UInt16(BTN_TOUCH))
  }

  @Test func properties() {
    #expect(InputProperty.pointer.rawValue == UInt16(INPUT_PROP_POINTER))
    #expect(InputProperty.direct.rawValue == UInt16(INPUT_PROP_DIRECT))
    #expect(InputProperty.pointingStick.rawValue == UInt16(INPUT_PROP_POINTING_STICK))
    #expect(InputProperty.buttonPad.rawValue == UInt16(INPUT_PROP_BUTTONPAD))
    #expect(InputProperty.semiMT.rawValue == UInt16(INPUT_PROP_SEMI_MT))
    #expect(MTToolType.palm == Int32(MT_TOOL_PALM))
  }
}
