/// What a device is and which events it can send: name, ID, properties, event codes and absolute
/// axis ranges, as libevdev reports them for a live event node or a recording's header gives them.
public struct DeviceDescription: Sendable, Hashable {
  /// Where the capabilities came from.
  public enum Origin: Sendable, Hashable {
    /// From the kernel (live node) or the recording's device description.
    case declared
    /// Inferred from the events seen so far: the recording had no description
    /// (for example evtest text converted to evemu `E:` lines only).
    case inferred
  }

  /// The device name, e.g. `Logitech G502`.
  public var name: String
  /// Bus, vendor, product and version.
  public var id: InputID
  /// The `INPUT_PROP_*` bits the device sets.
  public var properties: Set<InputProperty> { didSet { updateCapabilities() } }
  /// The event codes the device can send, by type.
  public var codes: [EventType: Set<EventCode>] { didSet { updateCapabilities() } }
  /// Ranges and resolutions of the absolute axes, by `ABS_*` code.
  public var absInfo: [EventCode: AbsInfo] { didSet { updateCapabilities() } }
  /// Whether the above was declared or inferred.
  public var origin: Origin
  /// udev's properties of the node, where known (the udev database of a live node, a libinput
  /// record's `udev: properties:`), e.g. `ID_INPUT_POINTINGSTICK` → `1`; empty otherwise.
  public var udevProperties: [String: String]
  /// The scroll capabilities these codes, properties and axes imply; kept up to date as they change.
  public private(set) var scrollCapabilities: ScrollCapabilities

  public init(
    name: String,
    id: InputID = .unknown,
    properties: Set<InputProperty> = [],
    codes: [EventType: Set<EventCode>] = [:],
    absInfo: [EventCode: AbsInfo] = [:],
    origin: Origin = .declared,
    udevProperties: [String: String] = [:]
  ) {
    self.name = name
    self.id = id
    self.properties = properties
    self.codes = codes
    self.absInfo = absInfo
    self.origin = origin
    self.udevProperties = udevProperties
    scrollCapabilities = ScrollCapabilities(properties: properties, codes: codes, absInfo: absInfo)
  }

  /// Whether the device can send `code` of `type`.
  public func has(_ type: EventType, _ code: EventCode) -> Bool {
    codes[type]?.contains(code) ?? false
  }

  /// Records that the device sends `event`'s type and code; used to infer the capabilities of a
  /// recording without a description. `EV_SYN` codes are not capabilities and are skipped.
  public mutating func noteSeen(_ event: InputEvent) {
    guard event.type != .syn, !has(event.type, event.code) else { return }
    codes[event.type, default: []].insert(event.code)
  }

  /// Whether the device has the keys of a keyboard: every key code from 1 to 31 (`KEY_ESC`, the
  /// number row, `KEY_Q`…`KEY_D`), udev's test for `ID_INPUT_KEYBOARD` (`builtin-input_id.c`,
  /// `test_key`). Such a node can read keystrokes, so scrolldir opens it only when asked to.
  public var isKeyboard: Bool {
    guard let keys = codes[.key] else { return false }
    return (1...31).allSatisfy { keys.contains(EventCode(rawValue: UInt16($0))) }
  }

  /// Whether the device is a pointing stick (a TrackPoint): it sets `INPUT_PROP_POINTING_STICK`,
  /// or udev says `ID_INPUT_POINTINGSTICK=1` (libinput `evdev_tag_trackpoint`).
  public var isPointingStick: Bool {
    properties.contains(.pointingStick) || udevProperties["ID_INPUT_POINTINGSTICK"] == "1"
  }

  private mutating func updateCapabilities() {
    scrollCapabilities = ScrollCapabilities(properties: properties, codes: codes, absInfo: absInfo)
  }
}
