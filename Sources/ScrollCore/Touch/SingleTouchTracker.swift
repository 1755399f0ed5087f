/// Follows the one position a touchpad reports in `ABS_X`/`ABS_Y`: all a single-touch pad has,
/// and on a semi-MT pad the one position that is a real finger's (its slots report a bounding
/// box). libinput reads both kinds of pad this way (`tp_init_slots`: a semi-MT pad is one slot).
///
/// A contact is down while `BTN_TOUCH` is 1 (or, on a pad that never sends `BTN_TOUCH`, while a
/// `BTN_TOOL_*` finger count is); each touch-down is a new contact with an ID of its own. The
/// position persists between frames, as the kernel sends only values that changed. The finger
/// count comes from `BTN_TOOL_*`.
public struct SingleTouchTracker: Sendable {
  private let geometry: TouchpadGeometry
  private var buttons = FingerButtons()

  /// The last `BTN_TOUCH` value, `nil` until one arrives.
  var touching: Bool? { buttons.touching }
  private var identities = ContactIdentities()
  private var x: Int32?
  private var y: Int32?
  /// The ID of the contact down now, if one is.
  private var current: Int64?

  /// - Parameter geometry: the pad's `ABS_X`/`ABS_Y` axes.
  init(geometry: TouchpadGeometry) {
    self.geometry = geometry
  }

  /// Takes one event of the current frame.
  mutating func add(_ event: InputEvent) {
    switch event.type {
    case .abs where event.code == .absX: x = event.value
    case .abs where event.code == .absY: y = event.value
    case .key: buttons.add(event)
    default: break
    }
  }

  /// Ends the frame: the contact if one is down and its position is known (on the pad or off it).
  mutating func endFrame() -> TouchFrame {
    let fingers = buttons.fingerCount
    let down = buttons.touching ?? (fingers > 0)
    if !down {
      current = nil
    } else if current == nil {
      current = identities.fresh()
    }
    guard let id = current, let x, let y else {
      return TouchFrame(fingerCount: down ? max(fingers, 1) : 0, contacts: [])
    }
    let contact = Contact(id: id, x: Double(x), y: Double(y))
    let onPad = geometry.contains(x: x, y: y)
    return TouchFrame(fingerCount: max(fingers, 1), contacts: onPad ? [contact] : [], offPad: onPad ? [] : [contact])
  }

  /// Gives the contact down now a new identity (after `SYN_DROPPED`).
  mutating func forgetIdentities() {
    if current != nil { current = identities.fresh() }
  }
}
