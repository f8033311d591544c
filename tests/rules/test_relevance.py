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
