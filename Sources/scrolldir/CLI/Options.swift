import ScrollCore
import ScrollIO

/// A usage error: the message says what is wrong with the command line.
struct UsageError: Error, Equatable {
  var message: String
}

/// The command line, parsed into a value before anything runs. Options are declared in
/// ``OptionTable``; ``parse(_:)`` reads them from there.
struct Options: Equatable, Sendable {
  enum Command: Equatable, Sendable {
    /// Stream records from live event nodes: every readable one that can scroll, or those named.
    case monitor(devices: [String])
    /// List event nodes and their scroll capabilities.
    case list
    /// Replay recordings (`-` is standard input).
    case replay(files: [String])
    /// Record one event node as evemu text on stdout; `nil`: ask which (on a terminal).
    case record(node: String?)
    case help
    case version

    /// The kind whose options apply, `nil` for help and version (to which every option applies).
    var kind: CommandKind? {
      switch self {
      case .monitor: .monitor
      case .list: .list
      case .replay: .replay
      case .record: .record
      case .help, .version: nil
      }
    }
  }

  /// Output format for records.
  enum Format: Equatable, Sendable {
    case text
    case json
  }

  /// How `replay --raw` learns the device's capabilities.
  enum RawDescription: Equatable, Sendable {
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
  /// `--format` (replay only, not `raw`, which sets ``raw``): the recordings' format; `nil`: told by content.
  var recordingFormat: RecordingFormat?
  /// `--scroll-method`: the method for every device that offers it; `nil` for each device's default.
  var scrollMethod: ScrollMethod?
  /// `--scroll-button`: the button of on-button scrolling; `nil` for each device's default.
  var scrollButton: EventCode?

  /// The pipeline settings these options ask for.
  var pipeline: DevicePipeline.Options {
    DevicePipeline.Options(naturalScrolling: natural, scrollMethod: scrollMethod, scrollButton: scrollButton)
  }

  /// The values of `--scroll-method`, as libinput's tools spell them (`--set-scroll-method`).
  static let scrollMethodNames = ["twofinger", "edge", "button", "none"]

  /// The method a `--scroll-method` value names (also `two-finger`, as `libinput list-devices`
  /// writes it), or `nil`.
  static func scrollMethod(named name: String) -> ScrollMethod? {
    name == "twofinger" ? .twoFinger : ScrollMethod(rawValue: name)
  }

  /// The smallest `--step` (mm): below any touchpad's resolution (40 units/mm is 0.025 mm), and
  /// finger offsets print with three decimals.
  static let minimumStep = 0.01
  /// The largest `--step` (mm): larger than any touchpad.
  static let maximumStep = 1000.0
  /// `--idle-timeout` in milliseconds: at least 1, at most an hour.
  static let idleTimeoutRange = 1...3_600_000

  /// Parses the arguments after the program name.
  /// - Throws: ``UsageError`` naming the first problem.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    // --help and --version win over the other options (not over an unknown one before them).
    let beforeSeparator = Array(arguments.prefix { $0 != "--" })
    var scanned = beforeSeparator.startIndex
    while scanned < beforeSeparator.endIndex {
      let argument = beforeSeparator[scanned]
      scanned += 1
      guard argument.hasPrefix("-"), argument != "-" else { continue }
      let (name, inline) = splitOption(argument)
      switch OptionTable.option(named: name)?.action {
      case nil: throw UsageError(message: "unknown option '\(argument)'")
      case .help? where inline == nil: return Options(command: .help)
      case .version? where inline == nil: return Options(command: .version)
      case .value? where inline == nil: scanned += 1  // its value, which may start with '-'
      default: continue
      }
    }
    var state = ParseState()
    var given: [OptionSpec] = []
    var positional: [String] = []
    /// How many operands came before `--`: a subcommand is recognised only among those.
    var beforeSeparatorCount: Int?
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      if beforeSeparatorCount != nil || argument == "-" || !argument.hasPrefix("-") {
        positional.append(argument)
        continue
      }
      if argument == "--" {
        beforeSeparatorCount = positional.count
        continue
      }
      let (name, inline) = splitOption(argument)
      guard let option = OptionTable.option(named: name) else {
        throw UsageError(message: "unknown option '\(argument)'")
      }
      given.append(option)
      switch option.action {
      case .flag(let apply):
        if inline != nil { throw UsageError(message: "option '\(name)' takes no value") }
        apply(&state)
      case .value(let value, let apply):
        if let inline {
          try apply(&state, inline)
        } else {
          guard index < arguments.endIndex else {
            throw UsageError(message: "option '\(name)' needs a value: \(value.expected)")
          }
          try apply(&state, arguments[index])
          index += 1
        }
      case .help, .version:
        // Given plainly, they were taken above; here only with a value (`--help=x`).
        throw UsageError(message: "option '\(name)' takes no value")
      }
    }
    state.options.command = try command(from: positional, subcommandAllowed: (beforeSeparatorCount ?? 1) > 0)
    try validate(&state, given: given)
    return state.options
  }

  private static func command(from positional: [String], subcommandAllowed: Bool) throws(UsageError) -> Command {
    guard let first = positional.first else { return .monitor(devices: []) }
    guard subcommandAllowed else { return .monitor(devices: positional) }
    let rest = Array(positional.dropFirst())
    switch first {
    case "help":
      // One help covers every command: `help replay` shows it too.
      if let word = rest.first(where: { !["monitor", "list", "replay", "record"].contains($0) }) {
        throw UsageError(message: "'help' takes at most a command name (monitor, list, replay, record), got '\(word)'")
      }
      return .help
    case "monitor":
      if rest.contains("") { throw UsageError(message: "'monitor' got an empty device name") }
      return .monitor(devices: rest)
    case "list":
      guard rest.isEmpty else { throw UsageError(message: "'list' takes no arguments, got '\(rest[0])'") }
      return .list
    case "record":
      guard rest.count <= 1 else { throw UsageError(message: "'record' records one event node, got \(rest.count)") }
      if rest.first == "" { throw UsageError(message: "'record' got an empty device name") }
      return .record(node: rest.first)
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
          message: "unknown command '\(first)': the commands are monitor, list, replay and record; "
            + (isRecording
              ? "to replay a recording: scrolldir replay \(first)"
              : "name a device by its path, e.g. /dev/input/event5 or ./\(first)"))
      }
      return .monitor(devices: positional)
    }
  }

  /// Options that apply only to some commands (their ``OptionSpec/scope``) or only together.
  private static func validate(_ state: inout ParseState, given: [OptionSpec]) throws(UsageError) {
    let options = state.options
    if let kind = options.command.kind, let option = given.first(where: { !$0.scope.contains(kind) }) {
      throw UsageError(message: "option '\(option.name)' does not apply to '\(kind.rawValue)'")
    }
    if options.modes.gestures && options.modes.changesOnly {
      throw UsageError(message: "'--gestures' and '--changes-only' cannot be combined: gestures replace the records")
    }
    let describe = state.describe
    let capabilities = state.capabilities
    if describe != nil && capabilities != nil {
      throw UsageError(message: "give either '--describe' or '--capabilities', not both")
    }
    if (describe != nil || capabilities != nil) && !state.rawRequested {
      throw UsageError(message: "'--describe' and '--capabilities' describe a '--raw' stream; add '--raw'")
    }
    if state.rawRequested {
      guard case .replay(let files) = options.command, files.count == 1 else {
        throw UsageError(message: "'--raw' reads one stream: 'replay --raw -' or 'replay --raw FILE'")
      }
      state.options.raw = describe.map { .recording($0) } ?? capabilities.map { .codes($0) } ?? .inferred
      if capabilities?.contains("") == true {
        throw UsageError(
          message: "'--capabilities' needs event code names separated by single commas, e.g. REL_WHEEL,REL_WHEEL_HI_RES"
        )
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
    for case (let type, let code)? in names.map(EventNames.code(named:)) { codes[type, default: []].insert(code) }
    return codes
  }

  /// `--name=value` → (`--name`, `value`); anything else → (argument, nil).
  private static func splitOption(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
