/// Decides when two fingers on a touchpad are scrolling, and by how much: the finger-scroll
/// offset source.
///
/// Per frame (``TouchFrame``):
/// - Scrolling happens while exactly two fingers are down. The offset moves by the mean motion of
///   the two contacts (their centroid), converted to millimetres with the pad's resolution
///   (``TouchpadGeometry``), in libinput's default, non-natural sign: fingers moving toward the user
///   (+y on the pad) scroll down (+y).
/// - When two fingers land, their positions are the baseline. A scroll starts when both contacts
///   have moved at least ``minimumFingerTravel`` from it in about the same direction (the angle
///   between their displacements below 90°, see ``sameDirectionCosine``). Until then nothing
///   moves, so jitter and taps do not scroll, and neither does one finger moving beside a resting one.
/// - Two contacts that move apart or together (a pinch) or at an angle are not a scroll; the pair
///   is rejected until the finger count changes.
/// - When the finger count or a contact's identity changes, the baseline resets: that frame moves
///   nothing. A frame in which one of the two positions is unknown (off the pad) moves nothing
///   either, and the next complete frame is a new baseline. Leaving two fingers after a scroll
///   yields ``Step/stop``.
/// - While scrolling, the centroid passes a hysteresis of ``jitterMargin``, and the axes are
///   locked per ``AxisLock`` from the path travelled along each axis.
public struct TwoFingerScroll: Sendable {
  /// What one frame does to the finger-scroll offset.
  public enum Step: Sendable, Hashable {
    /// Nothing moves.
    case none
    /// The offset moves by this many millimetres.
    case move(ScrollOffset)
    /// The scroll ended: the fingers lifted or their count left two.
    case stop
  }

  /// Minimum travel (mm) of each contact before a scroll can start: libinput's `min_move` of 1.5 mm
  /// for telling gestures apart (`tp_gesture_detect_motion_gestures`).
  public static let minimumFingerTravel = 1.5
  /// Cosine of the angle (90°) between the two contacts' displacements up to which they count as
  /// moving "the same way"; wider angles, up to opposite directions, are a pinch or a rotation.
  /// libinput compares 8-way compass directions and accepts neighbouring ones, up to 90° apart
  /// (`tp_gesture_same_directions`). A tighter 60° rejected a real diagonal scroll in the peer
  /// suite whose lagging finger started off at 67°; no negative case lies between 60° and 90°.
  public static let sameDirectionCosine = 0.0

  /// Centroid movement (mm, per axis) that jitter may cause without moving the offset: libinput's
  /// touchpad hysteresis margin for axes without a fuzz value, a quarter of the resolution, i.e.
  /// 0.25 mm (`tp_init_hysteresis`, `src/evdev-mt-touchpad.c`). libinput filters each touch once it
  /// detects jitter; scrolldir filters the centroid of a scroll always, since resting fingers at a
  /// stroke's turn otherwise show as alternating Up/Down records (seen in the Synaptics PS/2
  /// two-finger recording: 4–16 units, up to 0.26 mm).
  public static let jitterMargin = 0.25

  /// The state of a scroll in progress.
  private struct Scroll: Sendable {
    /// The contacts' IDs; `nil` right after a baseline reset.
    var ids: [Int64]?
    /// The filtered centroid position (mm): the centre of the hysteresis box.
    var anchor: ScrollOffset
    /// The stroke's path (mm per axis) that sets the ``AxisLock``: the net centroid displacement
    /// from landing to the scroll's start, plus the |dx| and |dy| of every filtered move since.
    var path: ScrollOffset
  }

  private enum State: Sendable {
    /// Fewer or more than two fingers.
    case idle
    /// Two fingers, not yet scrolling; `baseline` holds where each contact landed.
    case deciding(baseline: [Contact], last: [Contact])
    /// Two fingers that are not a scroll (pinch) until the count changes.
    case rejected
    /// Scrolling.
    case scrolling(Scroll)
  }

  private let geometry: TouchpadGeometry
  private var state = State.idle

  public init(geometry: TouchpadGeometry) {
    self.geometry = geometry
  }

  /// Whether a scroll is in progress.
  public var isScrolling: Bool {
    if case .scrolling = state { return true }
    return false
  }

  /// Consumes one frame.
  public mutating func step(_ frame: TouchFrame) -> Step {
    guard frame.fingerCount == 2 else {
      defer { state = .idle }
      return isScrolling ? .stop : .none
    }
    guard frame.contacts.count == 2 else {
      // Two fingers, but a position is unknown or off the pad: hold, and measure from the next
      // complete frame.
      switch state {
      case .scrolling(var scroll):
        scroll.ids = nil
        state = .scrolling(scroll)
      case .deciding:
        state = .idle
      case .idle, .rejected:
        break
      }
      return .none
    }
    let contacts = frame.contacts
    switch state {
    case .idle:
      state = .deciding(baseline: contacts, last: contacts)
      return .none
    case .rejected:
      return .none
    case .deciding(let baseline, let last):
      guard sameIDs(baseline, contacts) else {
        state = .deciding(baseline: contacts, last: contacts)
        return .none
      }
      return decide(baseline: baseline, last: last, contacts: contacts)
    case .scrolling(let scroll):
      return move(scroll, to: contacts)
    }
  }

  /// Starts a scroll once both contacts have travelled far enough the same way.
  private mutating func decide(baseline: [Contact], last: [Contact], contacts: [Contact]) -> Step {
    let first = displacement(baseline[0], contacts[0])
    let second = displacement(baseline[1], contacts[1])
    let firstTravel = length(first)
    let secondTravel = length(second)
    if min(firstTravel, secondTravel) < Self.minimumFingerTravel {
      state = .deciding(baseline: baseline, last: contacts)
      return .none
    }
    let cosine = (first.x * second.x + first.y * second.y) / (firstTravel * secondTravel)
    if cosine < Self.sameDirectionCosine {
      state = .rejected
      return .none
    }
    // The movement before this frame only decided that this is a scroll; like libinput, the
    // offset moves from this frame's motion on, so scrolling does not jump when it starts.
    let start = centroid(last)
    let landed = centroid(baseline)
    let path = ScrollOffset(x: abs(start.x - landed.x), y: abs(start.y - landed.y))
    return move(Scroll(ids: last.map(\.id), anchor: start, path: path), to: contacts)
  }

  /// Moves a scroll to `contacts`: hysteresis on the centroid, then the axis lock.
  private mutating func move(_ scroll: Scroll, to contacts: [Contact]) -> Step {
    var scroll = scroll
    let position = centroid(contacts)
    guard scroll.ids == contacts.map(\.id) else {
      scroll.ids = contacts.map(\.id)
      scroll.anchor = position
      state = .scrolling(scroll)
      return .none
    }
    let anchor = ScrollOffset(
      x: Self.hysteresis(position.x, center: scroll.anchor.x), y: Self.hysteresis(position.y, center: scroll.anchor.y))
    let delta = anchor - scroll.anchor
    scroll.anchor = anchor
    scroll.path = scroll.path + ScrollOffset(x: abs(delta.x), y: abs(delta.y))
    state = .scrolling(scroll)
    let moved = AxisLock(travel: scroll.path).apply(delta)
    return moved == .zero ? .none : .move(moved)
  }

  /// `value` held within ``jitterMargin`` of `center`: inside the margin it stays at `center`,
  /// beyond it it trails `value` by the margin.
  static func hysteresis(_ value: Double, center: Double) -> Double {
    if value > center + jitterMargin { return value - jitterMargin }
    if value < center - jitterMargin { return value + jitterMargin }
    return center
  }

  private func sameIDs(_ lhs: [Contact], _ rhs: [Contact]) -> Bool {
    lhs.map(\.id) == rhs.map(\.id)
  }

  private func displacement(_ from: Contact, _ to: Contact) -> ScrollOffset {
    geometry.millimetres(dx: to.x - from.x, dy: to.y - from.y)
  }

  /// The mean position of the contacts, in mm.
  private func centroid(_ contacts: [Contact]) -> ScrollOffset {
    let count = Double(contacts.count)
    let x = contacts.reduce(0) { $0 + $1.x } / count
    let y = contacts.reduce(0) { $0 + $1.y } / count
    return geometry.millimetres(dx: x, dy: y)
  }

  private func length(_ offset: ScrollOffset) -> Double {
    (offset.x * offset.x + offset.y * offset.y).squareRoot()
  }
}
