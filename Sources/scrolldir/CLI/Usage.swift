/// The help text (`--help`) and version (`--version`). The option sections are rendered from
/// ``OptionTable``; the commands and exit statuses are listed here.
enum Usage {
  static let version = "scrolldir 0.1.0"

  /// The commands, as `--help` lists them: name and summary.
  static let commands: [(name: String, summary: String)] = [
    (
      "monitor (default)",
      "Stream records from live event nodes: every readable node under /dev/input that can scroll (also those plugged in later), or the nodes named. Runs until interrupted."
    ),
    (
      "list",
      "List event nodes: name, bus/vendor/product, scroll capabilities and methods, touchpad size and slots, and whether this user can read them."
    ),
    (
      "replay",
      "Replay evemu-record text or libinput record YAML ('-' reads standard input) through the same pipeline, as fast as it reads."
    ),
    (
      "record",
      "Write one event node's description and events as evemu-record text on standard output, for a bug report or a test (replay reads it, evemu-device recreates the device). Runs until interrupted. With no device, on a terminal, asks which."
    ),
    ("help", "This text (also -h, --help)."),
  ]

  /// The environment variables scrolldir reads, as `--help` lists them.
  static let environment: [(name: String, summary: String)] = [
    ("SCROLLDIR_INPUT_DIR", "The directory of event nodes instead of /dev/input (for tests and containers)."),
    ("TMPDIR", "Where a libinput record from a pipe is copied to before it is read (default /tmp)."),
  ]

  /// The exit statuses (sysexits), as `--help` lists them.
  static let exitStatus =
    "0 success or interrupted, 64 usage error, 65 malformed recording, 66 no such file or device (or no scroll device), 71 out of system resources, 74 I/O error or every device gone (--once), 77 permission denied."

  /// The width `--help` wraps at.
  static let width = 90
  /// The column where option and command descriptions start.
  static let descriptionColumn = 26

  static var text: String {
    let monitorOnly = OptionTable.all.filter { $0.section == .monitor }.map { "[\($0.name)]" }.joined(separator: " ")
    var lines = [
      "OVERVIEW: Tell which way real scroll input goes: Up, Down, Left, Right or None.",
      "",
      "Reads Linux evdev events from mouse wheels (plain, hi-res, tilt), dials, touchpads",
      "(two-finger and edge scrolling), pointing sticks and trackballs (on-button scrolling),",
      "keeps a content offset per device (libinput signs: +y = scroll down, +x = scroll right;",
      "wheels and dials in v120, 120 = one detent; fingers in mm; buttons in counts) and prints",
      "one record per offset change.",
      "",
      "USAGE: scrolldir [monitor] [<options>] \(monitorOnly) [<device> ...]",
      "       scrolldir list",
      "       scrolldir record [--allow-keyboards] [<device>] > <file>.evemu",
      "       scrolldir replay [<options>] <file> ...",
      "       scrolldir replay --raw [--describe <file> | --capabilities <codes>] [<options>] <file>|-",
      "",
      "SUBCOMMANDS:",
    ]
    for command in commands { lines += entry(command.name, command.summary) }
    for section in OptionSpec.Section.allCases {
      lines += ["", section.rawValue + ":"]
      for option in OptionTable.all where option.section == section {
        lines += entry(option.synopsis, option.help + (option.defaultValue.map { " (default: \($0))" } ?? ""))
      }
    }
    lines += ["", "ENVIRONMENT:"]
    for variable in environment { lines += entry(variable.name, variable.summary) }
    lines += ["", "EXIT STATUS:"] + wrap(exitStatus, indent: "  ")
    return lines.joined(separator: "\n")
  }

  /// `  name` padded to ``descriptionColumn``, then `description` wrapped at ``width`` with its
  /// continuation lines aligned under it (a name too long for the column gets a line of its own).
  private static func entry(_ name: String, _ description: String) -> [String] {
    let head = "  " + name
    let padding = String(repeating: " ", count: descriptionColumn)
    var lines = wrap(description, indent: padding)
    if head.count < descriptionColumn {
      lines[0] =
        head + String(repeating: " ", count: descriptionColumn - head.count) + lines[0].dropFirst(descriptionColumn)
    } else {
      lines.insert(head, at: 0)
    }
    return lines
  }

  /// `text` as lines of at most ``width`` columns, each starting with `indent`, broken at spaces.
  private static func wrap(_ text: String, indent: String) -> [String] {
    var lines: [String] = []
    var line = indent
    for word in text.split(separator: " ") {
      if line.count > indent.count && line.count + 1 + word.count > width {
        lines.append(line)
        line = indent
      }
      line += (line.count > indent.count ? " " : "") + word
    }
    lines.append(line)
    return lines
  }
}
