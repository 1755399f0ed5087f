/// How a recording given on the command line is named: `-` is standard input.
public struct RecordingName: Sendable, Hashable {
  /// The path as given; `-` for standard input.
  public let path: String

  public init(_ path: String) {
    self.path = path
  }

  /// Whether the path is `-`.
  public var isStandardInput: Bool { path == "-" }

  /// The name in messages: the path, or `<stdin>`.
  public var fileName: String { isStandardInput ? "<stdin>" : path }

  /// The device label when the recording names no device: the file's base name, or `stdin`.
  public var fallbackLabel: String {
    isStandardInput ? "stdin" : String(path.split(separator: "/").last ?? Substring(path))
  }
}
