import ScrollCore

/// Why a device cannot scroll, for the notes of a replay and the monitor's refusal of a named node.
enum CannotScroll {
  /// Why a device without a wheel and with no scroll method in effect cannot scroll, from its
  /// codes and properties (the rules of ``ScrollCapabilities/touchpadGeometry``, ``ScrollMethods``
  /// and ``TouchpadGeometry/TouchProtocol/readsTwoFingers``); `nil` when nothing explains it.
  static func reason(_ description: DeviceDescription) -> String? {
    let edge =
      ScrollMethods(description).available.contains(.edge)
      ? "; its edge scrolling is read with --scroll-method edge" : ""
    switch description.scrollCapabilities.touchpadGeometry {
    case .success(let geometry):
      switch geometry.touchProtocol {
      case .semiMT: return "a semi-MT touchpad (INPUT_PROP_SEMI_MT) reports a bounding box, not two fingers" + edge
      case .singleTouch: return "a single-touch touchpad (no ABS_MT axes) reports one position, not two fingers" + edge
      case .slots, .typeA: return nil
      }
    case .failure(.direct): return "a touchscreen (INPUT_PROP_DIRECT), where dragging is direct manipulation"
    case .failure(.tablet): return "a graphics tablet (BTN_TOOL_PEN)"
    case .failure(.mouse):
      return ScrollMethods(description).available.isEmpty
        ? "a mouse with no wheel (REL_WHEEL, REL_HWHEEL) and no button to scroll with"
        : "a mouse with no wheel (REL_WHEEL, REL_HWHEEL) whose on-button scrolling is off; turn it on with --scroll-method button"
    case .failure(.noTouchAxes):
      let fingerTool = description.has(.key, .btnToolFinger) || description.has(.key, .btnToolDoubleTap)
      return fingerTool
        ? "a touchpad without usable position axes (ABS_MT_POSITION_X/Y, or ABS_X/Y, with maximum > minimum)"
        : "no wheel (REL_WHEEL, REL_HWHEEL) and not a touchpad"
    }
  }
}
