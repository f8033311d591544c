"""Relevance you can measure: our search over the judges' queries of fixtures/relevance/queries.json.

Each query lists the rules a judge would expect (chosen from the rules' texts, not from the
engine's output). The floors sit a little under what was measured, so a ranking regression fails
here; ``bench/search_bench.py`` prints the same figures next to a plain SQLite FTS5 baseline.

Measured when the floors were set (issue 15; 149 queries, of which 53 new ones — English game terms,
loose rule numbers, plain-French questions — were written from the rule text before any tuning, and
21 of those are held out: marked ``"heldout": true`` and never tuned on): MRR 0.943, recall@5 0.967;
per kind, MRR keyword 0.978, question 0.81 (held-out questions 0.735), typo 1.000, accent 1.000,
number 1.000, english 1.000, loose 1.000; held-out set MRR 0.886, recall@5 0.937. Before issue 15 the
same file gave MRR 0.748 (english 0.15, loose numbers 0.32).
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from rules_ref import search

QUERIES = Path(__file__).resolve().parents[2] / "fixtures" / "relevance" / "queries.json"
ROWS = json.loads(QUERIES.read_text(encoding="utf-8"))
KINDS = {"keyword", "question", "typo", "number", "accent", "english", "loose"}
TOP = 20

#: Floors on the whole set (measured: MRR 0.943, recall@5 0.967).
MRR_FLOOR = 0.92
RECALL5_FLOOR = 0.94
#: Floors on the held-out queries alone (measured: MRR 0.886, recall@5 0.937).
HELDOUT_MRR_FLOOR = 0.85
HELDOUT_RECALL5_FLOOR = 0.89
#: Floors on the mean reciprocal rank per kind of query (measured values in the module docstring).
KIND_MRR_FLOORS = {
    "keyword": 0.95,
    "question": 0.78,
    "typo": 0.95,
    "accent": 0.95,
    "number": 1.0,
    "english": 0.95,
    "loose": 1.0,
}


def measure(rows: list[dict]) -> dict:
    """MRR (first relevant rule in the top 20, else 0) and recall@5, overall and per kind."""
    pairs: dict[str, list[tuple[float, float]]] = {}
    for row in rows:
        keys = [h.number or h.slug for h in search.search(row["q"], limit=TOP).hits]
        relevant = set(row["relevant"])
        rr = next((1.0 / rank for rank, key in enumerate(keys, 1) if key in relevant), 0.0)
        recall = len(relevant & set(keys[:5])) / len(relevant)
        pairs.setdefault(row["kind"], []).append((rr, recall))
        pairs.setdefault("all", []).append((rr, recall))
        if row.get("heldout"):
            pairs.setdefault("heldout", []).append((rr, recall))
    return {
        kind: {"mrr": statistics.fmean(r for r, _ in p), "r5": statistics.fmean(c for _, c in p)}
        for kind, p in pairs.items()
    }


def test_query_file_is_well_formed(rules):
    from rules_ref.models import Rule

    assert len(ROWS) >= 40
    known = {r.number or r.slug for r in Rule.objects.filter(ruleset__slug="fr-1", implicit=False)}
    assert len({row["q"] for row in ROWS}) == len(ROWS), "a query is listed twice"
    for row in ROWS:
        assert {"q", "relevant", "kind"} <= set(row) <= {"q", "relevant", "kind", "heldout"}, row
        assert row.get("heldout", True) is True, row
        assert row["kind"] in KINDS, row
        assert row["relevant"] and set(row["relevant"]) <= known, row
    assert {row["kind"] for row in ROWS} == KINDS
    assert sum(1 for row in ROWS if row.get("heldout")) >= 20


@pytest.fixture(scope="module")
def figures(search_index):
    # Searching reads the session's index only (no database): measured once for the module.
    return measure(ROWS)


def test_mean_reciprocal_rank_and_recall_at_5_stay_above_their_floors(rules, figures):
    overall = figures["all"]
    assert overall["mrr"] >= MRR_FLOOR, f"MRR {overall['mrr']:.3f} < {MRR_FLOOR}"
    assert overall["r5"] >= RECALL5_FLOOR, f"recall@5 {overall['r5']:.3f} < {RECALL5_FLOOR}"


def test_held_out_queries_keep_their_floor(rules, figures):
    held = figures["heldout"]
    assert held["mrr"] >= HELDOUT_MRR_FLOOR, f"held-out MRR {held['mrr']:.3f}"
    assert held["r5"] >= HELDOUT_RECALL5_FLOOR, f"held-out recall@5 {held['r5']:.3f}"


@pytest.mark.parametrize("kind", sorted(KIND_MRR_FLOORS))
def test_each_kind_of_query_keeps_its_floor(rules, figures, kind):
    assert figures[kind]["mrr"] >= KIND_MRR_FLOORS[kind], f"{kind}: MRR {figures[kind]['mrr']:.3f}"


@pytest.mark.parametrize("row", [r for r in ROWS if r["kind"] in ("number", "loose")], ids=lambda r: r["q"])
def test_rule_numbers_come_first(rules, row):
    assert search.search(row["q"]).hits[0].number == row["relevant"][0]


# --- the judges' set: numbers however typed, players' words, questions, situations, precision at
# rank 1, far typos (fixtures/relevance/judges.json, and judges-heldout.json held out) -------------

JUDGES = QUERIES.parent / "judges.json"
JUDGES_HELDOUT = QUERIES.parent / "judges-heldout.json"
JUDGE_KINDS = {"number", "players", "question", "situation", "precision", "far_typo"}


def _judge_rows(path: Path, heldout: bool) -> list[dict]:
    return [{**row, "heldout": heldout} for row in json.loads(path.read_text(encoding="utf-8"))["queries"]]


JUDGE_ROWS = _judge_rows(JUDGES, False) + _judge_rows(JUDGES_HELDOUT, True)
#: Measured (bench/search_bench.py, the same figures): MRR 0.948, recall@5 0.983 over the 130
#: queries; held out (43): MRR 0.904, recall@5 0.961 (0.891 and 0.950 when first measured; 0.896
#: and 0.973 before situations were read). Before the search read numbers, vocabulary and questions: MRR 0.565
#: (tuned part) and 0.618 (held out).
JUDGES_MRR_FLOOR, JUDGES_RECALL5_FLOOR = 0.90, 0.94
JUDGES_HELDOUT_MRR_FLOOR, JUDGES_HELDOUT_RECALL5_FLOOR = 0.86, 0.93
#: Per kind, both parts together (measured: number 1.0, players 0.955, question 0.967, situation
#: 0.891, precision 0.873, far typos 0.952).
JUDGE_KIND_MRR_FLOORS = {
    "number": 1.0,
    "players": 0.92,
    "question": 0.9,
    "situation": 0.82,
    "precision": 0.82,
    "far_typo": 0.92,
}


def test_judges_query_files_are_well_formed(rules):
    from rules_ref.models import Rule

    known = {r.number or r.slug for r in Rule.objects.filter(ruleset__slug="fr-1", implicit=False)}
    cited = {"6.1.g"}  # cited by 4.2.5.c's remark, absent from the French text: a missing number
    assert len(JUDGE_ROWS) >= 100 and sum(r["heldout"] for r in JUDGE_ROWS) * 3 >= len(JUDGE_ROWS) - 3
    assert len({row["q"] for row in JUDGE_ROWS}) == len(JUDGE_ROWS), "a query is listed twice"
    assert not {row["q"] for row in JUDGE_ROWS} & {row["q"] for row in ROWS}
    for row in JUDGE_ROWS:
        assert {"q", "relevant", "kind", "heldout"} == set(row), row
        assert row["kind"] in JUDGE_KINDS, row
        assert row["relevant"] and set(row["relevant"]) <= known, row
    assert {row["kind"] for row in JUDGE_ROWS if row["heldout"]} == JUDGE_KINDS
    assert cited.isdisjoint(known)


@pytest.fixture(scope="module")
def judge_figures(search_index):
    return measure(JUDGE_ROWS)


def test_judges_queries_keep_their_floors(rules, judge_figures):
    overall, held = judge_figures["all"], judge_figures["heldout"]
    assert overall["mrr"] >= JUDGES_MRR_FLOOR and overall["r5"] >= JUDGES_RECALL5_FLOOR, overall
    assert held["mrr"] >= JUDGES_HELDOUT_MRR_FLOOR and held["r5"] >= JUDGES_HELDOUT_RECALL5_FLOOR, held


@pytest.mark.parametrize("kind", sorted(JUDGE_KIND_MRR_FLOORS))
def test_each_kind_of_judges_query_keeps_its_floor(rules, judge_figures, kind):
    assert judge_figures[kind]["mrr"] >= JUDGE_KIND_MRR_FLOORS[kind], f"{kind}: {judge_figures[kind]['mrr']:.3f}"


# --- the fresh judges' set, written from the rule text after the first had been tuned on, before any
# further tuning: mostly situations and precision at rank 1 (fixtures/relevance/judges-fresh.json, and
# judges-fresh-heldout.json held out: every third query of each kind) -----------------------------

FRESH = QUERIES.parent / "judges-fresh.json"
FRESH_HELDOUT = QUERIES.parent / "judges-fresh-heldout.json"
FRESH_ROWS = _judge_rows(FRESH, False) + _judge_rows(FRESH_HELDOUT, True)
#: Measured (bench/search_bench.py, the same figures) when the set was written, before tuning: MRR
#: 0.839, recall@5 0.944 (held out: 0.827, 0.938; held-out situations 0.480); after: MRR 0.902,
#: recall@5 0.972 (held out: 0.862, 0.938; held-out situations 0.585, still under the 0.9 target).
FRESH_MRR_FLOOR, FRESH_RECALL5_FLOOR = 0.87, 0.94
FRESH_HELDOUT_MRR_FLOOR, FRESH_HELDOUT_RECALL5_FLOOR = 0.82, 0.9


def test_fresh_query_files_are_well_formed(rules):
    from rules_ref.models import Rule

    known = {r.number or r.slug for r in Rule.objects.filter(ruleset__slug="fr-1", implicit=False)}
    assert len(FRESH_ROWS) >= 60
    kinds = [row["kind"] for row in FRESH_ROWS]
    assert sum(k in ("situation", "precision") for k in kinds) * 2 > len(kinds), "mostly situations and precision"
    for kind in set(kinds):  # a third of each kind held out
        of_kind = [row for row in FRESH_ROWS if row["kind"] == kind]
        assert sum(row["heldout"] for row in of_kind) * 3 == len(of_kind), kind
    queries = [row["q"] for row in FRESH_ROWS]
    assert len(set(queries)) == len(queries), "a query is listed twice"
    older = {row["q"].lower() for row in ROWS + JUDGE_ROWS}
    assert not {q.lower() for q in queries} & older, "a fresh query repeats an older one"
    for row in FRESH_ROWS:
        assert {"q", "relevant", "kind", "heldout"} == set(row), row
        assert row["kind"] in JUDGE_KINDS, row
        assert row["relevant"] and set(row["relevant"]) <= known, row


def test_fresh_queries_keep_their_floors(rules, search_index):
    figures = measure(FRESH_ROWS)
    overall, held = figures["all"], figures["heldout"]
    assert overall["mrr"] >= FRESH_MRR_FLOOR and overall["r5"] >= FRESH_RECALL5_FLOOR, overall
    assert held["mrr"] >= FRESH_HELDOUT_MRR_FLOOR and held["r5"] >= FRESH_HELDOUT_RECALL5_FLOOR, held


# --- the blind sets (third to thirteenth), measured in bench/search_bench.py: each well formed ------------

BLIND_SETS = [
    "judges-third.json",
    "judges-fourth.json",
    "judges-fifth.json",
    "judges-sixth.json",
    "judges-seventh.json",
    "judges-eighth.json",
    "judges-ninth.json",
    "judges-tenth.json",
    "judges-eleventh.json",
    "judges-twelfth.json",
    "judges-thirteenth.json",
    # sealed: written blind, kept unread for the next round (fixtures/relevance/sealed/README.md)
    "sealed/judges-fourteenth.json",
]


@pytest.mark.parametrize("name", BLIND_SETS)
def test_blind_query_files_are_well_formed(rules, name):
    """Every query names rules that exist (or, for a missing number, its neighbours) and a kind the
    bench reports, once. (Writers blind to each other typed a few of the same short queries, « 3.2.4 »,
    « sacrfiier »: they stay in each set, as typed.)"""
    from rules_ref.models import Rule

    known = {r.number or r.slug for r in Rule.objects.filter(ruleset__slug="fr-1", implicit=False)}
    rows = json.loads((QUERIES.parent / name).read_text(encoding="utf-8"))["queries"]
    assert len(rows) >= 100
    assert len({row["q"] for row in rows}) == len(rows), "a query is listed twice"
    for row in rows:
        assert row["kind"] in JUDGE_KINDS, row
        assert row["relevant"] and set(row["relevant"]) <= known, row
