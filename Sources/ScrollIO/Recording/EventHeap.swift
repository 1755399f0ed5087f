import ScrollCore

/// A binary min-heap of the devices' next events, by time and then device index (so events of
/// the same time come in device order, as libinput replay merges them).
struct EventHeap {
  private var items: [(event: InputEvent, device: Int)] = []

  private static func before(_ a: (event: InputEvent, device: Int), _ b: (event: InputEvent, device: Int)) -> Bool {
    a.event.time < b.event.time || (a.event.time == b.event.time && a.device < b.device)
  }

  mutating func insert(_ event: InputEvent, device: Int) {
    items.append((event, device))
    var child = items.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard Self.before(items[child], items[parent]) else { break }
      items.swapAt(child, parent)
      child = parent
    }
  }

  /// The earliest event and its device, removed; `nil` when empty.
  mutating func removeFirst() -> (InputEvent, Int)? {
    guard let first = items.first else { return nil }
    let last = items.removeLast()
    if !items.isEmpty {
      items[0] = last
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var smallest = parent
        if left < items.count, Self.before(items[left], items[smallest]) { smallest = left }
        if right < items.count, Self.before(items[right], items[smallest]) { smallest = right }
        guard smallest != parent else { break }
        items.swapAt(parent, smallest)
        parent = smallest
      }
    }
    return (first.event, first.device)
  }
}
