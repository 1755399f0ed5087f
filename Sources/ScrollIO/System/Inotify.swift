/// An inotify instance (`inotify(7)`): watches directories and reports what happens to the
/// names in them. Non-blocking; its ``descriptor`` is for `poll`.
public final class Inotify {
  /// What happened to a name in a watched directory.
  public struct Event: Sendable, Hashable {
    /// What kind of change.
    public enum Kind: Sendable, Hashable {
      /// `IN_CREATE` or `IN_MOVED_TO`.
      case created
      /// `IN_DELETE` or `IN_MOVED_FROM`.
      case deleted
      /// `IN_ATTRIB`: permissions, ACL or ownership changed.
      case attributesChanged
    }
    /// The watched directory's path, as given to ``watch(_:)``.
    public var directory: String
    /// The name in it.
    public var name: String
    public var kind: Kind
  }

  /// The inotify descriptor.
  public let descriptor: FileDescriptor
  private var directories: [Int32: String] = [:]

  /// Creates an instance (`inotify_init1`).
  /// - Throws: ``Errno``, e.g. `EMFILE` when the user has no inotify instance left.
  public init() throws(Errno) {
    descriptor = FileDescriptor(rawValue: try Syscalls.inotifyInit().get())
  }

  deinit { descriptor.close() }

  /// Watches `directory` for names created, deleted, moved in or out, and attribute changes.
  /// - Throws: ``Errno`` from `inotify_add_watch`, e.g. ``Errno/noSuchFile`` for a directory that
  ///   does not exist, `ENOSPC` when the user's watch limit is reached.
  public func watch(_ directory: String) throws(Errno) {
    let mask =
      Syscalls.inotifyCreate | Syscalls.inotifyDelete | Syscalls.inotifyAttributes | Syscalls.inotifyMovedTo
      | Syscalls.inotifyMovedFrom
    directories[try Syscalls.inotifyAddWatch(descriptor.rawValue, directory, mask).get()] = directory
  }

  /// The events queued now, in order (empty if none; never waits).
  public func events() -> [Event] {
    var result: [Event] = []
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Syscalls.inotifyBufferSize, alignment: 8)
    defer { buffer.deallocate() }
    while let count = try? descriptor.read(into: buffer), count > 0 {
      var offset = 0
      while offset + Syscalls.inotifyEventSize <= count {
        let (watch, mask, nameLength) = Syscalls.inotifyEvent(in: UnsafeRawBufferPointer(buffer), at: offset)
        let nameStart = offset + Syscalls.inotifyEventSize
        let nameBytes = UnsafeRawBufferPointer(rebasing: buffer[nameStart..<min(nameStart + nameLength, count)])
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        offset = nameStart + nameLength
        guard let directory = directories[watch], !name.isEmpty else { continue }
        if mask & (Syscalls.inotifyCreate | Syscalls.inotifyMovedTo) != 0 {
          result.append(Event(directory: directory, name: name, kind: .created))
        } else if mask & (Syscalls.inotifyDelete | Syscalls.inotifyMovedFrom) != 0 {
          result.append(Event(directory: directory, name: name, kind: .deleted))
        } else if mask & Syscalls.inotifyAttributes != 0 {
          result.append(Event(directory: directory, name: name, kind: .attributesChanged))
        }
      }
    }
    return result
  }
}
