/// Turns the `REL_DIAL` events of one frame into one movement in v120 units, for the dial source.
///
/// The mapping, since no scroll convention exists for dials (libinput's pointer devices ignore
/// `REL_DIAL`): one click (a value of 1) is one detent, 120 v120, and clockwise (positive, the
/// kernel's sign for rotary knobs such as the Griffin PowerMate) scrolls down (+y), as turning a
/// wheel toward the user does; a dial scrolls on the vertical axis only.
public struct DialAccumulator: Sendable {
  private var clicks: Int64 = 0

  public init() {}

  /// Adds one event of the current frame; events other than `REL_DIAL` are ignored.
  public mutating func add(_ event: InputEvent) {
    guard event.type == .rel, event.code == .relDial else { return }
    clicks += Int64(event.value)
  }

  /// Ends the frame: its movement (v120, +y clockwise; `.zero` without dial motion), and starts
  /// the next frame empty.
  public mutating func endFrame() -> ScrollOffset {
    // In Double, as the wheel's: a corrupt frame of millions of 2^31 clicks must not overflow.
    defer { clicks = 0 }
    return ScrollOffset(x: 0, y: Double(clicks) * Double(ScrollUnit.v120PerDetent))
  }

  /// Forgets the current frame (after `SYN_DROPPED`).
  public mutating func discardFrame() {
    clicks = 0
  }
}
