/// The commands options apply to.
enum CommandKind: String, CaseIterable, Sendable {
  case monitor
  case list
  case replay
  case record
}

/// One command-line option, declared once: its names, its value and the values allowed, the
/// commands it applies to, its help text, and what it does to the parsed ``Options``. The
/// declarations (``OptionTable``) drive parsing, the "does not apply to" errors and `--help`.
struct OptionSpec: Sendable {
  /// The value an option takes.
  struct Value: Sendable {
    /// The name shown in help, e.g. `axis` for `--axis <axis>`.
    let placeholder: String
    /// What the value must be, for "needs a value" errors, e.g. `vertical, horizontal or both`.
    let expected: String
    /// The complete list of values, where there is one (for `--axis`), else empty.
    let choices: [String]
  }

  /// What giving the option does.
  enum Action: Sendable {
    /// A switch: it takes no value.
    case flag(@Sendable (inout ParseState) -> Void)
    /// An option with a value, parsed and checked by the closure.
    case value(Value, @Sendable (inout ParseState, String) throws(UsageError) -> Void)
    /// `--help`: print the help, whatever else the command line holds.
    case help
    /// `--version`: print the version.
    case version
  }

  /// The help section that lists an option.
  enum Section: String, CaseIterable, Sendable {
    case common = "OPTIONS"
    case monitor = "MONITOR OPTIONS"
    case replay = "REPLAY OPTIONS"
  }

  /// The long name, e.g. `--axis`.
  let name: String
  /// A one-letter name, e.g. `-h`, if any.
  var shortName: String? = nil
  let action: Action
  /// The commands it applies to; given with another command it is a usage error.
  let scope: Set<CommandKind>
  let section: Section
  /// One sentence or two for `--help` (wrapped there).
  let help: String
  /// The value used when the option is not given, shown as `(default: …)`.
  var defaultValue: String? = nil

  /// The value it takes, or `nil` for a switch.
  var value: Value? {
    if case .value(let value, _) = action { return value }
    return nil
  }

  /// `--axis <axis>`, `-h, --help`: how help lists it.
  var synopsis: String {
    (shortName.map { $0 + ", " } ?? "") + name + (value.map { " <\($0.placeholder)>" } ?? "")
  }
}

/// What parsing has gathered so far: the options, and the values that are checked together at
/// the end.
struct ParseState: Sendable {
  var options = Options(command: .list)
  var describe: String?
  var capabilities: [String]?
  var rawRequested = false
}
