"""What the libinput scenario asserts for each recording, with the reason for every difference
between scrolldir and libinput (also in README.md)."""

# What the libinput scenario asserts for each recording. Every recording played must be listed.
#   sd      "scrolls" (scrolldir monitors it and scrolls), "silent" (monitors it, no record) or
#           "refuses" (exit 66: it cannot scroll with its scroll method, e.g. two-finger scrolling
#           on a semi-MT pad, which reports no two fingers' positions, or a touchscreen)
#   li      "scrolls", "silent" or "refuses" (libinput does not add the device)
#   same_strokes  the collapsed stroke sequences are identical on both axes
#   li_strokes    libinput's strokes, exactly (libinput 1.22.1 is fixed by Debian 12), as
#                 {"v": [...], "h": [...]}; given only where they held on every run, also with
#                 the host's cores busy (which stretches evemu-play's timing, and libinput's gesture
#                 and axis-lock decisions depend on time): not for the semi-MT pads, whose tiny
#                 bounding-box scrolls come and go (the Cypress press lost its 1-frame Right once)
#   relation      how scrolldir's strokes relate to libinput's when they differ: a function
#                 (sd, li) -> True, and its description
#   share         (min, max) of the share of agreeing frames
#   opposite      most frames allowed where both scroll with opposite signs on an axis (default 0)
#   sd_only       most frames allowed where only scrolldir scrolls (default 0)
#   stops         (scrolldir stops, libinput stops)
#   stop_ms       (min, max) of the time from each scrolldir stop to libinput's nearest (ms)
#   start_frames  (min, max) of how many frames earlier (< 0) libinput first scrolls
#   why           the explanation of every difference (also in README.md)
# NAME@edge is NAME played with edge scrolling (scrolldir --scroll-method edge, libinput
# --set-scroll-method=edge); see uinput_checks.EDGE_VARIANTS.
EXPECTED_AGREEMENT = {
    "wheel-ibm-scrollpoint-stick-relz": dict(
        sd="scrolls", li="scrolls", same_strokes=True, share=(1.0, 1.0), stops=(0, 0),
        why="Frame for frame. libinput reports this stick as POINTER_SCROLL_CONTINUOUS (quirk "
            "ModelLenovoScrollPoint for 04b3:3103, 30-vendor-ibm.quirks), scrolldir as a wheel (REL_WHEEL "
            "x 120); the signs agree in all 51 frames."),
    "wheel-logitech-ultrathin-touch-mouse": dict(
        sd="scrolls", li="scrolls", same_strokes=True, share=(1.0, 1.0), stops=(0, 0),
        why="Frame for frame (REL_WHEEL, no hi-res: both count value x 120)."),
    "touchpad-ite-acer-sw5-2fg-scroll-up": dict(
        sd="scrolls", li="scrolls", same_strokes=True, share=(1.0, 1.0), stops=(1, 1), stop_ms=(0, 0),
        start_frames=(0, 0),
        why="Frame for frame, and both end the scroll in the frame the fingers lift."),
    "touchpad-synaptics-hp8470p-2fg-horiz-flicker": dict(
        sd="scrolls", li="scrolls", same_strokes=True, share=(0.75, 0.75), stops=(1, 1),
        stop_ms=(100, 400), start_frames=(-1, -1),
        why="Start: libinput scrolls one frame earlier. In that frame one finger has moved 5.0 mm "
            "and the other 1.39 mm; libinput's 'one-finger scrolling' rule starts a scroll when one "
            "touch has moved 4 mm while the other has not moved 1.5 mm "
            "(tp_gesture_detect_motion_gestures), scrolldir waits until both have moved 1.5 mm "
            "(TwoFingerScroll.minimumFingerTravel). Stop: the finger count flickers 2 -> 1 -> 2 -> 1 "
            "(frames 7, 9, 10); scrolldir stops at the first change, libinput debounces count "
            "changes (DEFAULT_GESTURE_SWITCH_TIMEOUT, 100 ms, restarted by the flicker) and ends "
            "the scroll from that timer 100 ms after frame 10, 180-230 ms after scrolldir, on no frame."),
    "touchpad-synaptics-ps2-2fg-vert-scroll": dict(
        sd="scrolls", li="scrolls", same_strokes=False,
        li_strokes={"v": ["Down", "Up", "Down", "Up", "Down"], "h": []},
        relation=(lambda sd, li: li["v"] == sd["v"] + ["Down"] and li["h"] == sd["h"],
                  "libinput's strokes = scrolldir's + a last Down"),
        share=(0.78, 0.85), stops=(1, 1), stop_ms=(0, 0), start_frames=(0, 0),
        why="Hysteresis. scrolldir never scrolls where libinput does not and never disagrees in "
            "direction; the 10 frames only libinput scrolls are the slow frames around each turn and "
            "before lift-off, where the two-finger centroid moves 0-0.2 mm per frame, inside "
            "scrolldir's 0.25 mm hysteresis (TwoFingerScroll.jitterMargin); libinput's values there "
            "are 0.09-1.40, against up to 25 mid-stroke. The last two of them, just before the "
            "fingers lift, move down: libinput's extra fifth stroke. Both start in the same frame "
            "and stop in the same frame."),
    "touchpad-apple-bcm5974-typeA-2fg-circles": dict(
        sd="scrolls", li="scrolls", same_strokes=False,
        li_strokes={"v": ["Up", "Down", "Up", "Down", "Up", "Down", "Up", "Down"],
                    "h": ["Left", "Right", "Left", "Right", "Left"]},
        relation=(lambda sd, li: li["v"] == sd["v"] + ["Up", "Down"] and li["h"] == sd["h"],
                  "libinput's vertical strokes = scrolldir's + Up, Down (the four-finger touch); "
                  "horizontal strokes equal"),
        share=(0.70, 0.82), opposite=2, sd_only=4, stops=(1, 2), stop_ms=(0, 0),
        start_frames=(-8, -8),
        why="A protocol-A pad (no slots). libinput reads it as a single-touch pad: one position "
            "(ABS_X/ABS_Y) and the finger count from BTN_TOOL_* (tp_init_slots), and with one slot "
            "it disables gesture detection and scrolls as soon as two fingers are down; scrolldir "
            "follows the centroid of the two ABS_MT contacts. Start: libinput scrolls 8 frames "
            "(70-140 ms) before scrolldir's 1.5 mm rule lets it. Axis lock: in the frames where both "
            "scroll but differ, one side moves an axis the other holds (libinput locks an axis by the "
            "time spent moving along it, tp_gesture_apply_scroll_constraints; scrolldir by the "
            "stroke's path angle, AxisLock); 0-2 frames (233-234) only scrolldir scrolls, where libinput's "
            "constrained delta is 0 as its lock turns; at most 1 frame has opposite signs, at a vertical turn "
            "where the two positions reverse a frame apart. Stop: when the fingers lift, the driver "
            "keeps listing both contacts with ABS_MT_TOUCH_MAJOR 0 while BTN_TOUCH and "
            "BTN_TOOL_DOUBLETAP go to 0; both stop in that frame (scrolldir stopped 1.25 s late until "
            "ContactTracker learned to drop zero-size contacts and honour BTN_TOUCH for protocol A, "
            "a bug this comparison found). Four fingers: at 8.7 s the pad reports four contacts (BTN_TOOL_QUADTAP) "
            "that barely move; libinput emits 5 tiny scroll events (|v| <= 0.93) and a stop, "
            "scrolldir scrolls only with exactly two fingers."),
    "touchpad-alps-glidepoint-2fg-tap": dict(
        sd="refuses", li="scrolls", stops=(0, 1),
        why="Semi-MT (INPUT_PROP_SEMI_MT): the pad reports the bounding box of the fingers, not the "
            "fingers. libinput scrolls with it (7 frames and a stop) although this is a stationary "
            "two-finger tap; scrolldir deliberately does not read two fingers from a semi-MT pad "
            "(TouchpadGeometry.TouchProtocol.readsTwoFingers, whose doc cites this very recording), "
            "so with the default method (two-finger, libinput's on a pad that counts two fingers) it "
            "cannot scroll and refuses the device, naming --scroll-method edge."),
    "touchpad-cypress-2fg-press": dict(
        sd="refuses", li="scrolls", stops=(0, 1),
        why="Semi-MT (INPUT_PROP_SEMI_MT) clickpad: a two-finger press, and libinput scrolls "
            "(10-11 frames and a stop) from the bounding box; scrolldir refuses semi-MT pads."),
    "touchpad-alps-glidepoint-right-edge-scroll": dict(
        sd="refuses", li="silent", stops=(0, 0),
        why="Semi-MT: scrolldir refuses it with the default method, two-finger. An edge scroll, and "
            "libinput's default scroll method on a pad that counts two fingers is two-finger, so "
            "libinput does not scroll either; see the @edge variant."),
    "touchpad-synaptics-scrollbuttons-btn0-btn1": dict(
        sd="refuses", li="silent", stops=(0, 0),
        why="Semi-MT: scrolldir refuses it. The recording presses the pad's scroll buttons "
            "(BTN_0/BTN_1), which libinput does not turn into scrolling either."),
    "touchpad-elantech-samsung700z3a-1fg-motion": dict(
        sd="silent", li="silent", stops=(0, 0), why="One finger moving: neither scrolls."),
    "touchpad-synaptics-t440s-1fg-motion": dict(
        sd="silent", li="silent", stops=(0, 0), why="One finger moving: neither scrolls."),
    "touchpad-synaptics-hp8470p-2fg-vert-seen-as-1fg": dict(
        sd="silent", li="silent", stops=(0, 0),
        why="A two-finger scroll that the pad reported as one finger: neither scrolls."),
    "touchpad-synaptics-hp8470p-edge-scroll-vert": dict(
        sd="silent", li="silent", stops=(0, 0),
        why="One-finger edge scroll: the default method on this pad is two-finger scrolling for both; "
            "see the @edge variant."),
    "other-apple-magic-mouse-short-touch": dict(
        sd="silent", li="silent", stops=(0, 0),
        why="A short touch on the mouse's surface; no wheel events, no scroll from either."),
    "other-touchscreen-ep0430m09-2fg-drag": dict(
        sd="refuses", li="silent", stops=(0, 0),
        why="A touchscreen (INPUT_PROP_DIRECT): libinput gives touch events, not scrolling, and "
            "scrolldir refuses it (dragging on a screen is direct manipulation)."),
    "other-huion-keydial-k20-dial-ccw": dict(
        sd="scrolls", li="refuses", stops=(0, 0),
        why="libinput 1.22 refuses the device ('kernel bug: device has min == max on ABS_X': the "
            "recording's description declares ABS_X/ABS_Y 0..0); scrolldir scrolls the dial's one "
            "detent Down."),
    "trackpoint-tpps2-ibm-motion-no-scroll": dict(
        sd="silent", li="silent", stops=(0, 0),
        why="A TrackPoint without a wheel: on-button scrolling is the default for both (on BTN_MIDDLE), "
            "and the middle button is never pressed; 21 s of pointer motion, no scroll from either."),
    # Edge scrolling (libinput's 7 mm zones, tp_edge_scroll_*), the touchpads played once more.
    "touchpad-synaptics-hp8470p-edge-scroll-vert@edge": dict(
        sd="scrolls", li="scrolls", same_strokes=True,
        li_strokes={"v": ["Down", "Up", "Down", "Up", "Down", "Up", "Down", "Up", "Down", "Up", "Down"], "h": []},
        share=(0.96, 0.98), sd_only=6, stops=(1, 1), stop_ms=(0, 0), start_frames=(0, 0),
        why="The same 11 strokes, started and stopped in the same frames, never opposite. The 6 "
            "frames only scrolldir scrolls all come after 1.5 s, when libinput has seen the finger's "
            "x move right, left, right in consecutive frames (tp_detect_wobbling) and turned on its "
            "motion hysteresis for good (tp_motion_hysteresis, a quarter-mm margin), which swallows "
            "the slowest frame near a turn; scrolldir has no wobble detection. The y positions "
            "beyond the declared minimum (28 frames, at the top of each upstroke) scroll in both."),
    "touchpad-alps-glidepoint-right-edge-scroll@edge": dict(
        sd="silent", li="silent", stops=(0, 0),
        why="Neither scrolls: the pad gives no resolution, so both assume libinput's 69 x 50 mm "
            "(1360 / 69 = 19 units per mm: 71.6 mm), which puts the right zone beyond x 1227; "
            "the finger never passes x 1177."),
    "touchpad-synaptics-t440s-1fg-motion@edge": dict(
        sd="silent", li="silent", stops=(0, 0),
        why="Pointer motion: of 35 touches 5 land in the right zone, and none moves 3 mm along it "
            "before leaving it (a clickpad: no 300 ms lock). Neither scrolls."),
}
for name in ("touchpad-alps-glidepoint-2fg-tap", "touchpad-cypress-2fg-press",
             "touchpad-elantech-samsung700z3a-1fg-motion", "touchpad-ite-acer-sw5-2fg-scroll-up",
             "touchpad-synaptics-hp8470p-2fg-horiz-flicker", "touchpad-synaptics-hp8470p-2fg-vert-seen-as-1fg",
             "touchpad-synaptics-ps2-2fg-vert-scroll"):
    EXPECTED_AGREEMENT[name + "@edge"] = dict(
        sd="silent", li="silent", stops=(0, 0),
        why="No touch lands in an edge zone: neither scrolls.")
