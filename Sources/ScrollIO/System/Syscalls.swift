// `struct timespec` reaches Swift through both Glibc and the libevdev headers (linux/input.h); the
// compiler attributes it to whichever module it met first (CLibevdev in a release build), so that
// module is imported too, for the type only: nothing here calls libevdev.
import CLibevdev
import Glibc

/// The only calls into the C library for I/O. Each function wraps one libc call (or one short,
/// fixed sequence of them), turns failure into ``Errno`` and, where it takes `retryOnInterrupt`,
/// retries `EINTR` when that is true (the shape of swift-system's `valueOrErrno(retryOnInterrupt:)`).
/// The rest of ScrollIO reaches the system through the types in this folder, which call these;
/// no C type leaves it.
enum Syscalls {
  /// Calls `call` until it returns something other than −1, or fails with an errno other than
  /// `EINTR` (or with `EINTR` when `retryOnInterrupt` is false).
  static func valueOrErrno<Value: FixedWidthInteger>(
    retryOnInterrupt: Bool, _ call: () -> Value
  ) -> Result<Value, Errno> {
    while true {
      let value = call()
      if value != -1 { return .success(value) }
      let error = Errno.current
      if error == .interrupted && retryOnInterrupt { continue }
      return .failure(error)
    }
  }

  // MARK: - Descriptors

  /// `open(2)` with `O_CLOEXEC` and `O_NOCTTY` added (a terminal opened by name never becomes the
  /// controlling terminal).
  static func open(_ path: String, _ flags: Int32, retryOnInterrupt: Bool) -> Result<Int32, Errno> {
    valueOrErrno(retryOnInterrupt: retryOnInterrupt) { Glibc.open(path, flags | O_CLOEXEC | O_NOCTTY) }
  }

  /// `read(2)`.
  static func read(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, retryOnInterrupt: Bool
  ) -> Result<Int, Errno> {
    valueOrErrno(retryOnInterrupt: retryOnInterrupt) { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
  }

  /// `write(2)`.
  static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, retryOnInterrupt: Bool) -> Result<Int, Errno>
  {
    valueOrErrno(retryOnInterrupt: retryOnInterrupt) { Glibc.write(descriptor, bytes.baseAddress, bytes.count) }
  }

  /// `close(2)`; its result is ignored, since the descriptor is released either way (Linux `close(2)`).
  static func close(_ descriptor: Int32) {
    _ = Glibc.close(descriptor)
  }

  /// `pipe(2)`, then `fcntl(2)` for `FD_CLOEXEC` and `O_NONBLOCK` on both ends: (read end, write end).
  static func pipe() -> Result<(Int32, Int32), Errno> {
    var ends: [Int32] = [-1, -1]
    guard Glibc.pipe(&ends) == 0 else { return .failure(.current) }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
    }
    return .success((ends[0], ends[1]))
  }

  /// Whether `descriptor` is open (`fcntl(F_GETFD)` succeeds).
  static func isOpen(_ descriptor: Int32) -> Bool {
    fcntl(descriptor, F_GETFD) >= 0
  }

  /// The file type bits of `descriptor` (`fstat(2)`, `st_mode & S_IFMT`).
  static func fileType(_ descriptor: Int32) -> Result<UInt32, Errno> {
    var status = stat()
    return valueOrErrno(retryOnInterrupt: true) { fstat(descriptor, &status) }.map { _ in status.st_mode & S_IFMT }
  }

  /// `lseek(2)` to `offset` from the start.
  static func seek(_ descriptor: Int32, to offset: Int64) -> Result<Void, Errno> {
    valueOrErrno(retryOnInterrupt: true) { lseek(descriptor, off_t(offset), SEEK_SET) }.map { _ in }
  }

  /// The file type bits of `path`, following symbolic links (`stat(2)`, `st_mode & S_IFMT`).
  static func fileType(path: String) -> Result<UInt32, Errno> {
    var status = stat()
    return valueOrErrno(retryOnInterrupt: true) { stat(path, &status) }.map { _ in status.st_mode & S_IFMT }
  }

  /// The `open(2)` flags ``FileDescriptor/OpenFlags`` names.
  static let openReadOnly = O_RDONLY
  static let openWriteOnly = O_WRONLY
  static let openNonBlocking = O_NONBLOCK

  /// The device number (`st_rdev`) of the character or block device `descriptor` refers to, as
  /// (major, minor), decoded as glibc's `major(3)` and `minor(3)` do.
  static func deviceNumber(_ descriptor: Int32) -> Result<(major: UInt64, minor: UInt64), Errno> {
    var status = stat()
    return valueOrErrno(retryOnInterrupt: true) { fstat(descriptor, &status) }.map { _ in
      let rdev = UInt64(status.st_rdev)
      return ((rdev >> 8) & 0xfff | (rdev >> 32) & ~0xfff, rdev & 0xff | (rdev >> 12) & ~0xff)
    }
  }

  /// `S_IFREG`, `S_IFDIR` and `S_IFCHR`, the file types ``fileType(_:)`` is compared with.
  static let regularFileType = S_IFREG
  static let directoryType = S_IFDIR
  static let characterDeviceType = S_IFCHR

  /// `isatty(3)`.
  static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// The `poll(2)` event bits ``PollSet/Events`` names.
  static let pollInput = Int16(POLLIN)
  static let pollOutput = Int16(POLLOUT)
  static let pollError = Int16(POLLERR)
  static let pollHangUp = Int16(POLLHUP)

  /// `poll(2)` on several descriptors: the `pollfd` entries are built here from (descriptor, events)
  /// pairs, and the returned events come back in the same order. `EINTR` is returned, never
  /// retried, so the caller can look at its signals.
  static func poll(_ requests: [(descriptor: Int32, events: Int16)], timeoutMilliseconds: Int32) -> Result<
    [Int16], Errno
  > {
    var entries = requests.map { pollfd(fd: $0.descriptor, events: $0.events, revents: 0) }
    return valueOrErrno(retryOnInterrupt: false) { Glibc.poll(&entries, nfds_t(entries.count), timeoutMilliseconds) }
      .map { _ in entries.map(\.revents) }
  }

  // MARK: - Files and directories

  /// `mkstemp(3)` in `directory`, then `unlink(2)`: a file only the returned descriptor reaches.
  static func unlinkedTemporaryFile(in directory: String, prefix: String) -> Result<Int32, Errno> {
    var template = Array((directory + "/" + prefix + "XXXXXX").utf8CString)
    let result = valueOrErrno(retryOnInterrupt: true) {
      template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    }
    if case .success = result { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
    return result
  }

  /// The names in a directory (`opendir(3)`, `readdir(3)`, `closedir(3)`), `.` and `..` included.
  static func directoryEntries(_ path: String) -> Result<[String], Errno> {
    guard let directory = opendir(path) else { return .failure(.current) }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
    }
    return .success(names)
  }

  /// `getenv(3)`.
  static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// The `release` field of `uname(2)`, e.g. `6.1.0-27-amd64`.
  static func kernelRelease() -> String? {
    var names = utsname()
    guard uname(&names) == 0 else { return nil }
    return withUnsafeBytes(of: &names.release) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  // MARK: - inotify

  /// `inotify_init1(IN_CLOEXEC | IN_NONBLOCK)`.
  static func inotifyInit() -> Result<Int32, Errno> {
    valueOrErrno(retryOnInterrupt: true) { inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK)) }
  }

  /// `inotify_add_watch(2)` for `path` with `mask`.
  static func inotifyAddWatch(_ descriptor: Int32, _ path: String, _ mask: UInt32) -> Result<Int32, Errno> {
    valueOrErrno(retryOnInterrupt: true) { inotify_add_watch(descriptor, path, mask) }
  }

  /// The inotify event masks ``InotifyEvents`` uses, and the size of `struct inotify_event`.
  static let inotifyCreate = UInt32(IN_CREATE)
  static let inotifyDelete = UInt32(IN_DELETE)
  static let inotifyAttributes = UInt32(IN_ATTRIB)
  static let inotifyMovedTo = UInt32(IN_MOVED_TO)
  static let inotifyMovedFrom = UInt32(IN_MOVED_FROM)
  static let inotifyEventSize = MemoryLayout<inotify_event>.size
  static let inotifyBufferSize = 16 * (MemoryLayout<inotify_event>.size + Int(NAME_MAX) + 1)

  /// The watch, mask and length of name of the `struct inotify_event` at `offset` in `buffer`.
  static func inotifyEvent(in buffer: UnsafeRawBufferPointer, at offset: Int) -> (
    watch: Int32, mask: UInt32, nameLength: Int
  ) {
    let event = buffer.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
    return (event.wd, event.mask, Int(event.len))
  }

  // MARK: - Memory

  /// The offset of the first `byte` in `count` bytes from `start`, or `nil` (`memchr(3)`).
  static func firstIndex(of byte: UInt8, in start: UnsafeRawPointer, count: Int) -> Int? {
    guard count > 0, let found = memchr(start, Int32(byte), count) else { return nil }
    return start.distance(to: UnsafeRawPointer(found))
  }

  // MARK: - Time, threads, process

  /// `clock_gettime(CLOCK_MONOTONIC)` in whole seconds and nanoseconds.
  static func monotonicTime() -> (seconds: Int64, nanoseconds: Int64) {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return (Int64(time.tv_sec), Int64(time.tv_nsec))
  }

  /// `CLOCK_MONOTONIC`, for libevdev's `libevdev_set_clock_id`.
  static let monotonicClockID = CLOCK_MONOTONIC

  /// `pthread_create(3)` then `pthread_detach(3)`: runs `body(context)` on a new detached thread.
  static func startDetachedThread(
    _ body: @escaping @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?,
    _ context: UnsafeMutableRawPointer
  ) -> Result<Void, Errno> {
    var thread = pthread_t()
    let rc = pthread_create(&thread, nil, body, context)
    guard rc == 0 else { return .failure(Errno(rawValue: rc)) }
    pthread_detach(thread)
    return .success(())
  }

  /// `exit(3)`.
  static func exit(_ status: Int32) -> Never {
    Glibc.exit(status)
  }
}
