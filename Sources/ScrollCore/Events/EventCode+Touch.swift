extension EventCode {
  // EV_ABS
  /// `ABS_X`: single-touch x position (also the emulated pointer of multitouch pads).
  public static let absX = EventCode(rawValue: 0x00)
  /// `ABS_Y`: single-touch y position; grows toward the user.
  public static let absY = EventCode(rawValue: 0x01)
  /// `ABS_MT_SLOT`: selects the slot the following `ABS_MT_*` events apply to (protocol B).
  public static let absMTSlot = EventCode(rawValue: 0x2f)
  /// `ABS_MT_TOUCH_MAJOR`: the length of the contact's major axis; 0 means no touch area.
  public static let absMTTouchMajor = EventCode(rawValue: 0x30)
  /// `ABS_MT_POSITION_X`: the current contact's x position.
  public static let absMTPositionX = EventCode(rawValue: 0x35)
  /// `ABS_MT_POSITION_Y`: the current contact's y position; grows toward the user.
  public static let absMTPositionY = EventCode(rawValue: 0x36)
  /// `ABS_MT_TOOL_TYPE`: `MT_TOOL_FINGER` 0, `MT_TOOL_PEN` 1, `MT_TOOL_PALM` 2.
  public static let absMTToolType = EventCode(rawValue: 0x37)
  /// `ABS_MT_TRACKING_ID`: a new contact's ID, or −1 when the contact in this slot lifts.
  public static let absMTTrackingID = EventCode(rawValue: 0x39)

  // EV_KEY
  /// `BTN_TOOL_PEN`: a pen is in range (graphics tablets).
  public static let btnToolPen = EventCode(rawValue: 0x140)
  /// `BTN_TOOL_FINGER`: one finger is on the surface.
  public static let btnToolFinger = EventCode(rawValue: 0x145)
  /// `BTN_TOOL_QUINTTAP`: five fingers.
  public static let btnToolQuintTap = EventCode(rawValue: 0x148)
  /// `BTN_TOUCH`: something touches the surface.
  public static let btnTouch = EventCode(rawValue: 0x14a)
  /// `BTN_TOOL_DOUBLETAP`: two fingers.
  public static let btnToolDoubleTap = EventCode(rawValue: 0x14d)
  /// `BTN_TOOL_TRIPLETAP`: three fingers.
  public static let btnToolTripleTap = EventCode(rawValue: 0x14e)
  /// `BTN_TOOL_QUADTAP`: four fingers.
  public static let btnToolQuadTap = EventCode(rawValue: 0x14f)

  /// The number of fingers a `BTN_TOOL_*` finger-count code stands for, or `nil` for other codes
  /// (kernel `Documentation/input/event-codes.rst`, "BTN_TOOL_<name>").
  public var fingerCount: Int? {
    switch self {
    case .btnToolFinger: 1
    case .btnToolDoubleTap: 2
    case .btnToolTripleTap: 3
    case .btnToolQuadTap: 4
    case .btnToolQuintTap: 5
    default: nil
    }
  }
}
