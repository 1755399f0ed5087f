import ScrollCore
import ScrollIO

/// `scrolldir list`: every event node with its name, IDs, scroll capabilities and readability.
enum ListCommand {
  static func run() throws(CommandError) {
    let directory = DeviceDiscovery.inputDirectory
    let probes = DeviceDiscovery.probeAll(in: directory, skipNonScrolling: false)
    if probes.isEmpty {
      Diagnostics.note("no event nodes in \(directory)")
      return
    }
    let writer = LineWriter()
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

  private static func scrollCodes(_ description: DeviceDescription) -> String {
    let codes: [(String, EventCode)] = [
      ("wheel", .relWheel), ("hi-res wheel", .relWheelHiRes), ("horizontal wheel", .relHWheel),
      ("hi-res horizontal wheel", .relHWheelHiRes),
    ]
    let present = codes.filter { description.has(.rel, $0.1) }.map { label, code in
      label + " (" + (EventNames.name(type: .rel, code: code) ?? "REL 0x\(String(code.rawValue, radix: 16))") + ")"
    }
    return present.isEmpty ? "none" : present.joined(separator: ", ")
  }

  private static func hex(_ value: UInt16) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: 4 - digits.count) + digits
  }
}
