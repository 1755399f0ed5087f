/// Edge scrolling (libinput's "edge" scroll method): one finger moving along the right edge of a
/// touchpad scrolls vertically, along the bottom edge horizontally; the edge scroll offset source.
///
/// The rules are libinput's (`src/evdev-mt-touchpad-edge-scroll.c`, 1.22), re-implemented from
/// their behaviour, for each contact on its own:
/// - **Zones**: the right edge is the last ``edgeWidthMM`` (7 mm) of the pad's width, the bottom
///   edge the last 7 mm of its height (`tp_edge_scroll_init`). A pad that is not a clickpad and is
///   less than ``minimumHeightForBottomEdgeMM`` (40 mm) tall has no bottom edge. Sizes come from the
///   axis resolution, or libinput's assumed 69 × 50 mm pad when there is none
///   (``TouchpadGeometry/fallbackSizeMM``).
/// - **Landing**: a contact that lands in a zone is a new edge touch; one that lands elsewhere is a
///   pointer touch and never scrolls.
/// - **Deciding**: a new edge touch that leaves its zone becomes a pointer touch. It starts to
///   scroll once it has moved ``startThresholdMM`` (3 mm) along its axis from where it landed
///   (`DEFAULT_SCROLL_THRESHOLD`), or at any motion once it has rested in the zone for
///   ``lockTimeout`` (300 ms, `DEFAULT_SCROLL_LOCK_TIMEOUT`; not on clickpads, whose bottom is a
///   button area). The frame that starts it scrolls by that frame's motion only, so there is no jump.
/// - **Scrolling**: every frame's motion along the axis scrolls. A touch that landed in the corner
///   (both zones) waits until it leaves one of them, which decides its axis. A scrolling touch
///   outside its zone moves nothing, and goes on scrolling when it comes back (libinput's
///   "only scroll with the finger in the previous edge").
/// - **End**: when the last scrolling touch lifts (or `BTN_TOUCH` goes to 0), a stop.
///
/// Positions outside the axis range the pad declares are positions too, as in libinput (a finger
/// goes a few mm beyond the declared range on many pads): a touch there keeps its state, and zones
/// are tested on the raw position.
///
/// Units: mm, converted from device units with the pad's resolution; signs libinput's (a finger
/// moving toward the user scrolls down, +y; rightward scrolls right, +x).
public struct EdgeScroll: Sendable {
  /// The width of the edge zones (mm): libinput's "7mm edge size".
  public static let edgeWidthMM = 7.0
  /// Pads this short (mm) that are not clickpads have no bottom zone: libinput's 40 mm.
  public static let minimumHeightForBottomEdgeMM = 40.0
  /// Travel (mm, along the axis, from the landing point) that starts a new edge touch scrolling:
  /// libinput's `DEFAULT_SCROLL_THRESHOLD`, 3 mm.
  public static let startThresholdMM = 3.0
  /// Rest in the zone after which any motion scrolls: libinput's `DEFAULT_SCROLL_LOCK_TIMEOUT`,
  /// 300 ms; inclusive, as libinput's timers fire at `expire <= now`.
  public static let lockTimeout: Duration = .milliseconds(300)

  /// The zones a position lies in.
  struct Edges: OptionSet, Sendable, Hashable {
    let rawValue: Int
    static let right = Edges(rawValue: 1)
    static let bottom = Edges(rawValue: 2)
  }

  /// Where one contact is in libinput's edge-scroll state machine.
  enum TouchState: Sendable, Hashable {
    /// Landed in `edges`, at `landing` (device units), at `since`; not scrolling yet.
    case deciding(edges: Edges, landing: Contact, since: Timestamp)
    /// Scrolling, or ready to, along the axis of `edges` (both: not decided yet).
    case locked(edges: Edges)
    /// Not an edge touch: pointer motion.
    case pointer
  }

  private struct Touch: Sendable {
    var state: TouchState
    var last: Contact
    /// Whether it has scrolled and not yet stopped.
    var scrolling = false
  }

  private let geometry: TouchpadGeometry
  private let lockTimeoutApplies: Bool
  /// The zones' inner borders in device units: positions beyond them are in the zone.
  private let rightEdge: Int32
  private let bottomEdge: Int32?
  private var touches: [Int64: Touch] = [:]

  /// - Parameters:
  ///   - geometry: the pad's axes (of the positions the tracker reports) and size.
  ///   - clickpad: `INPUT_PROP_BUTTONPAD`: a resting finger in the bottom zone may be there to
  ///     click, so no lock timeout (libinput's button-areas click method, its clickpad default).
  public init(geometry: TouchpadGeometry, clickpad: Bool) {
    self.geometry = geometry
    lockTimeoutApplies = !clickpad
    let size = geometry.sizeMM
    // Whole device units, truncated, as libinput's `evdev_device_mm_to_units` gives them.
    func border(_ axis: AbsInfo, _ length: Double, _ unitsPerMM: Double) -> Int32 {
      Int32(clamping: Int64((length - Self.edgeWidthMM) * unitsPerMM + Double(axis.minimum)))
    }
    rightEdge = border(geometry.xAxis, size.width, geometry.unitsPerMM.x)
    let hasBottom = clickpad || size.height >= Self.minimumHeightForBottomEdgeMM
    bottomEdge = hasBottom ? border(geometry.yAxis, size.height, geometry.unitsPerMM.y) : nil
  }

  /// Consumes one frame at `time`: returns the scroll movement (mm, libinput signs) and whether
  /// the scroll ended. `touching` is the pad's `BTN_TOUCH`: while it is 0 nothing touches, even
  /// if slots still hold contacts, as libinput decides on pads without pressure or touch size
  /// (`tp_unhover_fake_touches`): a finger lifting moves nothing in its last frame.
  public mutating func step(_ frame: TouchFrame, touching: Bool?, at time: Timestamp) -> (
    move: ScrollOffset?, stop: Bool
  ) {
    var delta = ScrollOffset.zero
    let wasScrolling = touches.values.contains { $0.scrolling }
    let contacts = touching == false ? [] : (frame.contacts + frame.offPad).sorted { $0.id < $1.id }
    let present = Set(contacts.map(\.id))
    for id in touches.keys where !present.contains(id) { touches[id] = nil }
    for contact in contacts {
      guard var touch = touches[contact.id] else {
        let edges = edges(of: contact)
        touches[contact.id] = Touch(
          state: edges.isEmpty ? .pointer : .deciding(edges: edges, landing: contact, since: time), last: contact)
        continue
      }
      if contact.x != touch.last.x || contact.y != touch.last.y {
        delta = delta + motion(&touch, to: contact, at: time)
      }
      touch.last = contact
      touches[contact.id] = touch
    }
    let isScrolling = touches.values.contains { $0.scrolling }
    return (delta == .zero ? nil : delta, wasScrolling && !isScrolling)
  }

  /// A touch moved to `contact`: its state's transition, and the movement it scrolls (mm).
  private mutating func motion(_ touch: inout Touch, to contact: Contact, at time: Timestamp) -> ScrollOffset {
    let now = edges(of: contact)
    switch touch.state {
    case .pointer:
      return .zero
    case .deciding(let landed, let landing, let since):
      if lockTimeoutApplies && time >= since.adding(Self.lockTimeout) {
        touch.state = .locked(edges: landed)
        return motion(&touch, to: contact, at: time)
      }
      let edges = landed.intersection(now)
      guard !edges.isEmpty else {
        touch.state = .pointer
        return .zero
      }
      touch.state = .deciding(edges: edges, landing: landing, since: since)
      let travel = geometry.millimetres(dx: contact.x - landing.x, dy: contact.y - landing.y)
      guard let axis = Self.axis(of: edges), axis.component(of: travel).magnitude >= Self.startThresholdMM else {
        return .zero
      }
      let moved = scroll(&touch, to: contact, along: axis, in: edges, now: now)
      if moved != .zero { touch.state = .locked(edges: edges) }
      return moved
    case .locked(var edges):
      if edges == [.right, .bottom] {
        edges.formIntersection(now)
        guard !edges.isEmpty else {
          touch.state = .pointer
          touch.scrolling = false
          return .zero
        }
        touch.state = .locked(edges: edges)
      }
      guard let axis = Self.axis(of: edges) else { return .zero }
      return scroll(&touch, to: contact, along: axis, in: edges, now: now)
    }
  }

  /// The frame's movement of `touch` along `axis` (mm), if it is in its zone.
  private func scroll(
    _ touch: inout Touch, to contact: Contact, along axis: ScrollAxis, in edges: Edges, now: Edges
  ) -> ScrollOffset {
    guard !now.intersection(edges).isEmpty else { return .zero }
    let step = geometry.millimetres(dx: contact.x - touch.last.x, dy: contact.y - touch.last.y)
    let along = axis.component(of: step)
    guard along != 0 else { return .zero }
    touch.scrolling = true
    return axis.offset(.zero, movedBy: along)
  }

  /// The axis a zone scrolls: the right edge vertically, the bottom edge horizontally; `nil` for
  /// a corner touch that has not left one of them.
  private static func axis(of edges: Edges) -> ScrollAxis? {
    switch edges {
    case .right: .vertical
    case .bottom: .horizontal
    default: nil
    }
  }

  private func edges(of contact: Contact) -> Edges {
    var edges: Edges = []
    if contact.x > Double(rightEdge) { edges.insert(.right) }
    if let bottomEdge, contact.y > Double(bottomEdge) { edges.insert(.bottom) }
    return edges
  }
}
