/// The ways a device can scroll, derived from its event codes, properties and axes.
public struct ScrollCapabilities: Sendable, Hashable {
  /// `REL_WHEEL`: a vertical wheel in detents.
  public var wheel: Bool
  /// `REL_WHEEL_HI_RES`: a vertical wheel in v120 units (kernel 5.0 and later).
  public var hiResWheel: Bool
  /// `REL_HWHEEL`: a horizontal (tilt) wheel in detents.
  public var horizontalWheel: Bool
  /// `REL_HWHEEL_HI_RES`: a horizontal wheel in v120 units.
  public var hiResHorizontalWheel: Bool
  /// The touchpad's geometry, or why the device is not a touchpad (see ``TouchpadGeometry/of(_:_:_:)``).
  public var touchpadGeometry: Result<TouchpadGeometry, TouchpadGeometry.Exclusion>

  /// Derives the capabilities from a device's properties, codes and axes.
  public init(
    properties: Set<InputProperty>, codes: [EventType: Set<EventCode>], absInfo: [EventCode: AbsInfo]
  ) {
    let rel = codes[.rel] ?? []
    wheel = rel.contains(.relWheel)
    hiResWheel = rel.contains(.relWheelHiRes)
    horizontalWheel = rel.contains(.relHWheel)
    hiResHorizontalWheel = rel.contains(.relHWheelHiRes)
    touchpadGeometry = TouchpadGeometry.of(properties, codes, absInfo)
  }

  /// The touchpad's geometry, if the device is a touchpad.
  public var touchpad: TouchpadGeometry? { try? touchpadGeometry.get() }

  /// Whether the device is a touchpad that scrolldir reads two-finger scrolling from.
  public var twoFingerScroll: Bool { touchpad?.touchProtocol.readsTwoFingers ?? false }

  /// Whether the device can produce scroll records: any wheel code, or two-finger scrolling.
  public var canScroll: Bool { wheel || hiResWheel || horizontalWheel || hiResHorizontalWheel || twoFingerScroll }

  /// Short names of what is present, e.g. `["wheel", "hi-res wheel", "horizontal wheel"]`.
  public var names: [String] {
    var result: [String] = []
    if wheel { result.append("wheel") }
    if hiResWheel { result.append("hi-res wheel") }
    if horizontalWheel { result.append("horizontal wheel") }
    if hiResHorizontalWheel { result.append("hi-res horizontal wheel") }
    if twoFingerScroll { result.append("two-finger scroll") }
    return result
  }
}
