import ScrollCore
import ScrollIO

/// `scrolldir list`: every event node with its name, IDs, scroll capabilities and readability.
enum ListCommand {
  static func run(options: Options) throws(CommandError) {
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
        for line in describe(probe, options: options.pipeline) { try writer.write(line) }
      } catch {
        throw .output(error)
      }
    }
  }

  /// The lines for one node, with the scroll method `options` put in effect, e.g.
  /// ```
  /// /dev/input/event5
  ///   name:     Logitech G502
  ///   id:       bus 0x0003 vendor 0x046d product 0xc08d
  ///   scroll:   wheel (REL_WHEEL), hi-res wheel (REL_WHEEL_HI_RES)
  ///   methods:  button
  ///   readable: yes
  /// ```
  /// `methods:` lists the scroll methods the device offers, by libinput's names, the one in effect
  /// marked `*`, as `libinput list-devices` writes them.
  static func describe(_ probe: DeviceDiscovery.Probe, options: DevicePipeline.Options) -> [String] {
    var lines = [probe.path, "  name:     " + (probe.name ?? "(unknown)")]
    switch probe.device {
    case .success(let device):
      let id = device.description.id
      lines.append("  id:       bus \(hex(id.bustype)) vendor \(hex(id.vendor)) product \(hex(id.product))")
      let pipeline = DevicePipeline(device: probe.path, description: device.description, options: options)
      lines.append("  scroll:   " + scrollCodes(device.description, pipeline))
      lines.append("  methods:  " + methods(device.description, pipeline, options))
      if let touchpad = device.description.scrollCapabilities.touchpad {
        lines.append("  touchpad: " + describe(touchpad))
      }
      lines.append("  readable: yes")
    case .failure(let error):
      let scroll: String =
        switch probe.canScroll(with: options) {
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

  /// The wheel and dial codes by libevdev name, then the scroll method's source in effect.
  private static func scrollCodes(_ description: DeviceDescription, _ pipeline: DevicePipeline) -> String {
    let codes: [(String, EventCode)] = [
      ("wheel", .relWheel), ("hi-res wheel", .relWheelHiRes), ("horizontal wheel", .relHWheel),
      ("hi-res horizontal wheel", .relHWheelHiRes), ("dial", .relDial),
    ]
    var present = codes.filter { description.has(.rel, $0.1) }.map { label, code in
      label + " (" + codeName(.rel, code) + ")"
    }
    switch pipeline.methodSource {
    case .finger?: present.append("two-finger scroll")
    case .edge?: present.append("edge scroll")
    case .button?: present.append("button scroll (" + codeName(.key, pipeline.scrollButton ?? .btnMiddle) + ")")
    case .wheel?, .dial?, nil: break
    }
    return present.isEmpty ? "none" : present.joined(separator: ", ")
  }

  /// e.g. `*two-finger edge`, `*button (BTN_MIDDLE)`, `none`.
  private static func methods(
    _ description: DeviceDescription, _ pipeline: DevicePipeline, _ options: DevicePipeline.Options
  ) -> String {
    let methods = ScrollMethods(description, scrollButton: options.scrollButton)
    guard !methods.available.isEmpty else { return "none" }
    return methods.available.map { method in
      (method == pipeline.method ? "*" : "") + method.rawValue
        + (method == .button ? " (" + codeName(.key, methods.button ?? .btnMiddle) + ")" : "")
    }.joined(separator: " ")
  }

  private static func codeName(_ type: EventType, _ code: EventCode) -> String {
    EventNames.name(type: type, code: code) ?? "0x" + NumberFormatting.hex(code.rawValue, digits: 2)
  }

  private static func hex(_ value: UInt16) -> String {
    "0x" + NumberFormatting.hex(value, digits: 4)
  }
}
