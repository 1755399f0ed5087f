import ScrollCore

/// What a ``Monitor`` watches and how.
public struct MonitorConfiguration: Sendable, Hashable {
  /// Event nodes to monitor; empty means every node in ``inputDirectory`` that can scroll, now and
  /// as they are plugged in.
  public var paths: [String]
  /// The directory of event nodes (`/dev/input`).
  public var inputDirectory: String
  /// Start even when no device is there yet, and wait for one (`--wait`).
  public var wait: Bool
  /// Stop when the monitored devices are gone instead of waiting for them to return (`--once`).
  public var once: Bool
  /// Allow nodes that are keyboards, when named in ``paths`` (`--allow-keyboards`). Keyboards are
  /// never opened by discovery.
  public var allowKeyboards: Bool
  /// The device pipelines' settings.
  public var pipeline: DevicePipeline.Options

  public init(
    paths: [String] = [], inputDirectory: String = DeviceDiscovery.inputDirectory, wait: Bool = false,
    once: Bool = false, allowKeyboards: Bool = false, pipeline: DevicePipeline.Options = .init()
  ) {
    self.paths = paths
    self.inputDirectory = inputDirectory
    self.wait = wait
    self.once = once
    self.allowKeyboards = allowKeyboards
    self.pipeline = pipeline
  }

  /// How long a node that appeared is retried while it cannot be opened yet: udev sets its
  /// permissions a moment after the kernel creates it (milliseconds; 3 s leaves room for a busy system).
  public static let hotplugRetryWindow: Duration = .seconds(3)
  /// The interval of those retries.
  public static let hotplugRetryInterval: Duration = .milliseconds(100)
}
