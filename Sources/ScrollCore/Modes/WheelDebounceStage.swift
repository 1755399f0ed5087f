/// `--debounce`: libinput 1.29's hi-res wheel debouncing (``WheelDebounceStateMachine``) applied to the
/// wheel records of every device, as a pure state machine.
///
/// Place it **first**, on the records straight out of ``DevicePipeline``, before `--axis`,
/// `--detents`, `--changes-only` and `--gestures`: the rule works on the wheel's own steps (each
/// wheel record is one frame, `new − old` its step on each axis), it must see both axes to notice a
/// change of direction from vertical to horizontal, and detents must be counted from the debounced
/// movement. (Equivalently it could sit inside the device pipeline between the wheel accumulator
/// and the offset stream: ``WheelDebounceStateMachine/frame(_:at:)`` takes exactly the frame movement.)
///
/// Output: a wheel record whose step is held produces nothing; a released or passed-through step
/// produces a record from the previous output offset to the output offset plus the step. The output
/// offsets are their own stream, starting where the device's first record starts: they lag the
/// input by the held movement and equal it again whenever nothing is held. Finger records (and
/// stop records) pass through unchanged.
///
/// Time: the 500 ms rest rule is applied at each record's own time, so a replay needs nothing else;
/// ``nextDeadline`` and ``advance(to:)`` exist so a poll loop can treat every stage alike, but the
/// passage of time never produces a record here.
public struct WheelDebounceStage: Sendable {
  private struct Device: Sendable {
    var debounce = WheelDebounceStateMachine()
    var output: ContentOffset
  }

  private var devices: [String: Device] = [:]

  public init() {}

  /// Feeds one record; returns the record to pass on, or `nil` when its step is held back.
  public mutating func process(_ record: ScrollRecord) -> ScrollRecord? {
    guard record.source == .wheel, !record.isStop else { return record }
    var device = devices[record.device] ?? Device(output: record.old)
    defer { devices[record.device] = device }
    let released = device.debounce.frame(record.new - record.old, at: record.time)
    guard released != .zero else { return nil }
    let old = device.output
    device.output = old + released
    return ScrollRecord(time: record.time, device: record.device, source: .wheel, old: old, new: device.output)
  }

  /// The earliest time at which some device's scroll ends (its rest deadline), or `nil`.
  public var nextDeadline: Timestamp? {
    devices.values.compactMap(\.debounce.restDeadline).min()
  }

  /// Ends every scroll whose rest deadline is at or before `now` (inclusive). Emits nothing.
  public mutating func advance(to now: Timestamp) {
    for key in devices.keys { devices[key]?.debounce.rest(at: now) }
  }

  /// Movement of `device` received but held back (v120); `.zero` if none or unknown device.
  public func held(for device: String) -> ScrollOffset {
    devices[device]?.debounce.held ?? .zero
  }

  /// The debounce state of `device`, or `nil` before its first wheel record.
  public func state(of device: String) -> WheelDebounceStateMachine? {
    devices[device]?.debounce
  }

  /// Forgets `device` (it went away). Held movement is dropped, as at the end of input.
  public mutating func remove(device: String) {
    devices[device] = nil
  }
}
