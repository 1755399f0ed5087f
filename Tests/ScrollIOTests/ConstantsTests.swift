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
  }
}
