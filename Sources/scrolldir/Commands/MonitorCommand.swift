import ScrollCore
import ScrollIO

/// `scrolldir [monitor] [DEVICE…]`: live records until interrupted.
enum MonitorCommand {
  static func run(devices paths: [String], options: Options, signals: FileDescriptor) throws(CommandError) {
    let configuration = MonitorConfiguration(
      paths: paths, inputDirectory: DeviceDiscovery.inputDirectory, wait: options.wait, once: options.once,
      allowKeyboards: options.allowKeyboards, pipeline: options.pipeline)
    let monitor: Monitor
    do {
      monitor = try Monitor(configuration: configuration)
    } catch {
      throw .start(error)
    }
    let output = OutputStage(options: options)
    let stop: Monitor.Stop
    do {
      stop = try monitor.run(
        signals: signals, output: .standardOutput, deadline: { output.nextDeadline },
        handle: { (event) throws(CommandError) in
          switch event {
          case .record(let record): try output.handle(record)
          case .signal(.user1): try output.writeStats()
          case .signal(.user2): output.resetCounters(at: MonotonicClock.now())
          case .signal: break
          case .deadline(let now): try output.advance(to: now)
          case .warning(let warning): Diagnostics.note(warning.description)
          }
        })
    } catch .output(.interrupted) {
      // SIGINT/SIGTERM/SIGHUP while stdout was blocked: the records could not go out; say so and stop.
      Diagnostics.note("interrupted: " + output.summary)
      return
    }
    // The reader of stdout went away while the monitor waited: end quietly, as on EPIPE.
    if stop == .outputClosed { return }
    do {
      try output.finish()
      if options.stats { try output.writeStats() }
    } catch .output(.interrupted) {
      // Stopped by a signal while the reader was not reading: what is left is dropped (LineWriter).
    }
    switch stop {
    case .signal:
      Diagnostics.note("interrupted: " + output.summary)
    case .noDevicesLeft:
      throw .noDevicesLeft
    case .pollFailed(let errno):
      throw .monitorFailed(errno)
    case .stopped, .outputClosed:
      break
    }
  }
}
