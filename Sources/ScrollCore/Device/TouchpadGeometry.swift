/// How a touchpad reports its contacts, and how big its units are: what the finger-scroll
/// source needs from a device's description.
public struct TouchpadGeometry: Sendable, Hashable {
  /// The way contacts are reported.
  public enum TouchProtocol: Sendable, Hashable {
    /// Multitouch protocol B: `count` slots (`ABS_MT_SLOT` maximum + 1), contacts with tracking IDs.
    case slots(count: Int)
    /// Legacy multitouch protocol A: anonymous contacts, each ended by `SYN_MT_REPORT`.
    case typeA
    /// `INPUT_PROP_SEMI_MT`: the `count` slots report the bounding box of the contacts, not the
    /// contacts themselves.
    case semiMT(slots: Int)
    /// No `ABS_MT_*` axes: one position (`ABS_X`/`ABS_Y`) and the finger count from `BTN_TOOL_*`.
    case singleTouch

    /// Whether two fingers' real positions are reported, which two-finger scrolling needs.
    ///
    /// libinput treats semi-MT and single-touch pads as single-touch pads whose one position
    /// moves for all fingers (`tp_init_slots`, `src/evdev-mt-touchpad.c`), and scrolls with it.
    /// scrolldir does not: on the shared ALPS semi-MT recording of a stationary two-finger tap,
    /// that position jumps by 8.8 mm within the tap, which would read as a scroll.
    public var readsTwoFingers: Bool {
      switch self {
      case .slots, .typeA: true
      case .semiMT, .singleTouch: false
      }
    }
  }

  /// Why a device is not treated as a touchpad.
  public enum Exclusion: Error, Sendable, Hashable {
    /// `INPUT_PROP_DIRECT`: a touchscreen or tablet screen; dragging there is direct manipulation.
    case direct
    /// Relative motion axes (`REL_X`/`REL_Y`): a mouse, even if it has a touch surface (Apple Magic Mouse).
    case mouse
    /// A pen or stylus tool (`BTN_TOOL_PEN`): a graphics tablet.
    case tablet
    /// No finger tool (`BTN_TOOL_FINGER`…) or no position axes.
    case noTouchAxes
  }

  /// Millimetres assumed for a pad whose axes give no resolution: libinput assumes a 69 × 50 mm
  /// touchpad (`tp_init_default_resolution`, `src/evdev-mt-touchpad.c`), the size of a common
  /// laptop touchpad, and so do we. Its resolution is the axis range divided by these in whole
  /// units per mm (libinput's integer division), so the pad comes out a little larger.
  public static let fallbackSizeMM = (width: 69, height: 50)

  /// The most slots tracked: hid-multitouch allows 250 contacts (`MT_MAX_MAXCONTACT`); a
  /// description claiming more is corrupt, and slots beyond this are ignored.
  public static let maximumSlots = 256

  /// How contacts are reported.
  public let touchProtocol: TouchProtocol
  /// The x and y position axes (`ABS_MT_POSITION_*`, or `ABS_X/Y` for a single-touch pad).
  public let xAxis: AbsInfo
  /// See ``xAxis``; y grows toward the user.
  public let yAxis: AbsInfo
  /// Device units per millimetre on each axis (from the axis resolution, else the fallback size).
  public let unitsPerMM: (x: Double, y: Double)
  /// Whether `unitsPerMM` came from ``fallbackSizeMM`` because the resolution was 0 (unknown).
  public let resolutionIsAssumed: Bool

  public static func == (lhs: TouchpadGeometry, rhs: TouchpadGeometry) -> Bool {
    lhs.touchProtocol == rhs.touchProtocol && lhs.xAxis == rhs.xAxis && lhs.yAxis == rhs.yAxis
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(touchProtocol)
    hasher.combine(xAxis)
    hasher.combine(yAxis)
  }

  /// The pad's size in millimetres.
  public var sizeMM: (width: Double, height: Double) {
    (xAxis.range / unitsPerMM.x, yAxis.range / unitsPerMM.y)
  }

  /// The touchpad geometry of a device with these properties, codes and axes, or why it is not a touchpad.
  ///
  /// A touchpad, much as udev's `input_id` builtin and libinput see it: it has a finger tool
  /// (`BTN_TOOL_FINGER`, or one of `BTN_TOOL_DOUBLETAP`…`QUINTTAP`, since descriptions rebuilt from
  /// logs may list only the codes the log used) and absolute position axes, is not direct
  /// (`INPUT_PROP_DIRECT`), has no pen tool and no relative motion axes. Callers read the result
  /// from ``ScrollCapabilities/touchpadGeometry``, which keeps it with the description.
  static func of(
    _ properties: Set<InputProperty>, _ codes: [EventType: Set<EventCode>], _ absInfo: [EventCode: AbsInfo]
  ) -> Result<TouchpadGeometry, Exclusion> {
    func has(_ type: EventType, _ code: EventCode) -> Bool { codes[type]?.contains(code) ?? false }
    if properties.contains(.direct) { return .failure(.direct) }
    if has(.rel, .relX) || has(.rel, .relY) { return .failure(.mouse) }
    if has(.key, .btnToolPen) { return .failure(.tablet) }
    let fingerTools: [EventCode] = [
      .btnToolFinger, .btnToolDoubleTap, .btnToolTripleTap, .btnToolQuadTap, .btnToolQuintTap,
    ]
    guard fingerTools.contains(where: { has(.key, $0) }) else { return .failure(.noTouchAxes) }
    let hasMT = has(.abs, .absMTPositionX) && has(.abs, .absMTPositionY)
    let touchProtocol: TouchProtocol
    let xCode: EventCode
    let yCode: EventCode
    if hasMT {
      let slotMaximum = Int(absInfo[.absMTSlot]?.maximum ?? 0)
      let slots = has(.abs, .absMTSlot) ? min(max(slotMaximum + 1, 0), Self.maximumSlots) : 0
      if properties.contains(.semiMT) {
        touchProtocol = .semiMT(slots: slots)
      } else {
        touchProtocol = slots > 0 ? .slots(count: slots) : .typeA
      }
      (xCode, yCode) = (.absMTPositionX, .absMTPositionY)
    } else {
      touchProtocol = .singleTouch
      (xCode, yCode) = (.absX, .absY)
    }
    guard let x = absInfo[xCode], let y = absInfo[yCode], x.maximum > x.minimum, y.maximum > y.minimum
    else { return .failure(.noTouchAxes) }
    return .success(TouchpadGeometry(touchProtocol: touchProtocol, xAxis: x, yAxis: y))
  }

  /// Creates a geometry from its axes. When either axis gives no resolution (0), both get
  /// libinput's assumed one: range / ``fallbackSizeMM`` in whole units per mm, at least 1.
  /// (libinput assumes it only when both are 0; with one 0, its millimetres on that axis are
  /// undefined.)
  public init(touchProtocol: TouchProtocol, xAxis: AbsInfo, yAxis: AbsInfo) {
    self.touchProtocol = touchProtocol
    self.xAxis = xAxis
    self.yAxis = yAxis
    let assumed = xAxis.resolution <= 0 || yAxis.resolution <= 0
    resolutionIsAssumed = assumed
    func assumedResolution(_ axis: AbsInfo, _ millimetres: Int) -> Double {
      Double(max(Int64(axis.range) / Int64(millimetres), 1))
    }
    unitsPerMM =
      assumed
      ? (assumedResolution(xAxis, Self.fallbackSizeMM.width), assumedResolution(yAxis, Self.fallbackSizeMM.height))
      : (Double(xAxis.resolution), Double(yAxis.resolution))
  }

  /// Converts a movement in device units to millimetres.
  public func millimetres(dx: Double, dy: Double) -> ScrollOffset {
    ScrollOffset(x: dx / unitsPerMM.x, y: dy / unitsPerMM.y)
  }

  /// Whether a position lies on the pad (within the axis range). Out-of-range values occur in
  /// real logs, e.g. small negative values wrapped to 12 bits (y ≈ 4090 on a 0–680 axis).
  public func contains(x: Int32, y: Int32) -> Bool {
    (xAxis.minimum...xAxis.maximum).contains(x) && (yAxis.minimum...yAxis.maximum).contains(y)
  }
}
