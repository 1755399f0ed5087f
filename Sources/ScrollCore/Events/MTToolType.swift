/// `ABS_MT_TOOL_TYPE` values (`MT_TOOL_*` in `linux/input.h`).
public enum MTToolType {
  /// `MT_TOOL_PALM`: the kernel says this contact is a palm.
  public static let palm: Int32 = 0x02
}
