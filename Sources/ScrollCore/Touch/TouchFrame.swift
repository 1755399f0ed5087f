/// One contact on a touchpad at the end of a frame, in device units.
public struct Contact: Sendable, Hashable {
  /// Identifies the contact across frames: the tracking ID under protocol B, otherwise an ID
  /// assigned by ``ContactTracker``. A new ID means a new contact, so the baseline resets.
  public var id: Int64
  /// x position, device units (grows rightward).
  public var x: Double
  /// y position, device units (grows toward the user).
  public var y: Double

  public init(id: Int64, x: Double, y: Double) {
    self.id = id
    self.x = x
    self.y = y
  }
}

/// The state of a touchpad's surface at the end of one frame (`SYN_REPORT`).
public struct TouchFrame: Sendable, Hashable {
  /// How many fingers are down (palms excluded); see ``ContactTracker`` for how it is counted.
  public var fingerCount: Int
  /// The contacts whose positions are known and on the pad, ordered by ID.
  public var contacts: [Contact]
  /// The contacts whose positions are known but outside the axis range, ordered by ID: a finger
  /// beyond the range a pad declares (Synaptics pads report a few mm more than they declare), or a
  /// glitch (a 12-bit wrap). Two-finger scrolling ignores them; edge scrolling, like libinput,
  /// takes them as positions. Not reported by protocol-A pads.
  public var offPad: [Contact]

  public init(fingerCount: Int, contacts: [Contact], offPad: [Contact] = []) {
    self.fingerCount = fingerCount
    self.contacts = contacts
    self.offPad = offPad
  }
}
