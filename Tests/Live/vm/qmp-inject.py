#!/usr/bin/env python3
# Copied for scrolldir's live tests from the workplace's shared QEMU rig (shared/vmtest/
# qmp-inject.py, 2026-11-29). Changed: the `serve` directive (the guest command asks for
# directives and waits for their acknowledgement); the directives moved into run_directive().
"""Inject a scripted list of input events into a QEMU guest through QMP.

Usage: qmp-inject.py QMP_SOCKET SCRIPT_FILE CTL_DIR [LOG_FILE]

CTL_DIR is the run's control directory shared with the guest ($OUT/.vmtest):
the guest creates CTL_DIR/ready when the command has been started, and the
injector creates CTL_DIR/stop for the `stop` directive.  Standard library only.

Script format, one directive per line ('#' starts a comment):
  wait-ready [TIMEOUT]          wait for the guest command to start (implicit at the top)
  wait-output REGEX [TIMEOUT]   wait until the guest command's stdout matches REGEX
  sleep SECONDS
  mouse-set NAME                make the mouse whose QEMU name contains NAME the active one
                                (names: "QEMU Virtio Mouse", "QEMU HID Mouse", "QEMU PS/2 Mouse", ...)
  wheel up|down|left|right [N] [GAP]   N wheel clicks (press+release of QEMU's wheel buttons)
  button left|right|middle|side|extra press|release|click
  rel DX DY                     relative motion (one input-send-event, two axes)
  abs X Y                       absolute position, 0..32767 (tablets)
  hmp COMMAND...                raw HMP command, e.g.  hmp mouse_move 0 0 -1
  qmp JSON                      raw QMP command object
  stop                          ask the guest to end the command (SIGINT to its process group)
  serve [TIMEOUT]               let the guest command drive: each line `REQ N DIRECTIVE...` that it
                                prints on stdout (N = 1, 2, ... in order) is run as a directive
                                above, then CTL_DIR/ack.N is written ("ok", or "error: ..." before
                                the script fails); `REQ N END` ends serving. TIMEOUT (default 120)
                                bounds the wait for each next request. In the guest:
                                  echo "REQ $n wheel down 1"; until [ -e "$VMTEST_OUT/.vmtest/ack.$n" ]; do sleep 0.05; done
"""
import json
import os
import re
import socket
import sys
import time


class QMP:
    def __init__(self, path, log):
        self.log = log
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.f = self.sock.makefile("rwb", buffering=0)
        greeting = self._read()
        self.log(f"greeting: {json.dumps(greeting)[:120]}")
        self.cmd("qmp_capabilities")

    def _read(self):
        while True:
            line = self.f.readline()
            if not line:
                raise EOFError("QMP socket closed")
            msg = json.loads(line)
            if "event" in msg:
                self.log(f"event: {msg['event']}")
                continue
            return msg

    def cmd(self, name, args=None):
        req = {"execute": name}
        if args is not None:
            req["arguments"] = args
        self.f.write(json.dumps(req).encode() + b"\n")
        resp = self._read()
        self.log(f"-> {json.dumps(req)}  <- {json.dumps(resp)[:200]}")
        if "error" in resp:
            raise RuntimeError(f"QMP {name} failed: {resp['error']}")
        return resp.get("return")

    def hmp(self, line):
        return self.cmd("human-monitor-command", {"command-line": line})

    def send(self, events):
        self.cmd("input-send-event", {"events": events})


def btn(name, down):
    return {"type": "btn", "data": {"down": down, "button": name}}


def wait_for(pred, timeout, what):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return
        time.sleep(0.05)
    raise TimeoutError(f"timed out after {timeout}s waiting for {what}")


def run_directive(q, line, ctl, stdout_path, log):
    """Runs one directive (any but `serve`)."""
    op, *a = line.split()
    if op == "wait-ready":
        wait_for(lambda: os.path.exists(os.path.join(ctl, "ready")), float(a[0]) if a else 120, "guest ready")
    elif op == "wait-output":
        rx = re.compile(a[0])
        tmo = float(a[1]) if len(a) > 1 else 60

        def seen():
            try:
                with open(stdout_path, errors="replace") as f:
                    return rx.search(f.read()) is not None
            except FileNotFoundError:
                return False
        wait_for(seen, tmo, f"output /{a[0]}/")
    elif op == "sleep":
        time.sleep(float(a[0]))
    elif op == "mouse-set":
        want = " ".join(a)
        mice = q.cmd("query-mice")
        match = [m for m in mice if want.lower() in m["name"].lower()]
        if not match:
            raise RuntimeError(f"no mouse named like {want!r}: {mice}")
        q.hmp(f"mouse_set {match[0]['index']}")
        log(f"mice now: {q.cmd('query-mice')}")
    elif op == "wheel":
        direction = a[0]
        n = int(a[1]) if len(a) > 1 else 1
        gap = float(a[2]) if len(a) > 2 else 0.05
        b = {"up": "wheel-up", "down": "wheel-down", "left": "wheel-left", "right": "wheel-right"}[direction]
        for _ in range(n):
            q.send([btn(b, True)])
            q.send([btn(b, False)])
            time.sleep(gap)
    elif op == "button":
        name, action = a[0], a[1]
        if action in ("press", "click"):
            q.send([btn(name, True)])
        if action in ("release", "click"):
            q.send([btn(name, False)])
    elif op == "rel":
        q.send([{"type": "rel", "data": {"axis": "x", "value": int(a[0])}},
                {"type": "rel", "data": {"axis": "y", "value": int(a[1])}}])
    elif op == "abs":
        q.send([{"type": "abs", "data": {"axis": "x", "value": int(a[0])}},
                {"type": "abs", "data": {"axis": "y", "value": int(a[1])}}])
    elif op == "hmp":
        q.hmp(" ".join(a))
    elif op == "qmp":
        obj = json.loads(line[len("qmp"):])
        q.cmd(obj["execute"], obj.get("arguments"))
    elif op == "stop":
        open(os.path.join(ctl, "stop"), "w").close()
    else:
        raise ValueError(f"unknown directive: {line}")


REQ_RX = re.compile(r"^REQ ([0-9]+) (.*)$")


def serve(q, ctl, stdout_path, timeout, log):
    """Runs the directives the guest command requests on its stdout (see `serve` above)."""
    pos, want, buf = 0, 1, ""
    last = time.monotonic()
    while True:
        try:
            with open(stdout_path, errors="replace") as f:
                f.seek(pos)
                chunk = f.read()
                pos = f.tell()
        except FileNotFoundError:
            chunk = ""
        buf += chunk
        lines = buf.split("\n")
        buf = lines.pop()          # an incomplete last line waits for its end
        for text in lines:
            m = REQ_RX.match(text.strip())
            if not m:
                continue
            n, directive = int(m.group(1)), m.group(2).strip()
            if n != want:
                raise RuntimeError(f"guest request {n} out of order (expected {want}): {text!r}")
            want += 1
            last = time.monotonic()
            ack = os.path.join(ctl, f"ack.{n}")
            if directive == "END":
                log(f"serve: request {n}: END")
                with open(ack, "w") as f:
                    f.write("ok\n")
                return
            if directive.split()[0] == "serve":
                raise RuntimeError("serve cannot be requested")
            log(f"serve: request {n}: {directive}")
            try:
                run_directive(q, directive, ctl, stdout_path, log)
            except Exception as e:  # the guest learns why, then the script fails
                with open(ack, "w") as f:
                    f.write(f"error: {e}\n")
                raise
            with open(ack, "w") as f:
                f.write("ok\n")
            last = time.monotonic()
        if time.monotonic() - last > timeout:
            raise TimeoutError(f"serve: no request {want} within {timeout}s")
        time.sleep(0.02)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    sock_path, script, ctl = sys.argv[1:4]
    logf = open(sys.argv[4], "a") if len(sys.argv) > 4 else sys.stderr
    t0 = time.monotonic()

    def log(msg):
        logf.write(f"[{time.monotonic() - t0:7.3f}] {msg}\n")
        logf.flush()

    wait_for(lambda: os.path.exists(sock_path), 30, "QMP socket")
    q = QMP(sock_path, log)
    wait_for(lambda: os.path.exists(os.path.join(ctl, "ready")) or not os.path.exists(sock_path), 120, "guest ready")
    log(f"mice: {q.cmd('query-mice')}")
    lines = open(script).read().splitlines()
    if not any(l.split()[:1] == ["wait-ready"] for l in lines):
        lines.insert(0, "wait-ready")
    stdout_path = os.path.join(os.path.dirname(ctl.rstrip("/")), "stdout.txt")
    for raw in lines:
        line = raw.split("#", 1)[0].strip() if not raw.strip().startswith(("qmp", "wait-output")) else raw.strip()
        if not line:
            continue
        log(f"do: {line}")
        if line.split()[0] == "serve":
            a = line.split()[1:]
            serve(q, ctl, stdout_path, float(a[0]) if a else 120, log)
        else:
            run_directive(q, line, ctl, stdout_path, log)
    log("script done")


if __name__ == "__main__":
    main()
