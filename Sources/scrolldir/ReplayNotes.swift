import ScrollCore
import ScrollIO

/// Notes on stderr when a recording gives no scroll records for a reason the user can act on,
/// so a replay that prints nothing says why instead of looking like a quiet success.
enum ReplayNotes {
  /// Before the events: when none of the file's described devices can scroll, why each cannot.
  static func beforeEvents(_ file: String, _ devices: [RecordedDevice]) {
    let described = devices.filter { $0.description.origin == .declared }
    guard !described.isEmpty, described.count == devices.count,
      !described.contains(where: { $0.description.scrollCapabilities.canScroll })
    else { return }
    for device in described {
      guard let reason = reason(device.description) else { continue }
      Diagnostics.note("\(file): '\(device.label)' cannot scroll: \(reason); its events give no records")
    }
  }

  /// After the events: a device without a description that sent multitouch positions, a
  /// touchpad whose finger scrolling needs the axis ranges only a description gives.
  static func afterEvents(_ file: String, _ devices: [RecordedDevice], raw: Bool) {
    for device in devices where device.description.origin == .inferred {
      let description = device.description
      guard description.has(.abs, .absMTPositionX) || description.has(.abs, .absMTPositionY) else { continue }
      Diagnostics.note(
        "\(file): '\(device.label)' sent touch positions but the recording gives no axis ranges, "
          + "so no finger scroll was read; replay a recording with its device description"
          + (raw ? ", or give one with '--describe RECORDING'" : ""))
    }
  }

  /// Why a device without a wheel cannot scroll, from its codes and properties (the rules of
  /// ``TouchpadGeometry/of(_:)`` and ``TouchpadGeometry/TouchProtocol/readsTwoFingers``);
  /// `nil` for a touchpad that reads two fingers.
  static func reason(_ description: DeviceDescription) -> String? {
    switch TouchpadGeometry.of(description) {
    case .success(let geometry):
      switch geometry.touchProtocol {
      case .semiMT: return "a semi-MT touchpad (INPUT_PROP_SEMI_MT) reports a bounding box, not two fingers"
      case .singleTouch: return "a single-touch touchpad (no ABS_MT axes) reports one position, not two fingers"
      case .slots, .typeA: return nil
      }
    case .failure(.direct): return "a touchscreen (INPUT_PROP_DIRECT), where dragging is direct manipulation"
    case .failure(.tablet): return "a graphics tablet (BTN_TOOL_PEN)"
    case .failure(.mouse): return "a mouse with no wheel (REL_WHEEL, REL_HWHEEL)"
    case .failure(.noTouchAxes):
      let fingerTool = description.has(.key, .btnToolFinger) || description.has(.key, .btnToolDoubleTap)
      return fingerTool
        ? "a touchpad without usable position axes (ABS_MT_POSITION_X/Y, or ABS_X/Y, with maximum > minimum)"
        : "no wheel (REL_WHEEL, REL_HWHEEL) and not a touchpad"
    }
  }
}
