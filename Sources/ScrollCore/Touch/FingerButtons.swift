/// The finger-count buttons of a touchpad: `BTN_TOOL_FINGER`…`BTN_TOOL_QUINTTAP` (how many fingers
/// are down) and `BTN_TOUCH` (whether anything touches), as the last events left them (kernel
/// `Documentation/input/event-codes.rst`, "BTN_TOOL_<name>").
struct FingerButtons: Sendable {
  private var tools: Set<EventCode> = []
  /// The last `BTN_TOUCH` value, `nil` until one arrives.
  private(set) var touching: Bool?

  /// Takes a key event; other codes are ignored.
  mutating func add(_ event: InputEvent) {
    guard event.type == .key else { return }
    if event.code == .btnTouch {
      touching = event.value != 0
    } else if event.code.fingerCount != nil {
      if event.value != 0 { tools.insert(event.code) } else { tools.remove(event.code) }
    }
  }

  /// The finger count the buttons say: the largest tool held, else 1 while touching, else 0.
  var fingerCount: Int {
    tools.compactMap(\.fingerCount).max() ?? (touching == true ? 1 : 0)
  }
}
