/// Everything scrolldir does with one device's events, as a pure state machine: frames are
/// delimited by `SYN_REPORT`, each frame moves the content offset at most once per source, and
/// each move yields one ``ScrollRecord``.
///
/// Live devices and recordings feed the same pipeline, event by event:
/// ```swift
/// var pipeline = DevicePipeline(device: "/dev/input/event5")
/// pipeline.process(InputEvent(time: t, type: .rel, code: .relWheel, value: -1)) { print($0) }
/// pipeline.process(InputEvent(time: t, type: .syn, code: .synReport, value: 0)) { print($0) }
/// // prints a record: Down, old (0, 0), new (0, 120), v120
/// ```
public struct DevicePipeline: Sendable {
  /// Whether events belong to a frame that will be used.
  public enum FrameState: Sendable, Hashable {
    /// Events accumulate until `SYN_REPORT` closes the frame.
    case collecting
    /// `SYN_DROPPED` was seen: the kernel lost events, so everything up to and including the next
    /// `SYN_REPORT` is an incomplete frame and is dropped (kernel `event-codes.rst`, "SYN_DROPPED").
    case droppedUntilReport
  }

  /// The device label used in records.
  public let device: String
  /// The current frame state.
  public private(set) var frameState: FrameState = .collecting
  private var wheel = WheelAccumulator()
  private var wheelOffsets = OffsetStream(source: .wheel)

  /// Creates the pipeline for one device.
  /// - Parameter device: the label records carry (event node path or recording device name).
  public init(device: String) {
    self.device = device
  }

  /// Feeds one event; calls `emit` for each record it completes (only at `SYN_REPORT`).
  /// - Throws: whatever `emit` throws.
  public mutating func process<Failure: Error>(
    _ event: InputEvent, emit: (ScrollRecord) throws(Failure) -> Void
  ) throws(Failure) {
    if event.isDropped {
      wheel.discardFrame()
      frameState = .droppedUntilReport
      return
    }
    switch frameState {
    case .collecting:
      if event.isReport {
        let delta = wheel.endFrame()
        if let record = wheelOffsets.move(by: delta, at: event.time, device: device) { try emit(record) }
      } else {
        wheel.add(event)
      }
    case .droppedUntilReport:
      if event.isReport {
        wheel.discardFrame()
        frameState = .collecting
      }
    }
  }
}
