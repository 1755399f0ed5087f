/// Starting a POSIX thread, for loops that block in `poll(2)`, which must not run on the Swift
/// concurrency pool.
public enum DetachedThread {
  private final class Box: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }

  /// Runs `body` on a new detached thread (`pthread_create(3)`, `pthread_detach(3)`).
  /// - Throws: ``Errno`` from `pthread_create`, e.g. `EAGAIN` when the system has no thread left.
  public static func start(_ body: @escaping @Sendable () -> Void) throws(Errno) {
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    let started = Syscalls.startDetachedThread(
      { context in
        let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
        box.body()
        return nil
      }, box)
    if case .failure(let error) = started {
      Unmanaged<Box>.fromOpaque(box).release()
      throw error
    }
  }
}
