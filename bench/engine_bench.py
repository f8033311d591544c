"""Engine speed: one command, prints figures.

    .venv/bin/python bench/engine_bench.py

- median time of one step (advance() or decide()) on a full board: two decks of 40, both
  expeditions of both players populated, reserves and landmarks in use;
- median time of a whole simulated day (Morning to the next Morning) on that board;
- random full games from setup to a winner with random legal decisions (two decks of 40 generic
  cards: characters, some with a reaction, spells, a permanent with a quick action), per second,
  and the median time of one game. Games are capped at CAP_DAYS days as a safety net; the bench
  reports how many reached a winner.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402

CAP_DAYS = 200


def card(cid: str, i: int, **kw) -> dict:
    return {"id": cid, "name": f"Carte {cid}", "type": "character", "hand_cost": 2, "reserve_cost": 1,
            "stats": {"forest": i % 4, "mountain": (i + 1) % 4, "water": (i + 2) % 4}, **kw}


def full_board(seed: int = 1) -> dict:
    players = {}
    for p in "AB":
        cards = [card(f"{p}{i}", i) for i in range(40)]
        players[p] = {
            "hero": {"name": "Héros", "reserve_limit": 2, "landmark_limit": 2},
            "deck": cards[:20], "hand": cards[20:25],
            "mana": [{"id": c["id"], "statuses": ["exhausted"]} for c in cards[25:29]],
            "reserve": cards[29:32],
            "landmarks": [{"id": f"{p}L{i}", "type": "permanent"} for i in range(3)],
            "discard": cards[32:34],
            "hero_expedition": [dict(c, statuses=["fleeting"] if i == 0 else []) for i, c in enumerate(cards[34:37])],
            "companion_expedition": [dict(c, counters={"boost": 1}) for c in cards[37:40]],
        }
    return {"format": "arbitre-scenario/1", "seed": seed, "day": 2, "phase": "morning", "first_player": "A",
            "players": players,
            "adventure": {"markers": {"A": {"hero": 1, "companion": 6}, "B": {"hero": 1, "companion": 6}}}}


def step(game, rnd) -> bool:
    if game.advance():
        return True
    options = game.legal_decisions()
    if not options:
        return False
    game.decide(rnd.choice(options))
    return True


def bench_steps_and_days(rounds: int = 200, board=None):
    """Median time of one step and of a whole day (from day 2's Morning to day 3's), on ``board(r)``."""
    board = board or full_board
    step_times, day_times = [], []
    for r in range(rounds):
        game = engine.load(board(r))
        rnd = random.Random(r)
        t_day = time.perf_counter()
        while True:
            t = time.perf_counter()
            if not step(game, rnd):
                break
            step_times.append(time.perf_counter() - t)
            if game.state.day == 3 and game.state.phase == "morning" or game.winner:
                break
        day_times.append(time.perf_counter() - t_day)
    return statistics.median(step_times), statistics.median(day_times), len(step_times) / rounds


def generic(cid: str, i: int) -> dict:
    """A generic card: mostly characters, every 5th a spell, every 7th with a reaction, every
    13th a permanent with a quick action."""
    if i % 13 == 12:
        return {"id": cid, "type": "permanent", "hand_cost": 1, "reserve_cost": 1,
                "abilities": [{"quick": {"exhaust_me": True}, "effect": [
                    {"action": "gain_counters", "target": "choose", "name": "boost", "count": 1}]}]}
    if i % 5 == 4:
        return {"id": cid, "type": "spell", "hand_cost": 1, "reserve_cost": 1, "effect": [
            {"action": "resupply", "player": "self"}, {"action": "draw", "player": "self", "count": 1,
                                                        "optional": True}]}
    c = card(cid, i)
    if i % 7 == 6:
        c["abilities"] = [{"trigger": "join", "effect": [{"action": "draw", "player": "self", "count": 1}]}]
    return c


SEATS_2V2 = ("A1", "B1", "A2", "B2")


def setup_doc(seed: int, mode: str = "1v1") -> dict:
    ids = SEATS_2V2 if mode == "2v2" else ("A", "B")
    players = {p: {"hero": {"name": "Héros", "reserve_limit": 2, "landmark_limit": 2},
                   "deck": [generic(f"{p}{i}", i) for i in range(40)]} for p in ids}
    return {"format": "arbitre-scenario/1", "seed": seed, "phase": "setup", "mode": mode, "players": players}


def full_board_2v2(seed: int = 1) -> dict:
    """The full board with four players (2v2): each as a player of full_board()."""
    one = full_board(seed)
    players = {}
    for p in SEATS_2V2:
        src = one["players"][p[0]]
        players[p] = {k: ([dict(c, id=f"{p}-{c['id']}") for c in v] if isinstance(v, list) else v)
                      for k, v in src.items()}
    return {**one, "mode": "2v2", "first_player": "A1", "players": players,
            "adventure": {"layout": "2v2", "markers": {p: {"hero": 1, "companion": 6} for p in SEATS_2V2}}}


def bench_steps_and_days_2v2(rounds: int = 100):
    return bench_steps_and_days(rounds, board=full_board_2v2)


def bench_games(seconds: float = 3.0, mode: str = "1v1"):
    n = winners = 0
    times = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        t = time.perf_counter()
        game = engine.load(setup_doc(n, mode))
        rnd = random.Random(n)
        while not game.winner and game.state.day <= CAP_DAYS and step(game, rnd):
            pass
        times.append(time.perf_counter() - t)
        winners += game.winner is not None
        n += 1
    return n / (time.perf_counter() - start), statistics.median(times), winners, n


def main() -> None:
    med_step, med_day, steps_per_day = bench_steps_and_days()
    per_s, med_game, winners, n = bench_games()
    print("Arbitre engine bench (full board: two decks of 40, both expeditions populated)")
    print(f"  one step, median:            {med_step * 1e3:.4f} ms   (target < 0.2 ms; {steps_per_day:.0f} steps per day)")
    print(f"  one whole day, median:       {med_day * 1e3:.3f} ms")
    print(f"  full games, setup to winner: {per_s:.1f} games/s, median {med_game * 1e3:.2f} ms per game "
          f"(target < 50 ms)")
    print(f"  games with a winner:         {winners}/{n} (cap {CAP_DAYS} days)")
    med_step, med_day, steps_per_day = bench_steps_and_days_2v2()
    per_s, med_game, winners, n = bench_games(mode="2v2")
    print("2v2 (four players, the same decks; the winner is a team)")
    print(f"  one step, median:            {med_step * 1e3:.4f} ms   ({steps_per_day:.0f} steps per day)")
    print(f"  one whole day, median:       {med_day * 1e3:.3f} ms")
    print(f"  full games, setup to winner: {per_s:.1f} games/s, median {med_game * 1e3:.2f} ms per game")
    print(f"  games with a winner:         {winners}/{n} (cap {CAP_DAYS} days)")


if __name__ == "__main__":
    main()
