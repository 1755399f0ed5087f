#!/usr/bin/env python3
"""evemu-twin.py - an independent oracle: turn one pasted evtest / python-evdev
recording into the evemu-record recording that holds exactly its events.

    python3 evemu-twin.py PASTE > TWIN.evemu            (notes go to stderr)
    python3 evemu-twin.py --notes TWIN.notes PASTE > TWIN.evemu

Standard library only.  It implements the paste rules of replay-rules.md
(quote markers, '# ' comment prefixes, fences, prompts, evtest chatter, words
above/between, elisions, first line cut, last line cut, last frame without
SYN_REPORT, mail-wrapped lines, no-SYN_REPORT pastes) from their text alone.

Line numbers (in E: comments and in notes) are line numbers of the PASTE FILE
as given, i.e. they count the fixture's '# provenance:' ... '# --- paste below,
verbatim ---' header lines, so they match `cat -n PASTE`.  Those header lines
are skipped (they are not part of the paste).

Output: '# EVEMU 1.3'; if the paste has evtest's description (a block with
'Supported events:') then N:, I:, P:, B:, A: lines; then one
'E: SEC.USEC TTTT CCCC VALUE\\t# LINE' line per event.  VALUE is written
'%04d' exactly as evemu-record writes it (-1 -> -001, 1 -> 0001).

Choices made where the rules are silent or ambiguous
-----------------------------------------------------
 1. A line is 'cut off' only if it is a proper prefix of an event line: it
    ends before one of its parts (in the middle of a word, number or name,
    or before a part) of the exact printf formats: evtest
    'Event: time S.U, type T (N), code C (N), value V' and
    'Event: time S.U, <14 marks> NAME <12 marks>' (marks '-', '+', '>'/'<');
    python-evdev evtest.py 'time S.U type T (N), code C (N), value V' and
    'time S.U <9 marks> NAME <8 marks>'; InputEvent
    '[label: ]event at S.U, code CC, type TT, val V'.  It must show at least
    'Event:', 'time ' and a digit, or 'event at'.  A SYN line whose NAME is
    complete (a SYN name evtest prints, or '?') but lost some or all of its
    trailing marks ('-------------- SYN_REPORT --------') is a WHOLE line
    (replay-rules.md: 'a SYN_REPORT line that lost only trailing dashes is
    whole').  A line that is neither whole nor such a prefix (also
    'time 5 minutes later', 'Event: the mouse ...') is words.  A number
    that lost digits at the end of a line (value 12 of 120) cannot be seen
    and is read as it stands.
 2. A line that is cut off is joined with the next one or two lines (after
    the quote markers come off) if the join, with one space, is a whole
    event line (mail wrapping).  If no join works: the last such line with
    no event after it is 'the last line cut mid-line'; one in the middle is
    left out as an unreadable line (cuts no frame).
 3. Elisions are exactly the documented forms, each alone on its line:
    '...' or more dots, the ellipsis character, '[...]', '[\u2026]',
    '(...)', '<snip>', '[snip]' (also behind '# ').  Anything else is
    words: '<SNIP>', '[SNIP]', '[....]', '(\u2026)', '(snip)', '[ ... ]',
    '. . .', '... (more events)' etc.  The recording's first
    line is its first event line, cut event line, evtest description start
    ('Input driver version is' / 'Input device ID:' / 'Input device name:'
    / 'Supported events:') or cut first line (choice 13), whichever comes
    first.  An elision that is the last non-blank, non-fence line above
    that first line, or that stands after it but before the first event
    line (e.g. between evtest's description and the events), leaves out
    the events up to and including the first SYN_REPORT (choice 5).  An
    elision after the first event line is a SYN_DROPPED.  Any other elision
    above the recording (the device list; one with words between it and
    the first line) changes nothing (a note).
 4. 'The time of the last event before it' for an elision is the time of
    the last event line of the paste above it (whether or not that event is
    kept).  Consecutive elision lines each give a SYN_DROPPED.
 5. 'The events up to and including the first SYN_REPORT' (elision, cut
    first line) is taken literally in a paste with SYN_REPORT lines (a
    SYN_DROPPED before that SYN_REPORT goes too; no SYN_REPORT after the
    first event: all events go).  In a paste without SYN_REPORT lines it is
    the first frame by time: the events of the first event's time, up to a
    SYN_DROPPED.
 6. Frames by time apply only to a paste with no SYN_REPORT line at all
    among the lines read (python-evdev's 'code 00, type 00' and evtest
    1.32's 'EV_SYN' name count; SYN_MT_REPORT does not): a frame then ends
    where the time changes (a synthetic SYN_REPORT after the frame's last
    event) and the last frame ends at the end.  A frame is ended by a time
    change only if it holds events (no synthetic SYN_REPORT right after a
    SYN_DROPPED / at the start).  In a paste with SYN_REPORT lines a frame
    ends only at a SYN_REPORT or SYN_DROPPED, also before the first
    SYN_REPORT line and where the time changes.
 7. (merged into 6: without SYN_REPORT lines 'a last frame without its
    SYN_REPORT: not used' does not apply, even if the paste was obviously
    cut there.)
 8. 'The last frame without its SYN_REPORT' is the run of events after the
    last SYN_REPORT or SYN_DROPPED (a real one or an elision).  Events just
    before a final elision are kept (the SYN_DROPPED after them already
    marks them lost).
 9. SYN names: SYN_REPORT/EV_SYN -> 0, SYN_CONFIG/EV_KEY -> 1,
    SYN_MT_REPORT/EV_REL -> 2, SYN_DROPPED/EV_ABS -> 3 (evtest 1.32), and
    '(null)' (evtest 1.29-1.31 printing SYN_DROPPED) -> 3; '?' is left out
    with a note.  SYN values are 0 (evtest does not print them).
10. MSC_RAW/MSC_SCAN hex values of 8 digits >= 80000000 are negative
    32-bit values.  python-evdev values are always decimal.
    python-evdev evtest.py times are Python floats: a fraction with fewer
    than 6 digits is padded, one with more is rounded to the microsecond.
11. Description: the block starting at 'Input driver version is' /
    'Input device ID:' / 'Input device name:' / 'Supported events:' and
    running over description lines and blank lines; used only if it holds
    'Supported events:'.  Two evtest runs: a second run starts at an
    'Input driver version is' line after an 'Input driver version is' or
    'Input device ID:' line, or at an 'Input device ID:' line after an
    'Input device ID:' line (a run's own ID line after its driver line is
    not a second run); from there on nothing is read (one note), so the
    first device's description and events are used.  A description cut
    off keeps what precedes the cut; an ABS code whose Min/Max were cut off
    stays in the B: mask and gets 'A: cc 0 0 0 0 0'.  Missing ID -> I: 0000
    0000 0000 0000, missing name -> 'Unknown' (evtest's default).  EV_REP
    ('Key repeat handling:') -> B: 14 with the Repeat codes listed.  Codes
    in 'Event code' lines of a fragment without 'Supported events:' are not
    read.  Event types listed but with no codes get one all-zero B: line.
12. '# ' comes off only before event lines, cut event lines and elision
    lines; a bare '#' line is a blank line; '# # label' lines are words.
    Quote depth is that of the recording's first line (first line that
    starts a description or is an event line); a non-blank line with fewer
    markers is a reply, not read; blank quoted lines are blank lines.
13. The first line counts as 'cut mid-line' if the nearest non-blank line
    right above the recording's first EVENT line looks like the tail of an
    event line (ends in '), value V', starts with 'value V', ends in a SYN
    marker run, or ends in 'type TT, val V').
14. Blank lines, fences and indentation are not noted; quote markers,
    '# ' prefixes and CRs that came off are noted once per run of lines.
    Times going backwards are noted (informational), and kept as pasted; so
    is a frame whose events carry different times (it stays one frame when
    the paste has SYN_REPORT lines: words / blank lines cut no frame, also
    in the middle of a frame, and a line of words is never an event).
15. A bare ':' or '.' line right after evtest's device list is the poster's
    elision of devices: device list, not read, no events lost.
16. Lines of the fixture header ('# provenance:' ... '# --- paste below,
    verbatim ---') are not part of the paste and get no notes.
17. After an elision's SYN_DROPPED the next event decides: if its time is
    not the SYN_DROPPED's time, the frame it starts is whole, and
    'E: <the SYN_DROPPED's time> 0000 0000 0000' (a SYN_REPORT ending the
    lost stretch) is written right after the SYN_DROPPED line; if it has
    the same time (the elision cut into its frame) nothing extra is written
    (that frame's own SYN_REPORT ends the lost stretch).  Nothing extra
    either if the next event is a SYN_REPORT or a SYN_DROPPED (also a
    synthetic SYN_REPORT or another elision's SYN_DROPPED), or if no event
    follows.  'The next event' is the next event of the recording as
    written, i.e. after choices 5, 6 and 8 took events out: an event left
    out (a last frame without SYN_REPORT, a cut last line) does not count,
    and a SYN_DROPPED that choice 5 took out gets nothing.  The value is
    written '%04d' like every other value (0000, not 0).
"""
import argparse
import re
import sys
from decimal import Decimal, ROUND_HALF_EVEN

HEADER_END = '# --- paste below, verbatim ---'

# ---------------------------------------------------------------- patterns
RE_EV = re.compile(r'^Event: time (\d+)\.(\d+), type (\d+) \(([^()]*)\), '
                   r'code (\d+) \(([^()]*)\), value (-?[0-9A-Fa-f]+)$')
SYN_NAME_RE = r'(SYN_REPORT|SYN_CONFIG|SYN_MT_REPORT|SYN_DROPPED|EV_SYN|EV_KEY|EV_REL|EV_ABS|\(null\)|\?)'
# a SYN line whose name is complete but lost (some or all of) its trailing marks is whole
RE_EV_SYN = re.compile(r'^Event: time (\d+)\.(\d+), (-{14}|\+{14}|>{14}) '
                       r'(?:' + SYN_NAME_RE + r'(?: [-+<]{0,12})?|(\S+) (?:-{12}|\+{12}|<{12}))$')
RE_PY = re.compile(r'^time (\d+(?:\.\d+)?)\s+type (\d+) \(([^()]*)\), '
                   r'code (\d+)\s+\(([^()]*)\), value (-?\d+)$')
RE_PY_SYN = re.compile(r'^time (\d+(?:\.\d+)?)\s+(-{9}|\+{9}) '
                       r'(?:' + SYN_NAME_RE + r'(?: [-+]{0,8})?|(\S+) (?:-{8}|\+{8}))$')
RE_AT = re.compile(r'^(?:([^\s:][^:]{0,30}):\s*)?event at (\d+(?:\.\d+)?), '
                   r'code (\d+), type (\d+), val (-?\d+)$')


# ---- "cut off" = a proper prefix of an event line (choice 1): the line ends in the
# middle of a word, number or name, or before a part.  Built from the printf formats.
def _lit(text):
    return (re.escape(text), '|'.join(re.escape(text[:k]) for k in range(len(text))))


def _prefix_re(tokens):
    """regex matching any prefix of the token sequence (token = (full, partial))"""
    out = ''
    for full, part in reversed(tokens):
        out = '(?:%s|(?:%s)%s)' % (part, full, out) if out else '(?:%s|(?:%s))' % (part, full)
    return out


_SYN_PFX = '|'.join(sorted({re.escape(n[:k]) for n in ('SYN_REPORT', 'SYN_CONFIG', 'SYN_MT_REPORT',
                                                        'SYN_DROPPED', 'EV_SYN', 'EV_KEY', 'EV_REL',
                                                        'EV_ABS', '(null)', '?') for k in range(len(n))},
                           key=len, reverse=True))
_NAME = (r'[^()]*', r'[^()]*')
_DIG = (r'\d+', '')
_EV_HEAD = [_lit('Event: time '), _DIG, _lit('.'), _DIG, _lit(', ')]
_EV_TYPE = [_lit('type '), _DIG, _lit(' ('), _NAME, _lit('), code '), _DIG, _lit(' ('), _NAME,
            _lit('), value '), (r'-?[0-9A-Fa-f]+', '-?')]
_EV_SYN = [(r'-{14}|\+{14}|>{14}', r'-{0,13}|\+{0,13}|>{0,13}'), _lit(' '), (SYN_NAME_RE, _SYN_PFX)]
_PTIME = (r'\d+(?:\.\d+)?', r'\d+\.')
_PY_HEAD = [_lit('time '), _PTIME, (r' +', '')]
_PY_TYPE = [_lit('type '), _DIG, _lit(' ('), _NAME, _lit('), code '), _DIG, (r' +', ''), _lit('('), _NAME,
            _lit('), value '), (r'-?\d+', '-?')]
_PY_SYN = [(r'-{9}|\+{9}', r'-{0,8}|\+{0,8}'), _lit(' '), (SYN_NAME_RE, _SYN_PFX)]
_AT = [_lit(' '), _PTIME, _lit(', code '), _DIG, _lit(', type '), _DIG, _lit(', val '), (r'-?\d+', '-?')]
# each branch: the least a cut line must show (its head), then any prefix of the rest
_EV_REST = [_lit(' time '), _DIG, _lit('.'), _DIG, _lit(', ')]
_PY_REST = [(r'\d*', ''), (r'(?:\.\d+)?', r'\.'), (r' +', '')]
_RE_CUT = re.compile('^(?:Event:%s|Event:%s|time \\d%s|time \\d%s|(?:[^\\s:][^:]{0,30}:\\s*)?event at%s)$' % (
    _prefix_re(_EV_REST + _EV_TYPE), _prefix_re(_EV_REST + _EV_SYN),
    _prefix_re(_PY_REST + _PY_TYPE), _prefix_re(_PY_REST + _PY_SYN), _prefix_re(_AT)))


def is_cut(s):
    """a proper prefix of an event line (the caller has checked it is not a whole one);
    it shows at least 'Event:', 'time ' and a digit, or 'event at'"""
    return bool(_RE_CUT.match(s))


RE_ELISION = re.compile(r'^(\.{3,}|\u2026|\[\.\.\.\]|\[\u2026\]|\(\.\.\.\)|<snip>|\[snip\])$')  # exactly the documented forms
RE_FENCE = re.compile(r'^(`{3,}|~{3,})[\w+.-]*\s*$')
RE_TAIL = re.compile(r'(\),\s*value\s+-?[0-9A-Fa-f]+$|^value\s+-?[0-9A-Fa-f]+$|'
                     r'^[^E]*\b(SYN_\w+|EV_\w+|\?|\(null\))\s+[-+<]{3,}$|^[-+<>]{3,}$|'
                     r'type \d+, val -?\d+$)')

DESC_FULL = [
    ('drv', re.compile(r'^Input driver version is \d+\.\d+\.\d+$')),
    ('id', re.compile(r'^Input device ID: bus 0x([0-9a-fA-F]+) vendor 0x([0-9a-fA-F]+) '
                      r'product 0x([0-9a-fA-F]+) version 0x([0-9a-fA-F]+)$')),
    ('name', re.compile(r'^Input device name: ".*"$')),
    ('sup', re.compile(r'^Supported events:$')),
    ('type', re.compile(r'^Event type (\d+) \(([^()]*)\)$')),
    ('code', re.compile(r'^Event code (\d+) \((.*)\)( state \d+)?$')),
    ('absv', re.compile(r'^(Value|Min|Max|Fuzz|Flat|Resolution)\s+(-?\d+)$')),
    ('props', re.compile(r'^Properties:$')),
    ('prop', re.compile(r'^Property type (\d+) \(([^()]*)\)$')),
    ('reph', re.compile(r'^Key repeat handling:$')),
    ('rept', re.compile(r'^Repeat type (\d+) \(([^()]*)\)$')),
    ('repc', re.compile(r'^Repeat code (\d+) \(([^()]*)\)$')),
]
RE_DESC_KEY = re.compile(r'^(Input driver version|Input device ID|Input device name|'
                         r'Supported events|Event type|Event code|Value|Min|Max|Fuzz|'
                         r'Flat|Resolution|Properties|Property type|Key repeat handling|'
                         r'Repeat type|Repeat code)\b')
DESC_START = ('drv', 'id', 'name', 'sup')

CHATTER = [
    re.compile(r'^No device specified, trying to scan all of'),
    re.compile(r'^Not running as root, no devices may be available'),
    re.compile(r'^Available devices:'),
    re.compile(r'^/dev/input/event\d+:\s'),
    re.compile(r'^Select the device event number \['),
    re.compile(r'^Select devices \['),
    re.compile(r'^ID\s+Device\s+Name\s+Phys'),
    re.compile(r'^You do not have access to /dev/input'),
    re.compile(r'^\*{10,}$'),
    re.compile(r'^(This device is grabbed by another process|No events are available to evtest while the|'
               r'other grab is active|In most cases, this is caused by an X driver|'
               r'Run the following command to see processes with)'),
]
RE_TESTING = re.compile(r'^Testing \.\.\. \(interrupt to exit\)$')
RE_LISTENING = re.compile(r'^Listening for events \(press ctrl-c to exit\)')
RE_CTRLC = re.compile(r'^\^C$')
RE_PROMPT = re.compile(r'^([$%] \S|#\s*(sudo\s+)?evtest\b)|'
                       r'(^|[\s\]\)>$#])(sudo\s+)?evtest(\.py)?(\s+--?[\w-]+)*(\s+/dev/\S+)*\s*$')

SYN_NAMES = {'SYN_REPORT': 0, 'EV_SYN': 0, 'SYN_CONFIG': 1, 'EV_KEY': 1,
             'SYN_MT_REPORT': 2, 'EV_REL': 2, 'SYN_DROPPED': 3, 'EV_ABS': 3,
             '(null)': 3}


def quote_depth(line):
    m = re.match(r'^((?:[ \t]*>)*)', line)
    return m.group(1).count('>')


def strip_quotes(line, n):
    for _ in range(n):
        m = re.match(r'^[ \t]*>[ \t]?', line)
        if not m:
            break
        line = line[m.end():]
    return line


def usec_of(frac):
    """fraction digits -> microseconds (pad / round; choice 10)"""
    if len(frac) <= 6:
        return int(frac.ljust(6, '0'))
    d = (Decimal('0.' + frac) * 1000000).to_integral_value(ROUND_HALF_EVEN)
    return int(d)


def split_time(t):
    if '.' in t:
        s, f = t.split('.', 1)
    else:
        s, f = t, '0'
    sec, usec = int(s), usec_of(f)
    if usec >= 1000000:
        sec, usec = sec + 1, usec - 1000000
    return sec, usec


def parse_event(s):
    """complete event line -> (sec, usec, type, code, value, note) or None"""
    m = RE_EV.match(s)
    if m:
        sec, usec = int(m.group(1)), usec_of(m.group(2))
        t, c, v = int(m.group(3)), int(m.group(5)), m.group(7)
        if t == 4 and c in (3, 4) and not v.startswith('-'):
            val = int(v, 16)
            if val >= 0x80000000:
                val -= 0x100000000
        else:
            if not re.fullmatch(r'-?\d+', v):
                return None
            val = int(v)
        return (sec, usec, t, c, val, None)
    m = RE_EV_SYN.match(s)
    if m:
        name = m.group(4) or m.group(5)
        if name not in SYN_NAMES:
            return ('unknown-syn', name)
        return (int(m.group(1)), usec_of(m.group(2)), 0, SYN_NAMES[name], 0, None)
    m = RE_PY.match(s)
    if m:
        sec, usec = split_time(m.group(1))
        return (sec, usec, int(m.group(2)), int(m.group(4)), int(m.group(6)), None)
    m = RE_PY_SYN.match(s)
    if m:
        name = m.group(3) or m.group(4)
        if name not in SYN_NAMES:
            return ('unknown-syn', name)
        sec, usec = split_time(m.group(1))
        return (sec, usec, 0, SYN_NAMES[name], 0, None)
    m = RE_AT.match(s)
    if m:
        sec, usec = split_time(m.group(2))
        return (sec, usec, int(m.group(4)), int(m.group(3)), int(m.group(5)), None)
    return None


def desc_kind(s):
    for k, r in DESC_FULL:
        m = r.match(s)
        if m:
            return k, m
    return None, None


def classify(s):
    """content (quote markers and indentation off) -> (kind, data)"""
    if s == '' or s == '#':
        return 'blank', None
    if RE_FENCE.match(s):
        return 'fence', None
    # '# ' comment prefix before event lines (choice 12)
    body, hashed = s, False
    m = re.match(r'^#\s*', s)
    if m and s != '#':
        rest = s[m.end():]
        if parse_event(rest) or is_cut(rest) or RE_ELISION.match(rest) \
                or RE_TAIL.search(rest):
            body, hashed = rest, True
    ev = parse_event(body)
    if ev:
        if ev[0] == 'unknown-syn':
            return 'unknown-syn', (ev[1], hashed, body)
        return 'event', (ev, hashed, body)
    if is_cut(body):
        return 'cut', (hashed, body)
    if RE_ELISION.match(body):
        return 'elision', hashed
    k, m = desc_kind(s)
    if k:
        return 'desc', (k, m)
    if RE_TESTING.match(s):
        return 'testing', None
    if RE_LISTENING.match(s):
        return 'testing', None
    if RE_CTRLC.match(s):
        return 'ctrlc', None
    for r in CHATTER:
        if r.match(s):
            return 'chatter', None
    if RE_DESC_KEY.match(s):
        return 'desc_cut', None
    if RE_PROMPT.search(s):
        return 'prompt', None
    if RE_TAIL.search(body):
        return 'tail', (hashed, body)
    return 'words', None


class Item:
    def __init__(self, first, last, kind, data, content):
        self.first, self.last, self.kind, self.data, self.content = first, last, kind, data, content
        self.role = None       # refined role for notes
        self.hashed = False

    @property
    def lines(self):
        return str(self.first) if self.first == self.last else '%d-%d' % (self.first, self.last)


class Notes:
    def __init__(self):
        self.items = []   # (first, last, text)

    def add(self, first, last, text):
        self.items.append((first, last, text))

    def render(self, silent_lines):
        # merge same text over runs separated only by silent lines
        out = []
        bytext = {}
        for f, l, t in self.items:
            bytext.setdefault(t, []).append((f, l))
        for t, rs in bytext.items():
            cur = []
            for f, l in sorted(rs):
                if cur and not t.startswith('event line') and \
                        all(n in silent_lines for n in range(cur[-1][1] + 1, f)):
                    cur[-1] = (cur[-1][0], max(l, cur[-1][1]))
                else:
                    cur.append((f, l))
            out += [(f, l, t) for f, l in cur]
        out.sort(key=lambda x: (x[0], x[1]))
        res = []
        for f, l, t in out:
            rng = str(f) if f == l else '%d-%d' % (f, l)
            res.append('%s %s' % (rng, t))
        return res


def fmt_time(sec, usec):
    return '%d.%06d' % (sec, usec)


def build(path):
    raw = open(path, 'rb').read().decode('utf-8', errors='replace')
    lines = raw.split('\n')
    if lines and lines[-1] == '':
        lines.pop()
    notes = Notes()
    start = 0
    for i, l in enumerate(lines):
        if l.rstrip('\r') == HEADER_END:
            start = i + 1
            break
    cr_lines = []
    paste = []            # (lineno, text)
    for i in range(start, len(lines)):
        t = lines[i]
        if t.endswith('\r'):
            t = t[:-1]
            cr_lines.append(i + 1)
        paste.append((i + 1, t))
    if cr_lines:
        notes.add(cr_lines[0], cr_lines[-1], 'CR line endings removed')
    silent = set()

    # -- quote depth of the recording's first line
    depth = 0
    for n, t in paste:
        d = quote_depth(t)
        c = strip_quotes(t, d).strip()
        k, _ = classify(c)
        dk = desc_kind(c)[0]
        if k == 'event' or (k == 'desc' and dk in DESC_START):
            depth = d
            break

    # -- classify every line
    items = []
    quoted_runs = []
    for n, t in paste:
        d = quote_depth(t)
        if d < depth:
            c = strip_quotes(t, d).strip()
            if c == '':
                items.append(Item(n, n, 'blank', None, ''))
                silent.add(n)
            else:
                items.append(Item(n, n, 'reply', None, c))
            continue
        if depth:
            quoted_runs.append(n)
        c = strip_quotes(t, depth).strip()
        k, data = classify(c)
        it = Item(n, n, k, data, c)
        it.hashed = is_hashed(k, data)
        items.append(it)
        if k in ('blank', 'fence'):
            silent.add(n)
    if quoted_runs:
        notes.add(quoted_runs[0], quoted_runs[-1], 'quote markers %r removed' % ('> ' * depth))

    # -- join mail-wrapped event lines (choice 2)
    joined = []
    i = 0
    while i < len(items):
        it = items[i]
        if it.kind == 'cut':
            body = it.data[1]
            done = False
            for extra in (1, 2):
                if i + extra >= len(items):
                    break
                conts = items[i + 1:i + 1 + extra]
                if any(x.kind in ('blank', 'reply', 'event', 'cut', 'fence') for x in conts):
                    break
                cand = body.rstrip()
                for x in conts:
                    cc = x.content
                    if it.hashed:
                        cc = re.sub(r'^#\s*', '', cc)
                    cand = cand + ' ' + cc.lstrip()
                ev = parse_event(cand)
                if ev and ev[0] != 'unknown-syn':
                    new = Item(it.first, conts[-1].last, 'event', (ev, it.hashed, cand), cand)
                    new.hashed = it.hashed
                    new.role = 'joined'
                    joined.append(new)
                    notes.add(it.first, conts[-1].last, 'event line a mail client wrapped in %d, joined' % (extra + 1))
                    i += 1 + extra
                    done = True
                    break
            if done:
                continue
        joined.append(it)
        i += 1
    items = joined

    # -- two evtest runs (choice 11): from the second run's 'Input driver version is' /
    #    'Input device ID:' line on, nothing is read
    seen_drv = seen_id = False
    for i, it in enumerate(items):
        if it.kind == 'desc' and it.data[0] in ('drv', 'id'):
            k = it.data[0]
            if seen_id or (k == 'drv' and seen_drv):
                notes.add(it.first, items[-1].last,
                          'a second evtest run (from its "%s" line on), not read'
                          % ('Input driver version is' if k == 'drv' else 'Input device ID:'))
                items = items[:i]
                break
            seen_drv = seen_drv or k == 'drv'
            seen_id = seen_id or k == 'id'

    # -- description blocks (choice 11)
    blocks = []
    i = 0
    while i < len(items):
        it = items[i]
        if it.kind == 'desc' and it.data[0] in DESC_START:
            blk = []
            j = i
            while j < len(items) and items[j].kind in ('desc', 'desc_cut', 'blank'):
                if items[j].kind != 'blank':
                    blk.append(j)
                j += 1
            for b in blk:
                items[b].role = 'desc'
            blocks.append(blk)
            i = j
            continue
        if it.kind in ('desc', 'desc_cut'):
            it.role = 'fragment'
        i += 1

    # a bare ':' (or other one-character) line inside evtest's device list is the
    # poster's elision of devices: part of the device list
    for i, it in enumerate(items):
        if it.kind == 'words' and re.fullmatch(r'[:.\u2026]', it.content):
            k = i - 1
            while k >= 0 and items[k].kind == 'blank':
                k -= 1
            if k >= 0 and items[k].kind == 'chatter':
                it.kind = 'chatter'

    event_idx = [i for i, it in enumerate(items) if it.kind == 'event']
    first_ev = event_idx[0] if event_idx else None
    last_ev = event_idx[-1] if event_idx else None
    rec_first = None      # the recording's first line (choice 3)
    for i, it in enumerate(items):
        if it.kind in ('event', 'cut', 'unknown-syn') or \
                (it.role == 'desc' and it.data and it.data[0] in DESC_START):
            rec_first = i
            break

    # choose description
    full_blocks = [b for b in blocks if any(items[x].kind == 'desc' and items[x].data[0] == 'sup' for x in b)]
    chosen = full_blocks[0] if full_blocks else None
    for b in blocks:
        if b is not chosen:
            f, l = items[b[0]].first, items[b[-1]].last
            if b in full_blocks:
                notes.add(f, l, 'another evtest description, not used')
            else:
                notes.add(f, l, 'evtest description lines without "Supported events:", not read')
    desc = parse_description([items[x] for x in chosen], notes, items) if chosen else None

    # -- first line cut (choice 13)
    drop_first = None
    if first_ev is not None:
        k = first_ev - 1
        while k >= 0 and items[k].kind == 'blank':
            k -= 1
        if k >= 0 and items[k].kind == 'tail':
            drop_first = items[k].first
            items[k].role = 'firstcut'
            if rec_first is None or k < rec_first:
                rec_first = k
            notes.add(items[k].first, items[k].last, 'first line cut mid-line (the tail of an event line), not read')

    # -- walk
    events = []      # dict(sec, usec, t, c, v, line, src)
    last_paste_time = None
    backwards = []
    prev_time = None
    for i, it in enumerate(items):
        n = it.lines
        if it.kind == 'event':
            ev = it.data[0]
            sec, usec, t, c, v, _ = ev
            if prev_time is not None and (sec, usec) < prev_time:
                backwards.append(it.first)
            prev_time = (sec, usec)
            events.append(dict(sec=sec, usec=usec, t=t, c=c, v=v, line=n, first=it.first, src='paste',
                               lines=(it.first, it.last)))
            last_paste_time = (sec, usec)
            continue
        if it.kind == 'elision':
            if first_ev is not None and i > first_ev:
                sec, usec = last_paste_time
                events.append(dict(sec=sec, usec=usec, t=0, c=3, v=0, line=n, first=it.first, src='elision',
                                   lines=(it.first, it.last)))
                notes.add(it.first, it.last, 'elision -> SYN_DROPPED (time of the event line above it)')
                continue
            # before any event (choice 3)
            if rec_first is not None and i < rec_first:
                k = rec_first - 1
                while k > i and items[k].kind in ('blank', 'fence'):
                    k -= 1
                right_above = (k == i)
            else:
                right_above = False
            if right_above or (rec_first is not None and i > rec_first):
                if first_ev is None:
                    notes.add(it.first, it.last, 'elision %s, but there are no events: nothing lost'
                              % ('right above the recording' if right_above else 'before any event'))
                else:
                    if drop_first is None:
                        drop_first = it.first
                    notes.add(it.first, it.last, 'elision %s: nothing written for it'
                              % ('right above the recording\'s first line' if right_above else
                                 'before any event'))
            else:
                where = 'in the evtest device list' if any(
                    x.kind == 'chatter' for x in items[max(0, i - 3):i + 3]) else 'above the recording'
                notes.add(it.first, it.last, 'elision %s (not right above the recording\'s first line): '
                                             'changes nothing, not read' % where)
            continue
        if it.kind in ('blank', 'fence'):
            continue
        if it.role in ('desc', 'firstcut'):
            continue
        # everything else is left out; say what it is
        pos = position(i, rec_first, first_ev, last_ev)
        if it.kind == 'cut':
            if last_ev is None or i > last_ev:
                notes.add(it.first, it.last, 'last line cut off mid-line, not read')
            else:
                notes.add(it.first, it.last, 'event line cut mid-line (not the last line), not read')
        elif it.kind == 'unknown-syn':
            notes.add(it.first, it.last, 'SYN line with unknown name %r, not read' % it.data[0])
        elif it.kind == 'reply':
            notes.add(it.first, it.last, 'line with fewer quote markers (a reply), not part of the paste')
        elif it.role == 'fragment':
            notes.add(it.first, it.last, 'partial evtest description without "Supported events:", not read')
        elif it.kind == 'prompt':
            notes.add(it.first, it.last, 'shell prompt / command, not read')
        elif it.kind == 'chatter':
            notes.add(it.first, it.last, 'evtest device list / question, not read')
        elif it.kind == 'testing':
            notes.add(it.first, it.last, '"Testing ... (interrupt to exit)", not read')
        elif it.kind == 'ctrlc':
            notes.add(it.first, it.last, '^C, not read')
        elif it.kind == 'desc' or it.kind == 'desc_cut':
            notes.add(it.first, it.last, 'description line outside a description, not read')
        else:   # words, tail
            if pos == 'above':
                notes.add(it.first, it.last, 'words above the recording')
            elif pos == 'below':
                notes.add(it.first, it.last, 'words below the recording')
            elif pos == 'desc-events':
                notes.add(it.first, it.last, 'words between the description and the events')
            else:
                notes.add(it.first, it.last, 'words between event lines (cut no frame)')
    # one note per run of '# '-prefixed event lines (an un-prefixed event line ends a run)
    runs = []
    open_run = False
    for it in items:
        if it.kind in ('event', 'elision', 'cut'):
            if it.hashed:
                if open_run:
                    runs[-1][1] = it.last
                else:
                    runs.append([it.first, it.last])
                    open_run = True
            else:
                open_run = False
    for f, l in runs:
        notes.add(f, l, "'# ' comment prefix removed from event lines")
    for b in backwards:
        notes.add(b, b, 'info: time goes backwards here (kept as pasted)')

    has_syn = any(e['src'] == 'paste' and e['t'] == 0 and e['c'] == 0 for e in events)

    # -- drop the frame that lost its start (choice 5)
    if drop_first is not None:
        pe = [k for k, e in enumerate(events) if e['src'] == 'paste']
        if pe:
            k0 = pe[0]
            end = None
            if has_syn:
                for k in range(k0, len(events)):
                    if events[k]['t'] == 0 and events[k]['c'] == 0 and events[k]['src'] == 'paste':
                        end = k
                        break
            else:
                t0 = (events[k0]['sec'], events[k0]['usec'])
                end = k0
                while end + 1 < len(events) and events[end + 1]['src'] == 'paste' and \
                        (events[end + 1]['sec'], events[end + 1]['usec']) == t0:
                    end += 1
            if end is None:
                end = len(events) - 1
            f, l = events[k0]['lines'][0], events[end]['lines'][1]
            notes.add(f, l, ('left out: events up to and including the first SYN_REPORT after the '
                             'elision / cut first line (their frame lost its start)') if has_syn else
                      ('left out: the first frame by time after the elision / cut first line (it lost '
                       'its start; the paste has no SYN_REPORT line)'))
            del events[k0:end + 1]

    # -- frames by time (choice 6)
    if not has_syn:
        out = []
        pending = 0
        prev = None
        for e in events:
            if e['src'] == 'paste' and prev is not None and pending and \
                    (e['sec'], e['usec']) != (prev['sec'], prev['usec']):
                out.append(dict(sec=prev['sec'], usec=prev['usec'], t=0, c=0, v=0, line=prev['line'],
                                first=prev['first'], src='synthetic', lines=prev['lines']))
                notes.add(prev['lines'][1], prev['lines'][1],
                          'a frame ended where the time changed (SYN_REPORT written after this line, '
                          'next event at line %s)' % e['line'])
                pending = 0
            out.append(e)
            if e['t'] == 0 and e['c'] in (0, 3):
                pending = 0
            else:
                pending += 1
            if e['src'] == 'paste':
                prev = e
        if pending and prev is not None:
            out.append(dict(sec=prev['sec'], usec=prev['usec'], t=0, c=0, v=0, line=prev['line'],
                            first=prev['first'], src='synthetic', lines=prev['lines']))
            notes.add(prev['lines'][1], prev['lines'][1],
                      'no SYN_REPORT in the paste: the last frame ends at the end (SYN_REPORT written after this line)')
        events = out

    # -- last frame without SYN_REPORT (choice 8)
    if has_syn:
        last_end = -1
        for k, e in enumerate(events):
            if e['t'] == 0 and e['c'] in (0, 3):
                last_end = k
        tail = events[last_end + 1:]
        if tail:
            f, l = tail[0]['lines'][0], tail[-1]['lines'][1]
            notes.add(f, l, 'last frame without SYN_REPORT (from line %d), left out' % f)
            del events[last_end + 1:]

    # -- after an elision's SYN_DROPPED: a SYN_REPORT ending the lost stretch when the
    #    next event has another time (choice 17)
    out = []
    for k, e in enumerate(events):
        out.append(e)
        if e['src'] != 'elision':
            continue
        nxt = events[k + 1] if k + 1 < len(events) else None
        f, l = e['lines']
        if nxt is None:
            notes.add(f, l, 'no event follows the SYN_DROPPED: nothing written after it')
        elif nxt['t'] == 0 and nxt['c'] in (0, 3):
            notes.add(f, l, 'the next event (line %s) is a %s: nothing written after the SYN_DROPPED'
                      % (nxt['line'] if nxt['src'] == 'paste' else nxt['lines'][1],
                         'SYN_REPORT' if nxt['c'] == 0 else 'SYN_DROPPED'))
        elif (nxt['sec'], nxt['usec']) != (e['sec'], e['usec']):
            out.append(dict(sec=e['sec'], usec=e['usec'], t=0, c=0, v=0, line=e['line'], first=e['first'],
                            src='gap-report', lines=e['lines']))
            notes.add(f, l, 'the next event (line %s) has another time, its frame is whole: SYN_REPORT '
                            'written right after the SYN_DROPPED (ends the lost stretch)' % nxt['line'])
        else:
            notes.add(f, l, 'the next event (line %s) has the SYN_DROPPED\'s time (the elision cut into its '
                            'frame): nothing written after the SYN_DROPPED' % nxt['line'])
    events = out

    # -- informational: one frame holding events of different times
    frame = []
    for e in events:
        if e['src'] == 'paste':
            frame.append(e)
        if e['t'] == 0 and e['c'] in (0, 3):
            if len({(x['sec'], x['usec']) for x in frame}) > 1:
                notes.add(frame[0]['lines'][0], frame[-1]['lines'][1],
                          'info: one frame holds events of different times (kept as one frame: the paste '
                          'has SYN_REPORT lines)')
            frame = []

    # -- render
    out = ['# EVEMU 1.3']
    if desc:
        out += render_description(desc)
    for e in events:
        if e['src'] == 'paste':
            cm = '%s' % e['line'] + (' joined' if '-' in e['line'] else '')
        elif e['src'] == 'elision':
            cm = '%s elision -> SYN_DROPPED' % e['line']
        elif e['src'] == 'gap-report':
            cm = '%s elision -> SYN_REPORT ending the lost stretch' % e['line']
        else:
            cm = '%s synthetic SYN_REPORT' % e['lines'][1]
        out.append('E: %s %04x %04x %04d\t# %s' % (fmt_time(e['sec'], e['usec']), e['t'], e['c'], e['v'], cm))
    return out, notes.render(silent), events, desc


def is_hashed(kind, data):
    if kind in ('event', 'unknown-syn'):
        return bool(data[1])
    if kind in ('cut', 'tail'):
        return bool(data[0])
    if kind == 'elision':
        return bool(data)
    return False


def position(i, rec_first, first_ev, last_ev):
    if first_ev is None:
        if rec_first is None or i < rec_first:
            return 'above'
        return 'below'
    if i < first_ev:
        if rec_first is None or i < rec_first:
            return 'above'
        return 'desc-events'
    if i > last_ev:
        return 'below'
    return 'between'


def parse_description(blk, notes, items):
    d = dict(name=None, id=None, types={}, abs={}, props=set(), lines=(blk[0].first, blk[-1].last))
    cur_type = None
    cur_code = None
    in_props = False
    in_rep = False
    cut_at = None
    for it in blk:
        if it.kind == 'desc_cut':
            cut_at = it
            continue
        k, m = it.data
        if k == 'name':
            s = it.content
            d['name'] = s[s.index('"') + 1:s.rindex('"')]
        elif k == 'id':
            d['id'] = tuple(int(m.group(x), 16) for x in range(1, 5))
        elif k == 'type':
            cur_type = int(m.group(1))
            d['types'].setdefault(cur_type, set())
            cur_code = None
            in_props = in_rep = False
        elif k == 'code' and cur_type is not None and not in_props and not in_rep:
            cur_code = int(m.group(1))
            d['types'][cur_type].add(cur_code)
            if cur_type == 3:
                d['abs'].setdefault(cur_code, {})
        elif k == 'absv' and cur_type == 3 and cur_code is not None and not in_props:
            d['abs'][cur_code][m.group(1)] = int(m.group(2))
        elif k == 'props':
            in_props, in_rep = True, False
        elif k == 'prop' and in_props:
            d['props'].add(int(m.group(1)))
        elif k == 'reph':
            in_rep, in_props = True, False
        elif k == 'rept' and in_rep:
            cur_type = int(m.group(1))
            d['types'].setdefault(cur_type, set())
        elif k == 'repc' and in_rep and cur_type is not None:
            d['types'][cur_type].add(int(m.group(1)))
    if cut_at is not None:
        last = cut_at is blk[-1] and not any(x.kind == 'event' for x in items if x.first > cut_at.first)
        notes.add(cut_at.first, cut_at.last,
                  ('last line cut off mid-line (inside the description), not read; the description is '
                   'used as far as it goes') if last else 'unreadable description line, not read')
    for code, a in sorted(d['abs'].items()):
        if 'Min' not in a or 'Max' not in a:
            notes.add(cut_at.first if cut_at else d['lines'][1], cut_at.last if cut_at else d['lines'][1],
                      'ABS code %d has no Min/Max (cut off): written as A: %02x 0 0 0 0 0' % (code, code))
    if d['id'] is None:
        notes.add(d['lines'][0], d['lines'][0], 'description without "Input device ID:": I: 0000 0000 0000 0000')
    if d['name'] is None:
        notes.add(d['lines'][0], d['lines'][0], 'description without "Input device name:": N: Unknown')
    notes.add(d['lines'][0], d['lines'][1], 'evtest description -> N:/I:/P:/B:/A: lines')
    return d


def mask_lines(prefix, bits, minbytes=8):
    nbytes = max(minbytes, ((max(bits) // 64) + 1) * 8 if bits else minbytes)
    b = [0] * nbytes
    for x in bits:
        b[x // 8] |= 1 << (x % 8)
    res = []
    for k in range(0, nbytes, 8):
        res.append(prefix + ' ' + ' '.join('%02x' % y for y in b[k:k + 8]))
    return res


def render_description(d):
    out = ['N: %s' % (d['name'] if d['name'] is not None else 'Unknown')]
    bus, ven, pro, ver = d['id'] if d['id'] else (0, 0, 0, 0)
    out.append('I: %04x %04x %04x %04x' % (bus, ven, pro, ver))
    out += mask_lines('P:', d['props'])
    types = dict(d['types'])
    types[0] = {0, 1, 2, 3}
    for t in sorted(types):
        out += mask_lines('B: %02x' % t, types[t])
    for code in sorted(d['abs']):
        a = d['abs'][code]
        out.append('A: %02x %d %d %d %d %d' % (code, a.get('Min', 0), a.get('Max', 0), a.get('Fuzz', 0),
                                               a.get('Flat', 0), a.get('Resolution', 0)))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('paste')
    ap.add_argument('--notes', help='write the notes here (default: stderr)')
    a = ap.parse_args()
    out, notes, events, desc = build(a.paste)
    sys.stdout.write('\n'.join(out) + '\n')
    if a.notes:
        with open(a.notes, 'w') as f:
            f.write(''.join(n + '\n' for n in notes))
    else:
        for n in notes:
            print(n, file=sys.stderr)


if __name__ == '__main__':
    main()
