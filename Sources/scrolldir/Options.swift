import ScrollCore

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

  var command: Command
  var format: Format = .text
  var axis: AxisFilter = .both
  /// `--natural`: natural scrolling for touchpads.
  var natural = false

  /// The pipeline settings these options ask for.
  var pipeline: DevicePipeline.Options { DevicePipeline.Options(naturalScrolling: natural) }

  /// Parses the arguments after the program name.
  /// - Throws: ``UsageError`` naming the first problem.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    let beforeSeparator = arguments.prefix { $0 != "--" }
    if beforeSeparator.contains(where: { $0 == "-h" || $0 == "--help" }) { return Options(command: .help) }
    if beforeSeparator.contains("--version") { return Options(command: .version) }
    var format = Format.text
    var axis = AxisFilter.both
    var natural = false
    var positional: [String] = []
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        positional.append(argument)
        continue
      }
      let (name, inlineValue) = splitOption(argument)
      switch name {
      case "--":
        optionsEnded = true
      case "--json", "--natural":
        guard inlineValue == nil else { throw UsageError(message: "option '\(name)' takes no value") }
        if name == "--json" { format = .json } else { natural = true }
      case "--axis":
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard index < arguments.count else { throw UsageError(message: "option '--axis' needs a value: vertical, horizontal or both") }
          value = arguments[index]
          index += 1
        }
        guard let parsed = AxisFilter(rawValue: value) else {
          throw UsageError(message: "invalid value '\(value)' for '--axis': expected vertical, horizontal or both")
        }
        axis = parsed
      default:
        throw UsageError(message: "unknown option '\(argument)'")
      }
    }
    let command = try command(from: positional, optionsEnded: optionsEnded)
    return Options(command: command, format: format, axis: axis, natural: natural)
  }

  private static func command(from positional: [String], optionsEnded: Bool) throws(UsageError) -> Command {
    guard let first = positional.first else { return .monitor(devices: []) }
    let rest = Array(positional.dropFirst())
    switch first {
    case "monitor":
      return .monitor(devices: rest)
    case "list":
      guard rest.isEmpty else { throw UsageError(message: "'list' takes no arguments, got '\(rest[0])'") }
      return .list
    case "replay":
      guard !rest.isEmpty else {
        throw UsageError(message: "'replay' needs at least one FILE (evemu or libinput record; '-' for standard input)")
      }
      return .replay(files: rest)
    default:
      return .monitor(devices: positional)
    }
  }

  /// `--name=value` → (`--name`, `value`); anything else → (argument, nil).
  private static func splitOption(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
