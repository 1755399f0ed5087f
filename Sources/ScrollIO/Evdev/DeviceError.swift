/// Why a live event node could not be used.
public enum DeviceError: Error, Sendable, Hashable, CustomStringConvertible {
  /// `open(2)` failed, e.g. `ENOENT` (no such node) or `EACCES` (not readable by this user).
  case open(path: String, errno: Errno)
  /// The node opened but libevdev could not read it as an evdev device (`libevdev_new_from_fd`),
  /// e.g. `ENOTTY` for a file that is not an event node.
  case notEvdev(path: String, errno: Errno)
  /// The device went away (`ENODEV`): unplugged, or its driver unbound.
  case removed(path: String)
  /// Reading events failed (`libevdev_next_event`).
  case read(path: String, errno: Errno)

  /// The node's path.
  public var path: String {
    switch self {
    case .open(let path, _), .notEvdev(let path, _), .removed(let path), .read(let path, _): path
    }
  }

  public var description: String {
    switch self {
    case .open(let path, let errno) where errno.isPermission:
      "\(path): permission denied; install the udev rule from udev/ (see README) or add yourself to the 'input' group"
    case .open(let path, let errno): "\(path): cannot open: \(errno)"
    case .notEvdev(let path, let errno): "\(path): not an evdev event node (\(errno))"
    case .removed(let path): "\(path): device removed"
    case .read(let path, let errno): "\(path): read error: \(errno)"
    }
  }
}
