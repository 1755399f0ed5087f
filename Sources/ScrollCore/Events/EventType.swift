/// An evdev event type (`EV_*` in `linux/input-event-codes.h`).
///
/// The core mirrors only the types it needs; `ScrollIOTests.ConstantsTests` proves the values equal
/// the kernel header's.
public struct EventType: RawRepresentable, Sendable, Hashable, Comparable {
  /// The `EV_*` number.
  public var rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// `EV_SYN`: frame markers (`SYN_REPORT`, `SYN_DROPPED`, `SYN_MT_REPORT`).
  public static let syn = EventType(rawValue: 0x00)
  /// `EV_KEY`: keys and buttons (value 0 release, 1 press, 2 autorepeat).
  public static let key = EventType(rawValue: 0x01)
  /// `EV_REL`: relative axes, including the scroll wheels.
  public static let rel = EventType(rawValue: 0x02)
  /// `EV_ABS`: absolute axes, including the multitouch `ABS_MT_*` axes.
  public static let abs = EventType(rawValue: 0x03)
  /// `EV_MSC`: miscellaneous (`MSC_SCAN`, `MSC_TIMESTAMP`).
  public static let msc = EventType(rawValue: 0x04)
  /// `EV_MAX`: the largest event type the kernel defines.
  public static let max = EventType(rawValue: 0x1f)

  public static func < (lhs: EventType, rhs: EventType) -> Bool { lhs.rawValue < rhs.rawValue }
}
