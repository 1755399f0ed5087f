import ScrollCore
import ScrollIO

/// Notes on stderr when a recording gives no scroll records for a reason the user can act on,
/// so a replay that prints nothing says why instead of looking like a quiet success.
enum ReplayNotes {
  /// After a file's events: what the reader passed over (a paste's words, elisions, cut-off
  /// lines); a frame that never closed (a recording cut off before its last `SYN_REPORT`, named by
  /// the line it began at); wheel events dropped for codes the description leaves out; when no device
  /// scrolled, why each described one cannot; and a device without a description that sent
  /// multitouch positions, a touchpad whose finger scrolling needs the axis ranges only a
  /// description gives.
  /// - Parameter raw: the recording is a raw stream (`replay --raw`), which `--describe` can describe.
  static func afterEvents(_ player: RecordingPlayer, raw: Bool) {
    let file = player.recording.fileName
    for note in player.recording.notes { Diagnostics.note(note) }
    for pipeline in player.pipelines {
      if pipeline.eventsInOpenFrame > 0 {
        let place = player.recording.openFrameLine.map { "\(file):\($0)" } ?? file
        Diagnostics.note(
          "\(place): the last frame of '\(pipeline.device)' has \(pipeline.eventsInOpenFrame) event(s) but no SYN_REPORT; "
            + "they were not used (is the file cut off?)")
      }
      if pipeline.undeclaredEventsDropped > 0 {
        Diagnostics.note(
          "\(file): \(pipeline.undeclaredEventsDropped) wheel event(s) of '\(pipeline.device)' have codes its description "
            + "does not declare; they were dropped, as the kernel drops them")
      }
    }
    guard !player.scrolled.contains(true) else { return }
    if player.clock == nil { Diagnostics.note("\(file): the recording holds no events") }
    for (device, pipeline) in zip(player.recording.devices, player.pipelines) {
      let description = device.description
      switch description.origin {
      case .declared:
        guard !pipeline.canScroll, let reason = CannotScroll.reason(description) else { continue }
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
}
