import ScrollCore
import ScrollIO

/// `scrolldir replay FILE…`: each file in turn, its devices merged by time, through the pipeline.
enum ReplayCommand {
  static func run(files: [String], options: DevicePipeline.Options, sink: RecordSink) throws(CommandError) {
    for file in files {
      let recording = try recordingStep { () throws(RecordingError) in try Recording.open(file) }
      var pipelines = recording.devices.map {
        DevicePipeline(device: $0.label, description: $0.description, options: options)
      }
      while let recorded = try recordingStep({ () throws(RecordingError) in try recording.next() }) {
        try pipelines[recorded.device].process(recorded.event) { (record) throws(CommandError) in
          try sink.write(record)
        }
      }
    }
  }

  private static func recordingStep<T>(_ body: () throws(RecordingError) -> T) throws(CommandError) -> T {
    do {
      return try body()
    } catch {
      throw .recording(error)
    }
  }
}
