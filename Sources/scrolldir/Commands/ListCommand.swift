import ScrollCore
import ScrollIO

/// `scrolldir list`: every event node with its name, IDs, scroll capabilities and readability.
enum ListCommand {
  static func run() throws(CommandError) {
    let directory = DeviceDiscovery.inputDirectory
    let probes: [DeviceDiscovery.Probe]
    do {
      probes = try DeviceDiscovery.probeAll(in: directory)
    } catch {
      throw .unreadableDirectory(directory: directory, errno: error)
    }
    if probes.isEmpty {
      Diagnostics.note("no event nodes in \(directory)")
      return
    }
    let writer = LineWriter(interruption: .terminationRequested)
    for probe in probes {
      do {
        for line in describe(probe) { try writer.write(line) }
      } catch {
        throw .output(error)
      }
    }
  }

  /// The lines for one node, e.g.
  /// ```
  /// /dev/input/event5
  ///   name:     Logitech G502
  ///   id:       bus 0x0003 vendor 0x046d product 0xc08d
  ///   scroll:   wheel (REL_WHEEL), hi-res wheel (REL_WHEEL_HI_RES)
  ///   readable: yes
  /// ```
  static func describe(_ probe: DeviceDiscovery.Probe) -> [String] {
    var lines = [probe.path, "  name:     " + (probe.name ?? "(unknown)")]
    switch probe.device {
    case .success(let device):
      let id = device.description.id
      lines.append("  id:       bus \(hex(id.bustype)) vendor \(hex(id.vendor)) product \(hex(id.product))")
      lines.append("  scroll:   " + scrollCodes(device.description))
      if let touchpad = device.description.scrollCapabilities.touchpad {
        lines.append("  touchpad: " + describe(touchpad))
      }
      lines.append("  readable: yes")
    case .failure(let error):
      let scroll: String =
        switch probe.canScroll {
        case true?: "yes (from sysfs)"
        case false?: "none (from sysfs)"
        case nil: "unknown"
        }
      lines.append("  scroll:   " + scroll)
      if case .open(_, let errno) = error, errno.isPermission {
        lines.append("  readable: no (permission denied: see README, 'Permissions')")
      } else {
        lines.append("  readable: no (\(error))")
      }
    }
    return lines
  }

  /// e.g. `100.2 × 68.0 mm, 10 slots, two-finger scroll` or `69.0 × 50.0 mm (size assumed: no
  /// resolution), semi-MT (2 slots report a bounding box): no two-finger scroll`.
  static func describe(_ touchpad: TouchpadGeometry) -> String {
    let size = touchpad.sizeMM
    var text = oneDecimal(size.width) + " × " + oneDecimal(size.height) + " mm"
    if touchpad.resolutionIsAssumed { text += " (size assumed: no resolution)" }
    switch touchpad.touchProtocol {
    case .slots(let count): text += ", \(count) slots, two-finger scroll"
    case .typeA: text += ", multitouch protocol A, two-finger scroll"
    case .semiMT(let count): text += ", semi-MT (\(count) slots report a bounding box): no two-finger scroll"
    case .singleTouch: text += ", single touch: no two-finger scroll"
    }
    return text
  }

  private static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return String(tenths / 10) + "." + String(tenths % 10)
  }

  private static func scrollCodes(_ description: DeviceDescription) -> String {
    let codes: [(String, EventCode)] = [
      ("wheel", .relWheel), ("hi-res wheel", .relWheelHiRes), ("horizontal wheel", .relHWheel),
      ("hi-res horizontal wheel", .relHWheelHiRes),
    ]
    var present = codes.filter { description.has(.rel, $0.1) }.map { label, code in
      label + " (" + (EventNames.name(type: .rel, code: code) ?? "REL 0x\(String(code.rawValue, radix: 16))") + ")"
    }
    if description.scrollCapabilities.twoFingerScroll { present.append("two-finger scroll") }
    return present.isEmpty ? "none" : present.joined(separator: ", ")
  }

  private static func hex(_ value: UInt16) -> String {
    "0x" + NumberFormatting.hex(value, digits: 4)
  }
}
