"""Run every ``bench/*_bench.py`` in turn (``make bench``); exit non-zero if any of them failed.

    .venv/bin/python bench/run.py [NAME …]     # e.g. ``search`` runs only bench/search_bench.py

Each script runs in its own process with this interpreter, from the repository root, and prints
its own figures; a failing script does not stop the others.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent


def main(argv: list[str]) -> int:
    scripts = sorted(BENCH.glob("*_bench.py"))
    if argv:
        scripts = [s for s in scripts if s.name.removesuffix("_bench.py") in argv or s.name in argv]
    if not scripts:
        print("bench/run.py: no bench script to run", file=sys.stderr)
        return 1
    failed = []
    for script in scripts:
        print(f"==== {script.relative_to(ROOT)}", flush=True)
        started = time.perf_counter()
        code = subprocess.call([sys.executable, str(script)], cwd=ROOT)
        print(f"==== {script.name}: exit {code} in {time.perf_counter() - started:.1f} s\n", flush=True)
        if code:
            failed.append(script.name)
    if failed:
        print(f"bench/run.py: failed or missed a target: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
