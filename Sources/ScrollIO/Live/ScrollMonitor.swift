import ScrollCore
import Synchronization

/// Live scroll input for Swift programs: the records of a set of devices as an `AsyncSequence`.
///
/// ```swift
/// let monitor = ScrollMonitor(configuration: MonitorConfiguration(wait: true))
/// for try await record in monitor.records {
///   if case .scroll(let scroll) = record { print(scroll.vertical, scroll.new.y) }
/// }
/// ```
/// Each iteration of ``records`` starts its own ``Monitor`` on a dedicated POSIX thread (its
/// `poll` loop blocks, which must not happen on the Swift concurrency pool). Records come in
/// order: ``OutputRecord/status(_:)`` for each device's life, ``OutputRecord/scroll(_:)`` and
/// ``OutputRecord/gap(_:)`` for its input. Cancelling the
/// consuming task (or dropping the iterator) stops the monitor and closes its devices; the
/// sequence then ends without error. ``Monitor/Warning``s (a directory that cannot be watched for
/// hotplug) are not in the sequence; run a ``Monitor`` to see them.
public struct ScrollMonitor: Sendable {
  /// What to monitor.
  public let configuration: MonitorConfiguration

  public init(configuration: MonitorConfiguration = MonitorConfiguration()) {
    self.configuration = configuration
  }

  /// The records, until the consumer stops or (with ``MonitorConfiguration/once``) the devices are gone.
  /// - Throws: ``MonitorStartError`` from the first iteration when there is nothing to monitor and
  ///   ``MonitorConfiguration/wait`` is off; ``Errno`` when no thread can be started for it.
  public var records: AsyncThrowingStream<OutputRecord, any Error> {
    let configuration = configuration
    return AsyncThrowingStream { continuation in
      let control = Control()
      continuation.onTermination = { _ in control.cancel() }
      do {
        try DetachedThread.start { ScrollMonitor.serve(configuration, control, continuation) }
      } catch {
        continuation.finish(throwing: error)
      }
    }
  }

  /// The monitor thread's body.
  private static func serve(
    _ configuration: MonitorConfiguration, _ control: Control,
    _ continuation: AsyncThrowingStream<OutputRecord, any Error>.Continuation
  ) {
    let monitor: Monitor
    do {
      monitor = try Monitor(configuration: configuration)
    } catch {
      continuation.finish(throwing: error)
      return
    }
    guard control.attach(monitor) else {
      continuation.finish()
      return
    }
    let _: Monitor.Stop = monitor.run { event in
      if case .record(let record) = event { continuation.yield(record) }
    }
    control.detach()
    continuation.finish()
  }

  /// Connects cancellation (any thread) with the monitor running on its own thread.
  private final class Control: Sendable {
    private struct State {
      var cancelled = false
      nonisolated(unsafe) var monitor: Monitor?
    }
    private let state = Mutex(State())

    /// Registers the running monitor; `false` if the consumer already cancelled.
    func attach(_ monitor: Monitor) -> Bool {
      state.withLock { state in
        guard !state.cancelled else { return false }
        state.monitor = monitor
        return true
      }
    }

    /// Unregisters the monitor before it is released, so `cancel` never reaches a closed pipe.
    func detach() {
      state.withLock { $0.monitor = nil }
    }

    func cancel() {
      state.withLock { state in
        state.cancelled = true
        state.monitor?.stop()
      }
    }
  }
}
