import ScrollCore

/// Records summarised as runs of directions, the way the recordings' descriptions tell them.
public enum DirectionRuns {
  /// Consecutive records with the same answer (vertical if it moved, else horizontal), with their
  /// count: `["Down×6", "Up×4"]`.
  public static func counted(_ records: [ScrollRecord]) -> [String] {
    var runs: [(String, Int)] = []
    for record in records {
      let name = record.vertical != .none ? record.vertical.rawValue : record.horizontal.rawValue
      if let last = runs.last, last.0 == name { runs[runs.count - 1].1 += 1 } else { runs.append((name, 1)) }
    }
    return runs.map { "\($0.0)×\($0.1)" }
  }

  /// Strokes on one axis: runs of records with the same answer on `axis` (None skipped), a stop
  /// record as `stop`: `["Down", "Up", "stop"]`.
  public static func strokes(_ records: [ScrollRecord], _ axis: ScrollAxis) -> [String] {
    var strokes: [String] = []
    for record in records {
      let name = record.isStop ? "stop" : axis.direction(of: record).rawValue
      if name == "None" || name == strokes.last { continue }
      strokes.append(name)
    }
    return strokes
  }
}
