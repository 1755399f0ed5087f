import Glibc
import ScrollCore

/// Reads live devices in one `poll(2)` loop and runs each through its own ``DevicePipeline``.
///
/// With no input the process sleeps in `poll` with no timeout. A device that fails (`ENODEV` when
/// unplugged) is reported, closed and dropped while the others keep streaming.
public final class Monitor {
  /// Why ``run(onRecord:onDeviceError:)`` returned.
  public enum Stop: Sendable, Hashable {
    /// A signal (`SIGINT`, `SIGTERM`) asked the monitor to stop.
    case signal(Int32)
    /// Every device has failed or been removed.
    case noDevicesLeft
  }

  private struct Entry {
    let device: EvdevDevice
    var pipeline: DevicePipeline
  }

  private var entries: [Entry]
  private let signals: FileDescriptor

  /// - Parameters:
  ///   - devices: open devices; records carry each one's path.
  ///   - options: the pipelines' options (natural scrolling).
  ///   - signals: a descriptor that becomes readable when the monitor should stop (``SignalPipe``).
  public init(devices: [EvdevDevice], options: DevicePipeline.Options, signals: FileDescriptor) {
    entries = devices.map {
      Entry(device: $0, pipeline: DevicePipeline(device: $0.path, description: $0.description, options: options))
    }
    self.signals = signals
  }

  /// Runs until a signal arrives or no device is left.
  /// - Parameters:
  ///   - onRecord: called for every record, in the order the frames ended per device.
  ///   - onDeviceError: called when a device fails; the device is then dropped.
  /// - Throws: what `onRecord` throws (for example when stdout is closed); the loop stops at once.
  public func run<Failure: Error>(
    onRecord: (ScrollRecord) throws(Failure) -> Void,
    onDeviceError: (DeviceError) -> Void
  ) throws(Failure) -> Stop {
    while !entries.isEmpty {
      var fds = entries.map { pollfd(fd: $0.device.descriptor.rawValue, events: Int16(POLLIN), revents: 0) }
      fds.append(pollfd(fd: signals.rawValue, events: Int16(POLLIN), revents: 0))
      let ready = poll(&fds, nfds_t(fds.count), -1)
      if ready < 0 {
        if errno == EINTR { continue }
        preconditionFailure("poll failed: \(Errno.current)")
      }
      if fds.last!.revents != 0, let signal = SignalPipe.drain().first {
        return .signal(signal)
      }
      var failed: [Int] = []
      for index in entries.indices where fds[index].revents != 0 {
        var pending: [ScrollRecord] = []
        do {
          try entries[index].device.readAvailable { event in
            entries[index].pipeline.process(event) { pending.append($0) }
          }
        } catch {
          onDeviceError(error)
          failed.append(index)
        }
        for record in pending { try onRecord(record) }
      }
      for index in failed.reversed() { entries.remove(at: index) }
    }
    return .noDevicesLeft
  }
}
