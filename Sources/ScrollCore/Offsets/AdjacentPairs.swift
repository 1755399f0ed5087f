/// Pairs every element of a stream with the element before it: the streaming form of
/// `zip(elements, elements.dropFirst())`.
///
/// ```swift
/// var pairs = AdjacentPairs<Int>()
/// pairs.next(0)   // nil: nothing before it
/// pairs.next(5)   // (old: 0, new: 5)
/// pairs.next(3)   // (old: 5, new: 3)
/// ```
/// Feeding it every element of `xs` yields exactly the pairs of `zip(xs, xs.dropFirst())`.
public struct AdjacentPairs<Element> {
  private var previous: Element?

  /// Starts with no element seen.
  public init() {}

  /// Starts as if `first` had already been fed (used to seed a device's offsets with the origin).
  public init(first: Element) {
    previous = first
  }

  /// Feeds the next element; returns it paired with the one before, or `nil` for the first element.
  public mutating func next(_ element: Element) -> (old: Element, new: Element)? {
    defer { previous = element }
    guard let old = previous else { return nil }
    return (old, element)
  }
}

extension AdjacentPairs: Sendable where Element: Sendable {}
