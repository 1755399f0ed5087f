/// Reading directories (`opendir(3)`, `readdir(3)`).
public enum Directory {
  /// The names of the entries in `path`, without `.` and `..`, in the order the file system gives.
  /// - Throws: ``Errno``, e.g. ``Errno/noSuchFile``, ``Errno/permissionDenied``, ``Errno/notADirectory``.
  public static func entryNames(_ path: String) throws(Errno) -> [String] {
    try Syscalls.directoryEntries(path).get().filter { $0 != "." && $0 != ".." }
  }
}
