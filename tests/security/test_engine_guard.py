"""Protecting judges from engine-heavy clients (issue 16, judge/guard/meter.py): throttle counters and
each client's engine time are shared by every worker process (the file cache under var/, updated under
its lock), a client whose engine time is spent gets a French 429 with Retry-After on every path that
runs the engine, and at most ARBITRE_ENGINE_SLOTS requests run heavy engine work at once (the N+1th is
refused at once, light work such as a judge's save goes on). Never a 5xx."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import time

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import caches
from django.test import Client, RequestFactory
from rest_framework.request import Request
from rest_framework.test import APIClient, APIRequestFactory

from judge.guard import counters, throttles
from judge.guard import meter as engine_guard
from judge.guard.budget import Budget, EngineBusy
from judge.guard.client import network
from judge.scenarios.models import Scenario
from tests.processes import in_processes

from .conftest import small_board
from .hostile_boards import long_game

ATTACKER = "203.0.113.7"


@pytest.fixture(autouse=True)
def _roomy_budget(settings):
    """A loaded test machine must not turn a heavy run into a 422: these tests are about the 429s."""
    settings.ARBITRE_RUN_SECONDS = 30


def engine_rates(settings, **rates):
    settings.ARBITRE_THROTTLE_RATES = {**settings.ARBITRE_THROTTLE_RATES, **rates}


def anonymous_request(ip: str = ATTACKER):
    request = RequestFactory().post("/api/run/", REMOTE_ADDR=ip)
    request.user = AnonymousUser()
    return request


def level(ip: str = ATTACKER, scope: str = "engine") -> float:
    """Seconds of engine time in the anonymous client's window of ``scope``."""
    key = f"engine_{scope}_net-{network(ip)}"
    windows = [w for w in engine_guard.buckets(anonymous_request(ip)) if w.key == key]
    return windows[0].level() / engine_guard.MICRO if windows else 0.0


@pytest.fixture
def frozen_clock(monkeypatch):
    """The guard's clock stopped at the start of a minute: windows neither slide nor empty meanwhile."""
    monkeypatch.setattr(counters, "clock", lambda: 60.0 * 29_000_000)


# -- one count for all workers --------------------------------------------------------------------------


def test_a_rate_is_the_sites_not_each_workers(settings):
    """Four worker processes counting one client's runs at once: 20/min lets exactly 20 through in all
    (with each worker's own memory, as before, it let 20 through each; without the lock, lost updates
    let more through)."""
    engine_rates(settings, run="20/min")

    class View:
        throttle_scope = "run"

    def worker(barrier, queue):
        barrier.wait()
        allowed = 0
        for _ in range(10):
            request = Request(APIRequestFactory().post("/api/run/", REMOTE_ADDR=ATTACKER))
            allowed += throttles.UserScopeThrottle().allow_request(request, View())
        queue.put(allowed)

    assert sum(in_processes(worker, 4)) == 20


def test_engine_time_is_charged_once_for_all_workers(settings):
    """Four processes charging one client's engine time at once: the bucket holds the sum (the leak of
    10 s a day is negligible here)."""
    engine_rates(settings, engine="10/d", **{"engine-net": "10/d"})

    def worker(barrier, queue):
        barrier.wait()
        for _ in range(25):
            engine_guard.charge(anonymous_request(), 0.01)
        queue.put(True)

    in_processes(worker, 4)
    assert level() == pytest.approx(1.0, abs=0.005)
    assert level(scope="engine-net") == pytest.approx(1.0, abs=0.005)
    assert level(ip="198.51.100.1") == 0.0


# -- engine time per client --------------------------------------------------------------------------------


def test_a_client_running_heavy_boards_is_refused_in_french_with_retry_after(rules, settings, frozen_clock):
    """Runs of a long game charge their engine time; once the client's bucket (1 s at once, then 1 s a
    minute) is full it gets 429 at once, while another client still runs the same board."""
    engine_rates(settings, engine="1/min")
    client = APIClient(REMOTE_ADDR=ATTACKER)
    body = {"document": long_game(400), "until": "end"}
    statuses = []
    while len(statuses) < 100 and 429 not in statuses:
        statuses.append(client.post("/api/run/", body, format="json").status_code)
    assert statuses[-1] == 429 and set(statuses[:-1]) == {200}, statuses
    assert level() >= 1.0
    refused = client.post("/api/run/", body, format="json")
    assert refused.status_code == 429
    assert refused.json()["detail"].startswith("Trop de calcul : le moteur a déjà beaucoup travaillé pour vous")
    # into the next minute, until the weight of this one's falls under 1 s
    assert int(refused["Retry-After"]) == math.ceil(60 + 60 * (1 - 1 / level()))
    assert f"réessayez dans {refused['Retry-After']} seconde" in refused.json()["detail"]
    other = APIClient(REMOTE_ADDR="198.51.100.1")
    assert other.post("/api/run/", body, format="json").status_code == 200


def test_every_engine_path_refuses_a_client_whose_time_is_spent(rules, settings, users, frozen_clock):
    """Runs, checks, the stepper, saves (API and page): 429 with the seconds until the window has room
    (4 s in a 1 s a minute window, at the start of a minute: this minute, then 45 s of the next until
    its weight falls under 1 s: 105 s), nothing saved. The per-address bucket holds
    every account behind the address. The anonymous client, once refused, is refused at the door with
    the same reason until then."""
    engine_rates(settings, engine="1/min", **{"engine-net": "1/min"})
    engine_guard.charge(anonymous_request(), 4.0)
    anonymous = APIClient(REMOTE_ADDR=ATTACKER)
    signed_in = APIClient(REMOTE_ADDR=ATTACKER)
    signed_in.force_login(users["alice"])  # a session, as the site's pages have
    scenario = Scenario(title="Cas", author=users["bob"], visibility="public", document=small_board())
    scenario.save_document()
    calls = {
        "run": lambda c: c.post("/api/run/", {"document": small_board()}, format="json"),
        "saved run": lambda c: c.post(f"/api/scenarios/{scenario.uuid}/run/", {}, format="json"),
        "check": lambda c: c.post("/api/check/", {"document": small_board()}, format="json"),
        "step": lambda c: c.post("/api/step/", {"document": small_board(), "steps": 1}, format="json"),
        "save": lambda c: c.post("/api/scenarios/", {"title": "Neuf", "document": small_board()}, format="json"),
    }
    for name, call in calls.items():
        for client in (anonymous, signed_in):
            response = call(client)  # the anonymous client, once refused, is refused at the door
            assert response.status_code == 429, (name, response.status_code, response.content[:200])
            assert 105 <= int(response["Retry-After"]) <= 110, name  # and what the refused requests spent
            assert response.json()["detail"].startswith("Trop de calcul"), name
    page = Client(REMOTE_ADDR=ATTACKER)
    page.force_login(users["alice"])
    copied = page.post(f"/scenarios/{scenario.uuid}/copier/")
    assert copied.status_code == 429 and "Trop de calcul" in copied.content.decode()
    assert 105 <= int(copied["Retry-After"]) <= 110
    assert Scenario.objects.count() == 1
    elsewhere = APIClient(REMOTE_ADDR="198.51.100.1")
    elsewhere.force_authenticate(users["alice"])
    assert calls["save"](elsewhere).status_code == 201  # alice from another address: her own bucket is empty


# -- engine slots -----------------------------------------------------------------------------------------


class SlotHolder:
    """Another process holding ``count`` engine slots (as other workers running heavy boards would)."""

    def __init__(self, settings, count: int) -> None:
        code = (
            "import fcntl, os, sys\n"
            "held = []\n"
            "for i in range(16):\n"
            f"    d = os.open(os.path.join({str(settings.ARBITRE_ENGINE_SLOTS_DIR)!r}, f'slot-{{i}}'), os.O_RDWR | os.O_CREAT)\n"
            "    try:\n"
            "        fcntl.flock(d, fcntl.LOCK_EX | fcntl.LOCK_NB)\n"
            "        held.append(d)\n"
            "    except BlockingIOError:\n"
            "        os.close(d)\n"
            "    if len(held) == int(sys.argv[1]):\n"
            "        break\n"
            "print(len(held), flush=True)\n"
            "sys.stdin.read()\n"
        )
        settings.ARBITRE_ENGINE_SLOTS_DIR.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [sys.executable, "-c", code, str(count)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout.readline().strip() == str(count)  # the first free ones, as workers take them

    def release(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=10)


@pytest.fixture
def hold(settings):
    holders = []

    def holding(count):
        holders.append(SlotHolder(settings, count))
        return holders[-1]

    yield holding
    for holder in holders:
        if holder.process.poll() is None:
            holder.release()


def test_the_slot_past_the_last_is_refused_at_once_and_light_work_goes_on(rules, settings, users, hold, ticking_cpu):
    """Two slots: with one taken by another worker, a heavy run takes the other; with both taken, a heavy
    run is refused (429 in French, Retry-After: the longest a slot is held) after its free engine time,
    while a small run and a judge's save (light: within their free time) still answer; once a slot is
    given back, the heavy run goes through again."""
    settings.ARBITRE_ENGINE_SLOTS = 2
    settings.ARBITRE_ENGINE_FREE_SECONDS = 0.02
    heavy = {"document": long_game(400), "until": "end"}  # 2,806 steps: as many readings of the CPU clock
    client = APIClient(REMOTE_ADDR=ATTACKER)
    first = hold(1)
    assert client.post("/api/run/", heavy, format="json").status_code == 200
    second = hold(1)
    ticking_cpu.reads = 0
    refused = client.post("/api/run/", heavy, format="json")
    assert refused.status_code == 429, refused.content[:200]
    assert ticking_cpu.reads < 100  # refused once its free time was spent, not after the whole game
    assert refused.json()["detail"] == "Le moteur est occupé par d'autres calculs longs : réessayez dans 30 secondes."
    assert refused["Retry-After"] == "30"
    settings.ARBITRE_ENGINE_FREE_SECONDS = 0.1  # the light work below: a hundred readings
    judge = APIClient(REMOTE_ADDR="198.51.100.1")
    judge.force_authenticate(users["alice"])
    assert judge.post("/api/run/", {"document": small_board()}, format="json").status_code == 200
    assert judge.post("/api/scenarios/", {"title": "Cas", "document": small_board()}, format="json").status_code == 201
    second.release()
    settings.ARBITRE_ENGINE_FREE_SECONDS = 0.02
    assert APIClient(REMOTE_ADDR="198.51.100.2").post("/api/run/", heavy, format="json").status_code == 200
    first.release()
    # every slot was given back by the requests that took one
    taken = [engine_guard.take_slot() for _ in range(3)]
    assert [t is not None for t in taken] == [True, True, False]
    for slot in taken[:2]:
        os.close(slot)


def test_a_client_running_heavy_work_needs_a_slot_from_the_start(rules, settings, hold):
    """A client that spent more than a quarter of its window lately gets no free time: with every slot
    taken even its small run is refused, while a fresh client's small run answers."""
    settings.ARBITRE_ENGINE_SLOTS = 1
    engine_rates(settings, engine="10/min")
    engine_guard.charge(anonymous_request(), 3.0)
    hold(1)
    body = {"document": small_board()}
    attacker = APIClient(REMOTE_ADDR=ATTACKER)
    refused = attacker.post("/api/run/", body, format="json")  # before its body is read
    assert refused.status_code == 429 and refused.json()["detail"].startswith("Le moteur est occupé")
    stepped = attacker.post("/api/step/", {**body, "steps": 1}, format="json")  # when its engine work starts
    assert stepped.status_code == 429 and stepped.json()["detail"].startswith("Le moteur est occupé")
    assert stepped["Retry-After"] == "30"
    assert APIClient(REMOTE_ADDR="198.51.100.1").post("/api/run/", body, format="json").status_code == 200


def test_a_long_run_in_the_engines_own_loop_takes_its_slot_at_a_step(settings, hold, ticking_cpu):
    """Engine work that does not go through the site's loop (``game.run``, as the training questions
    replay a game) takes the request's slot between two of the engine's steps once the free time is spent
    (the engine reads the budget's clock before each step), and is stopped there when none is free:
    after the free time, not after the game's 2,806 steps (the CPU clock ticks 1 ms a reading)."""
    settings.ARBITRE_ENGINE_SLOTS = 1
    settings.ARBITRE_ENGINE_FREE_SECONDS = 0.02  # twenty readings of the CPU clock
    hold(1)
    engine_guard._state.request = anonymous_request()
    try:
        budget = Budget(seconds=30)
        with pytest.raises(EngineBusy), budget.hard_stop():
            game = budget.load(long_game(400))
            game.run("end")
        assert 0 < game.steps_done < 50, game.steps_done
    finally:
        engine_guard._state.request = None
        engine_guard._state.deadline = None


def test_outside_a_request_nothing_is_metered(settings, hold, users):
    """Management commands (load_library, load_exercises) and code outside a request take no slot and
    charge nobody."""
    settings.ARBITRE_ENGINE_SLOTS = 1
    settings.ARBITRE_ENGINE_FREE_SECONDS = 0.0
    hold(1)
    scenario = Scenario(title="Long", author=users["alice"], document=long_game(400))
    scenario.save_document()
    assert scenario.citations.exists()
    assert not list(caches["shared"]._list_cache_files())


def test_work_stopped_by_its_budget_gives_its_slot_back(rules, settings, ticking):
    """Heavy runs stopped by the time budget (the engine's, before a step) or by the step budget
    answer 422 and leave the one slot free for the next request."""
    settings.ARBITRE_ENGINE_SLOTS = 1
    settings.ARBITRE_ENGINE_FREE_SECONDS = 0.0
    client = APIClient(REMOTE_ADDR=ATTACKER)
    for seconds, steps in ((0.01, 5000), (30, 300), (0.01, 5000)):  # 0.01 s: ten readings of the clock
        settings.ARBITRE_RUN_SECONDS, settings.ARBITRE_RUN_STEPS = seconds, steps
        response = client.post("/api/run/", {"document": long_game(400), "until": "end"}, format="json")
        assert response.status_code == 422, response.content[:200]
        slot = engine_guard.take_slot()
        assert slot is not None
        os.close(slot)


def test_an_anonymous_client_refused_is_refused_at_the_door_until_its_retry_after(rules, settings, users):
    """Once an anonymous client got a 429 on a POST to the API, its next POSTs are refused first thing (no
    view runs: no DRF headers), with the same reason and the remaining seconds, until the Retry-After it
    was given; a signed-in judge at the same address, and GETs, are not concerned."""
    settings.ARBITRE_THROTTLE_RATES = {**settings.ARBITRE_THROTTLE_RATES, "run": "1/min"}
    body = {"document": small_board()}
    attacker = APIClient(REMOTE_ADDR=ATTACKER)
    assert attacker.post("/api/run/", body, format="json").status_code == 200
    refused = attacker.post("/api/run/", body, format="json")
    assert refused.status_code == 429 and "Allow" in refused  # by the view's throttle
    door = attacker.post("/api/check/", body, format="json")
    assert door.status_code == 429 and "Allow" not in door  # at the door
    assert door.json()["detail"].startswith("Trop de requêtes : réessayez dans ")
    assert 1 <= int(door["Retry-After"]) <= int(refused["Retry-After"])
    assert attacker.get("/api/search/", {"q": "fugace"}).status_code == 200
    judge = APIClient(REMOTE_ADDR=ATTACKER)
    judge.force_login(users["alice"])
    assert judge.post("/api/check/", body, format="json").status_code == 200
    caches["shared"].set(f"door_net-{network(ATTACKER)}", (time.time() - 1, ""))  # its Retry-After has passed
    assert attacker.post("/api/check/", body, format="json").status_code == 200
