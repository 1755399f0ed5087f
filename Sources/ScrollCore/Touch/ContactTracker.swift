/// Follows a touchpad's contacts event by event and reports them once per frame.
///
/// - Protocol B (kernel `Documentation/input/multi-touch-protocol.rst`): `ABS_MT_SLOT` selects a
///   slot, `ABS_MT_TRACKING_ID` ≥ 0 starts a contact in it and −1 ends it, `ABS_MT_POSITION_X/Y`
///   move it; a slot keeps its position and tool type from one contact to the next (the kernel
///   sends only values that changed). Events before any `ABS_MT_SLOT` apply to slot 0 (the kernel's initial slot; logs that
///   start that way are replayed with `evemu-play --insert-slot0`). A slot that reports positions
///   without ever having reported a tracking ID is a contact that was already down when the
///   stream started. Contacts with `ABS_MT_TOOL_TYPE` = `MT_TOOL_PALM` are not fingers. The finger
///   count is the number of active finger slots, or the `BTN_TOOL_*` count when more fingers are
///   down than the pad has slots (libinput's "fake touches").
/// - Protocol A: contacts are listed anew in every frame, each ended by `SYN_MT_REPORT`; they
///   carry no IDs, so a contact keeps its ID from the previous frame when the count is unchanged
///   and it is the nearest match. A contact with `ABS_MT_TOUCH_MAJOR` 0 has no touch area and does
///   not count, and while `BTN_TOUCH` is 0 nothing touches (some drivers, e.g. Apple's bcm5974,
///   keep listing lifted fingers with a zero size).
///
/// Only pads whose protocol ``TouchpadGeometry/TouchProtocol/readsTwoFingers`` are tracked.
/// Positions outside the axis range are treated as unknown for that frame.
public struct ContactTracker: Sendable {
  private struct Slot: Sendable {
    var id: Int64?
    var x: Int32?
    var y: Int32?
    var palm = false
  }

  private let geometry: TouchpadGeometry
  private var slots: [Slot]
  private var currentSlot: Int? = 0
  private var toolFingers: Set<EventCode> = []
  /// The last `BTN_TOUCH` value, `nil` until one arrives.
  private var touching: Bool?
  /// Protocol A: contacts of the frame being read, and of the previous frame.
  private var pendingX: Int32?
  private var pendingY: Int32?
  private var pendingMajor: Int32?
  private var frameContacts: [(x: Int32, y: Int32)] = []
  private var previousContacts: [Contact] = []
  private var previousFingerCount = 0
  private var nextID: Int64 = 1 << 40

  public init(geometry: TouchpadGeometry) {
    self.geometry = geometry
    if case .slots(let count) = geometry.touchProtocol {
      slots = Array(repeating: Slot(), count: count)
    } else {
      slots = []
    }
  }

  /// Takes one event of the current frame.
  public mutating func add(_ event: InputEvent) {
    switch event.type {
    case .abs: addAbs(event)
    case .key: addKey(event)
    case .syn where event.code == .synMTReport: endTypeAContact()
    default: break
    }
  }

  /// Ends the frame and reports the surface.
  public mutating func endFrame() -> TouchFrame {
    let frame: TouchFrame
    switch geometry.touchProtocol {
    case .slots(let count): frame = slotFrame(slotCount: count)
    case .typeA: frame = typeAFrame()
    case .semiMT, .singleTouch: preconditionFailure("ContactTracker needs a pad that reports two fingers")
    }
    previousFingerCount = frame.fingerCount
    return frame
  }

  /// Forgets every contact's identity after lost events (`SYN_DROPPED`): positions read from now
  /// on belong to new contacts, so no movement is measured across the gap.
  public mutating func forgetIdentities() {
    for index in slots.indices where (slots[index].id ?? -1) >= 0 {
      slots[index].id = freshID()
    }
    previousContacts = []
    previousFingerCount = -1
  }

  private var buttonFingerCount: Int {
    toolFingers.compactMap(\.fingerCount).max() ?? (touching == true ? 1 : 0)
  }

  private mutating func addKey(_ event: InputEvent) {
    if event.code == .btnTouch {
      touching = event.value != 0
    } else if event.code.fingerCount != nil {
      if event.value != 0 { toolFingers.insert(event.code) } else { toolFingers.remove(event.code) }
    }
  }

  private mutating func addAbs(_ event: InputEvent) {
    switch geometry.touchProtocol {
    case .slots:
      addSlotEvent(event)
    case .typeA:
      if event.code == .absMTPositionX { pendingX = event.value }
      if event.code == .absMTPositionY { pendingY = event.value }
      if event.code == .absMTTouchMajor { pendingMajor = event.value }
    case .semiMT, .singleTouch:
      break
    }
  }

  private mutating func addSlotEvent(_ event: InputEvent) {
    if event.code == .absMTSlot {
      currentSlot = slots.indices.contains(Int(event.value)) ? Int(event.value) : nil
      return
    }
    guard let index = currentSlot else { return }
    switch event.code {
    case .absMTTrackingID:
      // Only the identity changes: a slot's other values persist from contact to contact, as in
      // the kernel, which does not resend a value that did not change (same position, same tool).
      slots[index].id = event.value < 0 ? -1 : Int64(event.value)
    case .absMTPositionX:
      slots[index].x = event.value
      if slots[index].id == nil { slots[index].id = freshID() }
    case .absMTPositionY:
      slots[index].y = event.value
      if slots[index].id == nil { slots[index].id = freshID() }
    case .absMTToolType:
      slots[index].palm = event.value == MTToolType.palm
    default:
      break
    }
  }

  private mutating func endTypeAContact() {
    if let x = pendingX, let y = pendingY, pendingMajor != 0 { frameContacts.append((x, y)) }
    pendingX = nil
    pendingY = nil
    pendingMajor = nil
  }

  private func slotFrame(slotCount: Int) -> TouchFrame {
    var fingers = 0
    var contacts: [Contact] = []
    for slot in slots {
      guard let id = slot.id, id >= 0, !slot.palm else { continue }
      fingers += 1
      if let x = slot.x, let y = slot.y, geometry.contains(x: x, y: y) {
        contacts.append(Contact(id: id, x: Double(x), y: Double(y)))
      }
    }
    let buttons = buttonFingerCount
    return TouchFrame(fingerCount: buttons > slotCount ? buttons : fingers, contacts: contacts.sorted { $0.id < $1.id })
  }

  private mutating func typeAFrame() -> TouchFrame {
    endTypeAContact()
    if touching == false { frameContacts = [] }
    let positions = frameContacts.filter { geometry.contains(x: $0.x, y: $0.y) }
    let count = frameContacts.count
    frameContacts = []
    var contacts: [Contact] = []
    if count == previousFingerCount && positions.count == previousContacts.count {
      contacts = matched(positions, to: previousContacts)
    } else {
      for position in positions { contacts.append(Contact(id: freshID(), x: Double(position.x), y: Double(position.y))) }
    }
    previousContacts = contacts
    return TouchFrame(fingerCount: count, contacts: contacts.sorted { $0.id < $1.id })
  }

  /// Gives each new position the ID of the previous contact nearest to it (greedy, closest pair
  /// first), which is exact for the one or two contacts that scrolling looks at.
  private func matched(_ positions: [(x: Int32, y: Int32)], to previous: [Contact]) -> [Contact] {
    var pairs: [(distance: Double, new: Int, old: Int)] = []
    for (newIndex, position) in positions.enumerated() {
      for (oldIndex, contact) in previous.enumerated() {
        let dx = Double(position.x) - contact.x
        let dy = Double(position.y) - contact.y
        pairs.append((dx * dx + dy * dy, newIndex, oldIndex))
      }
    }
    var usedNew = Set<Int>()
    var usedOld = Set<Int>()
    var result: [Contact] = []
    for pair in pairs.sorted(by: { $0.distance < $1.distance })
    where !usedNew.contains(pair.new) && !usedOld.contains(pair.old) {
      usedNew.insert(pair.new)
      usedOld.insert(pair.old)
      result.append(Contact(id: previous[pair.old].id, x: Double(positions[pair.new].x), y: Double(positions[pair.new].y)))
    }
    return result
  }

  private mutating func freshID() -> Int64 {
    nextID += 1
    return nextID
  }
}
