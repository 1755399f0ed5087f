import ScrollCore
import ScrollIO

/// Notes on stderr when a recording gives no scroll records for a reason the user can act on,
/// so a replay that prints nothing says why instead of looking like a quiet success.
enum ReplayNotes {
  /// After a file's events: a frame that never closed (a recording cut off before its last
  /// `SYN_REPORT`); wheel events dropped for codes the description leaves out; when no device
  /// scrolled, why each described one cannot; and a device without a description that sent
  /// multitouch positions, a touchpad whose finger scrolling needs the axis ranges only a
  /// description gives.
  /// - Parameter raw: the recording is a raw stream (`replay --raw`), which `--describe` can describe.
  static func afterEvents(_ player: RecordingPlayer, raw: Bool) {
    let file = player.recording.fileName
    for pipeline in player.pipelines {
      if pipeline.eventsInOpenFrame > 0 {
        Diagnostics.note(
          "\(file): the last frame of '\(pipeline.device)' has \(pipeline.eventsInOpenFrame) event(s) but no SYN_REPORT; "
            + "they were not used (is the file cut off?)")
      }
      if pipeline.undeclaredEventsDropped > 0 {
        Diagnostics.note(
          "\(file): \(pipeline.undeclaredEventsDropped) wheel event(s) of '\(pipeline.device)' have codes its description "
            + "does not declare; they were dropped, as the kernel drops them")
      }
    }
    guard !player.scrolled.contains(true) else { return }
    for (device, pipeline) in zip(player.recording.devices, player.pipelines) {
      let description = device.description
      switch description.origin {
      case .declared:
        guard !pipeline.canScroll, let reason = reason(description) else { continue }
        Diagnostics.note("\(file): '\(device.label)' cannot scroll: \(reason)")
      case .inferred:
        guard description.has(.abs, .absMTPositionX) || description.has(.abs, .absMTPositionY) else { continue }
        Diagnostics.note(
          "\(file): '\(device.label)' sent touch positions but the recording gives no axis ranges, "
            + "so no finger scroll was read; replay a recording with its device description"
            + (raw ? ", or give one with '--describe RECORDING'" : ""))
      }
    }
  }

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
