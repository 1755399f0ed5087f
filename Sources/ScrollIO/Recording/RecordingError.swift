/// Why a recording could not be read.
public enum RecordingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file's contents are not a valid recording at `line` (1-based; 0 for binary streams, whose
  /// message gives the byte offset); `message` says what was expected and what was found.
  case malformed(file: String, line: Int, message: String)
  /// The file does not exist (or is a directory).
  case notFound(file: String, errno: Errno)
  /// This user may not read the file.
  case permissionDenied(file: String)
  /// The file could not be opened for another reason of its own (e.g. `ENXIO`: a device node
  /// with no device behind it).
  case cannotOpen(file: String, errno: Errno)
  /// The system had no resource left to open the file (``Errno/isResourceShortage``: `EMFILE`…).
  case resources(file: String, errno: Errno)
  /// Reading the file failed (e.g. `EIO`, `EINTR`).
  case io(file: String, errno: Errno)
  /// YAML of `file` from a pipe could not be copied to a temporary file in `directory` (`$TMPDIR`).
  case temporaryFile(file: String, directory: String, errno: Errno)

  /// `text` quoted in a message: at most 40 characters, so a line of binary data or a huge word
  /// cannot flood stderr.
  static func excerpt(_ text: String) -> String {
    text.count <= 40 ? "'\(text)'" : "'\(text.prefix(40))…' (\(text.utf8.count) bytes)"
  }

  public var description: String {
    switch self {
    case .malformed(let file, let line, let message): line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
    case .notFound(let file, let errno), .cannotOpen(let file, let errno), .resources(let file, let errno):
      "\(file): cannot open recording: \(errno)"
    case .permissionDenied(let file): "\(file): cannot open recording: \(Errno.permissionDenied)"
    case .io(let file, let errno): "\(file): cannot read: \(errno)"
    case .temporaryFile(let file, let directory, let errno) where errno.isResourceShortage:
      "\(file): cannot copy the libinput record to a temporary file in \(directory): \(errno)"
    case .temporaryFile(let file, let directory, let errno):
      "\(file): cannot copy the libinput record to a temporary file in \(directory) (set TMPDIR): \(errno)"
    }
  }
}
