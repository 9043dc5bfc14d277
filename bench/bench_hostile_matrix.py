"""SSH benchmark: the hostile matrix's figures, every attack against the 150 ms keystroke p95 the host's
promise names (docs/hosting.md, "The hostile matrix").

Runs `tests/server/test_ssh_hostile_matrix.py` (each attack against its own `citadels serve` while anna and
bruno play) and prints, for each attack, the honest players' keystroke-to-screen p95 under it beside the
same players' p95 with no attack, measured a moment before on the same server, and the server's memory
before and after. The test holds the players to being answered; how fast is this script's figure. No
assertions: figures only. About 3 minutes on two cores.

    .venv/bin/python bench/bench_hostile_matrix.py [-k 'resize or paste']   # needs the test extras (pyte)
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROMISE_MS = 150
FIGURES = re.compile(
    r"^[.FEsx]*?(?P<attack>\w.*?): honest p95 (?P<p95>\d+) ms over (?P<keys>\d+) keys \(no attack: (?P<quiet>\d+) ms\); "
    r"RSS (?P<before>\d+) MiB before, (?P<after>\d+) MiB after",
    re.M,
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-k", help="only the attacks pytest's -k selects")
    args = ap.parse_args()
    command = [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", "-m", "slow"]
    command += ["tests/server/test_ssh_hostile_matrix.py", *(["-k", args.k] if args.k else [])]
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}", flush=True)
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    rows = list(FIGURES.finditer(run.stdout))
    print(f"{'attack':36} {'p95 ms':>7} {'quiet':>6} {'keys':>5} {'RSS MiB':>11}  against {PROMISE_MS} ms")
    for row in rows:
        p95 = int(row["p95"])
        verdict = "within" if p95 <= PROMISE_MS else "OVER"
        rss = f"{row['before']}->{row['after']}"
        print(f"{row['attack'][:36]:36} {p95:7} {row['quiet']:>6} {row['keys']:>5} {rss:>11}  {verdict}")
    summary = run.stdout.strip().splitlines()[-1:] or ["(no output)"]
    print(f"pytest: {summary[0]}")
    if not rows:
        print(run.stdout[-3000:], run.stderr[-3000:], sep="\n")


if __name__ == "__main__":
    main()
