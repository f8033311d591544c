"""The engine's budget per request (issue 16, CONTRACT.md): past ``ARBITRE_RUN_SECONDS`` or
``ARBITRE_RUN_STEPS`` a run, a check, a training answer or a save is refused with 422
``{"problems": [{"path": "$", "message": "Budget dépassé : … (limite …)"}]}``, and nothing is written.
The tests give the budget a clock that ticks 1 ms at each reading (``ticking``): a budget of 0.01 s
is ten readings, so where a run stops does not depend on the machine's speed. The boards reach the budget through many steps (a long game); one
board reaches it inside a single step (an enumeration of 3 million clean-up choices), which the
timer of the main thread interrupts."""

from __future__ import annotations

import time

import pytest
from rest_framework.test import APIClient

import engine
from judge.guard.budget import Budget, BudgetExceeded
from judge.scenarios.models import Scenario
from judge.training.models import Attempt, Exercise

from .hostile_boards import big_cleanup, long_game


@pytest.fixture(autouse=True)
def _roomy_budget(settings):
    """A loaded test machine must not refuse the setup's own saves: each test lowers the limit it checks."""
    settings.ARBITRE_RUN_SECONDS = 60


@pytest.fixture
def client(rules, users):
    client = APIClient()
    client.force_authenticate(users["alice"])
    return client


def refused(response, limit: str) -> str:
    assert response.status_code == 422, (response.status_code, response.content[:300])
    [problem] = response.json()["problems"]
    assert problem["path"] == "$" and problem["message"].startswith("Budget dépassé : ")
    assert f"(limite {limit}" in problem["message"], problem["message"]
    return problem["message"]


def test_a_run_past_the_step_budget_is_refused(client, settings):
    settings.ARBITRE_RUN_STEPS = 1000
    document = long_game(400)  # about 2800 steps to its end
    message = refused(client.post("/api/run/", {"document": document, "until": "end"}, format="json"), "1000 étapes")
    assert "plus de 1000 étapes" in message
    # within the budget, the same board runs (to a position, or its first 1000 steps)
    ok = client.post("/api/run/", {"document": document, "until": "none", "steps": 1000}, format="json")
    assert ok.status_code == 200 and ok.json()["steps"] == 1000


def test_a_run_past_the_time_budget_is_refused_at_its_deadline(client, settings, ticking):
    settings.ARBITRE_RUN_SECONDS = 0.01
    settings.ARBITRE_RUN_STEPS = 100_000
    document = long_game(400)  # 2,806 cheap steps
    response = client.post("/api/run/", {"document": document, "until": "end"}, format="json")
    refused(response, "0,01 s")
    assert ticking.reads < 50  # stopped at the deadline (ten readings), not after the game's 2,806 steps


def test_the_worst_clean_up_answers_at_once_and_a_long_engine_call_is_interrupted(client, settings):
    """60 cards in Reserve and 60 in Landmarks: 3 million legal clean-up choices (16 s to list before the
    engine was bounded, issue 11) are now counted, not listed, well within the budget; and the timer
    of the main thread still interrupts one engine call that outlives the deadline (checking a board
    of 40,000 cards) instead of holding the worker."""
    response = client.post("/api/run/", {"document": big_cleanup(), "until": "end"}, format="json")
    assert response.status_code == 200, response.content[:300]
    out = response.json()
    assert out["pending"]["kind"] == "keep" and out["legal_count"] > 3_000_000 and out["legal_truncated"]
    assert len(out["legal_decisions"]) <= 200

    # Calibrated: one uninterrupted check of 40,000 cards, then the same under a fifth of its time.
    board = big_cleanup(20_000, 20_000)
    started = time.monotonic()
    engine.check(board)
    whole = time.monotonic() - started
    budget = Budget(seconds=whole / 5)
    # One engine call, no check between steps: only the timer can stop it, so the refusal is its work.
    with pytest.raises(BudgetExceeded, match="Budget dépassé"), budget.hard_stop():
        engine.check(board)


def test_a_saved_scenario_run_and_a_check_have_the_budget_too(client, settings, users):
    scenario = Scenario(title="Long", author=users["alice"], visibility="public", document=long_game(400))
    scenario.save_document()
    settings.ARBITRE_RUN_STEPS = 500
    refused(client.post(f"/api/scenarios/{scenario.uuid}/run/", {"until": "end"}, format="json"), "500 étapes")
    settings.ARBITRE_RUN_SECONDS = 0.0  # a check is a single engine call: refused only if it started too late
    assert client.post("/api/check/", {"document": long_game(400)}, format="json").status_code == 422


@pytest.mark.parametrize("method", ["post", "put"])
def test_a_save_past_the_budget_is_refused_and_writes_nothing(method, client, settings, users, ticking):
    scenario = Scenario(title="Avant", author=users["alice"], visibility="private", document=long_game(10))
    scenario.save_document()
    revisions = scenario.revisions.count()
    settings.ARBITRE_RUN_SECONDS = 0.01  # ten readings of the clock: a few steps of this 2,806-step game
    body = {"title": "Après", "document": long_game(400), "visibility": "private"}
    if method == "post":
        response = client.post("/api/scenarios/", body, format="json")
    else:
        response = client.put(f"/api/scenarios/{scenario.uuid}/", body, format="json")
    refused(response, "0,01 s")
    assert list(Scenario.objects.values_list("title", flat=True)) == ["Avant"]
    scenario.refresh_from_db()
    assert scenario.version == 1 and scenario.revisions.count() == revisions


def test_a_training_answer_past_the_budget_is_refused_and_records_nothing(client, settings, users, ticking):
    scenario = Scenario(title="Long", author=users["alice"], visibility="public", document=long_game(400))
    scenario.save_document()
    exercise = Exercise(scenario=scenario, author=users["alice"], steps=1500, kind="expeditions")
    exercise.rebuild()
    exercise.save()
    chosen = exercise.question["options"][0]["key"]
    settings.ARBITRE_RUN_STEPS = 1000
    message = refused(
        client.post(f"/api/exercises/{exercise.uuid}/answer/", {"chosen": chosen}, format="json"), "1000 étapes"
    )
    assert "1501 étapes demandées" in message
    settings.ARBITRE_RUN_STEPS = 5000
    settings.ARBITRE_RUN_SECONDS = 0.005  # five readings: a few of the 1500 steps to replay
    refused(client.post(f"/api/exercises/{exercise.uuid}/answer/", {"chosen": chosen}, format="json"), "0,005 s")
    assert not Attempt.objects.exists()
    settings.ARBITRE_RUN_SECONDS = 30
    assert client.post(f"/api/exercises/{exercise.uuid}/answer/", {"chosen": chosen}, format="json").status_code == 200
    assert Attempt.objects.count() == 1


def test_position_5000_is_the_last_one(client, settings):
    """steps=5000 with until=step stays at 5000 (it went to 5001); a run to the end stops there too."""
    settings.ARBITRE_RUN_SECONDS = 60
    document = long_game(800)  # more than 5000 steps to its end
    for until in ("step", "end", "night"):
        response = client.post("/api/run/", {"document": document, "until": until, "steps": 5000}, format="json")
        assert response.status_code == 200 and response.json()["steps"] == 5000, (until, response.content[:200])
    near = client.post("/api/run/", {"document": document, "until": "end", "steps": 4990}, format="json")
    assert near.json()["steps"] == 5000


def test_copies_and_exercises_are_made_within_the_budget(client, settings, users, ticking):
    """Copying (page and API) saves, so it runs the engine; making an exercise computes its question."""
    from django.test import Client

    scenario = Scenario(title="Long", author=users["alice"], visibility="public", document=long_game(400))
    scenario.save_document()
    settings.ARBITRE_RUN_SECONDS = 0.02  # twenty readings: a few steps of this 2,806-step game
    page = Client()
    page.force_login(users["bob"])
    response = page.post(f"/scenarios/{scenario.uuid}/copier/")
    assert response.status_code == 422 and "Budget dépassé" in response.content.decode()
    refused(client.post(f"/api/scenarios/{scenario.uuid}/copy/"), "0,02 s")
    assert Scenario.objects.count() == 1
    made = client.post(
        "/api/exercises/", {"scenario": str(scenario.uuid), "steps": 2500, "kind": "expeditions"}, format="json"
    )
    assert made.status_code in (400, 422) and "Budget dépassé" in made.content.decode()
    assert not Exercise.objects.exists()


def test_an_exercise_is_refused_between_steps_without_the_timer(client, settings, users, monkeypatch, ticking):
    """The question's engine work is bound by the request's budget at every step, not only by the timer
    (which only interrupts when it lands in the engine's code, and not at all outside the main thread):
    with no timer, making the exercise is still refused, and nothing is written."""
    from judge.guard import budget as budget_module

    monkeypatch.setattr(budget_module.Budget, "_timer", lambda self: _no_timer(self))
    scenario = Scenario(title="Long", author=users["alice"], visibility="public", document=long_game(400))
    scenario.save_document()
    settings.ARBITRE_RUN_SECONDS = 0.02
    made = client.post(
        "/api/exercises/", {"scenario": str(scenario.uuid), "steps": 2500, "kind": "expeditions"}, format="json"
    )
    assert made.status_code == 422, (made.status_code, made.content[:300])
    assert made.json()["problems"][0]["message"].startswith("Budget dépassé : ")
    assert not Exercise.objects.exists()


def _no_timer(budget):
    from contextlib import nullcontext

    return nullcontext(budget)


def test_the_timer_interrupts_the_engine_and_the_library_it_calls_never_a_finalizer_nor_a_package():
    """Where the timer may raise: in the engine's code, or in a module of Python's library the engine
    calls in a step (``copy``, ``random``); never in a finalizer the garbage collector runs in the middle
    of an engine step (its exception would be lost, and its work with it: CI saw a ``weakref.finalize``
    interrupted), nor in an installed package (Django, the database driver), even when the engine is
    further up the stack, nor in code that is not the engine's."""
    import copy
    import sys
    import weakref

    from judge.guard.budget import ENGINE_DIR, _in_engine

    seen = {}

    class Spy:
        def __reduce_ex__(self, protocol):
            seen["frame"] = sys._getframe(1)  # copy.copy's frame (Python's library)
            return (Spy, ())

    def run_as(filename: str, source: str, **names) -> None:
        exec(compile(source, filename, "exec"), {**names})

    run_as(ENGINE_DIR + "spy.py", "copy(spy)", copy=copy.copy, spy=Spy())
    assert seen["frame"].f_code.co_filename.endswith("copy.py") and _in_engine(seen["frame"])
    run_as(__file__, "copy(spy)", copy=copy.copy, spy=Spy())
    assert not _in_engine(seen["frame"])  # Python's library called by other code

    class Owner:
        pass

    def finalizer_frame():
        seen["frame"] = sys._getframe(1)  # weakref.finalize.__call__'s frame

    owner = Owner()
    run_as(ENGINE_DIR + "spy.py", "finalizer()", finalizer=weakref.finalize(owner, finalizer_frame))
    assert seen["frame"].f_code.co_filename.endswith("weakref.py") and not _in_engine(seen["frame"])

    import django.utils.functional as installed

    def capture():
        seen["frame"] = sys._getframe(2)  # the frame that called the lambda below: Django's

    lazy = installed.lazy(lambda: capture() or "x", str)  # a frame inside Django's own code
    run_as(ENGINE_DIR + "spy.py", "str(value())", value=lazy)
    assert "django" in seen["frame"].f_code.co_filename and not _in_engine(seen["frame"])


def test_the_exercise_form_page_computes_its_question_within_the_budget(settings, users, ticking):
    """The author's form (/entrainement/nouveau/…) runs the engine too: past the budget it shows the
    budget's refusal as a form error, and makes nothing."""
    from django.test import Client

    scenario = Scenario(title="Long", author=users["alice"], visibility="public", document=long_game(400))
    scenario.save_document()
    settings.ARBITRE_RUN_SECONDS = 0.02
    page = Client()
    page.force_login(users["alice"])
    response = page.post(
        f"/entrainement/nouveau/{scenario.uuid}/", {"steps": 2500, "kind": "expeditions", "explanation": ""}
    )
    assert response.status_code == 200
    assert "Budget dépassé : le moteur a calculé plus de 0,02 s" in response.content.decode()
    assert not Exercise.objects.exists()
