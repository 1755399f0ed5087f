import Glibc

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

  /// The inotify descriptor, for `poll`.
  public let descriptor: FileDescriptor
  private var directories: [Int32: String] = [:]

  /// Starts watching `directories`; those that do not exist (yet) are skipped.
  /// - Throws: ``Errno`` from `inotify_init1`.
  public init(directories: [String]) throws(Errno) {
    let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard fd >= 0 else { throw Errno.current }
    descriptor = FileDescriptor(rawValue: fd)
    let mask = UInt32(IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MOVED_TO | IN_MOVED_FROM)
    for directory in Set(directories) {
      let watch = inotify_add_watch(fd, directory, mask)
      if watch >= 0 { self.directories[watch] = directory }
    }
  }

  deinit { descriptor.close() }

  /// The changes queued now (non-blocking; empty if none), as full paths.
  public func changes() -> [Change] {
    var result: [Change] = []
    let capacity = 16 * (MemoryLayout<inotify_event>.size + Int(NAME_MAX) + 1)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: MemoryLayout<inotify_event>.alignment)
    defer { buffer.deallocate() }
    while let count = try? descriptor.read(into: buffer), count > 0 {
      var offset = 0
      while offset + MemoryLayout<inotify_event>.size <= count {
        let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
        let nameStart = offset + MemoryLayout<inotify_event>.size
        let nameBytes = UnsafeRawBufferPointer(rebasing: buffer[nameStart..<nameStart + Int(event.len)])
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        offset = nameStart + Int(event.len)
        guard let directory = directories[event.wd], !name.isEmpty else { continue }
        let path = directory + "/" + name
        if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
          result.append(.appeared(path))
        } else if event.mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
          result.append(.disappeared(path))
        } else if event.mask & UInt32(IN_ATTRIB) != 0 {
          result.append(.attributesChanged(path))
        }
      }
    }
    return result
  }
}
