/// Paths of the test fixtures, found from this file's path (`#filePath`), so tests need no bundle
/// resources and run from any directory.
public enum FixturePaths {
  /// The `Tests` directory.
  public static let tests: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    return parts.joined(separator: "/")
  }()

  /// `Tests/Fixtures`.
  public static let fixtures = tests + "/Fixtures"

  /// The repository's root (where README.md is).
  public static let repository = tests + "/.."

  /// A real recording in `Tests/Fixtures/recordings`.
  public static func recording(_ name: String) -> String { fixtures + "/recordings/" + name }

  /// A capture of kernel-made events from the live tests in `Tests/Fixtures/captures`.
  public static func capture(_ name: String) -> String { fixtures + "/captures/" + name }

  /// A real paste from a public thread, or its evemu twin, in `Tests/Fixtures/pastes`.
  public static func paste(_ name: String) -> String { fixtures + "/pastes/" + name }

  /// A peer-suite recording or its label in `Tests/Fixtures/peer-suite`.
  public static func peerSuite(_ name: String) -> String { fixtures + "/peer-suite/" + name }

  /// An expected output in `Tests/Fixtures/expected`.
  public static func expected(_ name: String) -> String { fixtures + "/expected/" + name }

  /// A recording's name without its extension, the stem of its expected files:
  /// `wheel-x.evemu` → `wheel-x`.
  public static func stem(_ name: String) -> String {
    name.split(separator: ".").dropLast().joined(separator: ".")
  }
}
