/// On-button scrolling in a device pipeline: collects a frame's relative motion and scroll-button
/// state for ``ButtonScroll``, and keeps the button source's offsets.
struct ButtonSource: Sendable {
  /// The button that scrolls while held.
  let button: EventCode
  private var scroll = ButtonScroll()
  private var offsets = OffsetStream(source: .button)
  private var motion = ScrollOffset.zero
  /// The scroll button's state as the last events left it, and as the state machine last saw it.
  private var down = false
  private var reported = false

  init(button: EventCode) {
    self.button = button
  }

  /// Takes one event of the current frame: `REL_X`/`REL_Y` motion (counts) and the scroll button.
  mutating func add(_ event: InputEvent) {
    switch event.type {
    case .rel where event.code == .relX: motion.x += Double(event.value)
    case .rel where event.code == .relY: motion.y += Double(event.value)
    case .key where event.code == button && event.value != 2: down = event.value != 0
    default: break
    }
  }

  /// Takes an event read while events are being lost (`SYN_DROPPED`): only the button's state,
  /// which libevdev's resync restores; motion of the lost frames is gone.
  mutating func addResynced(_ event: InputEvent) {
    if event.type == .key, event.code == button, event.value != 2 { down = event.value != 0 }
  }

  /// Ends the frame: its records (a move, then a stop when the button was released after
  /// scrolling). `natural` inverts both axes (content follows the pointer).
  mutating func endFrame(at time: Timestamp, device: String, natural: Bool, discardMotion: Bool = false)
    -> [ScrollRecord]
  {
    let change = down != reported ? down : nil
    reported = down
    let step = scroll.frame(motion: discardMotion ? .zero : motion, button: change, at: time)
    motion = .zero
    var records: [ScrollRecord] = []
    if let move = step.move, let record = offsets.move(by: natural ? .zero - move : move, at: time, device: device) {
      records.append(record)
    }
    if step.stop { records.append(offsets.stop(at: time, device: device)) }
    return records
  }
}
