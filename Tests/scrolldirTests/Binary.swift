import Foundation

/// Runs the built `scrolldir` executable, as users and pipelines do.
enum Binary {
  /// The executable next to the test bundle (SwiftPM puts every product in one directory).
  static let path: String = {
    let productsDirectory = Bundle.main.bundleURL.path.hasSuffix(".xctest")
      ? Bundle.main.bundleURL.deletingLastPathComponent().path : Bundle.main.bundleURL.path
    return productsDirectory + "/scrolldir"
  }()

  /// The `Tests` directory.
  static let testsDirectory: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    return parts.joined(separator: "/")
  }()

  static let fixtures = testsDirectory + "/Fixtures"

  /// Writes `text` to a new file in the temporary directory and returns its path; the caller
  /// removes it.
  static func temporaryFile(_ text: String, suffix: String = ".evemu") throws -> String {
    let path = NSTemporaryDirectory() + "scrolldir-test-\(UUID().uuidString)" + suffix
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `scrolldir arguments…` with `stdin` as its standard input and waits for it.
  static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> Result {
    try launch(path, arguments, stdin: stdin, environment: environment)
  }

  /// Runs `scrolldir arguments…` through `/bin/sh` with `redirections` applied to it, e.g. `>&-`
  /// (stdout closed) or `< "$DIR"`, where the variables come from `environment`.
  static func run(_ arguments: [String], redirections: String, environment: [String: String] = [:]) throws -> Result {
    try launch("/bin/sh", ["-c", "exec \"$0\" \"$@\" " + redirections, path] + arguments, stdin: nil, environment: environment)
  }

  private static func launch(
    _ executable: String, _ arguments: [String], stdin: Data?, environment: [String: String]
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    // scrolldir may stop reading early (an error, or it has what it needs): a broken pipe here is
    // expected, so it must not kill the test process.
    signal(SIGPIPE, SIG_IGN)
    if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
    try? input.fileHandleForWriting.close()
    let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
    let stderrData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
      stderr: String(decoding: stderrData, as: UTF8.self))
  }
}
