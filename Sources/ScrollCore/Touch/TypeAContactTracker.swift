/// Follows the contacts of a legacy multitouch protocol A pad (kernel
/// `Documentation/input/multi-touch-protocol.rst`).
///
/// Contacts are listed anew in every frame, each ended by `SYN_MT_REPORT`; they carry no IDs, so a
/// contact keeps its ID from the previous frame when the count is unchanged and it is the nearest
/// match. A contact with `ABS_MT_TOUCH_MAJOR` 0 has no touch area and does not count, and while
/// `BTN_TOUCH` is 0 nothing touches (some drivers, e.g. Apple's bcm5974, keep listing lifted
/// fingers with a zero size).
public struct TypeAContactTracker: Sendable {
  private let geometry: TouchpadGeometry
  private var buttons = FingerButtons()

  /// The last `BTN_TOUCH` value, `nil` until one arrives.
  var touching: Bool? { buttons.touching }
  private var identities = ContactIdentities()
  /// The contact being listed: the values since the last `SYN_MT_REPORT`.
  private var pendingX: Int32?
  private var pendingY: Int32?
  private var pendingMajor: Int32?
  /// The contacts listed in the frame being read.
  private var frameContacts: [(x: Int32, y: Int32)] = []
  /// The previous frame's contacts and finger count; `nil` at the start and after lost events,
  /// when there is nothing to match against.
  private var previous: (fingerCount: Int, contacts: [Contact])?

  init(geometry: TouchpadGeometry) {
    self.geometry = geometry
  }

  /// Takes one event of the current frame.
  mutating func add(_ event: InputEvent) {
    switch event.type {
    case .abs:
      if event.code == .absMTPositionX { pendingX = event.value }
      if event.code == .absMTPositionY { pendingY = event.value }
      if event.code == .absMTTouchMajor { pendingMajor = event.value }
    case .key:
      buttons.add(event)
    case .syn where event.code == .synMTReport:
      endContact()
    default:
      break
    }
  }

  /// Ends the frame and reports the fingers and the contacts whose positions are on the pad.
  mutating func endFrame() -> TouchFrame {
    endContact()
    if buttons.touching == false { frameContacts = [] }
    let positions = frameContacts.filter { geometry.contains(x: $0.x, y: $0.y) }
    let count = frameContacts.count
    frameContacts = []
    var contacts: [Contact] = []
    if let previous, count == previous.fingerCount, positions.count == previous.contacts.count {
      contacts = Self.matched(positions, to: previous.contacts)
    } else {
      for position in positions {
        contacts.append(Contact(id: identities.fresh(), x: Double(position.x), y: Double(position.y)))
      }
    }
    previous = (count, contacts)
    return TouchFrame(fingerCount: count, contacts: contacts.sorted { $0.id < $1.id })
  }

  /// Forgets the previous frame (after `SYN_DROPPED`), so the next frame's contacts are new.
  mutating func forgetIdentities() {
    previous = nil
  }

  private mutating func endContact() {
    if let x = pendingX, let y = pendingY, pendingMajor != 0 { frameContacts.append((x, y)) }
    pendingX = nil
    pendingY = nil
    pendingMajor = nil
  }

  /// Gives each new position the ID of the previous contact nearest to it (greedy, closest pair
  /// first), which is exact for the one or two contacts that scrolling looks at.
  private static func matched(_ positions: [(x: Int32, y: Int32)], to previous: [Contact]) -> [Contact] {
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
      result.append(
        Contact(id: previous[pair.old].id, x: Double(positions[pair.new].x), y: Double(positions[pair.new].y)))
    }
    return result
  }
}
