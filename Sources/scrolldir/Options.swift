import ScrollCore
import ScrollIO

/// A usage error: the message says what is wrong with the command line.
struct UsageError: Error, Equatable {
  var message: String
}

/// The command line, parsed into a value before anything runs.
struct Options: Equatable {
  enum Command: Equatable {
    /// Stream records from live event nodes: every readable one that can scroll, or those named.
    case monitor(devices: [String])
    /// List event nodes and their scroll capabilities.
    case list
    /// Replay recordings (`-` is standard input).
    case replay(files: [String])
    case help
    case version
  }

  /// Output format for records.
  enum Format: Equatable {
    case text
    case json
  }

  /// How `replay --raw` learns the device's capabilities.
  enum RawDescription: Equatable {
    /// Inferred from the events (wheels only).
    case inferred
    /// The first device of this recording (`--describe FILE`).
    case recording(String)
    /// These libevdev code names (`--capabilities REL_WHEEL,REL_HWHEEL`), checked by ``parse(_:)``.
    case codes([String])
  }

  var command: Command
  var format: Format = .text
  /// `--natural`: natural scrolling for touchpads.
  var natural = false
  /// `--axis`, `--detents`, `--step`, `--changes-only`, `--gestures`, `--idle-timeout`, `--debounce`.
  var modes = ModeOptions()
  /// `--stats`: print the counters at exit.
  var stats = false
  /// `--wait`, `--once`, `--allow-keyboards` (monitor only).
  var wait = false
  var once = false
  var allowKeyboards = false
  /// `--raw` (replay only): a stream of `struct input_event`, described as given.
  var raw: RawDescription?

  /// The pipeline settings these options ask for.
  var pipeline: DevicePipeline.Options { DevicePipeline.Options(naturalScrolling: natural) }

  /// The smallest `--step` (mm): below any touchpad's resolution (40 units/mm is 0.025 mm), and
  /// finger offsets print with three decimals.
  static let minimumStep = 0.01

  /// Parses the arguments after the program name.
  /// - Throws: ``UsageError`` naming the first problem.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    let beforeSeparator = arguments.prefix { $0 != "--" }
    if beforeSeparator.contains(where: { $0 == "-h" || $0 == "--help" }) { return Options(command: .help) }
    if beforeSeparator.contains("--version") { return Options(command: .version) }
    var options = Options(command: .list)
    var given: [String] = []
    var positional: [String] = []
    /// How many operands came before `--`: a subcommand is recognised only among those.
    var beforeSeparatorCount: Int?
    var arguments = ArgumentCursor(arguments)
    var describe: String?
    var capabilities: [String]?
    var rawRequested = false
    while let argument = arguments.next() {
      if arguments.optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        positional.append(argument)
        continue
      }
      let (name, inline) = splitOption(argument)
      given.append(name)
      switch name {
      case "--":
        arguments.optionsEnded = true
        beforeSeparatorCount = positional.count
      case "--json": try noValue(name, inline); options.format = .json
      case "--natural": try noValue(name, inline); options.natural = true
      case "--detents": try noValue(name, inline); options.modes.wheelStep = Double(ScrollUnit.v120PerDetent)
      case "--changes-only": try noValue(name, inline); options.modes.changesOnly = true
      case "--gestures": try noValue(name, inline); options.modes.gestures = true
      case "--debounce": try noValue(name, inline); options.modes.debounce = true
      case "--stats": try noValue(name, inline); options.stats = true
      case "--wait": try noValue(name, inline); options.wait = true
      case "--once": try noValue(name, inline); options.once = true
      case "--allow-keyboards": try noValue(name, inline); options.allowKeyboards = true
      case "--raw": try noValue(name, inline); rawRequested = true
      case "--axis":
        let value = try arguments.value(for: name, inline, "vertical, horizontal or both")
        guard let axis = AxisFilter(rawValue: value) else {
          throw UsageError(message: "invalid value '\(value)' for '--axis': expected vertical, horizontal or both")
        }
        options.modes.axis = axis
      case "--step":
        let value = try arguments.value(for: name, inline, "a distance in mm")
        guard value.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let step = Double(value),
          step >= Self.minimumStep, step <= 1000
        else {
          throw UsageError(message: "invalid value '\(value)' for '--step': expected a distance from 0.01 to 1000 mm")
        }
        options.modes.fingerStep = step
      case "--idle-timeout":
        let value = try arguments.value(for: name, inline, "milliseconds")
        guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let milliseconds = Int(value), milliseconds > 0,
          milliseconds <= 3_600_000
        else {
          throw UsageError(message: "invalid value '\(value)' for '--idle-timeout': expected 1 to 3600000 milliseconds")
        }
        options.modes.idleTimeout = .milliseconds(milliseconds)
      case "--describe":
        describe = try arguments.value(for: name, inline, "a recording file")
      case "--capabilities":
        let value = try arguments.value(for: name, inline, "event code names such as REL_WHEEL,REL_WHEEL_HI_RES")
        capabilities = value.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
      default:
        throw UsageError(message: "unknown option '\(argument)'")
      }
    }
    options.command = try command(from: positional, subcommandAllowed: (beforeSeparatorCount ?? 1) > 0)
    try validate(&options, given: given, rawRequested: rawRequested, describe: describe, capabilities: capabilities)
    return options
  }

  private static func command(from positional: [String], subcommandAllowed: Bool) throws(UsageError) -> Command {
    guard let first = positional.first else { return .monitor(devices: []) }
    guard subcommandAllowed else { return .monitor(devices: positional) }
    let rest = Array(positional.dropFirst())
    switch first {
    case "help":
      return .help
    case "monitor":
      return .monitor(devices: rest)
    case "list":
      guard rest.isEmpty else { throw UsageError(message: "'list' takes no arguments, got '\(rest[0])'") }
      return .list
    case "replay":
      guard !rest.isEmpty else {
        throw UsageError(message: "'replay' needs at least one FILE (evemu or libinput record; '-' for standard input)")
      }
      if rest.contains("") { throw UsageError(message: "'replay' got an empty file name") }
      return .replay(files: rest)
    default:
      // Event nodes are named by path; a bare word here is most likely a mistyped command.
      guard first.contains("/") else {
        let isRecording = [".evemu", ".yml", ".yaml"].contains { first.hasSuffix($0) }
        throw UsageError(
          message: "unknown command '\(first)': the commands are monitor, list and replay; "
            + (isRecording
              ? "to replay a recording: scrolldir replay \(first)"
              : "name a device by its path, e.g. /dev/input/event5 or ./\(first)"))
      }
      return .monitor(devices: positional)
    }
  }

  /// Options that only make sense with some commands or together.
  private static func validate(
    _ options: inout Options, given: [String], rawRequested: Bool, describe: String?, capabilities: [String]?
  ) throws(UsageError) {
    let monitorOnly = ["--wait", "--once", "--allow-keyboards"]
    let replayOnly = ["--raw", "--describe", "--capabilities"]
    let recordOptions = [
      "--json", "--natural", "--axis", "--detents", "--step", "--changes-only", "--gestures", "--idle-timeout",
      "--debounce", "--stats",
    ]
    func refuse(_ names: [String], _ command: String) throws(UsageError) {
      if let name = given.first(where: names.contains) {
        throw UsageError(message: "option '\(name)' does not apply to '\(command)'")
      }
    }
    switch options.command {
    case .list: try refuse(monitorOnly + replayOnly + recordOptions, "list")
    case .replay: try refuse(monitorOnly, "replay")
    case .monitor: try refuse(replayOnly, "monitor")
    case .help, .version: break
    }
    if options.modes.gestures && options.modes.changesOnly {
      throw UsageError(message: "'--gestures' and '--changes-only' cannot be combined: gestures replace the records")
    }
    if describe != nil && capabilities != nil {
      throw UsageError(message: "give either '--describe' or '--capabilities', not both")
    }
    if (describe != nil || capabilities != nil) && !rawRequested {
      throw UsageError(message: "'--describe' and '--capabilities' describe a '--raw' stream; add '--raw'")
    }
    if rawRequested {
      guard case .replay(let files) = options.command, files.count == 1 else {
        throw UsageError(message: "'--raw' reads one stream: 'replay --raw -' or 'replay --raw FILE'")
      }
      options.raw = describe.map { .recording($0) } ?? capabilities.map { .codes($0) } ?? .inferred
      if capabilities?.contains("") == true {
        throw UsageError(
          message: "'--capabilities' needs event code names separated by single commas, e.g. REL_WHEEL,REL_WHEEL_HI_RES")
      }
      if let unknown = capabilities?.first(where: { EventNames.code(named: $0) == nil }) {
        throw UsageError(
          message: "unknown event code '\(unknown)' in '--capabilities': use libevdev names such as REL_WHEEL")
      }
      if describe == "-", files == ["-"] {
        throw UsageError(message: "'--describe -' would read standard input, which '--raw' reads: give a file")
      }
      if describe?.isEmpty == true {
        throw UsageError(message: "option '--describe' needs a recording file")
      }
    }
    if case .replay(let files) = options.command, files.filter({ $0 == "-" }).count > 1 {
      throw UsageError(message: "standard input ('-') can be replayed only once")
    }
  }

  /// The codes named by `--capabilities` (names already checked by ``parse(_:)``).
  static func capabilityCodes(_ names: [String]) -> [EventType: Set<EventCode>] {
    var codes: [EventType: Set<EventCode>] = [:]
    for case let (type, code)? in names.map(EventNames.code(named:)) { codes[type, default: []].insert(code) }
    return codes
  }

  private static func noValue(_ name: String, _ inline: String?) throws(UsageError) {
    if inline != nil { throw UsageError(message: "option '\(name)' takes no value") }
  }

  /// `--name=value` → (`--name`, `value`); anything else → (argument, nil).
  private static func splitOption(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}

/// Walks the arguments, handing out option values.
private struct ArgumentCursor {
  private let arguments: [String]
  private var index = 0
  var optionsEnded = false

  init(_ arguments: [String]) {
    self.arguments = arguments
  }

  mutating func next() -> String? {
    guard index < arguments.count else { return nil }
    defer { index += 1 }
    return arguments[index]
  }

  /// The option's value: inline (`--name=value`) or the next argument.
  mutating func value(for name: String, _ inline: String?, _ expected: String) throws(UsageError) -> String {
    if let inline { return inline }
    guard let value = next() else { throw UsageError(message: "option '\(name)' needs a value: \(expected)") }
    return value
  }
}
