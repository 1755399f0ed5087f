/// The ways a device can scroll, derived from its event codes.
public struct ScrollCapabilities: Sendable, Hashable {
  /// `REL_WHEEL`: a vertical wheel in detents.
  public var wheel: Bool
  /// `REL_WHEEL_HI_RES`: a vertical wheel in v120 units (kernel 5.0 and later).
  public var hiResWheel: Bool
  /// `REL_HWHEEL`: a horizontal (tilt) wheel in detents.
  public var horizontalWheel: Bool
  /// `REL_HWHEEL_HI_RES`: a horizontal wheel in v120 units.
  public var hiResHorizontalWheel: Bool

  /// Derives the capabilities from a description's codes.
  public init(_ device: DeviceDescription) {
    wheel = device.has(.rel, .relWheel)
    hiResWheel = device.has(.rel, .relWheelHiRes)
    horizontalWheel = device.has(.rel, .relHWheel)
    hiResHorizontalWheel = device.has(.rel, .relHWheelHiRes)
  }

  /// Whether any wheel code is present, so the device can produce wheel scroll records.
  public var canScroll: Bool { wheel || hiResWheel || horizontalWheel || hiResHorizontalWheel }

  /// Short names of what is present, e.g. `["wheel", "hi-res wheel", "horizontal wheel"]`.
  public var names: [String] {
    var result: [String] = []
    if wheel { result.append("wheel") }
    if hiResWheel { result.append("hi-res wheel") }
    if horizontalWheel { result.append("horizontal wheel") }
    if hiResHorizontalWheel { result.append("hi-res horizontal wheel") }
    return result
  }
}
