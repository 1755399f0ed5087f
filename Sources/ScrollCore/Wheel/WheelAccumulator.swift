/// Turns the wheel events of one frame into one movement in v120 units.
///
/// Rules (libinput `evdev-wheel.c` and kernel `Documentation/input/event-codes.rst`, "EV_REL"):
/// - `REL_WHEEL_HI_RES` / `REL_HWHEEL_HI_RES` carry the movement in v120 units; the kernel sends the
///   legacy `REL_WHEEL` / `REL_HWHEEL` detent events in the same frames as well, so when a frame has
///   a hi-res event on an axis, the lo-res events on that axis are ignored (never both).
/// - A frame with lo-res but no hi-res event on an axis counts as lo-res × 120. This covers devices
///   without hi-res codes (a value of 2 is two detents) and, as libinput does, hi-res devices that
///   send a lone lo-res event. Because a device can only send codes it advertises, this per-frame
///   rule gives the same answer as checking the advertised codes, and it needs no description.
/// - Signs: kernel `REL_WHEEL` +1 is "away from the user" (scroll up), so y = −value;
///   `REL_HWHEEL` +1 is right, so x = +value (libinput `wheel-api.rst`).
/// - Every other code (`REL_X/Y`, `REL_Z`, buttons, `MSC_*`) is ignored.
public struct WheelAccumulator: Sendable {
  private var loResX: Int64 = 0
  private var loResY: Int64 = 0
  private var hiResX: Int64 = 0
  private var hiResY: Int64 = 0
  private var sawLoResX = false
  private var sawLoResY = false
  private var sawHiResX = false
  private var sawHiResY = false

  public init() {}

  /// Adds one event of the current frame; events that are not wheel events are ignored.
  public mutating func add(_ event: InputEvent) {
    guard event.type == .rel else { return }
    let value = Int64(event.value)
    switch event.code {
    case .relWheel:
      loResY += value
      sawLoResY = true
    case .relHWheel:
      loResX += value
      sawLoResX = true
    case .relWheelHiRes:
      hiResY += value
      sawHiResY = true
    case .relHWheelHiRes:
      hiResX += value
      sawHiResX = true
    default:
      break
    }
  }

  /// Ends the frame: returns its movement in v120 units (libinput signs; `.zero` if the frame had
  /// no wheel movement) and starts the next frame empty.
  public mutating func endFrame() -> ScrollOffset {
    // In Double: a frame of millions of 2^31 events (corrupt input) must not overflow.
    let detent = Double(ScrollUnit.v120PerDetent)
    let kernelY = sawHiResY ? Double(hiResY) : (sawLoResY ? Double(loResY) * detent : 0)
    let kernelX = sawHiResX ? Double(hiResX) : (sawLoResX ? Double(loResX) * detent : 0)
    self = WheelAccumulator()
    return ScrollOffset(x: kernelX, y: -kernelY)
  }

  /// Forgets the current frame without producing movement (after `SYN_DROPPED`: the frame is incomplete).
  public mutating func discardFrame() {
    self = WheelAccumulator()
  }
}
