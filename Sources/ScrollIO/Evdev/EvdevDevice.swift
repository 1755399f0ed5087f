import CLibevdev
import ScrollCore

/// An open evdev event node, read through libevdev. Never grabbed: other programs keep getting
/// the events.
public final class EvdevDevice {
  /// The event node, e.g. `/dev/input/event5`.
  public let path: String
  /// The open descriptor (non-blocking), for `poll`.
  public let descriptor: FileDescriptor
  /// Name, ID and capabilities, as the kernel reports them, and udev's properties of the node
  /// (``UdevDatabase``).
  public let description: DeviceDescription
  private let handle: OpaquePointer

  /// Opens `path` `O_RDONLY|O_NONBLOCK`, initialises libevdev (`libevdev_new_from_fd`) and sets
  /// event timestamps to `CLOCK_MONOTONIC` (`libevdev_set_clock_id`).
  /// - Throws: ``DeviceError/open(path:errno:)`` or ``DeviceError/notEvdev(path:errno:)``.
  public init(path: String) throws(DeviceError) {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(path, [.readOnly, .nonBlocking])
    } catch {
      throw .open(path: path, errno: error)
    }
    var handle: OpaquePointer?
    let rc = libevdev_new_from_fd(descriptor.rawValue, &handle)
    guard rc == 0, let handle else {
      descriptor.close()
      throw .notEvdev(path: path, errno: Errno(rawValue: -rc))
    }
    _ = libevdev_set_clock_id(handle, MonotonicClock.id)
    self.path = path
    self.descriptor = descriptor
    self.handle = handle
    var description = Self.describe(handle)
    description.udevProperties = UdevDatabase().properties(of: descriptor)
    self.description = description
  }

  deinit {
    libevdev_free(handle)
    descriptor.close()
  }

  /// Reads every event available now and hands each to `body`, in order.
  ///
  /// On `SYN_DROPPED` (`LIBEVDEV_READ_STATUS_SYNC`) it passes the `SYN_DROPPED` event on, then
  /// drains libevdev's resync events (`LIBEVDEV_READ_FLAG_SYNC`) and passes them on too, ending
  /// them with a `SYN_REPORT` if libevdev did not, so the pipeline can drop the incomplete frame
  /// and start afresh.
  /// - Throws: ``DeviceError/removed(path:)`` on `ENODEV`, ``DeviceError/read(path:errno:)`` otherwise.
  public func readAvailable(_ body: (InputEvent) -> Void) throws(DeviceError) {
    var raw = input_event()
    while true {
      let rc = libevdev_next_event(handle, LIBEVDEV_READ_FLAG_NORMAL.rawValue, &raw)
      if rc == LIBEVDEV_READ_STATUS_SUCCESS.rawValue {
        body(Self.event(raw))
      } else if rc == LIBEVDEV_READ_STATUS_SYNC.rawValue {
        let dropped = Self.event(raw)
        body(dropped)
        try drainSync(after: dropped, body)
      } else if rc == -Errno.wouldBlock.rawValue {
        return
      } else {
        throw failure(rc)
      }
    }
  }

  /// Passes on libevdev's resync events; the `SYN_REPORT` that ends them, if libevdev sent none,
  /// has the time of the last of them, or of the `SYN_DROPPED` when there were none.
  private func drainSync(after dropped: InputEvent, _ body: (InputEvent) -> Void) throws(DeviceError) {
    var raw = input_event()
    var last: InputEvent?
    while true {
      let rc = libevdev_next_event(handle, LIBEVDEV_READ_FLAG_SYNC.rawValue, &raw)
      if rc == LIBEVDEV_READ_STATUS_SYNC.rawValue {
        let event = Self.event(raw)
        body(event)
        last = event
      } else if rc == -Errno.wouldBlock.rawValue {
        break
      } else {
        throw failure(rc)
      }
    }
    if last?.isReport != true {
      body(InputEvent(time: last?.time ?? dropped.time, type: .syn, code: .synReport, value: 0))
    }
  }

  /// The error a negative `libevdev_next_event` result other than `-EAGAIN` stands for.
  private func failure(_ rc: Int32) -> DeviceError {
    rc == -Errno.noDevice.rawValue ? .removed(path: path) : .read(path: path, errno: Errno(rawValue: -rc))
  }

  /// Converts the kernel's `timeval` once, here at the boundary.
  private static func event(_ raw: input_event) -> InputEvent {
    InputEvent(
      time: Timestamp(seconds: Int64(raw.time.tv_sec), microseconds: Int64(raw.time.tv_usec)),
      type: EventType(rawValue: raw.type), code: EventCode(rawValue: raw.code), value: raw.value)
  }

  private static func describe(_ handle: OpaquePointer) -> DeviceDescription {
    var codes: [EventType: Set<EventCode>] = [:]
    var absInfo: [EventCode: AbsInfo] = [:]
    for rawType in 0...UInt32(EV_MAX) where libevdev_has_event_type(handle, rawType) == 1 {
      let type = EventType(rawValue: UInt16(rawType))
      let max = libevdev_event_type_get_max(rawType)
      guard max >= 0 else { continue }
      var set: Set<EventCode> = []
      for rawCode in 0...UInt32(max) where libevdev_has_event_code(handle, rawType, rawCode) == 1 {
        set.insert(EventCode(rawValue: UInt16(rawCode)))
        if rawType == UInt32(EV_ABS), let info = libevdev_get_abs_info(handle, rawCode) {
          absInfo[EventCode(rawValue: UInt16(rawCode))] = AbsInfo(
            minimum: info.pointee.minimum, maximum: info.pointee.maximum, fuzz: info.pointee.fuzz,
            flat: info.pointee.flat, resolution: info.pointee.resolution)
        }
      }
      codes[type] = set
    }
    var properties: Set<InputProperty> = []
    for property in 0...UInt32(INPUT_PROP_MAX) where libevdev_has_property(handle, property) == 1 {
      properties.insert(InputProperty(rawValue: UInt16(property)))
    }
    let id = InputID(
      bustype: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(handle)),
      vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(handle)),
      product: UInt16(truncatingIfNeeded: libevdev_get_id_product(handle)),
      version: UInt16(truncatingIfNeeded: libevdev_get_id_version(handle)))
    let name = libevdev_get_name(handle).map { String(cString: $0) } ?? ""
    return DeviceDescription(name: name, id: id, properties: properties, codes: codes, absInfo: absInfo)
  }
}
