import ScrollCore

/// The loop of `scrolldir record`: reads one open event node and hands its events on a frame at
/// a time, each frame ending with its `SYN_REPORT`, until a signal stops it or the device goes.
/// Never grabs the device, so other programs keep getting its events.
public enum DeviceRecorder {
  /// Why ``run(_:signals:output:frame:)`` returned.
  public enum Stop: Sendable, Hashable {
    /// `SIGINT`, `SIGTERM` or `SIGHUP` arrived.
    case signal(Signal)
    /// The reader of `output` went away (`POLLERR`/`POLLHUP` on it).
    case outputClosed
    /// The device could not be read any more: ``DeviceError/removed(path:)`` when it was
    /// unplugged, ``DeviceError/read(path:errno:)`` otherwise.
    case device(DeviceError)
    /// `poll(2)` failed.
    case pollFailed(Errno)
  }

  /// Runs until a stopping signal, the device's removal or a closed `output`.
  ///
  /// A frame is every event up to and including a `SYN_REPORT`; a `SYN_DROPPED` and libevdev's
  /// resync events after it (see ``EvdevDevice/readAvailable(_:)``) are handed on as they come,
  /// ended by the `SYN_REPORT` that ends the resync. Events after the last `SYN_REPORT` when the
  /// loop stops (the kernel writes whole frames, so only a device removed mid-frame leaves any)
  /// are not handed on.
  /// - Parameters:
  ///   - signals: a descriptor that becomes readable when a signal arrives (``SignalPipe``);
  ///     signals that do not stop (``Signal/stops``) are taken and ignored.
  ///   - output: a descriptor watched for hangup only (stdout).
  ///   - frame: called with each whole frame, in order.
  /// - Throws: what `frame` throws; the loop stops at once.
  public static func run<Failure: Error>(
    _ device: EvdevDevice, signals: FileDescriptor?, output: FileDescriptor?,
    frame: ([InputEvent]) throws(Failure) -> Void
  ) throws(Failure) -> Stop {
    var pending: [InputEvent] = []
    while true {
      var poll = PollSet()
      let deviceSlot = poll.add(device.descriptor, waitingFor: .input)
      let signalSlot = poll.add(signals, waitingFor: .input)
      let outputSlot = poll.add(output, waitingFor: [])
      do {
        _ = try poll.wait(timeoutMilliseconds: -1)
      } catch {
        if error == .interrupted { continue }
        return .pollFailed(error)
      }
      if !poll.returned(signalSlot).isEmpty, let stop = SignalPipe.takePending().first(where: \.stops) {
        return .signal(stop)
      }
      if !poll.returned(outputSlot).isDisjoint(with: [.error, .hangUp]) { return .outputClosed }
      guard !poll.returned(deviceSlot).isEmpty else { continue }
      var frames: [[InputEvent]] = []
      var failure: DeviceError?
      do {
        try device.readAvailable { event in
          pending.append(event)
          if event.isReport {
            frames.append(pending)
            pending = []
          }
        }
      } catch {
        failure = error
      }
      for events in frames { try frame(events) }
      if let failure { return .device(failure) }
    }
  }
}
