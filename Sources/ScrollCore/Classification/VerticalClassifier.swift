/// Classifies the vertical part of an `(old, new)` content-offset pair.
public enum VerticalClassifier {
  /// ``Direction/down`` when `new.y > old.y`, ``Direction/up`` when `new.y < old.y`, otherwise
  /// ``Direction/none``. Exact comparison: thresholds belong to the offset sources, not here.
  public static func classify(old: ContentOffset, new: ContentOffset) -> Direction {
    if new.y > old.y { return .down }
    if new.y < old.y { return .up }
    return .none
  }
}
