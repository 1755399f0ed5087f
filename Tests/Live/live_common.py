"""What every live check module shares: PASS/FAIL lines, reading a result file, JSON Lines."""
import json
import re

NODE_RX = re.compile(r"^/dev/input/event[0-9]+$")


class Checker:
    """PASS/FAIL lines of one scenario; `failed` counts the failures."""

    def __init__(self, scenario):
        self.scenario = scenario
        self.failed = 0

    def check(self, name, ok, why=""):
        if ok:
            print(f"PASS {self.scenario}/{name}", flush=True)
        else:
            self.failed += 1
            print(f"FAIL {self.scenario}/{name}: {why}", flush=True)
        return ok

    def info(self, text):
        print(f"     {text}", flush=True)


def read(path, default=""):
    """The file's text (undecodable bytes replaced), or `default` if it does not exist."""
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except FileNotFoundError:
        return default


def parse_jsonl(text):
    """(records, other_lines): JSON objects in order, and the lines that are not JSON objects."""
    recs, other = [], []
    for line in (text or "").splitlines():
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            other.append(line)
            continue
        (recs if isinstance(obj, dict) else other).append(obj if isinstance(obj, dict) else line)
    return recs, other
