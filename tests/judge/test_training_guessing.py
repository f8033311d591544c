"""No answer of the starter set can be guessed from its options alone.

Over the whole bank, each option is sorted into the kind a trainee would recognise without reading the
board (a zone: Reserve, Discard, Limbo, Mana, « elle y reste », « cesse d'exister »; for counts, the
place of the number among the four and whether it is the count now; « Aucune », one Expedition or two;
a player, the tiebreakers, nobody; the rule sharing the most words with the question). For each kind,
how often it is right when it is offered: a kind right whenever it shows, or right far more often
than a quarter of the time, gives the answer away and the test fails.

Checked against the options before they were drawn from what a judge could believe: Mana was offered
only when it was the answer (3 of 3), « Aucune » right 7 times in 11, the second smallest count right
12 times in 20: the test failed.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

from judge.training import questions
from judge.training.questions import kinds

ROOT = Path(__file__).resolve().parents[2]
BANK = json.loads((ROOT / "fixtures" / "exercises.json").read_text(encoding="utf-8"))["exercises"]
#: A kind of option offered this often is judged by its share right…
MEASURED = 8
#: …which must stay under this (four options: a blind guess is right a quarter of the time).
MOST = 0.55
#: A kind of option offered at least this often is never right every time.
ALWAYS = 3


def kinds_of(kind: str, option: dict, question: questions.Question) -> list[str]:
    key = option["key"]
    if kind in ("card_zone", "night_zone"):
        if key in ("gone", "limbo"):
            return [key]
        zone = key.split(".", 1)[1].replace("hero_", "").replace("companion_", "")
        return [zone, *(["stays"] if "(elle y reste)" in option["label"] else [])]
    if kind == "expeditions":
        return ["none" if key == "none" else "pair" if "+" in key else "single"]
    if kind == "winner":
        return [key if key in ("none", "tiebreak") else "player"]
    if kind == "count":
        numbers = sorted(int(o["key"]) for o in question.options)
        place = [f"place {numbers.index(int(key)) + 1}"]
        return place + (["the count now"] if f"(actuellement {key})" in question.prompt else [])
    if kind == "legal":
        return ["none" if key == "none" else "a card"]
    if kind == "rule":
        asked = kinds._words(question.prompt.split(" : ", 1)[-1])
        overlap = {o["key"]: len(asked & kinds._words(o["label"])) for o in question.options}
        return ["shares the most words" if overlap[key] == max(overlap.values()) else "shares fewer words"]
    return []


def shares(bank: list[dict]) -> dict[tuple[str, str], list[int]]:
    """``{(kind of question, kind of option): [offered, right]}`` over ``bank``."""
    table: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for entry in bank:
        doc = json.loads((ROOT / entry["scenario"]).read_text(encoding="utf-8"))
        q = questions.build(
            doc,
            entry["steps"],
            entry["kind"],
            focus=entry.get("focus", ""),
            rule=entry.get("rule", ""),
            ruleset=doc.get("rules", "fr-1"),
            checked=False,
        )
        right = set(q.answer.split(","))
        kind = "card_zone" if entry["kind"] == "night_zone" else entry["kind"]
        for option in q.options:
            for name in kinds_of(kind, option, q):
                row = table[(kind, name)]
                row[0] += 1
                row[1] += option["key"] in right
    return dict(table)


def test_no_kind_of_option_gives_the_answer_away(rules):
    table = shares(BANK)
    always = {k: v for k, v in table.items() if v[0] >= ALWAYS and v[0] == v[1]}
    often = {k: v for k, v in table.items() if v[0] >= MEASURED and v[1] / v[0] > MOST}
    assert (always, often) == ({}, {}), sorted(table.items())
    # Every kind of question of the bank is measured, and zones a judge could believe are offered.
    assert {k for k, _ in table} == {"card_zone", "count", "expeditions", "winner", "rule", "legal"}
    assert table[("card_zone", "mana")][0] > table[("card_zone", "mana")][1]
    asked = sum(1 for e in BANK if e["kind"] == "expeditions")
    assert table[("expeditions", "none")][0] == asked  # « Aucune » is offered in every one
