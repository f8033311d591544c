"""Night (4.2.5, 1.3.2.f): Rest, then Clean-up in initiative order, then the next day. Under cr-5.0
(4.2.5.a: three daily effects) Clean-up sacrifices the landmarks in excess and Check Victory
(rules/end.py) follows it."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from itertools import combinations, product
from math import comb
from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..model import EXPEDITION_ZONES
from ..versions import CR5, cr5
from .actions import lose_status, move_card
from .end import check_victory
from .flow import OPTIONS_CAP, SMALL_PRODUCT, Need, begin_phase, lazy_product
from .registry import implements, implements_phases, phases

if TYPE_CHECKING:
    from ..table import Table

#: visible zones other than the Expeditions, where an asleep object loses Asleep at Rest (2.4.3)
OTHER_VISIBLE = ("reserve", "landmarks", "mana", "discard")


REST = phases("Repos")


@implements("4.2.5.b", "1.3.2.f", "2.4.6.c", "2.4.3", "2.1.d", "2.5.i", "3.1.2.c")
@implements_phases("Repos")
def rest(game: Table, _: Any) -> None:
    """Rest (4.2.5.b, 1.3.2.f): every character in the expedition zone goes to its owner's Reserve
    (3.1.2.c) as a new object, losing its counters (2.5.i); a fleeting one goes to the Discard pile
    instead (2.4.6.c); an asleep one stays and loses Asleep (2.4.3); an anchored one stays and
    loses Anchored (1.3.2.f, reading "anchored-stays"); a token ceases to exist once it has joined
    its new zone (2.1.d). 2.4.3: "Pendant le Repos, un objet Endormi perd son statut Endormi":
    every other asleep object (Reserve, Landmarks, Mana, Discard pile, Limbo) loses it too."""
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
                    lose_status(game, card.id, "asleep", ("2.4.3", "4.2.5.b", "1.3.2.f"), "rest", articles=REST)
                    stays = True
                if card.has("anchored"):
                    game.emit(
                        ev.StatusChange(card.id, "anchored", False, "rest"),
                        ("1.3.2.f", "4.2.5.b"),
                        "anchored-stays",
                        articles=REST,
                    )
                    stays = True
                if stays:
                    continue
                # a Fugace one goes to the Discard pile instead: the replacement of move_card (2.4.6.c)
                move_card(game, card.id, p, "reserve", "rest", ("4.2.5.b", "1.3.2.f"), articles=REST)
    for key in [f"{p}.{z}" for p in st.order for z in OTHER_VISIBLE] + ["limbo"]:
        for card in st.zones[key]:
            if card.has("asleep"):
                # 1.3.2.f: "Les statuts Ancré et Endormi sont retirés des Personnages pendant cette phase"
                rules = ("2.4.3", "4.2.5.b", "1.3.2.f") if card.type == "character" else ("2.4.3", "4.2.5.b")
                lose_status(game, card.id, "asleep", rules, "rest_object")
                moved = True
    if not moved:
        game.emit(ev.Note("rest_nothing"), ("4.2.5.b", "1.3.2.f"), articles=REST)
    game.goto("night.cleanup")


def _limits_rules(game: Table, p: str) -> tuple[tuple[str, ...], str | None]:
    player = game.state.players[p]
    if game.state.rules == CR5:
        # 4.2.5.c (CR 5.0) keeps the hero's limits (no reading); without a hero they are 2 (3.2.7.c, 3.2.10.b)
        return (cr5("4.2.5.c", "3.2.7.c", "3.2.10.b"), None) if player.hero is None else (cr5("4.2.5.c"), None)
    if player.hero is None:
        return ("4.2.5.c", "4.2.5.d"), "no-hero-limits"
    return ("4.2.5.c",), "hero-limits"


def limits(game: Table, p: str) -> tuple[int, int]:
    """(reserve limit, landmark limit) at Clean-up; under cr-5.0 a negative limit counts as 0 (4.2.5.c)."""
    player = game.state.players[p]
    if game.state.rules == CR5:
        return max(0, player.reserve_limit), max(0, player.landmark_limit)
    return player.reserve_limit, player.landmark_limit


def need_keep(game: Table) -> Need:
    st = game.state
    p = st.order[st.sub]
    player = st.players[p]
    reserve = [c.id for c in st.zones[f"{p}.reserve"]]
    landmarks = [c.id for c in st.zones[f"{p}.landmarks"]]
    limit_r, limit_l = limits(game, p)
    kr = min(len(reserve), limit_r)
    kl = min(len(landmarks), limit_l)
    rules, reading = _limits_rules(game, p)
    in_reserve, in_landmarks = set(reserve), set(landmarks)

    def fits(d: dict) -> str | None:
        keep = d.get("keep")
        if not isinstance(keep, list):
            return 'réponse attendue : "keep" avec la liste des objets gardés'
        if len(set(map(str, keep))) != len(keep):
            return "un objet est nommé deux fois"
        bad = [k for k in keep if k not in in_reserve and k not in in_landmarks]
        if bad:
            return f"pas dans la Réserve ni les Repères de {p} : {', '.join(map(str, bad[:20]))}"
        nr = sum(1 for k in keep if k in in_reserve)
        nl = len(keep) - nr
        if nr != kr or nl != kl:
            return (
                f"{p} garde exactement {kr} objet{'s' if kr > 1 else ''} de sa Réserve (limite {player.reserve_limit}) et "
                f"{kl} de ses Repères (limite {player.landmark_limit}) ; reçu {nr} et {nl}"
            )
        return None

    def legal() -> Iterator[dict]:
        if count() <= SMALL_PRODUCT:  # few: itertools builds both lists, in C
            pairs: Iterator = product(combinations(reserve, kr), combinations(landmarks, kl))
        else:
            pairs = lazy_product([partial(combinations, reserve, kr), partial(combinations, landmarks, kl)])
        return ({"player": p, "keep": [*r, *lm]} for r, lm in pairs)

    def count() -> int:
        return comb(len(reserve), kr) * comb(len(landmarks), kl)

    auto = {"player": p, "keep": reserve + landmarks} if kr == len(reserve) and kl == len(landmarks) else None
    return Need(
        p,
        "keep",
        reserve + landmarks,
        kr + kl,
        rules,
        f"Nettoyage : {p} choisit {kr} objet{'s' if kr > 1 else ''} de sa Réserve (limite {player.reserve_limit}) et "
        f"{kl} de ses Repères (limite {player.landmark_limit}) à garder ; "
        + (
            "le reste de la Réserve sera défaussé, celui des Repères sacrifié."
            if st.rules == CR5
            else "le reste sera défaussé."
        ),
        fits,
        legal,
        count,
        auto,
        reading,
        {
            "reserve": reserve[:OPTIONS_CAP],
            "landmarks": landmarks[:OPTIONS_CAP],
            "limits": {"reserve": player.reserve_limit, "landmarks": player.landmark_limit},
            "constraints": {"reserve": kr, "landmarks": kl, "distinct": True},
        },
    )


@implements("4.2.5.c", "4.2.5.d", "3.2.7.a", "3.2.10.a", *cr5("4.2.5.c", "3.2.7.c", "3.2.10.b"))
def cleanup_choice(game: Table, decision: dict) -> None:
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


@implements("4.2.5.c", "4.2.5.d", "7.3.4.a", *cr5("4.2.5.c", "3.2.7.c", "3.2.10.b", "7.3.36.a", "7.3.7.a"))
@implements_phases("Nettoyage")
def cleanup_discard(game: Table, _: Any) -> None:
    """4.2.5.c: all objects not chosen are discarded simultaneously; then the next day begins.
    Under cr-5.0 (4.2.5.c, remark of 3.2.7.c) the landmarks not chosen are sacrificed (7.3.36.a: an
    object in play its controller discards), the Reserve's discarded, simultaneously; then Check
    Victory (4.2.5.d), and the next day only if nobody won."""
    st = game.state
    v5 = st.rules == CR5
    any_discarded = False
    for p in st.order:
        keep = set(st.keeps.get(p, ()))
        rules, reading = _limits_rules(game, p)
        for zone in ("reserve", "landmarks"):
            if v5:
                cause, why = (
                    ("cleanup_sacrifice", cr5("7.3.36.a")) if zone == "landmarks" else ("cleanup", cr5("7.3.7.a"))
                )
            else:
                cause, why = "cleanup", ("7.3.4.a",)
            for card in list(st.zones[f"{p}.{zone}"]):
                if card.id not in keep:
                    move_card(
                        game, card.id, p, "discard", cause, rules + why, reading=reading, articles=phases("Nettoyage")
                    )
                    any_discarded = True
    if not any_discarded:
        game.emit(ev.Note("cleanup_nothing"), cr5("4.2.5.c") if v5 else ("4.2.5.c",))
    game.set(st, "keeps", {})
    for player in st.players.values():
        game.set(player, "passed", False)
    if v5:
        check_victory(game)
        if st.winner is not None:
            return
    begin_phase(game, "morning", st.day + 1)
