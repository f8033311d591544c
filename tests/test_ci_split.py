"""The two quick lanes of .ci/test share the browser files by weight (.ci/split_browser.py)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("split_browser", ROOT / ".ci" / "split_browser.py")
split_browser = importlib.util.module_from_spec(spec)
spec.loader.exec_module(split_browser)


def test_every_browser_file_runs_in_one_lane_and_the_lanes_weigh_about_the_same():
    out = subprocess.run([sys.executable, ".ci/split_browser.py"], cwd=ROOT, capture_output=True, text=True, check=True)
    here, beside = (line.split() for line in out.stdout.splitlines())
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "browser").glob("test_*.py"))
    assert sorted(here + beside) == files and not set(here) & set(beside)
    weights = split_browser.weights((ROOT / ".ci" / "browser-weights").read_text(encoding="utf-8"))
    load = [sum(weights.get(f, 0.0) for f in lane) for lane in (here, beside)]
    assert abs(load[0] - (load[1] + split_browser.BESIDE_HEAD)) <= max(weights.values())


def test_a_file_not_weighed_yet_counts_as_the_median_and_is_run():
    weights = split_browser.weights("# a comment\n10 a.py\n30 b.py\n50 c.py\n")
    here, beside = split_browser.split(["a.py", "b.py", "c.py", "new.py"], weights)
    assert sorted(here + beside) == ["a.py", "b.py", "c.py", "new.py"]
    assert here == ["a.py", "c.py"] and beside == ["b.py", "new.py"]  # 50 + 10 | 10 ahead + 30 + 30 (the median)
