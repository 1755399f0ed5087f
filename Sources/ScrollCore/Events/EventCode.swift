/// An evdev event code within its type (`SYN_*`, `REL_*`, `ABS_*`, `BTN_*` in `linux/input-event-codes.h`).
///
/// The core mirrors only the codes it needs; `ScrollIOTests.ConstantsTests` proves the values equal
/// the kernel header's. Names for display come from libevdev in the I/O layer.
public struct EventCode: RawRepresentable, Sendable, Hashable, Comparable {
  /// The code number within its type.
  public var rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  public static func < (lhs: EventCode, rhs: EventCode) -> Bool { lhs.rawValue < rhs.rawValue }

  // EV_SYN
  /// `SYN_REPORT`: ends a frame; everything since the previous one happened at once.
  public static let synReport = EventCode(rawValue: 0)
  /// `SYN_MT_REPORT`: ends one contact in the legacy multitouch protocol A.
  public static let synMTReport = EventCode(rawValue: 2)
  /// `SYN_DROPPED`: the kernel's buffer overran; events up to the next `SYN_REPORT` are incomplete.
  public static let synDropped = EventCode(rawValue: 3)

  // EV_REL
  /// `REL_X`: pointer motion, not scrolling.
  public static let relX = EventCode(rawValue: 0x00)
  /// `REL_Y`: pointer motion, not scrolling.
  public static let relY = EventCode(rawValue: 0x01)
  /// `REL_DIAL`: a rotary dial in clicks; +1 is one click clockwise (kernel `event-codes.rst`:
  /// rotary knobs; the Griffin PowerMate driver's convention).
  public static let relDial = EventCode(rawValue: 0x07)
  /// `REL_HWHEEL`: horizontal wheel in detents; +1 is one detent to the right.
  public static let relHWheel = EventCode(rawValue: 0x06)
  /// `REL_WHEEL`: vertical wheel in detents; +1 is one detent away from the user (scroll up).
  public static let relWheel = EventCode(rawValue: 0x08)
  /// `REL_WHEEL_HI_RES`: vertical wheel in v120 units (120 = one detent), same sign as `REL_WHEEL`.
  public static let relWheelHiRes = EventCode(rawValue: 0x0b)
  /// `REL_HWHEEL_HI_RES`: horizontal wheel in v120 units, same sign as `REL_HWHEEL`.
  public static let relHWheelHiRes = EventCode(rawValue: 0x0c)

  // EV_KEY, mouse buttons
  /// `BTN_LEFT`.
  public static let btnLeft = EventCode(rawValue: 0x110)
  /// `BTN_RIGHT`.
  public static let btnRight = EventCode(rawValue: 0x111)
  /// `BTN_MIDDLE`: the default scroll button of on-button scrolling.
  public static let btnMiddle = EventCode(rawValue: 0x112)
  /// `BTN_SIDE`, the first of the side buttons libinput looks at for a scroll button.
  public static let btnSide = EventCode(rawValue: 0x113)
  /// `BTN_TASK`, the last of them.
  public static let btnTask = EventCode(rawValue: 0x117)
}
