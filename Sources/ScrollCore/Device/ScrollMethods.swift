/// A way of scrolling besides wheels and dials, by libinput's names for them (`libinput
/// list-devices`, "Scroll methods"; `libinput_config_scroll_method`).
public enum ScrollMethod: String, Sendable, Hashable, CaseIterable {
  /// Two fingers on a touchpad (``ScrollSource/finger``).
  case twoFinger = "two-finger"
  /// One finger along a touchpad's right or bottom edge (``ScrollSource/edge``).
  case edge
  /// Pointer motion while a button is held (``ScrollSource/button``).
  case button
  /// None of these: only wheels and dials scroll. (libinput's "none"; not `.none`, which an
  /// optional method would take for `nil`.)
  case noScroll = "none"
}

/// The scroll methods a device offers, the one on by default, and its scroll button, decided as
/// libinput decides them:
/// - **Touchpads** (``TouchpadGeometry``) offer edge scrolling, and two-finger scrolling when
///   they track two touches: two or more slots (a semi-MT pad's count as one), or a
///   `BTN_TOOL_DOUBLETAP`… finger count (`tp_scroll_get_methods`: `ntouches >= 2`). Two-finger is the default where offered, else
///   edge (`tp_scroll_get_default_method`). scrolldir reads two fingers only from pads that report
///   both positions (``TouchpadGeometry/TouchProtocol/readsTwoFingers``): on a semi-MT pad
///   libinput's default, two-finger, reads nothing here; choose edge there.
/// - **Pointing devices** (relative `REL_X`/`REL_Y` motion: mice, TrackPoints, trackballs) offer
///   on-button scrolling when they have the scroll button. It is on by default for pointing sticks
///   (``DeviceDescription/isPointingStick``) and for devices with `BTN_MIDDLE` but no wheel
///   (`evdev_scroll_get_default_method`). The default scroll button is `BTN_MIDDLE`, else the first
///   of `BTN_SIDE`…`BTN_TASK`, else `BTN_RIGHT` (`evdev_scroll_get_default_button`).
/// - A recording without a description (capabilities inferred from its events) offers on-button
///   scrolling, off by default: nothing is known of the device before its events.
/// - Every other device offers none.
public struct ScrollMethods: Sendable, Hashable {
  /// The methods offered, in libinput's order (two-finger, edge, button).
  public let available: [ScrollMethod]
  /// The method on when none is chosen.
  public let defaultMethod: ScrollMethod
  /// The button that scrolls while held, for ``ScrollMethod/button``; `nil` when there is none.
  public let button: EventCode?

  /// The methods of `device`, scrolling on `scrollButton` (`--scroll-button`) instead of the
  /// default button when given.
  public init(_ device: DeviceDescription, scrollButton: EventCode? = nil) {
    if device.origin == .inferred {
      available = [.button]
      defaultMethod = .noScroll
      button = scrollButton ?? .btnMiddle
      return
    }
    if case .success(let touchpad) = device.scrollCapabilities.touchpadGeometry {
      let multiFingerTools: [EventCode] = [.btnToolDoubleTap, .btnToolTripleTap, .btnToolQuadTap, .btnToolQuintTap]
      let tracksTwo = touchpad.touchProtocol.readsTwoFingers || multiFingerTools.contains { device.has(.key, $0) }
      available = tracksTwo ? [.twoFinger, .edge] : [.edge]
      defaultMethod = tracksTwo ? .twoFinger : .edge
      button = nil
      return
    }
    let pointer = device.has(.rel, .relX) || device.has(.rel, .relY)
    let chosen = scrollButton.flatMap { device.has(.key, $0) ? $0 : nil }
    button = pointer ? (scrollButton == nil ? Self.defaultButton(of: device) : chosen) : nil
    guard button != nil else {
      available = []
      defaultMethod = .noScroll
      return
    }
    available = [.button]
    let wheelless = !device.has(.rel, .relWheel) && !device.has(.rel, .relHWheel) && device.has(.key, .btnMiddle)
    defaultMethod = device.isPointingStick || wheelless ? .button : .noScroll
  }

  /// The method in effect when `choice` is asked for (`--scroll-method`; `nil` for the default):
  /// `none` turns every method off; a method the device does not offer leaves it at its default,
  /// as libinput refuses a configuration a device does not support.
  public func effective(_ choice: ScrollMethod?) -> ScrollMethod {
    guard let choice else { return defaultMethod }
    if choice == .noScroll || available.contains(choice) { return choice }
    return defaultMethod
  }

  /// libinput's default scroll button of a device with these keys.
  private static func defaultButton(of device: DeviceDescription) -> EventCode? {
    if device.has(.key, .btnMiddle) { return .btnMiddle }
    for code in EventCode.btnSide.rawValue...EventCode.btnTask.rawValue
    where device.has(.key, EventCode(rawValue: code)) {
      return EventCode(rawValue: code)
    }
    return device.has(.key, .btnRight) ? .btnRight : nil
  }
}
