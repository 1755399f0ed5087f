/// Hands out contact IDs for contacts the kernel gave no tracking ID (protocol A, contacts down
/// before the stream started, contacts whose identity was lost). They start at 2^40, far above the
/// kernel's tracking IDs (16-bit on most drivers), so they never equal a real one.
struct ContactIdentities: Sendable {
  private var last: Int64 = 1 << 40

  /// A new ID, never handed out before.
  mutating func fresh() -> Int64 {
    last += 1
    return last
  }
}
