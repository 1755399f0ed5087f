/// The recording formats `scrolldir replay` reads (`--format` names them; without it, text formats
/// are told apart by content, see ``RecordingStart``).
public enum RecordingFormat: String, Sendable, Hashable, CaseIterable {
  /// `evemu-record` text: lines tagged `N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:` or `E:`.
  case evemu
  /// `libinput record` YAML, or a fragment of it (its `events:` list, or only the list's items).
  case libinputRecord = "libinput-record"
  /// `evtest` output: its device description, then `Event: time …` lines.
  case evtest
  /// A raw stream of `struct input_event` (`cat /dev/input/eventN`): never told by content.
  case raw
}
