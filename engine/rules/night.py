"""Night (4.2.5, 1.3.2.f): Rest, then Clean-up in initiative order, then the next day."""
from __future__ import annotations

from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..model import EXPEDITION_ZONES
from .actions import lose_status, move_card
from .flow import Need, begin_phase, step
from .registry import implements

if TYPE_CHECKING:
    from ..game import Game


@step("night.rest")
@implements("4.2.5.b", "1.3.2.f", "2.4.6.c", "2.4.3", "2.1.d", "2.5.i", "3.1.2.c")
def rest(game: "Game", _: Any) -> None:
    """Rest (4.2.5.b, 1.3.2.f): every character in the expedition zone goes to its owner's Reserve
    (3.1.2.c) as a new object, losing its counters (2.5.i); a fleeting one goes to the Discard pile
    instead (2.4.6.c); an asleep one stays and loses Asleep (2.4.3); an anchored one stays and
    loses Anchored (1.3.2.f, reading "anchored-stays"); a token ceases to exist once it has joined
    its new zone (2.1.d)."""
    st = game.state
    moved = False
    for p in st.order:
        for zone in EXPEDITION_ZONES:
            for card in list(st.zones[f"{p}.{zone}"]):
                if card.type != "character":
                    continue
                moved = True
                stays = False
                if card.has("asleep"):
                    lose_status(game, card.id, "asleep", ("2.4.3", "4.2.5.b"), "rest")
                    stays = True
                if card.has("anchored"):
                    game.emit(ev.StatusChange(card.id, "anchored", False, "rest"), ("1.3.2.f", "4.2.5.b"),
                              "anchored-stays")
                    stays = True
                if stays:
                    continue
                if card.has("fleeting"):
                    move_card(game, card.id, p, "discard", "rest_fleeting", ("2.4.6.c", "4.2.5.b"))
                else:
                    move_card(game, card.id, p, "reserve", "rest", ("4.2.5.b", "1.3.2.f"))
    if not moved:
        game.emit(ev.Note("rest_nothing"), ("4.2.5.b",))
    game.goto("night.cleanup")


def _limits_rules(game: "Game", p: str) -> tuple[tuple[str, ...], str]:
    player = game.state.players[p]
    if player.hero is None:
        return ("4.2.5.c", "4.2.5.d"), "no-hero-limits"
    return ("4.2.5.c",), "hero-limits"


def _need_keep(game: "Game") -> Need:
    st = game.state
    p = st.order[st.sub]
    player = st.players[p]
    reserve = [c.id for c in st.zones[f"{p}.reserve"]]
    landmarks = [c.id for c in st.zones[f"{p}.landmarks"]]
    kr = min(len(reserve), player.reserve_limit)
    kl = min(len(landmarks), player.landmark_limit)
    rules, reading = _limits_rules(game, p)

    def fits(d: dict) -> str | None:
        keep = d.get("keep")
        if not isinstance(keep, list):
            return "réponse attendue : \"keep\" avec la liste des objets gardés"
        if len(set(keep)) != len(keep):
            return "un objet est nommé deux fois"
        bad = [k for k in keep if k not in reserve and k not in landmarks]
        if bad:
            return f"pas dans la Réserve ni les Repères de {p} : {', '.join(map(str, bad))}"
        nr = sum(1 for k in keep if k in reserve)
        nl = len(keep) - nr
        if nr != kr or nl != kl:
            return (f"{p} garde exactement {kr} objet(s) de sa Réserve (limite {player.reserve_limit}) et "
                    f"{kl} de ses Repères (limite {player.landmark_limit}) ; reçu {nr} et {nl}")
        return None

    def legal() -> list[dict]:
        return [{"player": p, "keep": list(r) + list(l)}
                for r, l in product(combinations(reserve, kr), combinations(landmarks, kl))]

    auto = {"player": p, "keep": reserve + landmarks} if kr == len(reserve) and kl == len(landmarks) else None
    return Need(p, "keep", reserve + landmarks, kr + kl, rules,
                f"Nettoyage : {p} choisit {kr} objet{'s' if kr > 1 else ''} de sa Réserve (limite {player.reserve_limit}) et "
                f"{kl} de ses Repères (limite {player.landmark_limit}) à garder ; le reste sera défaussé.",
                fits, legal, auto, reading,
                {"reserve": reserve, "landmarks": landmarks,
                 "limits": {"reserve": player.reserve_limit, "landmarks": player.landmark_limit}})


@step("night.cleanup", need=_need_keep)
@implements("4.2.5.c", "4.2.5.d", "3.2.7.a", "3.2.10.a")
def cleanup_choice(game: "Game", decision: dict) -> None:
    """Clean-up (4.2.5.c): each player in initiative order (first player first, 4.2.5.c remark)
    chooses as many objects of the Reserve and Landmarks as the hero's limits (2 without a hero,
    4.2.5.d; reading "hero-limits" over the "deux cartes" of 1.3.2.f). The choice is recorded;
    the discards happen together in the next step."""
    st = game.state
    p = decision["player"]
    game.set(st, "keeps", {**st.keeps, p: tuple(decision["keep"])})
    if st.sub + 1 < len(st.order):
        game.goto("night.cleanup", st.sub + 1)
    else:
        game.goto("night.discard")


@step("night.discard")
@implements("4.2.5.c", "4.2.5.d")
def cleanup_discard(game: "Game", _: Any) -> None:
    """4.2.5.c: all objects not chosen are discarded simultaneously; then the next day begins."""
    st = game.state
    any_discarded = False
    for p in st.order:
        keep = set(st.keeps.get(p, ()))
        rules, reading = _limits_rules(game, p)
        for zone in ("reserve", "landmarks"):
            for card in list(st.zones[f"{p}.{zone}"]):
                if card.id not in keep:
                    move_card(game, card.id, p, "discard", "cleanup", rules, reading=reading)
                    any_discarded = True
    if not any_discarded:
        game.emit(ev.Note("cleanup_nothing"), ("4.2.5.c",))
    game.set(st, "keeps", {})
    for player in st.players.values():
        game.set(player, "passed", False)
    begin_phase(game, "morning", st.day + 1)
