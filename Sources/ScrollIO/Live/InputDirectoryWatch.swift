/// Watches directories for event nodes (or links to them, such as `/dev/input/by-id/…`) that
/// appear, disappear or change permissions, with inotify (no udev daemon needed). udev creates a
/// node's ACL or mode a moment after the kernel creates the node; that shows up as an attribute
/// change.
public final class InputDirectoryWatch {
  /// What happened to a node.
  public enum Change: Sendable, Hashable {
    case appeared(String)
    case disappeared(String)
    case attributesChanged(String)
  }

  /// A directory that could not be watched, and why: nodes there are not followed.
  public struct Failure: Sendable, Hashable, CustomStringConvertible {
    public var directory: String
    public var errno: Errno
    public var description: String { "cannot watch \(directory) for devices plugged in: \(errno)" }
  }

  private let inotify: Inotify
  /// The directories that could not be watched (e.g. one that does not exist yet).
  public private(set) var failures: [Failure] = []

  /// The inotify descriptor, for `poll`.
  public var descriptor: FileDescriptor { inotify.descriptor }

  /// Starts watching `directories`; those that cannot be watched are listed in ``failures``.
  /// - Throws: ``Errno`` from `inotify_init1`.
  public init(directories: [String]) throws(Errno) {
    inotify = try Inotify()
    var seen: Set<String> = []
    for directory in directories where seen.insert(directory).inserted {
      do {
        try inotify.watch(directory)
      } catch {
        failures.append(Failure(directory: directory, errno: error))
      }
    }
  }

  /// The changes queued now (non-blocking; empty if none), as full paths.
  public func changes() -> [Change] {
    inotify.events().map { event in
      let path = (event.directory == "/" ? "" : event.directory) + "/" + event.name
      switch event.kind {
      case .created: return .appeared(path)
      case .deleted: return .disappeared(path)
      case .attributesChanged: return .attributesChanged(path)
      }
    }
  }
}
