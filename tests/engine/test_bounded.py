"""Issue 11, "Bounded": no step enumerates every permutation or combination; `pending` describes
the choice with its count, legal decisions come lazily and capped, a decision is checked directly;
a run has a budget of steps and CPU time. (Speed itself is measured in bench/engine_bench.py.)"""

from __future__ import annotations

import time
from math import comb, factorial

import pytest

import engine
from engine.rules.flow import LEGAL_CAP, OPTIONS_CAP, lazy_product

from .helpers import board, char


def noon_reactions(n: int) -> dict:
    react = [{"trigger": "noon", "effect": [{"action": "draw", "player": "self", "count": 1}]}]
    return board(phase="noon", A={"hero_expedition": [char(f"a{i}", abilities=react) for i in range(n)]})


def test_ten_noon_reactions_are_ordered_without_listing_the_orders():
    game = engine.load(noon_reactions(10))
    game.run()
    pending = game.pending
    assert pending["kind"] == "order" and pending["count"] == factorial(10) and pending["choose"] == 10
    assert sorted(pending["options"]) == sorted(f"a{i}:0" for i in range(10))
    legal = game.legal_decisions()
    assert len(legal) == LEGAL_CAP and game.legal_count() == factorial(10)
    order = [f"a{i}:0" for i in reversed(range(10))]
    game.decide({"player": "A", "order": order})  # checked directly, not looked up in a list
    begun = [e.event.card for e in game.log if e.event.type == "effect" and e.event.stage == "begin"]
    assert begun == ["a9"]
    again = engine.load(noon_reactions(10))
    again.run()
    with pytest.raises(engine.IllegalDecision):
        again.decide({"player": "A", "order": order[:-1] + order[:1]})  # a repeated reaction


def reaction_choosing(k: int, n: int) -> dict:
    react = [
        {
            "trigger": "noon",
            "effect": [{"action": "gain_counters", "target": "choose", "choose": k, "name": "boost", "count": 1}],
        }
    ]
    return board(
        phase="noon",
        A={"hero_expedition": [char("src", abilities=react)] + [char(f"a{i}") for i in range(n // 2)]},
        B={"hero_expedition": [char(f"b{i}") for i in range(n - n // 2)]},
    )


def test_a_reaction_choosing_ten_targets_among_26_counts_them():
    game = engine.load(reaction_choosing(10, 26))
    game.run()
    pending = game.pending
    n_options = len(pending["options"])
    assert pending["kind"] == "targets" and pending["choose"] == 10
    assert pending["count"] == comb(n_options, 10) > 1_000_000
    assert len(game.legal_decisions(limit=7)) == 7
    chosen = pending["options"][-10:]
    game.decide({"player": "A", "targets": chosen})
    boosted = {e.event.card for e in game.log if e.event.type == "counters"}
    assert boosted == set(chosen)
    assert "5.2.3.b" in {r for e in game.log for r in e.rules}


def test_a_reaction_refuses_a_repeated_or_unknown_target():
    game = engine.load(reaction_choosing(3, 8))
    game.run()
    options = game.pending["options"]
    for bad in ([options[0]] * 3, options[:2] + ["nowhere"], options[:2]):
        with pytest.raises(engine.IllegalDecision, match="5.2.3.b"):
            game.decide({"player": "A", "targets": bad})


def test_cleanup_with_60_in_reserve_and_60_in_landmarks():
    doc = board(
        A={
            "reserve": [char(f"r{i}") for i in range(60)],
            "landmarks": [{"id": f"l{i}", "type": "permanent"} for i in range(60)],
        }
    )
    game = engine.load(doc)
    game.run()
    pending = game.pending
    assert pending["kind"] == "keep" and pending["count"] == comb(60, 2) ** 2
    assert pending["constraints"] == {"reserve": 2, "landmarks": 2, "distinct": True}
    assert len(game.legal_decisions()) == LEGAL_CAP
    game.decide({"player": "A", "keep": ["r59", "r7", "l0", "l42"]})
    assert len(game.state.zones["A.reserve"]) == 60  # the discards happen together after B's choice


def test_pending_options_are_capped_and_say_so():
    game = engine.load(board(A={"reserve": [char(f"r{i}") for i in range(OPTIONS_CAP + 50)]}))
    game.run()
    pending = game.pending
    assert len(pending["options"]) == OPTIONS_CAP and pending["truncated"] is True
    assert pending["count"] == comb(OPTIONS_CAP + 50, 2)
    small = engine.load(board(A={"reserve": [char("r1"), char("r2"), char("r3")]}))
    small.run()
    assert small.pending["truncated"] is False and small.pending["count"] == 3


def test_a_spell_with_two_occurrences_counts_their_product():
    spell = {
        "id": "s",
        "type": "spell",
        "effect": [
            {"action": "gain_counters", "target": "choose", "choose": 10, "name": "boost"},
            {"action": "gain_counters", "target": "choose", "choose": 10, "name": "boost"},
        ],
    }
    doc = board(
        phase="afternoon",
        day=1,
        A={"hand": [spell], "hero_expedition": [char(f"a{i}") for i in range(13)]},
        B={"hero_expedition": [char(f"b{i}") for i in range(13)]},
    )
    game = engine.load(doc)
    assert game.pending["count"] == 2  # pass, and the bare declaration
    assert {"player": "A", "play": "s"} in game.legal_decisions()
    game.decide({"player": "A", "play": "s"})
    assert game.pending["kind"] == "targets" and game.pending["count"] == comb(26, 10) ** 2
    assert len(game.legal_decisions(limit=3)) == 3


def test_lazy_product_matches_itertools_and_does_not_build_its_inputs():
    from itertools import product

    lists = [[1, 2], [], [3]]
    assert list(lazy_product([lambda l=l: iter(l) for l in lists])) == list(product(*lists))
    lists = [[1, 2], ["a", "b", "c"], [3]]
    assert list(lazy_product([lambda l=l: iter(l) for l in lists])) == list(product(*lists))
    assert list(lazy_product([])) == [()]

    def endless():
        n = 0
        while True:
            yield n
            n += 1

    first = next(lazy_product([endless, endless]))
    assert first == (0, 0)


# -- the budget -----------------------------------------------------------------------------------
def long_game() -> dict:
    return board(
        phase="setup",
        day=1,
        A={"deck": [char(f"a{i}", 1) for i in range(40)]},
        B={"deck": [char(f"b{i}", 1) for i in range(40)]},
        first_player="A",
    )


def test_a_step_budget_stops_the_run_with_a_named_refusal():
    game = engine.load(long_game(), budget=engine.Budget(steps=5, seconds=60))

    def step():
        return game.advance() or game.decide(game.legal_decisions()[0])

    with pytest.raises(engine.BudgetExceeded) as info:
        while True:
            step()
    e = info.value
    assert isinstance(e, engine.EngineError) and e.budget == "steps" and e.limit == 5 and e.steps == 5
    assert "Budget dépassé (steps)" in str(e) and e.to_json()["budget"] == "steps"
    assert game.steps_done == 5
    before = game.to_doc()
    with pytest.raises(engine.BudgetExceeded):
        step()
    assert game.to_doc() == before  # refused before anything changed


def test_a_time_budget_names_seconds():
    game = engine.load(long_game(), budget=engine.Budget(steps=10**6, seconds=0.0))
    with pytest.raises(engine.BudgetExceeded) as info:
        game.advance()
    assert info.value.budget == "seconds" and "s de calcul" in str(info.value)


def test_the_time_budget_counts_the_threads_cpu_time_not_the_wall_clock():
    """check_budget reads the thread's CPU clock only when the wall clock says the budget may be
    spent: time asleep does not count, CPU time spent between two steps does."""
    game = engine.load(long_game(), budget=engine.Budget(steps=10**6, seconds=0.05))
    game.advance()
    time.sleep(0.08)  # wall time passes, no CPU time: the next step is taken
    assert game.advance() or game.decide(game.legal_decisions()[0])
    start = time.thread_time()
    while time.thread_time() - start < 0.06:  # CPU time of this thread: past the budget
        pass
    with pytest.raises(engine.BudgetExceeded) as info:
        game.advance()
    assert info.value.budget == "seconds" and info.value.seconds >= 0.05


def test_run_takes_a_budget_of_its_own():
    game = engine.load(long_game())
    game.advance()
    with pytest.raises(engine.BudgetExceeded) as info:
        game.run("end", budget=engine.Budget(steps=3))
    assert info.value.steps == 3
    assert engine.load(long_game()).budget == engine.Budget()  # the default budget
