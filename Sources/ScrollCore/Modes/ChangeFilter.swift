/// `--changes-only`: keeps a record only when a classifier's answer differs from the previous
/// answer for the same device, source and axis.
///
/// **None does not count.** An axis whose answer is ``Direction/none`` in a record did not move in
/// that frame; that says nothing about which way the user scrolls on it, so it neither triggers a
/// record nor replaces the remembered answer. Consequences:
/// - Down, Down, Up → Down, Up (the reversal is reported);
/// - Down, Left, Down → Down, Left: switching to the other axis and back is not a change of the
///   vertical direction (with None counted, every axis switch would re-report both axes);
/// - the first movement on an axis is always a change (nothing remembered yet);
/// - a stop record (None on both axes) never passes and changes nothing: the end of a scroll is
///   what `--gestures` reports;
/// - a record that changes one axis passes whole, with both answers, even if the other axis repeats.
///
/// Kept records are the input records unchanged (same `old`/`new`), so the filter composes after
/// `--detents` (changes of detent direction) and after `--axis`. There is no timer: a change is a
/// change however long ago the previous answer was.
public struct ChangeFilter: Sendable {
  private struct Key: Sendable, Hashable {
    var stream: ScrollStreamKey
    var axis: ScrollAxis
  }

  private var last: [Key: Direction] = [:]

  public init() {}

  /// Feeds one record; returns it if some axis's answer (other than None) differs from the one
  /// remembered for that axis, else `nil`.
  public mutating func process(_ record: ScrollRecord) -> ScrollRecord? {
    let stream = ScrollStreamKey(record)
    var changed = false
    for axis in ScrollAxis.allCases {
      let answer = axis.direction(of: record)
      guard answer != .none else { continue }
      let key = Key(stream: stream, axis: axis)
      if last[key] != answer {
        changed = true
        last[key] = answer
      }
    }
    return changed ? record : nil
  }

  /// The last answer (never None) remembered for a device, source and axis, or `nil`.
  public func lastDirection(device: String, source: ScrollSource, axis: ScrollAxis) -> Direction? {
    last[Key(stream: ScrollStreamKey(device: device, source: source), axis: axis)]
  }

  /// Forgets `device` (it went away).
  public mutating func remove(device: String) {
    for key in last.keys where key.stream.device == device { last[key] = nil }
  }
}
