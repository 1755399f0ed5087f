import Foundation
import ScrollCore
import ScrollIO
import TestSupport
import Testing

/// The embedding API, without input devices (the live path is tested in a VM: Tests/Live): start,
/// status records for a named node, cancellation.
@Suite("ScrollMonitor: records as an AsyncSequence")
struct ScrollMonitorTests {
  @Test("nothing to monitor and no --wait: the first iteration throws noScrollDevice")
  func startError() async throws {
    let directory = try TemporaryFiles.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let monitor = ScrollMonitor(configuration: MonitorConfiguration(inputDirectory: directory))
    var iterator = monitor.records.makeAsyncIterator()
    await #expect(throws: MonitorStartError.noScrollDevice(directory: directory, nodeCount: 0, keyboards: [])) {
      _ = try await iterator.next()
    }
  }

  @Test(
    "a named node that is missing is 'waiting'; when a non-evdev file appears there it is an 'error'; cancel ends the stream"
  )
  func namedNodeLifecycle() async throws {
    let directory = try TemporaryFiles.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // Named by a link-like path in a subdirectory (as /dev/input/by-id/…): its directory is watched too.
    try FileManager.default.createDirectory(atPath: directory + "/by-id", withIntermediateDirectories: false)
    let node = directory + "/by-id/usb-Logitech_G502-event-mouse"
    let monitor = ScrollMonitor(
      configuration: MonitorConfiguration(paths: [node], inputDirectory: directory, wait: true))
    let task = Task { () throws -> [StatusRecord] in
      var statuses: [StatusRecord] = []
      for try await record in monitor.records {
        if case .status(let status) = record { statuses.append(status) }
        if statuses.count == 1 { _ = FileManager.default.createFile(atPath: node, contents: Data("not evdev".utf8)) }
        if statuses.count == 2 { break }
      }
      return statuses
    }
    let statuses = try await task.value
    #expect(statuses.map(\.state) == [.waiting, .error])
    #expect(statuses.first?.reason == "no such device")
    #expect(statuses.last?.reason.contains("not an evdev event node") == true)
    #expect(statuses.allSatisfy { $0.device == node })
  }

  @Test("--wait with an empty directory idles until the consumer cancels; the stream then ends without error")
  func cancel() async throws {
    let directory = try TemporaryFiles.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let monitor = ScrollMonitor(configuration: MonitorConfiguration(inputDirectory: directory, wait: true))
    let task = Task { () throws -> Int in
      var count = 0
      for try await _ in monitor.records { count += 1 }
      return count
    }
    try await Task.sleep(for: .milliseconds(200))
    task.cancel()
    #expect(try await task.value == 0)
  }
}
