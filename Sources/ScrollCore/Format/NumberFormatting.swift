/// Exact, locale-free number formatting for output (the core has no Foundation).
public enum NumberFormatting {
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
    return sign + String(magnitude / 1000) + "." + zeroPadded(String(magnitude % 1000), to: 3)
  }

  /// An offset component in its unit's form: whole numbers for v120 and counts, three decimals
  /// for mm; a whole value prints exactly at any size (`9007199254740993`, not `9.007e+15`).
  static func component(_ value: OffsetValue, unit: ScrollUnit) -> String {
    if let whole = value.whole {
      return unit == .mm ? String(whole) + ".000" : String(whole)
    }
    switch unit {
    case .v120, .counts: return whole(value.doubleValue)
    case .mm: return millis(value.doubleValue)
    }
  }

  /// A counter's distance in its reported unit: whole counts (exact), else three decimals
  /// (detents, mm).
  static func reportedDistance(_ total: ScrollCounters.Total) -> String {
    total.reportedUnit == ScrollUnit.counts.rawValue
      ? component(total.distance, unit: .counts) : millis(total.reportedDistance)
  }

  /// `digits` with zeros in front up to `width` characters (unchanged if already as long),
  /// e.g. `zeroPadded("7", to: 3)` is `007`.
  public static func zeroPadded(_ digits: String, to width: Int) -> String {
    String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// `value` in lower-case hexadecimal without prefix, zero-padded to `digits`, e.g.
  /// `hex(0x46d, digits: 4)` is `046d`.
  public static func hex(_ value: some BinaryInteger, digits: Int) -> String {
    zeroPadded(String(value, radix: 16), to: digits)
  }
}
