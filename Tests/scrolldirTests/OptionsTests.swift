import Foundation
import ScrollCore
import TestSupport
import Testing

@testable import scrolldir

struct OptionsCase: CustomTestStringConvertible, Sendable {
  let name: String
  let arguments: [String]
  let expected: Options
  var testDescription: String { name }
}

struct UsageCase: CustomTestStringConvertible, Sendable {
  let name: String
  let arguments: [String]
  let message: String
  var testDescription: String { name }
}

extension Options {
  /// `self` with `change` applied, for building expected values in tables.
  func with(_ change: (inout Options) -> Void) -> Options {
    var copy = self
    change(&copy)
    return copy
  }
}

@Suite("Options.parse: arguments into a value")
struct OptionsTests {
  static let replayA = Options(command: .replay(files: ["a.evemu"]))

  @Test(arguments: [
    OptionsCase(
      name: "no arguments: monitor every scroll device", arguments: [],
      expected: Options(command: .monitor(devices: []))),
    OptionsCase(
      name: "bare paths: monitor them", arguments: ["/dev/input/event5"],
      expected: Options(command: .monitor(devices: ["/dev/input/event5"]))),
    OptionsCase(
      name: "monitor subcommand with --json",
      arguments: ["monitor", "--json", "/dev/input/event5", "/dev/input/event6"],
      expected: Options(command: .monitor(devices: ["/dev/input/event5", "/dev/input/event6"]), format: .json)),
    OptionsCase(
      name: "monitor flags", arguments: ["--wait", "--once", "--allow-keyboards", "/dev/input/event3"],
      expected: Options(command: .monitor(devices: ["/dev/input/event3"])).with {
        $0.wait = true
        $0.once = true
        $0.allowKeyboards = true
      }),
    OptionsCase(name: "list", arguments: ["list"], expected: Options(command: .list)),
    OptionsCase(
      name: "replay with stdin and --axis value", arguments: ["replay", "-", "--axis", "vertical"],
      expected: Options(command: .replay(files: ["-"])).with { $0.modes.axis = .vertical }),
    OptionsCase(
      name: "--axis=horizontal form", arguments: ["replay", "--axis=horizontal", "a.evemu"],
      expected: replayA.with { $0.modes.axis = .horizontal }),
    OptionsCase(
      name: "modes: --detents --step 2.5 --changes-only --debounce --stats",
      arguments: ["replay", "--detents", "--step", "2.5", "--changes-only", "--debounce", "--stats", "a.evemu"],
      expected: replayA.with {
        $0.modes.wheelStep = 120
        $0.modes.fingerStep = 2.5
        $0.modes.changesOnly = true
        $0.modes.debounce = true
        $0.stats = true
      }),
    OptionsCase(
      name: "--gestures --idle-timeout=300", arguments: ["replay", "--gestures", "--idle-timeout=300", "a.evemu"],
      expected: replayA.with {
        $0.modes.gestures = true
        $0.modes.idleTimeout = .milliseconds(300)
      }),
    OptionsCase(
      name: "--raw with --describe", arguments: ["replay", "--raw", "--describe", "mouse.evemu", "-"],
      expected: Options(command: .replay(files: ["-"])).with { $0.raw = .recording("mouse.evemu") }),
    OptionsCase(
      name: "--raw with --capabilities", arguments: ["replay", "--raw", "--capabilities", "REL_WHEEL,REL_HWHEEL", "-"],
      expected: Options(command: .replay(files: ["-"])).with { $0.raw = .codes(["REL_WHEEL", "REL_HWHEEL"]) }),
    OptionsCase(
      name: "--raw alone infers", arguments: ["replay", "--raw", "dump.bin"],
      expected: Options(command: .replay(files: ["dump.bin"])).with { $0.raw = .inferred }),
    OptionsCase(
      name: "-- ends options: a file named --json", arguments: ["replay", "--", "--json"],
      expected: Options(command: .replay(files: ["--json"]))),
    OptionsCase(name: "'help' as a word", arguments: ["help"], expected: Options(command: .help)),
    OptionsCase(
      name: "after --, a word is a device even if it names a subcommand", arguments: ["--", "replay"],
      expected: Options(command: .monitor(devices: ["replay"]))),
    OptionsCase(
      name: "--help wins over the other options and operands", arguments: ["replay", "--json", "x.evemu", "--help"],
      expected: Options(command: .help)),
    OptionsCase(
      name: "an option's value that starts with '-' is not taken for an option before --help",
      arguments: ["--step", "-1", "--help"], expected: Options(command: .help)),
    OptionsCase(
      name: "help with a command name is the help", arguments: ["help", "replay"], expected: Options(command: .help)),
    OptionsCase(name: "-h", arguments: ["-h"], expected: Options(command: .help)),
    OptionsCase(name: "--version", arguments: ["--version"], expected: Options(command: .version)),
  ])
  func parses(_ testCase: OptionsCase) throws {
    #expect(try Options.parse(testCase.arguments) == testCase.expected)
  }

  @Test(arguments: [
    UsageCase(name: "unknown option", arguments: ["--frobnicate"], message: "unknown option '--frobnicate'"),
    UsageCase(
      name: "an unknown option before --version", arguments: ["--bogus", "--version"],
      message: "unknown option '--bogus'"),
    UsageCase(
      name: "help with a word that is no command", arguments: ["help", "foo"],
      message: "'help' takes at most a command name (monitor, list, replay, record), got 'foo'"),
    UsageCase(name: "an empty device name", arguments: ["monitor", ""], message: "'monitor' got an empty device name"),
    UsageCase(name: "--axis without value", arguments: ["--axis"], message: "option '--axis' needs a value"),
    UsageCase(
      name: "--axis with a bad value", arguments: ["--axis", "diagonal"],
      message: "invalid value 'diagonal' for '--axis'"),
    UsageCase(name: "replay without files", arguments: ["replay"], message: "'replay' needs at least one FILE"),
    UsageCase(name: "list with an argument", arguments: ["list", "x"], message: "'list' takes no arguments"),
    UsageCase(
      name: "a mistyped command", arguments: ["replya", "f.evemu"],
      message: "unknown command 'replya': the commands are"),
    UsageCase(
      name: "a recording without 'replay'", arguments: ["f.evemu"],
      message:
        "unknown command 'f.evemu': the commands are monitor, list, replay and record; to replay a recording: scrolldir replay f.evemu"
    ),
    UsageCase(name: "an empty file name", arguments: ["replay", ""], message: "'replay' got an empty file name"),
    UsageCase(
      name: "--idle-timeout with a sign", arguments: ["replay", "--idle-timeout", "+5", "a"],
      message: "invalid value '+5' for '--idle-timeout'"),
    UsageCase(name: "--json=yes", arguments: ["--json=yes"], message: "option '--json' takes no value"),
    UsageCase(name: "--step 0", arguments: ["replay", "--step", "0", "a"], message: "invalid value '0' for '--step'"),
    UsageCase(
      name: "--step below 0.01 mm", arguments: ["replay", "--step", "0.001", "a"],
      message: "invalid value '0.001' for '--step'"),
    UsageCase(
      name: "stdin twice", arguments: ["replay", "-", "-"], message: "standard input ('-') can be replayed only once"),
    UsageCase(
      name: "--capabilities with no name", arguments: ["replay", "--raw", "--capabilities", ",", "-"],
      message: "'--capabilities' needs event code names separated"),
    UsageCase(
      name: "--capabilities with an unknown name", arguments: ["replay", "--raw", "--capabilities", "REL_WHEELS", "-"],
      message: "unknown event code 'REL_WHEELS'"),
    UsageCase(
      name: "--describe -", arguments: ["replay", "--raw", "--describe", "-", "-"],
      message: "'--describe -' would read standard input"),
    UsageCase(
      name: "--step abc", arguments: ["replay", "--step", "abc", "a"], message: "invalid value 'abc' for '--step'"),
    UsageCase(
      name: "--step in hex", arguments: ["replay", "--step", "0x10", "a"], message: "invalid value '0x10' for '--step'"),
    UsageCase(
      name: "--step with an exponent", arguments: ["replay", "--step", "1e1", "a"],
      message: "invalid value '1e1' for '--step'"),
    UsageCase(
      name: "--capabilities with an empty name",
      arguments: ["replay", "--raw", "--capabilities", "REL_WHEEL,,REL_X", "-"],
      message: "'--capabilities' needs event code names separated by single commas"),
    UsageCase(
      name: "--idle-timeout -5", arguments: ["replay", "--idle-timeout=-5", "a"],
      message: "invalid value '-5' for '--idle-timeout'"),
    UsageCase(
      name: "--gestures with --changes-only", arguments: ["--gestures", "--changes-only"],
      message: "'--gestures' and '--changes-only' cannot be combined"),
    UsageCase(
      name: "--wait with replay", arguments: ["replay", "--wait", "a"],
      message: "option '--wait' does not apply to 'replay'"),
    UsageCase(name: "--raw with monitor", arguments: ["--raw"], message: "option '--raw' does not apply to 'monitor'"),
    UsageCase(
      name: "--json with list", arguments: ["list", "--json"], message: "option '--json' does not apply to 'list'"),
    UsageCase(
      name: "--describe without --raw", arguments: ["replay", "--describe", "d.evemu", "a"],
      message: "'--describe' and '--capabilities' describe a '--raw' stream"),
    UsageCase(
      name: "--raw with two files", arguments: ["replay", "--raw", "a", "b"], message: "'--raw' reads one stream"),
    UsageCase(
      name: "--describe and --capabilities",
      arguments: ["replay", "--raw", "--describe", "d", "--capabilities", "REL_WHEEL", "-"],
      message: "give either '--describe' or '--capabilities'"),
  ])
  func rejects(_ testCase: UsageCase) {
    #expect {
      _ = try Options.parse(testCase.arguments)
    } throws: { error in
      (error as? UsageError)?.message.hasPrefix(testCase.message) == true
    }
  }
}

@Suite("list: touchpad lines")
struct ListTouchpadTests {
  @Test("size, slots and whether two-finger scroll is read")
  func touchpadLine() throws {
    let slots = TouchpadGeometry(
      touchProtocol: .slots(count: 10), xAxis: AbsInfo(minimum: 0, maximum: 2039, resolution: 20),
      yAxis: AbsInfo(minimum: 0, maximum: 1359, resolution: 20))
    #expect(ListCommand.describe(slots) == "102.0 × 68.0 mm, 10 slots, two-finger scroll")
    let semi = TouchpadGeometry(
      touchProtocol: .semiMT(slots: 2), xAxis: AbsInfo(minimum: 0, maximum: 1360),
      yAxis: AbsInfo(minimum: 0, maximum: 1000))
    #expect(
      ListCommand.describe(semi)
        == "71.6 × 50.0 mm (size assumed: no resolution), semi-MT (2 slots report a bounding box): no two-finger scroll",
      "1360 / 69 = 19 units per mm, 1360 / 19 = 71.6 mm"
    )
  }

  @Test("--natural parses")
  func natural() throws {
    #expect(
      try Options.parse(["replay", "--natural", "x.evemu"]).pipeline == DevicePipeline.Options(naturalScrolling: true))
  }
}

@Suite("The option table")
struct OptionTableTests {
  @Test("every option is named once, and appears in --help and in the README's options table")
  func documented() throws {
    let names = OptionTable.all.map(\.name) + OptionTable.all.compactMap(\.shortName)
    #expect(Set(names).count == names.count)
    let readme = try String(contentsOfFile: FixturePaths.repository + "/README.md", encoding: .utf8)
    let help = Usage.text
    for option in OptionTable.all {
      #expect(
        help.contains("  " + option.synopsis + " ") || help.contains("  " + option.synopsis + "\n"),
        "\(option.name) in --help")
      #expect(readme.contains("`" + option.name), "\(option.name) in README.md")
    }
  }

  @Test("an option given with a command it does not apply to is refused, for every option and command")
  func scopes() {
    for option in OptionTable.all where option.value == nil && option.scope != Set(CommandKind.allCases) {
      for kind in CommandKind.allCases where !option.scope.contains(kind) {
        let arguments = kind == .replay ? ["replay", option.name, "a.evemu"] : [kind.rawValue, option.name]
        #expect(throws: UsageError(message: "option '\(option.name)' does not apply to '\(kind.rawValue)'")) {
          _ = try Options.parse(arguments)
        }
      }
    }
  }
}
