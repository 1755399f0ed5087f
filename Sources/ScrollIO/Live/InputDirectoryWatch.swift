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

  /// A directory that could not be watched at the start, and why. One that does not exist yet is
  /// awaited: its nearest existing ancestor is watched until it appears (`awaitedIn`), and from
  /// then on it is watched like the others; nodes elsewhere that fail are not followed.
  public struct Failure: Sendable, Hashable, CustomStringConvertible {
    public var directory: String
    public var errno: Errno
    /// The ancestor watched for `directory` to appear, when it does not exist yet.
    public var awaitedIn: String?
    public var description: String {
      if let awaitedIn { return "\(directory) does not exist yet: watching \(awaitedIn) for it to appear" }
      return "cannot watch \(directory) for devices plugged in: \(errno)"
    }
  }

  private let inotify: Inotify
  /// The directories that could not be watched at the start (e.g. one that does not exist yet).
  public private(set) var failures: [Failure] = []
  /// The directories that do not exist yet, each with the ancestor now watched for it.
  private var awaited: [(directory: String, ancestor: String)] = []

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
        let ancestor = error == .noSuchFile ? watchNearestAncestor(of: directory) : nil
        if let ancestor { awaited.append((directory, ancestor)) }
        failures.append(Failure(directory: directory, errno: error, awaitedIn: ancestor))
      }
    }
  }

  /// The changes queued now (non-blocking; empty if none), as full paths. When an awaited
  /// directory has appeared, it is watched from now on and what is already in it is reported as
  /// appeared (it may have been filled before its watch began).
  public func changes() -> [Change] {
    let events = inotify.events()
    var changes = events.map { event -> Change in
      let path = Self.path(event.directory, event.name)
      switch event.kind {
      case .created: return .appeared(path)
      case .deleted: return .disappeared(path)
      case .attributesChanged: return .attributesChanged(path)
      }
    }
    if !awaited.isEmpty && events.contains(where: { $0.kind == .created }) { changes += watchAwaited() }
    return changes
  }

  /// Watches the awaited directories that exist now (their entries as appeared), and moves the
  /// watch of the others down to their nearest existing ancestor.
  private func watchAwaited() -> [Change] {
    var changes: [Change] = []
    awaited = awaited.compactMap { entry in
      if (try? inotify.watch(entry.directory)) != nil {
        let names = (try? Directory.entryNames(entry.directory)) ?? []
        changes += names.filter { $0 != "." && $0 != ".." }.sorted().map { .appeared(Self.path(entry.directory, $0)) }
        return nil
      }
      return (entry.directory, watchNearestAncestor(of: entry.directory) ?? entry.ancestor)
    }
    return changes
  }

  /// Watches the nearest ancestor of `directory` that can be watched; returns it (`nil`: none).
  private func watchNearestAncestor(of directory: String) -> String? {
    var ancestor = directory
    while true {
      let next = Self.parent(of: ancestor)
      guard next != ancestor else { return nil }
      ancestor = next
      if (try? inotify.watch(ancestor)) != nil { return ancestor }
    }
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func path(_ directory: String, _ name: String) -> String {
    (directory == "/" ? "" : directory) + "/" + name
  }
}
