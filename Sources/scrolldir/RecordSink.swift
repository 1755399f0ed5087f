import ScrollCore
import ScrollIO

/// Filters records by axis, formats them and writes each as one line to stdout.
struct RecordSink {
  let format: Options.Format
  let axis: AxisFilter
  let writer = LineWriter()

  /// Writes `record` if it passes the axis filter.
  /// - Throws: ``CommandError/output(_:)`` when stdout fails or is closed.
  func write(_ record: ScrollRecord) throws(CommandError) {
    guard axis.admits(record) else { return }
    let line =
      switch format {
      case .text: RecordFormatter.text(record)
      case .json: RecordFormatter.json(record)
      }
    do {
      try writer.write(line)
    } catch {
      throw .output(error)
    }
  }
}
