/// Classifies the horizontal part of an `(old, new)` content-offset pair.
public enum HorizontalClassifier {
  /// ``Direction/right`` when `new.x > old.x`, ``Direction/left`` when `new.x < old.x`, otherwise
  /// ``Direction/none``. Exact comparison: thresholds belong to the offset sources, not here.
  public static func classify(old: ContentOffset, new: ContentOffset) -> Direction {
    if new.x > old.x { return .right }
    if new.x < old.x { return .left }
    return .none
  }
}
