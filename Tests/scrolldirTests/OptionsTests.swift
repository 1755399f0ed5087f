import ScrollCore
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

@Suite("Options.parse: arguments into a value")
struct OptionsTests {
  @Test(arguments: [
    OptionsCase(name: "no arguments: monitor every scroll device", arguments: [], expected: Options(command: .monitor(devices: []))),
    OptionsCase(
      name: "bare paths: monitor them", arguments: ["/dev/input/event5"],
      expected: Options(command: .monitor(devices: ["/dev/input/event5"]))),
    OptionsCase(
      name: "monitor subcommand with --json", arguments: ["monitor", "--json", "/dev/input/event5", "/dev/input/event6"],
      expected: Options(command: .monitor(devices: ["/dev/input/event5", "/dev/input/event6"]), format: .json)),
    OptionsCase(name: "list", arguments: ["list"], expected: Options(command: .list)),
    OptionsCase(
      name: "replay with stdin and --axis value", arguments: ["replay", "-", "--axis", "vertical"],
      expected: Options(command: .replay(files: ["-"]), axis: .vertical)),
    OptionsCase(
      name: "--axis=horizontal form", arguments: ["replay", "--axis=horizontal", "a.evemu"],
      expected: Options(command: .replay(files: ["a.evemu"]), axis: .horizontal)),
    OptionsCase(
      name: "-- ends options: a file named --json", arguments: ["replay", "--", "--json"],
      expected: Options(command: .replay(files: ["--json"]))),
    OptionsCase(name: "--help wins anywhere", arguments: ["replay", "--bogus", "--help"], expected: Options(command: .help)),
    OptionsCase(name: "-h", arguments: ["-h"], expected: Options(command: .help)),
    OptionsCase(name: "--version", arguments: ["--version"], expected: Options(command: .version)),
  ])
  func parses(_ testCase: OptionsCase) throws {
    #expect(try Options.parse(testCase.arguments) == testCase.expected)
  }

  @Test(arguments: [
    UsageCase(name: "unknown option", arguments: ["--frobnicate"], message: "unknown option '--frobnicate'"),
    UsageCase(name: "--axis without value", arguments: ["--axis"], message: "option '--axis' needs a value"),
    UsageCase(name: "--axis with a bad value", arguments: ["--axis", "diagonal"], message: "invalid value 'diagonal' for '--axis'"),
    UsageCase(name: "replay without files", arguments: ["replay"], message: "'replay' needs at least one FILE"),
    UsageCase(name: "list with an argument", arguments: ["list", "x"], message: "'list' takes no arguments"),
    UsageCase(name: "--json=yes", arguments: ["--json=yes"], message: "option '--json' takes no value"),
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
      touchProtocol: .semiMT(slots: 2), xAxis: AbsInfo(minimum: 0, maximum: 1360), yAxis: AbsInfo(minimum: 0, maximum: 1000))
    #expect(
      ListCommand.describe(semi)
        == "69.0 × 50.0 mm (size assumed: no resolution), semi-MT (2 slots report a bounding box): no two-finger scroll")
  }

  @Test("--natural parses")
  func natural() throws {
    #expect(try Options.parse(["replay", "--natural", "x.evemu"]).pipeline == DevicePipeline.Options(naturalScrolling: true))
  }
}
