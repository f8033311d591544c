"""Every question of the starter set is answerable from what the trainee is shown.

For each exercise of ``fixtures/exercises.json``, the other games the trainee could be looking at are
built (the other positions of the same phase, a few before and after; the same position after another
choice of each of the last decisions made) and asked the same question: where the trainee's screen
(prompt, options, board with Decks face down, cards' texts, stated facts) is the same and the answer
differs, the question rests on a fact the trainee cannot see, and the test fails.

Checked against the builder before questions stated the position in game terms and the facts the board
does not show (what was kept at the Clean-up, the effect being resolved, the mode chosen): 9 questions
of the bank failed here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import text as engine_text
from judge.training import questions
from judge.training.questions import board, kinds, making

ROOT = Path(__file__).resolve().parents[2]
BANK = json.loads((ROOT / "fixtures" / "exercises.json").read_text(encoding="utf-8"))["exercises"]


def document(entry: dict) -> dict:
    return json.loads((ROOT / entry["scenario"]).read_text(encoding="utf-8"))


def hidden_facts(entries: list[dict]) -> list[tuple]:
    """(exercise, the other game, its answer, the exercise's answer) wherever the screens are the same."""
    found = []
    for entry in entries:
        doc = document(entry)
        ask = dict(kind=entry["kind"], focus=entry.get("focus", ""), rule=entry.get("rule", ""))
        try:
            mine = questions.build(doc, entry["steps"], checked=False, ruleset=doc.get("rules", "fr-1"), **ask)
        except questions.ExerciseError:
            continue
        for why, other_doc, other_steps in questions.alternatives(doc, entry["steps"], entry["kind"]):
            try:
                other = making._make(
                    other_doc,
                    other_steps,
                    ruleset=doc.get("rules", "fr-1"),
                    author_difficulty=None,
                    strict=False,
                    **ask,
                )
            except questions.ExerciseError:
                continue
            if other.answer != mine.answer and questions.screen(other) == questions.screen(mine):
                found.append((entry["key"], why, other.answer, mine.answer))
    return found


def test_no_question_of_the_bank_rests_on_a_fact_the_trainee_cannot_see(rules):
    assert hidden_facts(BANK) == []


def test_without_the_position_and_the_unseen_facts_the_same_screens_have_other_answers(rules, monkeypatch):
    """The test above can fail: with the position reduced to the phase and the facts the board does not
    show left out (as the builder once made them), Clean-up questions whose answer follows from what
    was kept are caught, and the builder refuses them."""
    monkeypatch.setattr(kinds, "situation", lambda run: "")
    monkeypatch.setattr(kinds, "moment", lambda run: "À l'étape suivante")
    for module in (board, kinds, making):
        monkeypatch.setattr(module, "unseen", lambda state: [])
    monkeypatch.setattr(engine_text, "position_text", lambda state, player=None: str(state.get("phase")))
    # Two Clean-up questions once in the bank (cut since: the kept cards they state give their answer).
    cleanups = [
        {"key": "nettoyage-sans-heros-zone", "scenario": "fixtures/scenarios/night-cleanup-no-hero.json"},
        {"key": "nettoyage-limite-zone", "scenario": "fixtures/scenarios/night-cleanup-hero-limits.json"},
    ]
    cleanups[0].update(steps=3, kind="card_zone", focus="b1", rule="4.2.5.d")
    cleanups[1].update(steps=3, kind="card_zone", focus="a2")
    # A spell's mode question once in the bank too (cut since: « Sabotez » read as discarding gave it away).
    modal = {
        "key": "spell-modal-chosen-mode-card-zone-1-b1",
        "scenario": "fixtures/scenarios/spell-modal-chosen-mode.json",
        "steps": 1,
        "kind": "card_zone",
        "focus": "b1",
    }
    entries = [modal] + cleanups
    caught = {found[0] for found in hidden_facts(entries)}
    assert caught == {e["key"] for e in entries}
    entry = cleanups[0]
    with pytest.raises(questions.ExerciseError, match="dépend d'un fait que la question ne montre pas"):
        questions.build(document(entry), entry["steps"], entry["kind"], focus=entry["focus"])
