/// What a device has to scroll with, derived from its event codes, properties and axes: wheel and
/// dial codes, and whether it is a touchpad. Which scroll method is on (two-finger, edge, button)
/// depends on the options too: see ``ScrollMethods`` and ``DevicePipeline``.
public struct ScrollCapabilities: Sendable, Hashable {
  /// `REL_WHEEL`: a vertical wheel in detents.
  public var wheel: Bool
  /// `REL_WHEEL_HI_RES`: a vertical wheel in v120 units (kernel 5.0 and later).
  public var hiResWheel: Bool
  /// `REL_HWHEEL`: a horizontal (tilt) wheel in detents.
  public var horizontalWheel: Bool
  /// `REL_HWHEEL_HI_RES`: a horizontal wheel in v120 units.
  public var hiResHorizontalWheel: Bool
  /// `REL_DIAL`: a rotary dial in clicks.
  public var dial: Bool
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
    dial = rel.contains(.relDial)
    touchpadGeometry = TouchpadGeometry.of(properties, codes, absInfo)
  }

  /// The touchpad's geometry, if the device is a touchpad.
  public var touchpad: TouchpadGeometry? { try? touchpadGeometry.get() }

  /// Whether the device has a wheel or dial code: it scrolls whatever the scroll method.
  public var hasWheelOrDial: Bool { wheel || hiResWheel || horizontalWheel || hiResHorizontalWheel || dial }

  /// Short names of the wheel and dial codes present, e.g. `["wheel", "hi-res wheel", "dial"]`.
  public var wheelNames: [String] {
    var result: [String] = []
    if wheel { result.append("wheel") }
    if hiResWheel { result.append("hi-res wheel") }
    if horizontalWheel { result.append("horizontal wheel") }
    if hiResHorizontalWheel { result.append("hi-res horizontal wheel") }
    if dial { result.append("dial") }
    return result
  }
}
