import ScrollCore

/// Why a ``Monitor`` cannot start: nothing to monitor and not asked to wait, or no resources.
public enum MonitorStartError: Error, Sendable, Hashable {
  /// An event node that was not opened, and its name if known.
  public struct UnreadableNode: Sendable, Hashable {
    /// The event node.
    public var path: String
    /// The device name from sysfs, if known.
    public var name: String?
  }

  /// A named node could not be opened.
  case device(DeviceError)
  /// A named node cannot scroll: no wheel or dial, and no scroll method in effect (see
  /// ``DevicePipeline/canScroll``); its description tells why.
  case cannotScroll(path: String, description: DeviceDescription)
  /// A named node is a keyboard and `--allow-keyboards` was not given.
  case keyboard(path: String, name: String)
  /// Discovery found event nodes that may scroll but this user cannot read them.
  case notReadable(directory: String, nodes: [UnreadableNode])
  /// Discovery found no node that can scroll; `nodeCount` event nodes were there, and `keyboards`
  /// could scroll but are keyboards (never opened unless named with `--allow-keyboards`).
  case noScrollDevice(directory: String, nodeCount: Int, keyboards: [UnreadableNode])
  /// Discovery could not read the input directory (e.g. it does not exist).
  case unreadableDirectory(directory: String, errno: Errno)
  /// The monitor's wake-up pipe could not be made (e.g. `EMFILE`: no descriptor left).
  case resources(Errno)
}
