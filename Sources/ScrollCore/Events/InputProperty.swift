/// An input property (`INPUT_PROP_*` in `linux/input-event-codes.h`): what kind of device this
/// is, beyond its event codes.
///
/// The core mirrors only the properties it needs; `ScrollIOTests.ConstantsTests` proves the
/// values equal the kernel header's.
public struct InputProperty: RawRepresentable, Sendable, Hashable, Comparable {
  /// The `INPUT_PROP_*` bit number.
  public var rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  public static func < (lhs: InputProperty, rhs: InputProperty) -> Bool { lhs.rawValue < rhs.rawValue }

  /// `INPUT_PROP_POINTER`: needs a pointer (touchpads).
  public static let pointer = InputProperty(rawValue: 0x00)
  /// `INPUT_PROP_DIRECT`: direct input, e.g. a touchscreen or a tablet screen.
  public static let direct = InputProperty(rawValue: 0x01)
  /// `INPUT_PROP_BUTTONPAD`: a clickpad (the whole surface is a button).
  public static let buttonPad = InputProperty(rawValue: 0x02)
  /// `INPUT_PROP_SEMI_MT`: the slots report a bounding box of the contacts, not the contacts.
  public static let semiMT = InputProperty(rawValue: 0x03)
  /// `INPUT_PROP_POINTING_STICK`: a TrackPoint or other pointing stick.
  public static let pointingStick = InputProperty(rawValue: 0x05)
}
