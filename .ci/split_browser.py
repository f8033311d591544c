"""The browser test files in two sets of about equal weight, for the two lanes of ``.ci/test``.

Prints two lines: the files to run here (after the SQLite pass), then those beside (after the
PostgreSQL pass, which ends a little later). Weights are the seconds each file took, from
``.ci/browser-weights``; a file not listed there weighs the median. Heaviest first, each file goes to
the lane with less to do (longest processing time first, a greedy split close to the best).
"""

from __future__ import annotations

import statistics
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Seconds the lane beside has more to do before its browser files (PostgreSQL started and stopped).
BESIDE_HEAD = 10.0


def weights(text: str) -> dict[str, float]:
    found = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            seconds, path = line.split(maxsplit=1)
            found[path] = float(seconds)
    return found


def split(files: list[str], weight: dict[str, float]) -> tuple[list[str], list[str]]:
    default = statistics.median(weight.values()) if weight else 1.0
    lanes = {"here": [0.0, []], "beside": [BESIDE_HEAD, []]}
    for path in sorted(files, key=lambda p: (-weight.get(p, default), p)):
        lane = min(lanes.values(), key=lambda lane: lane[0])
        lane[0] += weight.get(path, default)
        lane[1].append(path)
    return sorted(lanes["here"][1]), sorted(lanes["beside"][1])


def main() -> None:
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "browser").glob("test_*.py"))
    here, beside = split(files, weights((ROOT / ".ci" / "browser-weights").read_text(encoding="utf-8")))
    print(" ".join(here))
    print(" ".join(beside))


if __name__ == "__main__":
    main()
