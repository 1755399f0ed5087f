/// What sysfs tells about an event node without opening it (so also for nodes this user cannot
/// read): `/sys/class/input/eventN/device/name` and `…/capabilities/rel`.
public struct SysfsInputInfo: Sendable, Hashable {
  /// The device name, as in `libevdev_get_name`.
  public var name: String?
  /// Whether the node may scroll: its `EV_REL` bitmask has a wheel or dial code (`REL_WHEEL`,
  /// `REL_HWHEEL`, their hi-res variants, `REL_DIAL`) or pointer motion (`REL_X`/`REL_Y`, for
  /// on-button scrolling), or its `EV_ABS` bitmask has `ABS_X` or `ABS_MT_POSITION_X` (a touchpad,
  /// or a touchscreen that libevdev will then rule out); `nil` if sysfs did not say. Keyboards
  /// have none of these, so they are never opened by default.
  public var canScroll: Bool?
  /// Whether the `EV_KEY` bitmask has every key from 1 to 31, udev's test for a keyboard
  /// (``ScrollCore/DeviceDescription/isKeyboard``); `nil` if sysfs did not say.
  public var isKeyboard: Bool?

  /// What sysfs says of the event node at `path`. Only nodes in `/dev/input` have sysfs entries
  /// (`/sys/class/input/eventN`); for a node elsewhere (a test directory) nothing is known.
  public init(path: String) {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    let inDevInput = parts.dropLast().joined(separator: "/") == "/dev/input"
    self.init(nodeName: inDevInput ? parts.last.map(String.init) : nil)
  }

  /// Reads the sysfs entries of the node named `nodeName` (e.g. `event5`); all unknown for `nil`.
  private init(nodeName: String?) {
    guard let nodeName else {
      name = nil
      canScroll = nil
      isKeyboard = nil
      return
    }
    let base = "/sys/class/input/" + nodeName + "/device/"
    name = Self.read(base + "name")
    isKeyboard = Self.read(base + "capabilities/key").map { Self.hasAllBits($0, 0xFFFF_FFFE) }
    let rel = Self.read(base + "capabilities/rel")
    let abs = Self.read(base + "capabilities/abs")
    if rel == nil && abs == nil {
      canScroll = nil
    } else {
      // REL_X/REL_Y (pointer motion, for on-button scrolling), REL_HWHEEL, REL_DIAL, REL_WHEEL and
      // the hi-res wheels; ABS_X (a touchpad's single-touch position) and ABS_MT_POSITION_X.
      let relativeBits: UInt64 = 1 << 0 | 1 << 1 | 1 << 6 | 1 << 7 | 1 << 8 | 1 << 11 | 1 << 12
      let positionBits: UInt64 = 1 << 0 | 1 << 0x35
      canScroll = Self.hasAnyBit(rel, relativeBits) || Self.hasAnyBit(abs, positionBits)
    }
  }

  /// Whether the lowest word of a sysfs bitmask (hex words, most significant first, as the
  /// kernel's `input_print_bitmap` writes them) has any of `bits`.
  static func hasAnyBit(_ bitmap: String?, _ bits: UInt64) -> Bool {
    guard let lowest = bitmap?.split(separator: " ").last, let word = UInt64(lowest, radix: 16) else { return false }
    return word & bits != 0
  }

  /// Whether the lowest word of a sysfs bitmask has all of `bits`.
  static func hasAllBits(_ bitmap: String, _ bits: UInt64) -> Bool {
    guard let lowest = bitmap.split(separator: " ").last, let word = UInt64(lowest, radix: 16) else { return false }
    return word & bits == bits
  }

  /// The first line of a sysfs attribute (at most 512 bytes), or `nil` if it cannot be read.
  private static func read(_ path: String) -> String? {
    guard let descriptor = try? FileDescriptor.open(path, .readOnly) else { return nil }
    defer { descriptor.close() }
    var buffer = [UInt8](repeating: 0, count: 512)
    let count = buffer.withUnsafeMutableBytes { try? descriptor.read(into: $0) } ?? 0
    guard count > 0 else { return nil }
    let line = buffer.prefix(count).prefix { $0 != 0x0A }
    return String(decoding: line, as: UTF8.self)
  }
}
