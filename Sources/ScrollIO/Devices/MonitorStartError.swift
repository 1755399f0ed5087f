/// Why a ``Monitor`` cannot start: nothing to monitor and not asked to wait.
public enum MonitorStartError: Error, Sendable, Hashable {
  /// A named node could not be opened.
  case device(DeviceError)
  /// A named node cannot scroll: no wheel, and not a touchpad that reports two fingers.
  case cannotScroll(path: String, name: String)
  /// A named node is a keyboard and `--allow-keyboards` was not given.
  case keyboard(path: String, name: String)
  /// Discovery found event nodes that may scroll but this user cannot read them.
  case notReadable(directory: String, nodes: [(path: String, name: String?)])
  /// Discovery found no node that can scroll; `nodeCount` event nodes were there.
  case noScrollDevice(directory: String, nodeCount: Int)

  public static func == (lhs: MonitorStartError, rhs: MonitorStartError) -> Bool {
    switch (lhs, rhs) {
    case (.device(let a), .device(let b)): a == b
    case (.cannotScroll(let a, let b), .cannotScroll(let c, let d)), (.keyboard(let a, let b), .keyboard(let c, let d)):
      a == c && b == d
    case (.notReadable(let a, let b), .notReadable(let c, let d)):
      a == c && b.map(\.path) == d.map(\.path) && b.map(\.name) == d.map(\.name)
    case (.noScrollDevice(let a, let b), .noScrollDevice(let c, let d)): a == c && b == d
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(String(describing: self))
  }
}
