"""Every scenario file of fixtures/scenarios/ plays to its `expect` (see engine/README.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.game import cite_in
from engine.rules.registry import citable, citable_articles
from engine.versions import FR1

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "scenarios").glob("*.json"))
_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def resolve(doc: Any, path: str) -> Any:
    """Follow 'players.A.reserve[0].statuses' in a dumped state; None where it is missing."""
    cur = doc
    for key, index in _PART.findall(path):
        if index:
            i = int(index)
            cur = cur[i] if isinstance(cur, list) and i < len(cur) else None
        else:
            cur = cur.get(key) if isinstance(cur, dict) else None
        if cur is None:
            return None
    return cur


def compare(actual: Any, expected: Any) -> Any:
    """A list of cards compares as its ids; {"count": n} compares the length."""
    if isinstance(expected, dict) and set(expected) == {"count"}:
        return len(actual or [])
    if isinstance(actual, list) and actual and isinstance(actual[0], dict) and "id" in actual[0]:
        return [c["id"] for c in actual]
    return actual


def normalise(expected: Any) -> Any:
    return expected["count"] if isinstance(expected, dict) and set(expected) == {"count"} else expected


def citable_in(ruleset: str) -> set[str]:
    """What a log entry may cite under `ruleset` (under cr-5.0: the declared numbers as translated)."""
    return {c for n in citable() for c in cite_in(ruleset, (n,))[0]}


def test_there_are_enough_scenarios():
    assert len(SCENARIOS) >= 25


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc.get("title") and doc.get("description"), "a scenario has a title and a French description"
    assert doc.get("tags") and all(isinstance(t, str) for t in doc["tags"]), "a scenario has French tags"
    expect = doc["expect"]
    if "problems" in expect:  # an impossible board: refused with exactly these problems
        got = [{k: p.get(k) for k in ("path", "code", "rules")} for p in engine.check(doc)]
        assert got == expect["problems"]
        assert all(p["message"] for p in engine.check(doc)), "each problem is said in French"
        with pytest.raises(engine.ScenarioError):
            engine.load(doc)
        return
    game = engine.load(doc)
    game.run(expect.get("until", "end"))
    if "winner" in expect:
        assert game.winner == expect["winner"]
    if "pending" in expect:
        want = expect["pending"]
        if want is None:
            assert game.pending is None
        else:
            assert game.pending is not None, "a decision was expected to be missing"
            want = dict(want)
            reason = want.pop("reason_contains", None)
            assert {k: game.pending.get(k) for k in want} == want
            if reason is not None:  # a refused decision: the reason names the rule
                assert reason in (game.pending.get("reason") or ""), game.pending
    state = game.to_doc()
    for key, want in expect.get("state", {}).items():
        assert compare(resolve(state, key), want) == normalise(want), key
    cited = {r for e in game.log for r in e.rules}
    want = set(expect["rules"])  # exact (issue 11): missing and extra both fail
    assert want == cited, f"missing citations: {sorted(want - cited)}; extra citations: {sorted(cited - want)}"
    assert len(expect["rules"]) == len(want), "a rule is listed twice"
    assert cited <= citable_in(doc.get("rules", FR1))
    articles = {a for e in game.log for a in e.articles}  # (title, section) of the 2v2 article
    assert {s for _, s in articles} >= set(expect.get("articles", [])), "missing article citations"
    assert articles <= citable_articles()
    if doc.get("mode") == "2v2":
        assert "2v2" in doc["tags"] and path.name.startswith("2v2-")
