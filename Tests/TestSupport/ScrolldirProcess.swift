import Foundation

/// The built `scrolldir` executable, run as users and pipelines run it. Its stdout and stderr are
/// read by threads of their own as they come, so a child that fills one while the test waits on the
/// other never deadlocks; the test waits for what it needs (lines, a signal delivered, the exit),
/// each wait bounded by a timeout instead of a sleep.
public final class ScrolldirProcess: @unchecked Sendable {
  /// How a run ended.
  public struct Result: Sendable {
    /// The exit status, or the signal's number when a signal ended it (see ``signalled``).
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// The signal that ended the process, `nil` when it exited.
    public var signalled: Int32?
  }

  /// The executable next to the test bundle (SwiftPM puts every product in one directory).
  public static let path: String = {
    let bundle = Bundle.main.bundleURL
    let directory = bundle.path.hasSuffix(".xctest") ? bundle.deletingLastPathComponent().path : bundle.path
    return directory + "/scrolldir"
  }()

  /// The longest any wait here waits: far beyond what a run takes, so only a hang reaches it.
  public static let patience: TimeInterval = 30

  public let process = Process()
  private let input = Pipe()
  private let condition = NSCondition()
  private var output = Data()
  private var errors = Data()
  private var openStreams = 2

  /// Starts `scrolldir arguments…` (or `executable` with `arguments`) with pipes on its standard
  /// descriptors, or the given `stdout` file handle.
  public init(
    _ arguments: [String], executable: String = ScrolldirProcess.path, environment: [String: String] = [:],
    stdout: FileHandle? = nil
  ) throws {
    // scrolldir may stop reading early (an error, or it has what it needs): a broken pipe here is
    // expected, so it must not kill the test process.
    signal(SIGPIPE, SIG_IGN)
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = input
    let outputPipe = stdout == nil ? Pipe() : nil
    let errorPipe = Pipe()
    process.standardOutput = stdout ?? outputPipe
    process.standardError = errorPipe
    try process.run()
    if let outputPipe {
      collect(outputPipe.fileHandleForReading) { $0.output.append($1) }
    } else {
      finishStream()
    }
    collect(errorPipe.fileHandleForReading) { $0.errors.append($1) }
  }

  /// Runs `scrolldir arguments…` with `stdin` on its standard input (then closed) to its end.
  public static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws
    -> Result
  {
    let running = try ScrolldirProcess(arguments, environment: environment)
    if let stdin { running.write(stdin) }
    running.closeInput()
    return running.finish()
  }

  /// Runs `scrolldir arguments…` through `/bin/sh` with `redirections` applied to it, e.g. `>&-`
  /// (stdout closed) or `< "$DIR"`, where the variables come from `environment`, after the shell
  /// commands `before` (e.g. `ulimit -n 5`).
  public static func run(
    _ arguments: [String], redirections: String, before: String = "", environment: [String: String] = [:]
  ) throws -> Result {
    let script = (before.isEmpty ? "" : before + "; ") + "exec \"$0\" \"$@\" " + redirections
    let running = try ScrolldirProcess(
      ["-c", script, path] + arguments, executable: "/bin/sh", environment: environment)
    running.closeInput()
    return running.finish()
  }

  /// The process ID.
  public var pid: Int32 { process.processIdentifier }

  /// Writes to its standard input (ignored once it has closed it).
  public func write(_ data: Data) {
    try? input.fileHandleForWriting.write(contentsOf: data)
  }

  /// Closes its standard input: end of file.
  public func closeInput() {
    try? input.fileHandleForWriting.close()
  }

  /// Its stdout lines so far, once there are `count` of them or stdout ended.
  public func waitForLines(_ count: Int) -> [String] {
    wait { $0.lines(of: $0.output).count >= count || $0.openStreams == 0 }
    return condition.withLock { lines(of: output) }
  }

  /// Waits until stderr contains `text` (or both streams ended); whether it does.
  @discardableResult
  public func waitForStderr(containing text: String) -> Bool {
    wait { String(decoding: $0.errors, as: UTF8.self).contains(text) || $0.openStreams == 0 }
    return condition.withLock { String(decoding: errors, as: UTF8.self).contains(text) }
  }

  /// Sends `signal`, then waits until the kernel has delivered it (it is no longer pending in
  /// `/proc/PID/status`), so that signals sent one after another arrive one after another.
  public func send(_ signal: Int32) {
    kill(pid, signal)
    waitUntil { !Self.isPending(signal, pid: self.pid) }
  }

  /// Waits until the process has handlers for SIGINT and SIGTERM (`SigCgt` in `/proc/PID/status`):
  /// a signal sent from then on is scrolldir's to handle, not the default action.
  public func waitUntilHandlingSignals() {
    waitUntil {
      Self.caughtSignals(pid: self.pid).map { $0 & Self.bit(SIGINT) != 0 && $0 & Self.bit(SIGTERM) != 0 } ?? true
    }
  }

  /// Waits until the process's main thread is blocked in the system call numbered `number`
  /// (`/proc/PID/syscall`, e.g. 257 for `openat` on x86-64), so that a signal sent then
  /// interrupts that call rather than arriving before it.
  public func waitUntilInSystemCall(_ number: Int) {
    waitUntil {
      !self.process.isRunning
        || (try? String(contentsOfFile: "/proc/\(self.pid)/syscall", encoding: .utf8))?.split(separator: " ").first
          == Substring(String(number))
    }
  }

  /// Waits until the process has a descriptor open on a path containing `fragment` (`/proc/PID/fd`).
  public func waitUntilOpen(_ fragment: String) {
    waitUntil {
      let directory = "/proc/\(self.pid)/fd"
      let links = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      return !self.process.isRunning
        || links.contains {
          (try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + $0))?.contains(fragment) == true
        }
    }
  }

  /// Waits up to ``patience`` for the process to exit by itself; whether it did.
  public func waitForExit() -> Bool {
    waitUntil { !self.process.isRunning }
    return !process.isRunning
  }

  /// Waits for it to end (killing it after ``patience``), and for its output.
  public func finish() -> Result {
    if !waitForExit() { kill(pid, SIGKILL) }
    process.waitUntilExit()
    wait { $0.openStreams == 0 }
    return condition.withLock {
      Result(
        status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
        stderr: String(decoding: errors, as: UTF8.self),
        signalled: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil)
    }
  }

  // MARK: - Reading and waiting

  private func collect(_ handle: FileHandle, _ append: @escaping @Sendable (ScrolldirProcess, Data) -> Void) {
    Thread.detachNewThread {
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        self.condition.withLock { append(self, chunk) }
        self.condition.broadcast()
      }
      self.finishStream()
    }
  }

  private func finishStream() {
    condition.withLock { openStreams -= 1 }
    condition.broadcast()
  }

  private func lines(of data: Data) -> [String] {
    String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// Waits (for at most ``patience``) until `done` holds of the collected output.
  private func wait(_ done: (ScrolldirProcess) -> Bool) {
    let deadline = Date().addingTimeInterval(Self.patience)
    condition.lock()
    while !done(self) && condition.wait(until: deadline) {}
    condition.unlock()
  }

  /// Polls `done` every 5 ms for at most ``patience``: for conditions no stream announces.
  private func waitUntil(_ done: () -> Bool) {
    let deadline = Date().addingTimeInterval(Self.patience)
    while !done() && Date() < deadline { usleep(5000) }
  }

  private static func bit(_ signal: Int32) -> UInt64 { UInt64(1) << UInt64(signal - 1) }

  /// A hex signal mask from `/proc/PID/status` (`SigPnd`, `ShdPnd`, `SigCgt`), `nil` once gone.
  private static func mask(_ field: String, pid: Int32) -> UInt64? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
      return UInt64(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces), radix: 16)
    }
    return nil
  }

  private static func isPending(_ signal: Int32, pid: Int32) -> Bool {
    let pending = (mask("SigPnd", pid: pid) ?? 0) | (mask("ShdPnd", pid: pid) ?? 0)
    return pending & bit(signal) != 0
  }

  private static func caughtSignals(pid: Int32) -> UInt64? {
    mask("SigCgt", pid: pid)
  }
}

extension ScrolldirProcess {
  /// Runs `scrolldir arguments…` as an unprivileged user (nobody) when the tests run as root
  /// (root reads everything), with `setpriv` from util-linux; as is otherwise. The binary is
  /// copied to a world-readable temporary directory first, since the checkout may live where that
  /// user cannot go (e.g. /root). The copy is made by `cp` in a child process: a copy written by
  /// this process could leave its write descriptor inherited by a process another test is
  /// spawning at that moment, and exec would then fail with ETXTBSY.
  public static func runUnprivileged(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
    guard getuid() == 0 else { return try run(arguments, environment: environment) }
    let copy = TemporaryFiles.unusedPath()
    let cp = try Process.run(URL(fileURLWithPath: "/bin/cp"), arguments: [path, copy])
    cp.waitUntilExit()
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy)
    defer { TemporaryFiles.remove(copy) }
    let running = try ScrolldirProcess(
      ["--reuid=65534", "--regid=65534", "--clear-groups", copy] + arguments, executable: "/usr/bin/setpriv",
      environment: environment)
    running.closeInput()
    return running.finish()
  }
}
