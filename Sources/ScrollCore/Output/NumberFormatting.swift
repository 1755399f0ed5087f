/// Exact, locale-free number formatting for output (the core has no Foundation).
enum NumberFormatting {
  /// Magnitudes beyond this print in Swift's shortest form (e.g. `2.5769803776e+23`): only
  /// corrupt input gets there, and it must not trap.
  static let exactLimit = 1e15

  /// A whole number without a fraction, e.g. `-240`. Offsets in v120 units are always whole.
  static func whole(_ value: Double) -> String {
    guard value.magnitude < exactLimit else { return "\(value)" }
    return String(Int64(value.rounded()))
  }

  /// `value` rounded to three decimals, e.g. `-1.250`; `-0.000` prints as `0.000`.
  static func millis(_ value: Double) -> String {
    guard value.magnitude < exactLimit else { return "\(value)" }
    let thousandths = Int64((value * 1000).rounded())
    let sign = thousandths < 0 ? "-" : ""
    let magnitude = thousandths.magnitude
    let fraction = String(magnitude % 1000)
    return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  /// An offset component in its unit's form: whole numbers for v120, three decimals for mm.
  static func component(_ value: Double, unit: ScrollUnit) -> String {
    switch unit {
    case .v120: whole(value)
    case .mm: millis(value)
    }
  }
}
