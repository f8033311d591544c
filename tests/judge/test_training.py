"""Training exercises: questions built from engine runs, the starter set and its answer key."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from django.core.management import call_command

from judge.scenarios import runner
from judge.training import questions as training
from judge.training.models import Exercise

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "fixtures" / "scenarios"
STARTER = json.loads((ROOT / "fixtures" / "exercises.json").read_text(encoding="utf-8"))["exercises"]


def scenario(name: str) -> dict:
    return json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))


def keys(question: training.Question) -> list[str]:
    return [o["key"] for o in question.options]


# ---- building questions from the engine ---------------------------------------------------------------

def test_fleeting_character_goes_to_discard_and_the_other_zones_are_the_wrong_options(rules):
    q = training.build(scenario("night-fleeting-rest"), 0, "card_zone", focus="a1")
    assert q.answer == "A.discard"
    assert {"A.reserve", "A.hero_expedition"} <= set(keys(q)) and len(keys(q)) == 4
    assert (q.rule, q.section) == ("2.4.6.c", "2.4")
    assert "Garde forestière (a1)" in q.prompt


def test_token_ceases_to_exist(rules):
    q = training.build(scenario("night-token-ceases"), 0, "card_zone", focus="t1")
    assert q.answer == "gone" and q.rule == "2.1.d"


def test_card_goes_to_its_owners_reserve(rules):
    q = training.build(scenario("night-owner-reserve"), 0, "card_zone", focus="b9", rule="3.1.2.c")
    assert q.answer == "B.reserve" and "A.reserve" in keys(q) and q.section == "3.1"


def test_rule_question_offers_the_neighbouring_rules_but_none_the_step_cites(rules):
    q = training.build(scenario("night-fleeting-rest"), 0, "rule", focus="a1")
    assert q.answer == "2.4.6.c"
    wrong = set(keys(q)) - {"2.4.6.c"}
    assert len(wrong) == 3 and all(n.startswith("2.4.6.") for n in wrong)
    assert not wrong & {"4.2.5.b", "2.1.c", "1.3.2.f"}   # also cited by the step: never offered as wrong
    # The event in words of the question's own, never the engine's log sentence.
    assert "Garde forestière (a1) passe de l'Expédition du Héros de A à la Défausse de A" in q.prompt
    assert "Repos : Garde forestière est Fugace" not in q.prompt and "2.4.6" not in q.prompt


def test_expeditions_and_winner_questions(rules):
    q = training.build(scenario("dusk-asleep-not-counted"), 0, "expeditions", rule="2.4.3")
    assert q.answer == "B.hero" and "none" in keys(q) and q.section == "2.4"
    assert training.build(scenario("dusk-tie-no-progress"), 0, "expeditions").answer == "none"
    assert training.build(scenario("end-expeditions-cross"), 0, "winner").answer == "A"
    assert training.build(scenario("end-both-meet-tiebreak"), 0, "winner").answer == "tiebreak"
    assert training.build(scenario("arena-tiebreak-continues"), 0, "winner").answer == "none"


def test_options_are_in_an_order_of_their_own_but_the_same_every_time(rules):
    doc = scenario("end-expeditions-cross")
    first = training.build(doc, 0, "winner")
    assert keys(first) == keys(training.build(doc, 0, "winner"))
    orders = {tuple(keys(training.build(scenario(n), 0, "winner")))
              for n in ("end-expeditions-cross", "end-expeditions-meet", "arena-tiebreak-win", "arena-tiebreak-continues")}
    assert len(orders) > 1


@pytest.mark.parametrize("kwargs, message", [
    ({"steps": 1, "kind": "card_zone", "focus": "a1"}, "attend une décision"),     # Clean-up waits for A's choice
    ({"steps": 99, "kind": "winner"}, "s'arrête après"),
    ({"steps": 0, "kind": "card_zone", "focus": "zz"}, "n'est pas sur le plateau"),
    ({"steps": 0, "kind": "card_zone"}, "doit nommer la carte"),
    ({"steps": 0, "kind": "winner", "rule": "9.9.9"}, "n'est pas citée"),
    ({"steps": 0, "kind": "riddle"}, "type de question inconnu"),
])
def test_questions_the_step_cannot_make_are_refused_with_the_reason(rules, kwargs, message):
    with pytest.raises(training.ExerciseError, match=message):
        training.build(scenario("night-cleanup-pending"), **kwargs)


def test_difficulty_grows_with_the_step_and_the_author_may_set_it(rules):
    assert training.build(scenario("night-token-ceases"), 0, "card_zone", focus="t1").difficulty == 1
    assert training.build(scenario("dusk-asleep-not-counted"), 0, "expeditions").difficulty == 3
    assert training.build(scenario("night-token-ceases"), 0, "card_zone", focus="t1", author_difficulty=3).difficulty == 3


# ---- the starter set --------------------------------------------------------------------------------------

@pytest.fixture
def starter_set(rules):
    call_command("load_library", verbosity=0)
    call_command("load_exercises", verbosity=0)
    return Exercise.objects.select_related("scenario")


def test_starter_set_has_thirty_exercises_across_the_rules(starter_set):
    sections = Counter(starter_set.values_list("section", flat=True))
    assert starter_set.count() >= 30 and starter_set.count() == len(STARTER)
    assert len(sections) >= 8, sections
    assert {"card_zone", "expeditions", "winner", "rule", "count"} <= set(starter_set.values_list("kind", flat=True))
    assert set(starter_set.values_list("difficulty", flat=True)) == {1, 2, 3}
    assert all(e.explanation for e in starter_set)


def test_load_exercises_is_idempotent_and_waits_for_missing_scenarios(starter_set, tmp_path, capsys):
    before = {e.source: (e.pk, e.answer) for e in starter_set}
    call_command("load_exercises")
    assert "0 créés, 0 mis à jour, %d inchangés" % len(STARTER) in capsys.readouterr().out
    assert {e.source: (e.pk, e.answer) for e in Exercise.objects.all()} == before
    later = tmp_path / "exercises.json"
    later.write_text(json.dumps({"exercises": STARTER + [
        {"key": "plus-tard", "scenario": "fixtures/scenarios/pas-encore-la.json", "steps": 0, "kind": "winner"},
    ]}), encoding="utf-8")
    call_command("load_exercises", file=str(later))
    assert "1 en attente de leur scénario" in capsys.readouterr().out
    assert Exercise.objects.count() == len(STARTER)


def test_an_exercise_follows_its_scenario_when_it_changes(starter_set):
    exercise = starter_set.get(source="fixtures/exercises.json#fugace-repos-zone")
    assert exercise.answer == "A.discard"
    scenario = exercise.scenario
    scenario.document["players"]["A"]["hero_expedition"][0]["statuses"] = []   # no longer fleeting
    scenario.save()
    exercise.ensure_fresh()
    assert Exercise.objects.get(pk=exercise.pk).answer == "A.reserve"


def _zone(state: dict, card: str) -> str:
    for pid, player in state["players"].items():
        for zone, cards in player.items():
            if isinstance(cards, list) and card in [c.get("id") for c in cards if isinstance(c, dict)]:
                return f"{pid}.{zone}"
    return "limbo" if card in [c["id"] for c in state.get("limbo", [])] else "gone"


def _markers(state: dict) -> dict:
    return {f"{p}.{k}": m[k] for p, m in state["adventure"]["markers"].items() for k in ("hero", "companion")}


def test_the_answer_key_is_what_the_engine_says_when_the_scenario_is_run(starter_set):
    """Every starter exercise, run again through the site's runner (the stepper's path, not the builder's)."""
    wrong = []
    for exercise in starter_set:
        document = exercise.scenario.document
        before = runner.run(document, until="none", steps=exercise.steps)
        after = runner.run(document, until="step", steps=exercise.steps)
        assert before["steps"] == exercise.steps and after["steps"] == exercise.steps + 1, exercise.source
        step = [e for e in after["log"] if e["seq"] in after["last"]]
        cited = {n for e in step for n in e["rules"]}
        if exercise.kind == "card_zone":
            expected = _zone(after["state"], exercise.focus)
        elif exercise.kind == "expeditions":
            moved = sorted(k for k, v in _markers(before["state"]).items() if _markers(after["state"])[k] != v)
            expected = "+".join(moved) or "none"
        elif exercise.kind == "count":
            pid, zone = exercise.focus.split(".")
            expected = str(len(after["state"]["players"][pid][zone]))
        elif exercise.kind == "winner":
            began = after["state"]["adventure"].get("arena") and not before["state"]["adventure"].get("arena")
            expected = after["winner"] or ("tiebreak" if began else "none")
        else:
            expected = exercise.answer if exercise.answer in cited else f"pas cité : {exercise.answer}"
            others = {o["key"] for o in exercise.question["options"]} - {exercise.answer}
            assert not others & cited, (exercise.source, others & cited)
        options = [o["key"] for o in exercise.question["options"]]
        assert len(options) == len(set(options)) >= 3 and exercise.answer in options, exercise.source
        assert exercise.rule in cited, exercise.source
        if exercise.answer != expected:
            wrong.append((exercise.source, exercise.answer, expected))
    assert not wrong


def test_an_engine_failure_refuses_the_question_instead_of_failing(rules, monkeypatch):
    import engine.game

    def broken(self):
        raise NameError("zone_count")

    monkeypatch.setattr(engine.game.Game, "advance", broken)
    with pytest.raises(training.ExerciseError, match="le moteur a échoué.*NameError"):
        training.build(scenario("night-fleeting-rest"), 0, "card_zone", focus="a1")
