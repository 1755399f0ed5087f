import Glibc
import ScrollCore
import ScrollIO

/// `scrolldir [monitor] [DEVICE…]`: live records from event nodes until interrupted.
enum MonitorCommand {
  static func run(devices paths: [String], options: DevicePipeline.Options, sink: RecordSink) throws(CommandError) {
    let devices = paths.isEmpty ? try discover() : try open(paths)
    let signals = SignalPipe.install([SIGINT, SIGTERM])
    for device in devices {
      let capabilities = device.description.scrollCapabilities.names.joined(separator: ", ")
      Diagnostics.note("monitoring \(device.path) (\(device.description.name): \(capabilities))")
    }
    let monitor = Monitor(devices: devices, options: options, signals: signals)
    let stop = try monitor.run(
      onRecord: { (record) throws(CommandError) in try sink.write(record) },
      onDeviceError: { Diagnostics.note($0.description) })
    if stop == .noDevicesLeft {
      throw .noDevice("no devices left to monitor", .ioError)
    }
  }

  /// Opens the nodes named on the command line; each must exist, be readable and scroll.
  private static func open(_ paths: [String]) throws(CommandError) -> [EvdevDevice] {
    var devices: [EvdevDevice] = []
    for path in paths {
      let device: EvdevDevice
      do {
        device = try EvdevDevice(path: path)
      } catch {
        throw .device(error)
      }
      guard device.description.scrollCapabilities.canScroll else {
        throw .noDevice(
          "\(path) (\(device.description.name)) cannot scroll: it has no wheel (REL_WHEEL, REL_HWHEEL) and is not a touchpad that reports two fingers",
          .noInput)
      }
      devices.append(device)
    }
    return devices
  }

  /// Every readable event node that can scroll; if there is none, an error that says why.
  private static func discover() throws(CommandError) -> [EvdevDevice] {
    let directory = DeviceDiscovery.inputDirectory
    let nodeCount = DeviceDiscovery.eventNodes(in: directory).count
    let probes = DeviceDiscovery.probeAll(in: directory, skipNonScrolling: true)
    let readable = probes.compactMap { probe -> EvdevDevice? in
      guard case .success(let device) = probe.device, device.description.scrollCapabilities.canScroll else {
        return nil
      }
      return device
    }
    if !readable.isEmpty { return readable }
    let denied = probes.filter { probe in
      if case .failure(.open(_, let errno)) = probe.device { return errno.isPermission && probe.canScroll != false }
      return false
    }
    if !denied.isEmpty {
      let names = denied.map { "\($0.path)" + ($0.name.map { " (\($0))" } ?? "") }.joined(separator: ", ")
      throw .noDevice(
        "no readable scroll device: \(denied.count) event node(s) that may scroll cannot be read by this user: "
          + "\(names). Install the udev rule udev/70-scrolldir.rules (see README) or add yourself to the 'input' group",
        .noPermission)
    }
    if nodeCount == 0 {
      throw .noDevice("no scroll device found: there are no event nodes in \(directory)", .noInput)
    }
    throw .noDevice(
      "no scroll device found: none of the \(nodeCount) event node(s) in \(directory) has a wheel or a touchpad", .noInput)
  }
}
