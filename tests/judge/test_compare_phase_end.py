"""The comparison's « Fin de cette phase » (F) stops where the stepper's does: on the phase's last
step, the engine's step that ends the Night and begins the Morning (4.2.5, 1.3.2.a) shown up to the
Night's end, the Morning's beginning held for the next move — through the run API's
``until: "phase_end"``, the same code as the stepper's (runner.PhaseEnd), under both rule sets."""

from __future__ import annotations

import json

import pytest

from judge.scenarios import runner

from .test_verdict import fugace_board


@pytest.mark.parametrize(("ruleset", "morning_rule"), [("fr-1", "1.3.2.a"), ("cr-5.0", "4.2.a (CR 5.0)")])
def test_a_run_to_the_phase_end_stops_where_the_stepper_does(ruleset, morning_rule):
    doc = dict(fugace_board(), rules=ruleset)
    stepper = runner.step_from(runner.position(doc, 0)["state"], "phase_end")
    out = runner.run(doc, until="phase_end", steps=0)
    assert out["steps"] == stepper["steps"] == 4
    assert {(e["day"], e["phase"]) for e in out["log"]} == {(2, "night")}  # nothing of the Morning shown
    assert [e["text"] for e in out["log"]] == [e["text"] for e in stepper["log"]]
    assert [(e["event"], e["rules"]) for e in out["held"]] == [
        ({"type": "phase", "day": 3, "phase": "morning"}, [morning_rule])
    ]
    assert out["shown"] == stepper["shown"] == {"day": 2, "phase": "night"}
    assert out["last"] == stepper["last"] and out["last"][-1] == out["log"][-1]["seq"]  # the held entry not lit
    assert (out["state"]["day"], out["state"]["phase"]) == (
        3,
        "morning",
    )  # the state stays the engine's, to step on from
    # One step before the Night's end, F stops on that step too, not at the Morning's end.
    again = runner.run(doc, until="phase_end", steps=3)
    assert again["steps"] == 4 and again["held"] == out["held"]
    # The next move shows the Morning's beginning: the whole step, then on into the Morning.
    whole = runner.run(doc, until="none", steps=4)
    assert whole["held"] == [] and whole["log"][-1]["event"]["type"] == "phase"
    morning = runner.run(doc, until="phase_end", steps=4)
    assert morning["steps"] > 4 and {e["phase"] for e in morning["log"][len(whole["log"]) :]} == {"morning"}


def test_the_previous_next_phase_run_overshoots_the_night(rules_fr):  # noqa: F811
    """What F did before: « phase suivante » (until the Morning) plays the Morning's start too; the
    run API now takes ``phase_end`` and answers the held step."""
    from django.test import Client

    doc = fugace_board()
    assert runner.run(doc, until="morning", steps=0)["log"][-1]["phase"] == "morning"
    response = Client().post(
        "/api/run/", json.dumps({"document": doc, "until": "phase_end"}), content_type="application/json"
    )
    assert response.status_code == 200, response.content
    data = response.json()
    assert data["steps"] == 4 and data["shown"] == {"day": 2, "phase": "night"} and len(data["held"]) == 1


from .test_stepper_step import rules_fr  # noqa: E402,F401  (the fixture)
