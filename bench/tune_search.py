"""How the search's ranking constants are chosen: coordinate ascent on the tuned queries only.

    .venv/bin/python bench/tune_search.py [--passes N]

The ranking (``rules_ref/search/ranking.py``) multiplies a rule's BM25F score by bounded factors
(a rule the query's circumstances call for, a definer, a rule deciding a case, an article not
asked about…). Their values were set by hand, one failing query at a time; this script tries each
constant in turn at a few values around the current one, keeps a value only when the MRR of the
*tuned* queries of the judges' sets (and of the older set, which must not drop) rises, and goes
round again. It prints each kept change, then MRR and recall@5 before and after on the tuned part
and, apart, on the held-out part, which is never used to choose a value.

It writes nothing: the values it prints are copied into the module by hand, and kept only if the
held-out figures do not drop and ``bench/search_bench.py`` agrees.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from search_bench import (  # noqa: E402
    EIGHTH,
    ELEVENTH,
    FIFTH,
    FOURTH,
    FRESH,
    FRESH_HELDOUT,
    JUDGES,
    JUDGES_HELDOUT,
    NINTH,
    OLDER,
    SEVENTH,
    SIXTH,
    TENTH,
    THIRD,
    THIRTEENTH,
    TWELFTH,
    build_site,
    load_rows,
    load_third,
    ours_run,
    relevance,
)

#: The constants tried (module attribute names in rules_ref.search.ranking), and whether each is a
#: bonus or factor around 1 (tried as 1 + (value - 1) × m) or a plain magnitude (value × m).
CONSTANTS = {
    "COVERAGE_POWER": "scale",
    "DEFINER_BONUS": "bonus",
    "SECTION_TITLE_BONUS": "bonus",
    "COUNT_WEIGHT": "scale",
    "ALT_WEIGHT": "scale",
    "AVOID_FACTOR": "scale",
    "PROXIMITY_BONUS": "bonus",
    "EXACT_TITLE_BONUS": "bonus",
    "ARTICLE_FACTOR": "scale",
    "IMPLIED_BONUS": "bonus",
    "MODE_FACTOR": "scale",
    "PRIMARY_BONUS": "bonus",
    "SUMMARY_COVERAGE": "scale",
    "NEGATION_BONUS": "bonus",
    "CONDITIONAL_BONUS": "bonus",
    "SITUATION_BONUS": "bonus",
    "CASE_BONUS": "bonus",
    "CASE_SEED": "scale",
    "QUANTITY_BONUS": "bonus",
    "COUNTED_BONUS": "bonus",
    "TOTAL_BONUS": "bonus",
}
STEPS = (0.5, 0.75, 0.9, 1.1, 1.3, 1.6)
#: A change is kept only when it raises the tuned MRR by more than this (noise: one query moving
#: from rank 2 to rank 1 among ~600 is 0.0008).
MIN_GAIN = 0.001


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--passes", type=int, default=2)
    args = parser.parse_args()
    os.environ["ARBITRE_SEARCH_CACHE"] = "0"
    workdir = Path(tempfile.mkdtemp(prefix="arbitre-tune-"))
    try:
        build_site(workdir)
        from rules_ref.search import ranking

        judges = load_rows(JUDGES, heldout=False) + load_rows(JUDGES_HELDOUT, heldout=True)
        judges += load_rows(FRESH, heldout=False) + load_rows(FRESH_HELDOUT, heldout=True)
        for path in (THIRD, FOURTH, FIFTH, SIXTH, SEVENTH, EIGHTH, NINTH, TENTH, ELEVENTH, TWELFTH, THIRTEENTH):
            judges += load_third(path)
        older = load_rows(OLDER)
        tuned = [r for r in judges if not r["heldout"]]
        held = [r for r in judges if r["heldout"]]
        older_tuned = [r for r in older if not r.get("heldout")]

        def score() -> tuple[float, float]:
            return relevance(ours_run, tuned)["all"]["mrr"], relevance(ours_run, older_tuned)["all"]["mrr"]

        def report(label: str) -> None:
            t, h, o = relevance(ours_run, tuned)["all"], relevance(ours_run, held)["all"], relevance(ours_run, older)
            print(
                f"{label}: tuned MRR {t['mrr']:.3f} R@5 {t['r5']:.3f} (n {t['n']}); held out MRR {h['mrr']:.3f}"
                f" R@5 {h['r5']:.3f} (n {h['n']}); older MRR {o['all']['mrr']:.3f}"
            )

        report("before")
        best, older_floor = score()
        start = {name: getattr(ranking, name) for name in CONSTANTS}
        for round_ in range(args.passes):
            changed = False
            for name, kind in CONSTANTS.items():
                current = getattr(ranking, name)
                choice = None
                for m in STEPS:
                    value = round(1 + (current - 1) * m if kind == "bonus" else current * m, 3)
                    setattr(ranking, name, value)
                    mrr, older_mrr = score()
                    if mrr > best + MIN_GAIN and older_mrr >= older_floor - 1e-9:
                        best, choice = mrr, value
                setattr(ranking, name, choice if choice is not None else current)
                if choice is not None:
                    changed = True
                    print(f"  pass {round_ + 1}: {name} {current} → {choice} (tuned MRR {best:.3f})")
            if not changed:
                break
        report("after")
        print(
            "values: " + ", ".join(f"{n} = {getattr(ranking, n)}" for n in CONSTANTS if getattr(ranking, n) != start[n])
        )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
