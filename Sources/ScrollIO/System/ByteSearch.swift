/// Finding a byte in memory (`memchr(3)`), for readers that scan lines without creating strings.
enum ByteSearch {
  /// The offset from `start` of the first `byte` within `count` bytes, or `nil`.
  static func firstIndex(of byte: UInt8, in start: UnsafeRawPointer, count: Int) -> Int? {
    Syscalls.firstIndex(of: byte, in: start, count: count)
  }
}
