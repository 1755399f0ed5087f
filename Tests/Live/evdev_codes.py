"""evdev event types and codes the live checks need (linux/input-event-codes.h), and names for
messages."""

EV_SYN, EV_KEY, EV_REL, EV_ABS, EV_MSC, EV_SW = 0x00, 0x01, 0x02, 0x03, 0x04, 0x05
EV_LED, EV_SND, EV_REP, EV_FF = 0x11, 0x12, 0x14, 0x15
SYN_REPORT, SYN_CONFIG, SYN_MT_REPORT, SYN_DROPPED = 0, 1, 2, 3
ABS_MT_SLOT, ABS_MT_FIRST, ABS_MT_LAST = 0x2F, 0x30, 0x3D
REL_WHEEL = 0x08
ABS_Y = 0x01
ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x35, 0x36, 0x39

ABS_NAMES = {0x00: "ABS_X", 0x01: "ABS_Y", 0x18: "ABS_PRESSURE", 0x1C: "ABS_TOOL_WIDTH",
             0x2F: "ABS_MT_SLOT", 0x30: "ABS_MT_TOUCH_MAJOR", 0x31: "ABS_MT_TOUCH_MINOR",
             0x32: "ABS_MT_WIDTH_MAJOR", 0x33: "ABS_MT_WIDTH_MINOR", 0x34: "ABS_MT_ORIENTATION",
             0x35: "ABS_MT_POSITION_X", 0x36: "ABS_MT_POSITION_Y", 0x37: "ABS_MT_TOOL_TYPE",
             0x39: "ABS_MT_TRACKING_ID", 0x3A: "ABS_MT_PRESSURE", 0x3B: "ABS_MT_DISTANCE"}
TYPE_NAMES = {0: "EV_SYN", 1: "EV_KEY", 2: "EV_REL", 3: "EV_ABS", 4: "EV_MSC", 5: "EV_SW"}


def code_name(t, c):
    if t == EV_ABS and c in ABS_NAMES:
        return ABS_NAMES[c]
    if t == EV_SYN:
        return {0: "SYN_REPORT", 1: "SYN_CONFIG", 2: "SYN_MT_REPORT", 3: "SYN_DROPPED"}.get(c, f"SYN_{c}")
    return f"{TYPE_NAMES.get(t, f'EV_{t:#x}')}/{c:#x}"
