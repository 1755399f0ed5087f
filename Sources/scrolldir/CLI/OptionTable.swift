import ScrollCore
import ScrollIO

/// Every option of scrolldir, in the order `--help` lists them.
enum OptionTable {
  /// The output options, for every command that prints records.
  private static let commandsWithRecords: Set<CommandKind> = [.monitor, .replay]

  static let all: [OptionSpec] = [
    OptionSpec(
      name: "--json", action: .flag { $0.options.format = .json }, scope: commandsWithRecords, section: .common,
      help: "Print JSON Lines: one object per record (schema in README)."),
    OptionSpec(
      name: "--axis",
      action: .value(
        .init(
          placeholder: "axis", expected: "vertical, horizontal or both", choices: AxisFilter.allCases.map(\.rawValue))
      ) { (state, value) throws(UsageError) in
        guard let axis = AxisFilter(rawValue: value) else {
          throw UsageError(message: "invalid value '\(value)' for '--axis': expected vertical, horizontal or both")
        }
        state.options.modes.axis = axis
      },
      scope: commandsWithRecords, section: .common,
      help: "Keep records that move on this axis: vertical, horizontal or both.", defaultValue: "both"),
    OptionSpec(
      name: "--natural", action: .flag { $0.options.natural = true }, scope: commandsWithRecords, section: .common,
      help: "Natural scrolling for touchpads and on-button scrolling (content follows the fingers or the pointer)."),
    OptionSpec(
      name: "--scroll-method",
      action: .value(
        .init(placeholder: "method", expected: "twofinger, edge, button or none", choices: Options.scrollMethodNames)
      ) { (state, value) throws(UsageError) in
        guard let method = Options.scrollMethod(named: value) else {
          throw UsageError(
            message: "invalid value '\(value)' for '--scroll-method': expected twofinger, edge, button or none")
        }
        state.options.scrollMethod = method
      },
      scope: [.monitor, .replay, .list], section: .common,
      help:
        "Scroll method for every device that offers it: twofinger or edge (touchpads), button (pointing devices), or none (wheels and dials only).",
      defaultValue: "each device's, as libinput chooses"),
    OptionSpec(
      name: "--scroll-button",
      action: .value(.init(placeholder: "code", expected: "a button name such as BTN_MIDDLE", choices: [])) {
        (state, value) throws(UsageError) in
        guard let named = EventNames.code(named: value), named.type == .key else {
          throw UsageError(
            message:
              "invalid value '\(value)' for '--scroll-button': expected a button name such as BTN_MIDDLE, BTN_SIDE or BTN_EXTRA"
          )
        }
        state.options.scrollButton = named.code
      },
      scope: [.monitor, .replay, .list], section: .common,
      help: "The button that scrolls while held, by its libevdev name.", defaultValue: "BTN_MIDDLE, as libinput chooses"
    ),
    OptionSpec(
      name: "--detents", action: .flag { $0.options.modes.wheelStep = Double(ScrollUnit.v120PerDetent) },
      scope: commandsWithRecords, section: .common,
      help: "One wheel or dial record per whole detent (120 v120) crossed."),
    OptionSpec(
      name: "--step",
      action: .value(
        .init(placeholder: "n", expected: "a distance in mm (counts for on-button scrolling)", choices: [])
      ) {
        (state, value) throws(UsageError) in
        guard value.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let step = Double(value),
          step >= Options.minimumStep, step <= Options.maximumStep
        else {
          throw UsageError(
            message: "invalid value '\(value)' for '--step': expected a number from 0.01 to 1000 (mm, or counts)")
        }
        state.options.modes.fingerStep = step
      },
      scope: commandsWithRecords, section: .common,
      help:
        "One record per <n> of continuous scrolling, 0.01 to 1000: mm for finger and edge scrolling, counts for on-button scrolling."
    ),
    OptionSpec(
      name: "--changes-only", action: .flag { $0.options.modes.changesOnly = true }, scope: commandsWithRecords,
      section: .common, help: "Only records whose direction differs from the last on that axis."),
    OptionSpec(
      name: "--gestures", action: .flag { $0.options.modes.gestures = true }, scope: commandsWithRecords,
      section: .common,
      help: "One record per scroll gesture instead of per step."),
    OptionSpec(
      name: "--idle-timeout",
      action: .value(.init(placeholder: "ms", expected: "milliseconds", choices: [])) {
        (state, value) throws(UsageError) in
        guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let milliseconds = Int(value),
          Options.idleTimeoutRange.contains(milliseconds)
        else {
          throw UsageError(message: "invalid value '\(value)' for '--idle-timeout': expected 1 to 3600000 milliseconds")
        }
        state.options.modes.idleTimeout = .milliseconds(milliseconds)
      },
      scope: commandsWithRecords, section: .common, help: "Pause that ends a gesture, 1 to 3600000.",
      defaultValue: String(GestureTracker.defaultIdleTimeout.wholeMicroseconds / 1000)),
    OptionSpec(
      name: "--debounce", action: .flag { $0.options.modes.debounce = true }, scope: commandsWithRecords,
      section: .common,
      help: "Hold a lone first hi-res wheel step until the next confirms it (libinput 1.29's wheel debouncing)."),
    OptionSpec(
      name: "--stats", action: .flag { $0.options.stats = true }, scope: commandsWithRecords, section: .common,
      help: "Print totals per device and direction at exit (SIGUSR1 prints them at any time, SIGUSR2 resets them)."),
    OptionSpec(
      name: "--help", shortName: "-h", action: .help, scope: Set(CommandKind.allCases), section: .common,
      help: "Show help information."),
    OptionSpec(
      name: "--version", action: .version, scope: Set(CommandKind.allCases), section: .common,
      help: "Show the version."),
    OptionSpec(
      name: "--wait", action: .flag { $0.options.wait = true }, scope: [.monitor], section: .monitor,
      help: "Start even if no device is there, and wait for one."),
    OptionSpec(
      name: "--once", action: .flag { $0.options.once = true }, scope: [.monitor], section: .monitor,
      help: "Exit when the monitored devices are gone, instead of waiting for them to return."),
    OptionSpec(
      name: "--allow-keyboards", action: .flag { $0.options.allowKeyboards = true }, scope: [.monitor, .record],
      section: .monitor, help: "Open (or record) a named node even if it is a keyboard (never by default)."),
    OptionSpec(
      name: "--format",
      action: .value(
        .init(
          placeholder: "format", expected: "evemu, libinput-record, evtest or raw",
          choices: RecordingFormat.allCases.map(\.rawValue))
      ) { (state, value) throws(UsageError) in
        guard let format = RecordingFormat(rawValue: value) else {
          throw UsageError(message: "invalid value '\(value)' for '--format': evemu, libinput-record, evtest or raw")
        }
        if format == .raw { state.rawRequested = true } else { state.options.recordingFormat = format }
      },
      scope: [.replay], section: .replay,
      help: "The recordings' format, instead of telling it by content (raw: as --raw)."),
    OptionSpec(
      name: "--raw", action: .flag { $0.rawRequested = true }, scope: [.replay], section: .replay,
      help: "Read a raw struct input_event stream (cat /dev/input/eventN)."),
    OptionSpec(
      name: "--describe",
      action: .value(.init(placeholder: "file", expected: "a recording file", choices: [])) { state, value in
        state.describe = value
      },
      scope: [.replay], section: .replay, help: "Take the device's description from this recording."),
    OptionSpec(
      name: "--capabilities",
      action: .value(
        .init(placeholder: "codes", expected: "event code names such as REL_WHEEL,REL_WHEEL_HI_RES", choices: [])
      ) { state, value in
        state.capabilities = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      },
      scope: [.replay], section: .replay, help: "Or name its codes, e.g. REL_WHEEL,REL_WHEEL_HI_RES."),
  ]

  /// The option named `name` (long or short), or `nil`.
  static func option(named name: String) -> OptionSpec? {
    all.first { $0.name == name || $0.shortName == name }
  }
}
