import ScrollCore
import ScrollIO

/// Which node `scrolldir record` without a node records: on a terminal, the one the user picks
/// from the scroll devices listed (as evtest asks, by event number); elsewhere none, and the
/// usage error names them.
enum RecordDeviceChoice {
  /// The node to record.
  /// - Throws: ``CommandError/usage(_:)`` when standard input or standard error is not a
  ///   terminal, when the answer is not one of the listed nodes, or at end of input;
  ///   ``CommandError/interrupted`` on SIGINT, SIGTERM or SIGHUP while asking.
  static func ask(options: Options) throws(CommandError) -> String {
    let directory = DeviceDiscovery.inputDirectory
    let candidates = ((try? DeviceDiscovery.probeAll(in: directory)) ?? []).filter { probe in
      probe.canScroll(with: options.pipeline) == true
        && (options.allowKeyboards
          || ((try? probe.device.get())?.description.isKeyboard ?? probe.sysfs.isKeyboard) != true)
    }
    let example = "'record' needs an event node, e.g. scrolldir record \(directory)/event5"
    guard FileDescriptor.standardInput.isTerminal, FileDescriptor.standardError.isTerminal else {
      throw .usage(UsageError(message: example + listed(candidates)))
    }
    guard !candidates.isEmpty else {
      throw .usage(
        UsageError(message: example + " (no node in \(directory) can scroll; 'scrolldir list' shows them all)"))
    }
    var prompt = ["Devices that can scroll:"]
    for probe in candidates {
      let readable = (try? probe.device.get()) != nil ? "" : " (not readable by this user)"
      prompt.append("  " + probe.path + "\t" + (probe.name ?? "(unknown)") + readable)
    }
    let numbers = candidates.compactMap { Int($0.path.split(separator: "/").last?.dropFirst(5) ?? "") }
    prompt.append("Select the device event number [\(numbers.min() ?? 0)-\(numbers.max() ?? 0)]: ")
    Diagnostics.prompt(prompt.joined(separator: "\n"))
    guard let answer = try readAnswer() else {
      throw .usage(UsageError(message: "no device chosen"))
    }
    let path = Int(answer).map { "\(directory)/event\($0)" } ?? answer
    guard candidates.contains(where: { $0.path == path }) else {
      throw .usage(UsageError(message: "'\(answer)' is not one of the listed event numbers"))
    }
    return path
  }

  /// `; these can scroll: /dev/input/event5 (Logitech G502), …`, or how to see every node.
  private static func listed(_ candidates: [DeviceDiscovery.Probe]) -> String {
    guard !candidates.isEmpty else { return " ('scrolldir list' shows them all)" }
    return "; these can scroll: "
      + candidates.map { $0.path + ($0.name.map { " (\($0))" } ?? "") }.joined(separator: ", ")
  }

  /// One line from the terminal, without surrounding blanks; `nil` at end of input (Ctrl-D).
  private static func readAnswer() throws(CommandError) -> String? {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while !bytes.contains(UInt8(ascii: "\n")) && bytes.count < 4096 {
      let result = buffer.withUnsafeMutableBytes { raw in
        Result { () throws(Errno) in try Interruption.terminationRequested.read(.standardInput, into: raw) }
      }
      let count: Int
      switch result {
      case .success(let read): count = read
      case .failure(.interrupted): throw .interrupted
      case .failure: return nil
      }
      if count == 0 { break }
      bytes += buffer[..<count]
    }
    guard !bytes.isEmpty else { return nil }
    let line = bytes.prefix { $0 != UInt8(ascii: "\n") }.drop { $0 == 0x20 || $0 == 0x09 }
    return String(decoding: line.reversed().drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }.reversed(), as: UTF8.self)
  }
}
