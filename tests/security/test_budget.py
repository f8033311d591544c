"""The engine's budget per request (issue 16, CONTRACT.md): past ``ARBITRE_RUN_SECONDS`` or
``ARBITRE_RUN_STEPS`` a run, a check, a training answer or a save is refused with 422
``{"problems": [{"path": "$", "message": "Budget dépassé : … (limite …)"}]}``, and nothing is written.
The tests give the budget a clock that ticks 1 ms at each reading (``ticking``): a budget of 0.01 s
is ten readings, so where a run stops does not depend on the machine's speed. The boards reach the
budget through many steps (a long game): the engine checks its budget before each step, and what one
step may cost is bounded by the size limits a board must meet before the engine sees it (no timer
interrupts a step). A request has one deadline, whatever budgets its engine work makes."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

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


def test_the_worst_clean_up_answers_at_once_and_a_board_past_the_limits_never_reaches_the_engine(client, settings):
    """60 cards in Reserve and 60 in Landmarks: 3 million legal clean-up choices (16 s to list before the
    engine was bounded, issue 11) are now counted, not listed, well within the budget. A larger board
    (a check of it is one engine call, which no budget check between steps could stop, and a check
    grows with the board) is refused by its size before the engine runs, on every path that would run
    it: past 512 KB by its body, within them past 400 cards."""
    response = client.post("/api/run/", {"document": big_cleanup(), "until": "end"}, format="json")
    assert response.status_code == 200, response.content[:300]
    out = response.json()
    assert out["pending"]["kind"] == "keep" and out["legal_count"] > 3_000_000 and out["legal_truncated"]
    assert len(out["legal_decisions"]) <= 200

    settings.ARBITRE_THROTTLE_RATES = {}
    huge = client.post("/api/check/", {"document": big_cleanup(20_000, 20_000)}, format="json")
    assert huge.status_code == 413 and "Corps de requête trop volumineux" in huge.json()["detail"]
    board = big_cleanup(2_000, 2_000)  # 4,000 cards in 300 KB
    for path, body in (
        ("/api/check/", {"document": board}),
        ("/api/run/", {"document": board, "until": "end"}),
        ("/api/scenarios/", {"title": "Énorme", "document": board, "visibility": "private"}),
    ):
        refused = client.post(path, body, format="json")
        assert refused.status_code == 413, (path, refused.status_code, refused.content[:200])
        assert "4000 cartes : au plus 400 par scénario" in refused.content.decode()
    assert not Scenario.objects.exists()


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


def test_an_exercise_is_refused_between_steps(client, settings, users, ticking):
    """The question's engine work (the engine's own loop, in judge/training) is bound by the request's
    budget at every step: making the exercise is refused, and nothing is written."""
    scenario = Scenario(title="Long", author=users["alice"], visibility="public", document=long_game(400))
    scenario.save_document()
    settings.ARBITRE_RUN_SECONDS = 0.02
    made = client.post(
        "/api/exercises/", {"scenario": str(scenario.uuid), "steps": 2500, "kind": "expeditions"}, format="json"
    )
    assert made.status_code == 422, (made.status_code, made.content[:300])
    assert made.json()["problems"][0]["message"].startswith("Budget dépassé : ")
    assert not Exercise.objects.exists()


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


def test_a_request_has_one_deadline_whatever_budgets_its_work_makes(settings, ticking):
    """The ruling page replays its position, then the boards around its deciding step, each with a
    budget of its own: each had the whole limit, and the page held a worker twice as long. The first
    budget of a request sets its deadline; later ones (nested or one after the other) end by it, a
    smaller one by its own; outside a request each budget has its own."""
    from django.http import HttpResponse
    from django.test import RequestFactory

    from judge.guard.meter import EngineMeterMiddleware

    settings.ARBITRE_RUN_SECONDS = 0.5
    seen = {}

    def view(request):
        first = Budget()
        with first.hard_stop():
            seen["nested"] = Budget().deadline
        for _ in range(100):  # time passes between the two (a hundred readings of the clock)
            ticking()
        seen["later"], seen["smaller"], seen["first"] = Budget().deadline, Budget(seconds=0.01).deadline, first.deadline
        seen["smaller_made"] = ticking.now
        return HttpResponse("ok")

    EngineMeterMiddleware(view)(RequestFactory().get("/scenarios/x/decision/"))
    assert seen["nested"] == seen["later"] == seen["first"]
    assert seen["smaller"] < seen["first"] and seen["smaller"] >= seen["smaller_made"]
    # outside a request (and in the next request) a budget starts its own time
    made = ticking.now
    assert Budget().deadline >= made + 0.5
    assert Budget(seconds=60).deadline - Budget(seconds=1).deadline > 50


def test_a_long_game_is_stopped_by_the_engines_own_check_between_steps(settings, ticking):
    """No timer: a run inside the engine's own loop (``game.run``, as the training questions replay) is
    refused by the engine at the deadline, before its next step, the state as it was after the last one."""
    budget = Budget(seconds=0.02)  # twenty readings of the clock
    with pytest.raises(BudgetExceeded, match="Budget dépassé"), budget.hard_stop():
        game = budget.load(long_game(400))
        game.run("end")
    assert 0 < game.steps_done < 50  # of its 2,806 steps
    assert len(game.log) and game.log[-1].to_json()  # the steps done are whole
