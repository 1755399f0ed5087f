#!/usr/bin/env python3
"""Runs a command with a terminal for stdin and stderr, as a user at a console runs it, and
answers its question:

  pty-answer.py OUT ANSWER COMMAND...

waits (10 s at most) for the line `Select the device` on the terminal, types ANSWER and Enter;
when the command's stdout (OUT.stdout) holds a `B: 15` line (a recording's description is
whole), sends it SIGINT. Leaves OUT.stdout, OUT.tty (what the terminal showed) and OUT.rc (the
exit status, `hung` if it outlived 10 s after the answer). Standard library only."""
import os
import pty
import select
import signal
import sys
import time


def main(argv):
    out, answer, command = argv[1], argv[2], argv[3:]
    stdout = os.open(out + ".stdout", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    pid, tty = pty.fork()
    if pid == 0:
        os.dup2(stdout, 1)
        os.execvp(command[0], command)
    os.close(stdout)
    shown, answered, interrupted = b"", False, False
    deadline = time.monotonic() + 10
    status = None
    while time.monotonic() < deadline:
        ready, _, _ = select.select([tty], [], [], 0.1)
        if ready:
            try:
                shown += os.read(tty, 4096)
            except OSError:
                pass
        if not answered and b"Select the device" in shown:
            os.write(tty, answer.encode() + b"\n")
            answered, deadline = True, time.monotonic() + 10
        if answered and not interrupted and b"\nB: 15" in open(out + ".stdout", "rb").read():
            os.kill(pid, signal.SIGINT)
            interrupted = True
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(code)
            break
    if status is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    try:
        shown += os.read(tty, 65536)
    except OSError:
        pass
    with open(out + ".tty", "wb") as f:
        f.write(shown)
    with open(out + ".rc", "w") as f:
        f.write(("hung" if status is None else str(status)) + "\n")
    print(f"CASE {os.path.basename(out)} rc={'hung' if status is None else status}", flush=True)


if __name__ == "__main__":
    main(sys.argv)
