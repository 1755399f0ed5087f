import ScrollCore
import ScrollIO
import Testing

@Suite("NodeLifecycle: an event node's life while monitoring, without devices")
struct NodeLifecycleTests {
  static func at(_ milliseconds: Int64) -> Timestamp { Timestamp(microseconds: milliseconds * 1000) }

  static let opened = NodeLifecycle.Outcome.opened(description: "Mouse: wheel")
  static let denied = NodeLifecycle.Outcome.unavailable(reason: "permission denied")
  static let keyboard = NodeLifecycle.Outcome.ignored(reason: "a keyboard")

  /// Handles `event` at `ms`; `outcome` answers an open attempt, and the test fails if an attempt
  /// is made when none is expected (`outcome` nil).
  static func handle(
    _ node: inout NodeLifecycle, _ event: NodeLifecycle.Event, at ms: Int64, _ outcome: NodeLifecycle.Outcome? = nil
  ) -> [NodeLifecycle.Effect] {
    var attempted = false
    let effects = node.handle(event, at: at(ms)) {
      attempted = true
      return outcome ?? .unavailable(reason: "unexpected attempt")
    }
    #expect(attempted == (outcome != nil), "open attempted: \(attempted) on \(event)")
    return effects
  }

  @Test("a node that opens at the start streams, with one streaming record")
  func startsStreaming() {
    var node = NodeLifecycle(named: false)
    #expect(Self.handle(&node, .started, at: 0, Self.opened) == [.status(.streaming, reason: "Mouse: wheel")])
    #expect(node.state == .streaming)
    #expect(node.nextDeadline == nil)
  }

  @Test("not readable at the start: waiting, with no retry timer")
  func unreadableAtStart() {
    var node = NodeLifecycle(named: true)
    #expect(Self.handle(&node, .started, at: 0, Self.denied) == [.status(.waiting, reason: "permission denied")])
    #expect(node.state == .waiting(reason: "permission denied"))
    #expect(node.nextDeadline == nil)
    #expect(Self.handle(&node, .tick, at: 5000).isEmpty, "no timer: a tick tries nothing")
  }

  @Test("a node that appears unreadable is retried every 100 ms for 3 s with one waiting record, then waits")
  func retryWindow() {
    var node = NodeLifecycle(named: false)
    #expect(Self.handle(&node, .appeared, at: 0, Self.denied) == [.status(.waiting, reason: "permission denied")])
    #expect(node.state == .retrying(reason: "permission denied", until: Self.at(3000), next: Self.at(100)))
    #expect(Self.handle(&node, .tick, at: 99).isEmpty, "not due yet")
    #expect(Self.handle(&node, .tick, at: 100, Self.denied).isEmpty, "still waiting: no second record")
    #expect(node.nextDeadline == Self.at(200))
    #expect(Self.handle(&node, .tick, at: 3000, Self.denied).isEmpty)
    #expect(node.state == .waiting(reason: "permission denied"), "the window is over")
    #expect(node.nextDeadline == nil)
  }

  @Test("udev grants access during the retry window: streaming")
  func grantedDuringWindow() {
    var node = NodeLifecycle(named: false)
    _ = Self.handle(&node, .appeared, at: 0, Self.denied)
    #expect(
      Self.handle(&node, .attributesChanged, at: 40, Self.opened) == [.status(.streaming, reason: "Mouse: wheel")])
    #expect(node.isStreaming)
    #expect(node.nextDeadline == nil)
  }

  @Test("an attribute change of a waiting node tries again and keeps the retry window it had")
  func attributeChangeKeepsWindow() {
    var node = NodeLifecycle(named: false)
    _ = Self.handle(&node, .appeared, at: 0, Self.denied)
    #expect(Self.handle(&node, .attributesChanged, at: 50, Self.denied).isEmpty)
    #expect(node.state == .retrying(reason: "permission denied", until: Self.at(3000), next: Self.at(150)))
  }

  @Test("unplugging a streaming node closes it and says removed; a discovered node is then forgotten")
  func unplugDiscovered() {
    var node = NodeLifecycle(named: false)
    _ = Self.handle(&node, .started, at: 0, Self.opened)
    #expect(Self.handle(&node, .disappeared, at: 10) == [.close, .status(.removed, reason: "device removed"), .forget])
  }

  @Test(
    "a named node that is unplugged stays, ignores its teardown's attribute changes, and streams again when it appears")
  func unplugNamed() {
    var node = NodeLifecycle(named: true)
    _ = Self.handle(&node, .started, at: 0, Self.opened)
    #expect(Self.handle(&node, .disappeared, at: 10) == [.close, .status(.removed, reason: "device removed")])
    #expect(Self.handle(&node, .attributesChanged, at: 11).isEmpty)
    #expect(node.state == .removed)
    #expect(Self.handle(&node, .appeared, at: 2000, Self.opened) == [.status(.streaming, reason: "Mouse: wheel")])
  }

  @Test("a waiting node that disappears says removed; one never seen says nothing")
  func unplugWaiting() {
    var waiting = NodeLifecycle(named: true)
    _ = Self.handle(&waiting, .started, at: 0, Self.denied)
    #expect(Self.handle(&waiting, .disappeared, at: 10) == [.status(.removed, reason: "device removed")])
    var unseen = NodeLifecycle(named: true)
    #expect(Self.handle(&unseen, .disappeared, at: 10).isEmpty)
  }

  @Test("not a scroll device: a named node is an error, a discovered one is forgotten without a record")
  func ignored() {
    var named = NodeLifecycle(named: true)
    #expect(Self.handle(&named, .appeared, at: 0, Self.keyboard) == [.status(.error, reason: "a keyboard")])
    #expect(named.state == .error(reason: "a keyboard"))
    var discovered = NodeLifecycle(named: false)
    #expect(Self.handle(&discovered, .appeared, at: 0, Self.keyboard) == [.forget])
  }

  @Test("reading fails: ENODEV is removed, another error is an error record; both close the device")
  func readFailures() {
    var gone = NodeLifecycle(named: true)
    _ = Self.handle(&gone, .started, at: 0, Self.opened)
    #expect(Self.handle(&gone, .deviceRemoved, at: 5) == [.close, .status(.removed, reason: "device removed")])
    var broken = NodeLifecycle(named: false)
    _ = Self.handle(&broken, .started, at: 0, Self.opened)
    #expect(
      Self.handle(&broken, .readFailed(reason: "Input/output error"), at: 5)
        == [.close, .status(.error, reason: "Input/output error"), .forget])
  }

  @Test(
    "a discovered node whose device went away (ENODEV) ignores its teardown's attribute changes and is forgotten when it disappears"
  )
  func removedBeforeDeleted() {
    var node = NodeLifecycle(named: false)
    _ = Self.handle(&node, .started, at: 0, Self.opened)
    #expect(Self.handle(&node, .deviceRemoved, at: 5) == [.close, .status(.removed, reason: "device removed")])
    #expect(Self.handle(&node, .attributesChanged, at: 6).isEmpty, "no open attempt, no waiting record")
    #expect(Self.handle(&node, .disappeared, at: 7) == [.forget])
  }

  @Test("a streaming node is not tried again by hotplug changes or ticks")
  func streamingIgnoresHotplug() {
    var node = NodeLifecycle(named: true)
    _ = Self.handle(&node, .started, at: 0, Self.opened)
    for event in [NodeLifecycle.Event.appeared, .attributesChanged, .tick] {
      #expect(Self.handle(&node, event, at: 100).isEmpty)
    }
    #expect(node.isStreaming)
  }
}
