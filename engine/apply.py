"""Apply one event to the state, through the journal. The one place events change the board."""

from __future__ import annotations

from functools import singledispatch
from typing import TYPE_CHECKING

from . import events as ev
from .model import ARENA, COUNTER_LOSING_ZONES, IN_PLAY_ZONES, STATUSES, VISIBLE_ZONES, Tumult, split_zone
from .versions import CR5, cr5

if TYPE_CHECKING:
    from .table import Table


def _index(game: Table, cards: list, card_id: str) -> int:
    """Where the card stands in its zone's list (list.index compares identity: Card has eq=False)."""
    return cards.index(game.state.cards[card_id])


def counters_kept(ruleset: str, from_zone: str | None, to_zone: str) -> tuple[bool, tuple[str, ...]]:
    """Whether an object moving from `from_zone` to `to_zone` keeps its counters, and the rule that
    says so (empty when none is cited).

    fr-1: lost when leaving the Expedition or Landmarks (2.5.i), kept otherwise into a visible zone
    (2.5.j), never in a hidden zone (2.1.g). cr-5.0: lost when leaving play (2.5.j), kept between
    the Expedition and the Landmarks (2.5.k), kept from the Reserve or Limbo to another visible zone
    but lost in the Discard pile (2.5.l, 2.5.b); from anywhere else the new object has nothing of the
    old one (2.1.d)."""
    if ruleset != CR5:
        if to_zone not in VISIBLE_ZONES:
            return False, ("2.5.i",) if from_zone in COUNTER_LOSING_ZONES else ()
        if from_zone in COUNTER_LOSING_ZONES:
            return False, ("2.5.i",)
        return True, ("2.5.j",)
    if from_zone in IN_PLAY_ZONES:
        if to_zone in IN_PLAY_ZONES:
            return True, cr5("2.5.k") if (from_zone == "landmarks") != (to_zone == "landmarks") else ()
        return False, cr5("2.5.j")
    if to_zone not in VISIBLE_ZONES:  # no counters in the Deck or Hand (2.5.b)
        return False, cr5("2.5.b")
    if to_zone == "discard":  # nor in the Discard pile (2.5.b), even from the Reserve or Limbo (2.5.l)
        return False, cr5("2.5.l", "2.5.b") if from_zone in ("reserve", "limbo") else cr5("2.5.b")
    if from_zone in ("reserve", "limbo"):
        return True, cr5("2.5.l")
    if from_zone in ("discard", "deck", "hand"):
        return False, cr5("2.5.b")
    return False, cr5("2.1.d")


def _enter(game: Table, card, from_zone: str | None, to_zone: str, enters: tuple[str, ...]) -> None:
    """The card becomes a new object in a visible zone (2.1.c) or a mere card in a hidden one (2.1.g)."""
    j, st = game.journal, game.state
    keep_counters = counters_kept(st.rules, from_zone, to_zone)[0]  # 2.5.i / 2.5.j (cr-5.0: 2.5.j-l)
    if to_zone in VISIBLE_ZONES:
        j.set(card, "timestamp", st.next_timestamp)
        j.set(st, "next_timestamp", st.next_timestamp + 1)
    else:
        j.set(card, "timestamp", None)  # 2.1.g, 2.1.i
    if card.statuses != enters:
        j.set(card, "statuses", tuple(enters))
    if card.counters and not keep_counters:
        j.set(card, "counters", {})


def apply_event(game: Table, e: ev.Event) -> None:
    """Apply one event to the state: one small applier per event type, registered below (looked up
    in singledispatch's registry by exact type: events are leaf classes)."""
    _apply.registry.get(type(e), _apply)(e, game)


@singledispatch
def _apply(e: ev.Event, game: Table) -> None:
    """Decision, Note, Effect, Declared, Progress change nothing on the board."""


@_apply.register(ev.Move)
def _move(e: ev.Move, game: Table) -> None:
    st = game.state
    j = game.journal
    src = st.zones[e.from_]
    card = j.pop(src, _index(game, src, e.card))
    if not e.within:  # from one Expedition to the other the object stays the same (1.2.3.c; CR 5.0 3.2.4.d)
        _enter(game, card, split_zone(e.from_)[1], split_zone(e.to)[1], e.enters)
    dst = st.zones[e.to]
    j.insert(dst, len(dst), card)
    j.setitem(st.loc, card.id, e.to)


@_apply.register(ev.StatusChange)
def _status_change(e: ev.StatusChange, game: Table) -> None:
    st = game.state
    j = game.journal
    card = st.card(e.card)
    if e.value and e.status not in card.statuses:  # kept in the canonical order, as loaded
        j.set(card, "statuses", tuple(x for x in STATUSES if x in card.statuses or x == e.status))
    elif not e.value and e.status in card.statuses:
        j.set(card, "statuses", tuple(s for s in card.statuses if s != e.status))


@_apply.register(ev.CountersChange)
def _counters_change(e: ev.CountersChange, game: Table) -> None:
    st = game.state
    j = game.journal
    card = st.card(e.card)
    counters = dict(card.counters)
    if e.after:
        counters[e.name] = e.after
    else:
        counters.pop(e.name, None)
    j.set(card, "counters", counters)


@_apply.register(ev.MarkerMove)
def _marker_move(e: ev.MarkerMove, game: Table) -> None:
    game.journal.setitem(game.state.adventure.markers[e.player], e.expedition, e.to)


@_apply.register(ev.PhaseBegins)
def _phase_begins(e: ev.PhaseBegins, game: Table) -> None:
    st = game.state
    j = game.journal
    j.set(st, "day", e.day)
    j.set(st, "phase", e.phase)


@_apply.register(ev.FirstPlayer)
def _first_player(e: ev.FirstPlayer, game: Table) -> None:
    game.journal.set(game.state, "first_player", e.player)


@_apply.register(ev.Cease)
def _cease(e: ev.Cease, game: Table) -> None:
    st = game.state
    j = game.journal
    cards = st.zones[e.zone]
    j.pop(cards, _index(game, cards, e.card))
    j.setitem(st.loc, e.card)


@_apply.register(ev.Reveal)
def _reveal(e: ev.Reveal, game: Table) -> None:
    j = game.journal
    card = game.state.adventure.tumult[e.tumult]
    j.set(card, "face_up", True)
    if e.turned:
        j.set(card, "terrains", (card.terrains[1], card.terrains[0]))


@_apply.register(ev.Win)
def _win(e: ev.Win, game: Table) -> None:
    game.journal.set(game.state, "winner", e.player)


@_apply.register(ev.Tiebreak)
def _tiebreak(e: ev.Tiebreak, game: Table) -> None:
    st = game.state
    j = game.journal
    if e.cause != "begin":  # a comparison changes nothing
        return
    # 4.3.d: the companion region turned face down becomes the Arena, every marker on it,
    # every other region discarded.
    j.set(st.adventure, "arena", True)
    j.set(st.adventure, "tumult", [])
    for m in st.adventure.markers.values():
        for kind in list(m):
            j.setitem(m, kind, ARENA)


@_apply.register(ev.Shuffle)
def _shuffle(e: ev.Shuffle, game: Table) -> None:
    st, j = game.state, game.journal
    if e.from_ == "adventure":
        by_name = {t.name: t for t in st.adventure.tumult}
        new = []
        for name, flip in zip(e.order, e.flipped):
            t = by_name[name]
            terrains = (t.terrains[1], t.terrains[0]) if flip else t.terrains
            new.append(Tumult(t.name, t.face_up, terrains, t.extra))
        j.set(st.adventure, "tumult", new)
        return
    src = st.zones[e.from_]
    by_id = {c.id: c for c in src}
    moved = [by_id[i] for i in e.order]
    to_zone = split_zone(e.to)[1]
    from_zone = split_zone(e.from_)[1]
    if e.from_ == e.to:
        j.setitem(st.zones, e.to, moved + [c for c in src if c.id not in set(e.order)])
    else:
        j.setitem(st.zones, e.from_, [c for c in src if c.id not in set(e.order)])
        dst = st.zones[e.to]
        j.setitem(st.zones, e.to, list(dst) + moved if e.position == "bottom" else moved + list(dst))
        for c in moved:
            j.setitem(st.loc, c.id, e.to)
    if to_zone != from_zone:
        for c in moved:
            _enter(game, c, from_zone, to_zone, ())
