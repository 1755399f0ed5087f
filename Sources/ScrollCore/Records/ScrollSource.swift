/// What produced a scroll record: one of libinput's scroll sources, or a dial.
public enum ScrollSource: String, Sendable, Hashable, CaseIterable {
  /// A mouse wheel: `REL_WHEEL`, `REL_HWHEEL` and their hi-res variants (libinput
  /// `POINTER_SCROLL_WHEEL`). Unit: ``ScrollUnit/v120``.
  case wheel
  /// Two fingers moving on a touchpad (libinput's "two-finger" method, `POINTER_SCROLL_FINGER`).
  /// Unit: ``ScrollUnit/mm``.
  case finger
  /// One finger moving along the right or bottom edge of a touchpad (libinput's "edge" method,
  /// also `POINTER_SCROLL_FINGER`). Unit: ``ScrollUnit/mm``.
  case edge
  /// Pointer motion while the scroll button is held: TrackPoints, trackballs (libinput's "button"
  /// method, `POINTER_SCROLL_CONTINUOUS`). Unit: ``ScrollUnit/counts``.
  case button
  /// A rotary dial, `REL_DIAL` (Surface Dial, Griffin PowerMate, tablet dials), which libinput's
  /// pointer devices do not scroll with. Unit: ``ScrollUnit/v120``, one click a detent.
  case dial

  /// The unit of this source's offsets.
  public var unit: ScrollUnit {
    switch self {
    case .wheel, .dial: .v120
    case .finger, .edge: .mm
    case .button: .counts
    }
  }

  /// Whether the source scrolls in steps (detents) rather than continuously: `--detents` applies
  /// to these, `--step` to the others.
  public var isDiscrete: Bool { unit == .v120 }

  /// Position in ``allCases``, for deterministic sorting.
  var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

/// The unit of a content offset.
public enum ScrollUnit: String, Sendable, Hashable {
  /// 1/120 of a wheel detent (kernel `REL_WHEEL_HI_RES` units); offsets are whole numbers.
  case v120
  /// Millimetres of finger travel on the touchpad surface.
  case mm
  /// Relative motion counts (`REL_X`/`REL_Y` units) of a pointing device; whole numbers. libinput
  /// scales them to 1000 dpi before it scrolls; at the 1000 dpi it assumes when udev gives no
  /// `MOUSE_DPI`, one count is one of its units.
  case counts

  /// v120 units in one wheel detent: the kernel's `REL_WHEEL_HI_RES` scale, where 120 is one
  /// notch (`Documentation/input/event-codes.rst`, "EV_REL"; libinput `wheel-api.rst`).
  public static let v120PerDetent: Int64 = 120
}
