/// The range and resolution of an absolute axis: the Swift form of `struct input_absinfo`.
public struct AbsInfo: Sendable, Hashable {
  /// Smallest value the axis reports.
  public var minimum: Int32
  /// Largest value the axis reports.
  public var maximum: Int32
  /// Noise filter size, in axis units.
  public var fuzz: Int32
  /// Dead zone size, in axis units.
  public var flat: Int32
  /// Units per millimetre for `ABS_X/Y` and `ABS_MT_POSITION_X/Y`; 0 means unknown
  /// (kernel `Documentation/input/event-codes.rst`, "EV_ABS").
  public var resolution: Int32

  /// `maximum − minimum`, computed without overflow.
  public var range: Double { Double(Int64(maximum) - Int64(minimum)) }

  public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
    self.minimum = minimum
    self.maximum = maximum
    self.fuzz = fuzz
    self.flat = flat
    self.resolution = resolution
  }
}
