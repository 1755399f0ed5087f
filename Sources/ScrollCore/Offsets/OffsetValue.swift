/// One axis of a content offset: a whole number, exact at any size scrolldir can reach, while it
/// has only moved by whole amounts (v120 of wheels and dials, counts of on-button scrolling), else
/// a `Double` (millimetres of finger and edge scrolling).
///
/// A `Double` alone is exact only up to 2^53 (9.007e15 v120): past it single hi-res steps would
/// be lost (old == new) and numbers would print as `1.0e+16`. A whole value here is an `Int128`,
/// so 10^26 events of the largest wheel value (2^31 detents) would not reach its limit; past it,
/// arithmetic wraps rather than traps.
///
/// Values compare and hash by their numeric value, whole or not: `OffsetValue(whole: 120)` equals
/// `OffsetValue(120.0)`.
public struct OffsetValue: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral
{
  private enum Storage: Sendable {
    case whole(Int128)
    case real(Double)
  }

  private let storage: Storage

  /// A whole value, exact.
  public init(whole: Int128) {
    storage = .whole(whole)
  }

  /// `value`, kept whole (exact) when it is a whole number within `Int128`'s range.
  public init(_ value: Double) {
    if let whole = Int128(exactly: value) {
      storage = .whole(whole)
    } else {
      storage = .real(value)
    }
  }

  public init(integerLiteral value: Int) {
    storage = .whole(Int128(value))
  }

  public init(floatLiteral value: Double) {
    self.init(value)
  }

  /// The origin.
  public static let zero = OffsetValue(whole: 0)

  /// The exact whole value, or `nil` when the value has a fraction (or is not finite).
  public var whole: Int128? {
    if case .whole(let value) = storage { return value }
    return nil
  }

  /// The nearest `Double` (exact up to 2^53 for whole values).
  public var doubleValue: Double {
    switch storage {
    case .whole(let value): Double(value)
    case .real(let value): value
    }
  }

  /// The value moved by `amount`: exact while both are whole (wrapping past `Int128`'s range),
  /// else a `Double` sum.
  public static func + (value: OffsetValue, amount: Double) -> OffsetValue {
    if case .whole(let whole) = value.storage, let step = Int128(exactly: amount) {
      return OffsetValue(whole: whole &+ step)
    }
    return OffsetValue(value.doubleValue + amount)
  }

  /// The movement from `earlier` to `value`, as a `Double`: exact for whole values less than
  /// 2^53 apart.
  public static func - (value: OffsetValue, earlier: OffsetValue) -> Double {
    if case .whole(let later) = value.storage, case .whole(let before) = earlier.storage {
      return Double(later &- before)
    }
    return value.doubleValue - earlier.doubleValue
  }

  public static func == (lhs: OffsetValue, rhs: OffsetValue) -> Bool {
    compare(lhs, rhs) == 0
  }

  public static func < (lhs: OffsetValue, rhs: OffsetValue) -> Bool {
    compare(lhs, rhs) < 0
  }

  public func hash(into hasher: inout Hasher) {
    // Only whole values can equal whole values, and a `.real` is never whole within range.
    switch storage {
    case .whole(let value): hasher.combine(value)
    case .real(let value): hasher.combine(value)
    }
  }

  /// −1, 0 or 1, exactly; NaN (only from corrupt arithmetic) is unordered and compares as
  /// neither less nor equal.
  private static func compare(_ lhs: OffsetValue, _ rhs: OffsetValue) -> Int {
    switch (lhs.storage, rhs.storage) {
    case (.whole(let a), .whole(let b)):
      return a < b ? -1 : a == b ? 0 : 1
    case (.real(let a), .real(let b)):
      return a < b ? -1 : a == b ? 0 : a > b ? 1 : 2
    case (.whole(let a), .real(let b)):
      let order = compare(real: b, whole: a)
      return order == 2 ? 2 : -order
    case (.real(let a), .whole(let b)):
      return compare(real: a, whole: b)
    }
  }

  /// `real` against `whole` exactly: a `.real` is never a whole number within `Int128`'s range,
  /// so it is above or below; beyond the range (or infinite) its sign decides.
  private static func compare(real: Double, whole: Int128) -> Int {
    if real.isNaN { return 2 }
    let floor = real.rounded(.down)
    guard let floorWhole = Int128(exactly: floor) else { return real > 0 ? 1 : -1 }
    return floorWhole < whole ? -1 : 1
  }

  /// The whole value in decimal, or the `Double` as Swift prints it.
  public var description: String {
    switch storage {
    case .whole(let value): String(value)
    case .real(let value): String(value)
    }
  }
}
