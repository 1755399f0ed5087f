/// Follows the contacts of a multitouch protocol B pad (kernel
/// `Documentation/input/multi-touch-protocol.rst`).
///
/// `ABS_MT_SLOT` selects a slot, `ABS_MT_TRACKING_ID` ≥ 0 starts a contact in it and −1 ends it,
/// `ABS_MT_POSITION_X/Y` move it; a slot keeps its position and tool type from one contact to the
/// next (the kernel sends only values that changed). Events before any `ABS_MT_SLOT` apply to
/// slot 0 (the kernel's initial slot; logs that start that way are replayed with `evemu-play
/// --insert-slot0`). A slot that reports positions without ever having reported a tracking ID is
/// a contact that was already down when the stream started. Contacts with `ABS_MT_TOOL_TYPE` =
/// `MT_TOOL_PALM` are not fingers. The finger count is the number of active finger slots, or the
/// `BTN_TOOL_*` count when more fingers are down than the pad has slots (libinput's "fake touches").
public struct SlotContactTracker: Sendable {
  /// Who occupies a slot.
  enum Occupant: Sendable, Hashable {
    /// No tracking ID seen yet: the stream started with the slot in an unknown state.
    case unknown
    /// The contact lifted (tracking ID −1).
    case lifted
    /// A contact is down; its ID is the tracking ID, or one assigned to a contact that was down
    /// before the stream started or whose identity was lost.
    case active(id: Int64)
  }

  private struct Slot: Sendable {
    var occupant = Occupant.unknown
    var x: Int32?
    var y: Int32?
    var palm = false
  }

  private let geometry: TouchpadGeometry
  private var slots: [Slot]
  /// The slot the next `ABS_MT_*` events apply to; `nil` after an `ABS_MT_SLOT` beyond the pad's slots.
  private var currentSlot: Int? = 0
  private var buttons = FingerButtons()

  /// The last `BTN_TOUCH` value, `nil` until one arrives.
  var touching: Bool? { buttons.touching }
  private var identities = ContactIdentities()

  init(geometry: TouchpadGeometry, slotCount: Int) {
    self.geometry = geometry
    slots = Array(repeating: Slot(), count: slotCount)
  }

  /// Takes one event of the current frame.
  mutating func add(_ event: InputEvent) {
    switch event.type {
    case .abs: addAbs(event)
    case .key: buttons.add(event)
    default: break
    }
  }

  /// Ends the frame and reports the fingers and the contacts whose positions are on the pad.
  mutating func endFrame() -> TouchFrame {
    var fingers = 0
    var contacts: [Contact] = []
    var offPad: [Contact] = []
    for slot in slots {
      guard case .active(let id) = slot.occupant, !slot.palm else { continue }
      fingers += 1
      guard let x = slot.x, let y = slot.y else { continue }
      let contact = Contact(id: id, x: Double(x), y: Double(y))
      if geometry.contains(x: x, y: y) { contacts.append(contact) } else { offPad.append(contact) }
    }
    let buttonCount = buttons.fingerCount
    return TouchFrame(
      fingerCount: buttonCount > slots.count ? buttonCount : fingers, contacts: contacts.sorted { $0.id < $1.id },
      offPad: offPad.sorted { $0.id < $1.id })
  }

  /// Gives every active contact a new identity (after `SYN_DROPPED`).
  mutating func forgetIdentities() {
    for index in slots.indices {
      if case .active = slots[index].occupant { slots[index].occupant = .active(id: identities.fresh()) }
    }
  }

  private mutating func addAbs(_ event: InputEvent) {
    if event.code == .absMTSlot {
      currentSlot = slots.indices.contains(Int(event.value)) ? Int(event.value) : nil
      return
    }
    guard let index = currentSlot else { return }
    switch event.code {
    case .absMTTrackingID:
      // Only the identity changes: a slot's other values persist from contact to contact, as in
      // the kernel, which does not resend a value that did not change (same position, same tool).
      slots[index].occupant = event.value < 0 ? .lifted : .active(id: Int64(event.value))
    case .absMTPositionX:
      slots[index].x = event.value
      activateIfUnknown(index)
    case .absMTPositionY:
      slots[index].y = event.value
      activateIfUnknown(index)
    case .absMTToolType:
      slots[index].palm = event.value == MTToolType.palm
    default:
      break
    }
  }

  /// A slot moving before any tracking ID was seen holds a contact that was down from the start.
  private mutating func activateIfUnknown(_ index: Int) {
    if slots[index].occupant == .unknown { slots[index].occupant = .active(id: identities.fresh()) }
  }
}
