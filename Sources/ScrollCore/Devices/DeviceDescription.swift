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
  public var properties: Set<UInt16>
  /// The event codes the device can send, by type.
  public var codes: [EventType: Set<EventCode>]
  /// Ranges and resolutions of the absolute axes, by `ABS_*` code.
  public var absInfo: [EventCode: AbsInfo]
  /// Whether the above was declared or inferred.
  public var origin: Origin

  public init(
    name: String,
    id: InputID = .unknown,
    properties: Set<UInt16> = [],
    codes: [EventType: Set<EventCode>] = [:],
    absInfo: [EventCode: AbsInfo] = [:],
    origin: Origin = .declared
  ) {
    self.name = name
    self.id = id
    self.properties = properties
    self.codes = codes
    self.absInfo = absInfo
    self.origin = origin
  }

  /// Whether the device can send `code` of `type`.
  public func has(_ type: EventType, _ code: EventCode) -> Bool {
    codes[type]?.contains(code) ?? false
  }

  /// Records that the device sends `event`'s type and code; used to infer the capabilities of a
  /// recording without a description. `EV_SYN` codes are not capabilities and are skipped.
  public mutating func noteSeen(_ event: InputEvent) {
    guard event.type != .syn else { return }
    codes[event.type, default: []].insert(event.code)
  }

  /// The scroll capabilities these codes imply.
  public var scrollCapabilities: ScrollCapabilities { ScrollCapabilities(self) }
}
