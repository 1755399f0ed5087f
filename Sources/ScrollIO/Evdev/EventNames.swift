import CLibevdev
import ScrollCore

/// Names and ranges of event types and codes, from libevdev's tables
/// (`libevdev_event_type_get_name`, `libevdev_event_code_get_name`, `libevdev_event_type_get_max`).
public enum EventNames {
  /// The name of a code, e.g. `REL_WHEEL_HI_RES`, or `nil` if libevdev has none.
  public static func name(type: EventType, code: EventCode) -> String? {
    guard let name = libevdev_event_code_get_name(UInt32(type.rawValue), UInt32(code.rawValue)) else { return nil }
    return String(cString: name)
  }

  /// The name of a type, e.g. `EV_REL`, or `nil` if libevdev has none.
  public static func name(type: EventType) -> String? {
    guard let name = libevdev_event_type_get_name(UInt32(type.rawValue)) else { return nil }
    return String(cString: name)
  }

  /// The type and code named `name` (e.g. `REL_WHEEL`), or `nil` if libevdev knows no such code.
  public static func code(named name: String) -> (type: EventType, code: EventCode)? {
    let type = libevdev_event_type_from_code_name(name)
    let code = libevdev_event_code_from_code_name(name)
    guard type >= 0, code >= 0 else { return nil }
    return (EventType(rawValue: UInt16(type)), EventCode(rawValue: UInt16(code)))
  }
}

/// Validity of raw type and code numbers, by libevdev's per-type maxima.
enum EventCodeLimits {
  /// The typed pair if `type` is a known event type and `code` is within its range, else `nil`.
  /// The largest code of `type` (libevdev's `EV_*` maxima: `ABS_MAX` 0x3f, `KEY_MAX` 0x2ff …), or
  /// `nil` for an unknown type.
  static func maximumCode(of type: UInt32) -> UInt32? {
    let max = libevdev_event_type_get_max(type)
    return max >= 0 ? UInt32(max) : nil
  }

  static func validate(type: UInt32, code: UInt32) -> (type: EventType, code: EventCode)? {
    let max = libevdev_event_type_get_max(type)
    guard max >= 0, code <= UInt32(max) else { return nil }
    return (EventType(rawValue: UInt16(type)), EventCode(rawValue: UInt16(code)))
  }
}
