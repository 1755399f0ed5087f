/// What produced a scroll record.
public enum ScrollSource: String, Sendable, Hashable, CaseIterable {
  /// A mouse wheel: `REL_WHEEL`, `REL_HWHEEL` and their hi-res variants. Unit: ``ScrollUnit/v120``.
  case wheel
  /// Two fingers moving on a touchpad. Unit: ``ScrollUnit/mm``.
  case finger

  /// The unit of this source's offsets.
  public var unit: ScrollUnit {
    switch self {
    case .wheel: .v120
    case .finger: .mm
    }
  }

  /// Position in ``allCases``, for deterministic sorting.
  var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

/// The unit of a content offset.
public enum ScrollUnit: String, Sendable, Hashable {
  /// 1/120 of a wheel detent (kernel `REL_WHEEL_HI_RES` units); offsets are whole numbers.
  case v120
  /// Millimetres of finger travel on the touchpad surface.
  case mm

  /// v120 units in one wheel detent: the kernel's `REL_WHEEL_HI_RES` scale, where 120 is one
  /// notch (`Documentation/input/event-codes.rst`, "EV_REL"; libinput `wheel-api.rst`).
  public static let v120PerDetent: Int64 = 120
}
