"""Measure a query set blind: MRR and recall@5 by kind of query, never a query.

    .venv/bin/python bench/measure_set.py fixtures/relevance/sealed/judges-fourteenth.json [...]

By kind, the rows are the tuned part (as in ``search_bench.py``), the held-out third apart. For the
sealed sets (``fixtures/relevance/sealed/README.md``): each is measured on a temporary
database and index, as ``bench/search_bench.py`` does, ours against the FTS5 baseline, overall, by
kind and for its held-out third; only these aggregates are printed, so a set can be measured again
and again and stay unread.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from search_bench import JUDGE_KINDS, Fts5, build_site, load_third, ours_run, relevance


def main(paths: list[str]) -> int:
    if not paths:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    os.environ["ARBITRE_SEARCH_CACHE"] = "0"
    workdir = Path(tempfile.mkdtemp(prefix="arbitre-measure-"))
    try:
        build_site(workdir)
        fts = Fts5(workdir / "fts5.sqlite3")
        fts.build()
        for path in paths:
            rows = load_third(Path(path))
            ours, base = relevance(ours_run, rows), relevance(fts.run, rows)
            print(f"{path} ({len(rows)} queries)")
            print(f"  {'queries':<22} {'n':>4} {'MRR ours':>9} {'MRR FTS5':>9} {'R@5 ours':>9} {'R@5 FTS5':>9}")
            groups = ["all", "tuned all", *JUDGE_KINDS, "held-out all", *(f"held-out {k}" for k in JUDGE_KINDS)]
            for group in groups:
                if group in ours:
                    o, f = ours[group], base[group]
                    print(
                        f"  {group:<22} {o['n']:>4} {o['mrr']:>9.3f} {f['mrr']:>9.3f} {o['r5']:>9.3f} {f['r5']:>9.3f}"
                    )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
