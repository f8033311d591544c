"""Keyword actions and deck operations, as functions of the engine (used by the phases and by
part 2's spells and abilities). Each emits events citing the rule that defines it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .. import events as ev
from ..apply import counters_kept
from ..model import (
    CENTRE,
    EXPEDITION_ZONES,
    HOME,
    IN_PLAY_ZONES,
    OPPOSITE,
    VISIBLE_ZONES,
    split_zone,
)
from ..versions import CR5, cr5
from . import cr5 as cr5_rules
from .end import check_end
from .frames import frame, push
from .registry import art, implements, implements_article, implements_phases, phases

SETUP_2V2 = "Mise en place d'une partie multijoueur Altered en 2v2"

if TYPE_CHECKING:
    from ..table import Table


@implements(
    "3.1.2.c",
    "2.1.c",
    "2.1.d",
    "2.1.g",
    "2.5.i",
    "2.5.j",
    "2.4.6.c",
    *cr5("2.1.d", "2.5.b", "2.5.j", "2.5.k", "2.5.l", "2.4.7.d"),
)
def move_card(
    game: Table,
    card_id: str,
    player: str | None,
    zone: str,
    cause: str,
    rules: Iterable[str] = (),
    enters: tuple[str, ...] = (),
    reading: str | None = None,
    articles: Iterable[tuple[str, str]] = (),
) -> str:
    """Move a card to `player`'s `zone` (or "limbo"); return the zone key it reached.

    The replacement rules ("à la place") apply to the move whatever sends the card, each cited on
    the move it replaces: 3.1.2.c, a private zone of another player is replaced by its owner's;
    2.4.6.c (CR 5.0 2.4.7.d), a Fugace character that would go from the Expedition zone to the
    Reserve goes to the Discard pile instead; CR 5.0 2.1.e, a token leaving the Expedition zone
    never arrives. 2.1.c: entering a visible zone makes a new object (new timestamp, no status but
    `enters`). 2.5.i/j: counters lost when leaving the Expedition or Landmarks, kept otherwise.
    2.1.d: a token leaving the expedition zone ceases to exist once it has joined its new zone. A
    move from one Expedition to the other is not a change of zone (:func:`switch_expeditions`).
    """
    st = game.state
    src = st.loc[card_id]
    card = st.card(card_id)
    from_zone = split_zone(src)[1]
    if zone in EXPEDITION_ZONES and from_zone in EXPEDITION_ZONES:
        return switch_expeditions(game, card_id, player, zone, cause, rules, reading, articles)
    v5 = st.rules == CR5
    cites = list(rules)
    if zone in EXPEDITION_ZONES or zone == "limbo":
        pass  # shared zones (1.2.3.c)
    elif player != card.owner:
        player = card.owner
        cites.insert(0, "3.1.2.c")
    instead = ""
    if zone == "reserve" and from_zone in EXPEDITION_ZONES and card.type == "character" and card.has("fleeting"):
        # 2.4.6.c: "Si un personnage Fugace devait aller dans la Réserve depuis la zone d'Expédition, il
        # va dans la pile de Défausse à la place" (CR 5.0 2.4.7.d): Rest, an effect, a cost alike
        instead, zone = f"{player}.reserve", "discard"
        cites.insert(0, cr5("2.4.7.d")[0] if v5 else "2.4.6.c")
    dst = "limbo" if zone == "limbo" else f"{player}.{zone}"
    if zone in VISIBLE_ZONES and from_zone in VISIBLE_ZONES and set(card.statuses) - set(enters):
        cites.append("2.1.c")
    if card.counters:
        cites.extend(counters_kept(st.rules, from_zone, zone)[1])
    if card.token and from_zone in EXPEDITION_ZONES and zone not in EXPEDITION_ZONES and v5:
        return cr5_rules.token_leaves(game, card_id, src, tuple(rules), reading, articles)  # 2.1.e (CR 5.0)
    game.emit(ev.Move(card_id, src, dst, cause, tuple(enters), instead), cites, reading, articles)
    if card.token and from_zone in EXPEDITION_ZONES and zone not in EXPEDITION_ZONES:
        game.emit(ev.Cease(card_id, dst), ("2.1.d",))
    return dst


@implements("1.2.3.c", *cr5("3.2.4.d", "7.3.39.a"))
def switch_expeditions(
    game: Table,
    card_id: str,
    player: str | None,
    zone: str,
    cause: str,
    rules: Iterable[str] = (),
    reading: str | None = None,
    articles: Iterable[tuple[str, str]] = (),
) -> str:
    """From one Expedition to the other: not a change of zone. fr-1: there is one Expedition zone
    (1.2.3.b–c), so 2.5.i (leaving the zone) does not apply and the card keeps its counters;
    whether 2.1.c makes it a new object is open: reading ``expedition-one-zone``, it stays the same
    object (timestamp, statuses, counters). cr-5.0: 3.2.4.d says it does not change zones; it
    switches Expeditions (7.3.39.a): the same object, exhausted if it was (2.4.1.e)."""
    st = game.state
    src = st.loc[card_id]
    holder = split_zone(src)[0] if player is None else player
    dst = f"{holder}.{zone}"
    if st.rules == CR5:
        cites, reading = (*cr5("3.2.4.d", "7.3.39.a"), *rules), reading
    else:
        cites, reading = ("1.2.3.c", *rules), "expedition-one-zone"
    game.emit(ev.Move(card_id, src, dst, cause, within=True), cites, reading, articles)
    return dst


def controller(game: Table, card_id: str) -> str | None:
    """The player whose zone holds the card (None in Limbo)."""
    return split_zone(game.state.loc[card_id])[0]


@implements("3.2.2.d")
def shuffle_discard_under_deck(game: Table, player: str, rules: tuple[str, ...] = ("3.2.2.d",)) -> bool:
    """3.2.2.d: shuffle the Discard pile and put it under the Deck. False if the pile is empty."""
    discard = game.state.zones[f"{player}.discard"]
    if not discard:
        return False
    order = [c.id for c in discard]
    game.rng().shuffle(order)
    game.emit(
        ev.Shuffle(player, f"{player}.discard", f"{player}.deck", tuple(order), position="bottom", cause="deck_empty"),
        rules,
    )
    return True


@implements("3.2.2.b", "3.2.2.d", "3.2.2.e", *cr5("3.2.2.d", "3.2.2.e"))
def draw(game: Table, player: str, count: int, rules: tuple[str, ...], cause: str = "draw") -> int:
    """Draw `count` cards one by one from the top of the Deck (3.2.2.b); when the Deck is empty the
    Discard pile is shuffled under it (3.2.2.d), and if it is still empty the draw does nothing
    (3.2.2.e). Returns the number of cards drawn. Under cr-5.0 the draw never reshuffles: it takes
    what the Deck has and the rest does nothing (3.2.2.d–e); only the Morning's Draw lets the
    player shuffle the Discard pile back in (7.3.9.c, rules/morning.py)."""
    st = game.state
    deck_key = f"{player}.deck"
    drawn = 0
    for _ in range(count):
        if not st.zones[deck_key] and st.rules == CR5:
            game.emit(ev.Note("draw_nothing_v5", player=player, count=count - drawn), cr5("3.2.2.d", "3.2.2.e") + rules)
            break
        if not st.zones[deck_key]:
            shuffle_discard_under_deck(game, player, ("3.2.2.d",) + rules)
        if not st.zones[deck_key]:
            game.emit(ev.Note("draw_nothing", player=player, count=count - drawn), ("3.2.2.e",) + rules)
            break
        move_card(game, st.zones[deck_key][0].id, player, "hand", cause, rules + ("3.2.2.b",))
        drawn += 1
    return drawn


@implements("7.3.4.a")
def discard(game: Table, card_id: str, cause: str = "discard", rules: tuple[str, ...] = ("7.3.4.a",)) -> str:
    """7.3.4.a: move the object or card from its zone to the Discard pile (its owner's, 3.1.2.c)."""
    holder = controller(game, card_id) or game.state.card(card_id).owner
    return move_card(game, card_id, holder, "discard", cause, rules)


@implements("7.3.16.a", "7.3.16.b")
def resupply(game: Table, player: str) -> str | None:
    """7.3.16.a: put the top card of the Deck into the Reserve. 7.3.16.b: an empty Deck is first
    refilled by shuffling the Discard pile into it; still empty, resupply does nothing."""
    st = game.state
    if not st.zones[f"{player}.deck"]:
        shuffle_discard_under_deck(game, player, ("7.3.16.b",))
    if not st.zones[f"{player}.deck"]:
        game.emit(ev.Note("resupply_nothing", player=player), ("7.3.16.b",))
        return None
    card_id = st.zones[f"{player}.deck"][0].id
    move_card(game, card_id, player, "reserve", "resupply", ("7.3.16.a",))
    return card_id


@implements("7.3.18.a")
def sabotage(game: Table, target: str) -> bool:
    """7.3.18.a: discard up to one target card in a Reserve (one's own included). A target that is
    no longer in a Reserve is not discarded ("jusqu'à")."""
    zone = game.state.loc.get(target)
    if zone is None or split_zone(zone)[1] != "reserve":
        game.emit(ev.Note("sabotage_nothing", card=target), ("7.3.18.a",))
        return False
    discard(game, target, "sabotage", ("7.3.18.a", "7.3.4.a"))
    return True


@implements("7.3.19", "7.3.19.a")
def sacrifice(game: Table, player: str, target: str) -> bool:
    """7.3.19.a: discard an object the player controls in play (Expedition or Landmarks).
    Raises ValueError when the player does not control it in play."""
    zone = game.state.loc.get(target)
    if zone is None or split_zone(zone)[0] != player or split_zone(zone)[1] not in IN_PLAY_ZONES:
        raise ValueError(f"{player} ne contrôle pas {target!r} en jeu : il ne peut pas le sacrifier (7.3.19.a)")
    # cr-5.0: the paragraph under the heading 7.3.19 is not in v5.0 (7.3.36.a: a sacrifice is a discard)
    why = ("7.3.19.a", "7.3.4.a") if game.state.rules == CR5 else ("7.3.19.a", "7.3.19", "7.3.4.a")
    discard(game, target, "sacrifice", why)
    return True


@implements("7.3.11.a", "7.3.11.b", "7.3.11.c", "7.3.11.d", "4.3.g", "1.3.2.e")
@implements_phases("Avancement des Expéditions")
def move_forward(
    game: Table, player: str, expedition: str, cause: str = "forward", rules: tuple[str, ...] = ()
) -> bool:
    """7.3.11: move the marker one region towards the opposite end (hero 0→7, companion 7→0).
    In the Arena (7.3.11.d, 4.3.g) or from the opposite region (7.3.11.c) nothing happens;
    entering a face-down Tumult half reveals that card first (7.3.11.b)."""
    st = game.state
    adv = st.adventure
    pos = adv.markers[player][expedition]
    if adv.arena:
        game.emit(ev.Note("forward_arena", player=player, expedition=expedition), ("7.3.11.d", "4.3.g") + rules)
        return False
    if pos == OPPOSITE[expedition]:
        game.emit(ev.Note("forward_opposite", player=player, expedition=expedition), ("7.3.11.c",) + rules)
        return False
    key = f"{player}.{expedition}"
    if st.phase == "dusk" and key in st.dusk_advanced and st.rules != CR5:
        # the phases article, Avancement des Expéditions: "Chaque Expédition ne peut avancer qu'une
        # seule fois par phase Crépuscule" (reading "dusk-once": whatever made it advance). CR 5.0
        # has no such rule: only Progress moves an Expedition once (4.2.4.g)
        game.emit(
            ev.Note("dusk_once", player=player, expedition=expedition),
            ("1.3.2.e",) + rules,
            "dusk-once",
            articles=phases("Avancement des Expéditions"),
        )
        return False
    new = pos + (1 if expedition == "hero" else -1)
    _reveal_if_face_down(game, player, new)
    game.emit(ev.MarkerMove(player, expedition, pos, new, cause), ("7.3.11.a",) + rules, articles=_path(game))
    if st.phase == "dusk" and st.rules != CR5:
        game.set(st, "dusk_advanced", st.dusk_advanced + (key,))
    _moved(game, cause)
    return True


def _moved(game: Table, cause: str) -> None:
    """4.3.a: the win belongs to the movement; Dusk's Progress moves every expedition at the same
    time (4.3.c) and is checked once all have moved (rules/flow.py)."""
    if cause != "dusk" and game.state.winner is None and not game.state.adventure.arena:
        check_end(game)


@implements_article(SETUP_2V2, 9)
def _path(game: Table) -> tuple[tuple[str, str], ...]:
    """2v2: markers move towards each other along the player's path (model.path_2v2)."""
    return art(SETUP_2V2) if game.state.adventure.layout == "2v2" else ()


@implements("7.3.10.a", "7.3.10.b", "7.3.10.c", "7.3.11.b", "4.3.g")
def move_backward(
    game: Table, player: str, expedition: str, cause: str = "backward", rules: tuple[str, ...] = ()
) -> bool:
    """7.3.10: move the marker one region back towards its home; at home (7.3.10.b) or in the
    Arena (7.3.10.c, 4.3.g) nothing happens. Entering a face-down half reveals it (reading:
    7.3.11.b applied to any entry)."""
    adv = game.state.adventure
    pos = adv.markers[player][expedition]
    if adv.arena:
        game.emit(ev.Note("backward_arena", player=player, expedition=expedition), ("7.3.10.c", "4.3.g") + rules)
        return False
    if pos == HOME[expedition]:
        game.emit(ev.Note("backward_home", player=player, expedition=expedition), ("7.3.10.b",) + rules)
        return False
    new = pos - (1 if expedition == "hero" else -1)
    _reveal_if_face_down(game, player, new)
    game.emit(ev.MarkerMove(player, expedition, pos, new, cause), ("7.3.10.a",) + rules, articles=_path(game))
    _moved(game, cause)
    return True


def _reveal_if_face_down(game: Table, player: str, region: int) -> None:
    adv = game.state.adventure
    where = adv.region_of(region, player)
    if where[0] != "tumult":
        return
    k = where[1]
    if k < len(adv.tumult) and not adv.tumult[k].face_up:
        if adv.layout == "2v2" and k in CENTRE:
            reveal_centre(game, player)
        else:
            game.emit(
                ev.Reveal(k, adv.tumult[k].name, _positions(game, player, k)), ("7.3.11.b",), articles=phases(REVEAL)
            )
            tumult_effect(game, player, k)


REVEAL = "Révélation des Cartes Tumulte"


@implements("7.3.11.b", *cr5("7.3.25.b"))
@implements_phases(REVEAL)
def tumult_effect(game: Table, player: str, k: int) -> None:
    """The phases article: a Tumult card moved onto face down "est retournée face visible, et son effet
    est résolu". The format gives a Tumult card its effect as `effect` (a list of STEP); it waits on
    the stack like a reaction, controlled by the player whose expedition revealed it (reading
    "tumult-controller"), and resolves before the game goes on."""
    t = game.state.adventure.tumult[k]
    steps = t.extra.get("effect")
    if not steps:
        return
    if game.state.rules == CR5:
        # CR 5.0 gives Tumult cards no effect (7.3.25.b: the card is flipped face up, nothing more):
        # the scenario's `effect` is a feature of the French phases article, not resolved under cr-5.0
        game.emit(ev.Note("tumult_effect_v5", player=player, count=k), cr5("7.3.25.b"))
        return
    fid = f"tumult:{k}"
    game.names[fid] = t.name
    push(game, [frame(fid, player, "tumult", steps, fid=fid)])


def _positions(game: Table, player: str, k: int) -> tuple[int, ...]:
    adv = game.state.adventure
    return tuple(i for i in range(8) if adv.region_of(i, player)[:2] == ("tumult", k))


@implements_article(SETUP_2V2, 8)
def reveal_centre(game: Table, player: str) -> None:
    """2v2 article: when a player reaches one of the central Tumult cards, both are turned face up,
    the second placed the opposite way from the first, so that each side has a single-type region."""
    adv = game.state.adventure
    first, second = (adv.tumult[k] for k in CENTRE)
    turn = second.terrains == first.terrains and first.terrains[0] != first.terrains[1]
    game.emit(ev.Reveal(CENTRE[0], first.name), ("7.3.11.b",), articles=art(SETUP_2V2) + phases(REVEAL))
    game.emit(ev.Reveal(CENTRE[1], second.name, turned=turn), ("7.3.11.b",), articles=art(SETUP_2V2) + phases(REVEAL))
    for k in CENTRE:
        tumult_effect(game, player, k)


#: CR 5.0 2.5.b, 2.4.1.c: objects in the Discard pile and cards in the Deck or Hand cannot have or gain
#: counters or statuses (the French rules say it of hidden zones only: 2.1.g, 2.1.i)
NO_COUNTERS_V5 = frozenset({"discard", "deck", "hand"})


@implements("2.5.e", *cr5("2.5.b"))
def gain_counters(game: Table, card_id: str, name: str, count: int) -> None:
    """2.5.e: the object has `count` more counters `name`. Under cr-5.0 an object in the Discard pile
    gains none (2.5.b): a note says so."""
    st = game.state
    if st.rules == CR5 and split_zone(st.loc[card_id])[1] in NO_COUNTERS_V5:
        game.emit(ev.Note("no_counters_here", card=card_id), cr5("2.5.b"))
        return
    before = st.card(card_id).counters.get(name, 0)
    game.emit(ev.CountersChange(card_id, name, before, before + count, "gain"), ("2.5.e",))


@implements("2.5.f")
def remove_counters(game: Table, card_id: str, name: str, count: int) -> None:
    """2.5.f: remove `count` counters; with `count` or fewer the object has none left."""
    before = game.state.card(card_id).counters.get(name, 0)
    game.emit(ev.CountersChange(card_id, name, before, max(0, before - count), "remove"), ("2.5.f",))


@implements("2.5.g")
def spend_counters(game: Table, card_id: str, name: str, count: int) -> bool:
    """2.5.g: pay a cost by spending `count` counters; impossible (False, nothing changes) with fewer."""
    before = game.state.card(card_id).counters.get(name, 0)
    if before < count:
        return False
    game.emit(ev.CountersChange(card_id, name, before, before - count, "spend"), ("2.5.g",))
    return True


@implements(*cr5("2.4.1.c", "2.4.7.b"))
def gain_status(game: Table, card_id: str, status: str, rules: tuple[str, ...] = ()) -> None:
    """The object gains `status` (fleeting, asleep, anchored, exhausted); cites the caller's rules.
    Under cr-5.0 an object in the Discard pile gains none (2.4.1.c), and a Permanent never gains
    Fleeting (2.4.7.b, its remark: "Landmark Permanents cannot have or gain Fleeting in any zone"; the
    format's Permanents are all Landmark Permanents): a note says so. The French text has no such rule."""
    st = game.state
    if st.rules == CR5 and split_zone(st.loc[card_id])[1] in NO_COUNTERS_V5:
        game.emit(ev.Note("no_status_here", card=card_id), cr5("2.4.1.c"))
        return
    if st.rules == CR5 and status == "fleeting" and st.card(card_id).type == "permanent":
        game.emit(ev.Note("no_fleeting_landmark", card=card_id), cr5("2.4.7.b"))
        return
    if not game.state.card(card_id).has(status):
        game.emit(ev.StatusChange(card_id, status, True, "gain"), rules)


def lose_status(
    game: Table,
    card_id: str,
    status: str,
    rules: tuple[str, ...] = (),
    cause: str = "lose",
    articles: Iterable[tuple[str, str]] = (),
) -> None:
    if game.state.card(card_id).has(status):
        game.emit(ev.StatusChange(card_id, status, False, cause), rules, articles=articles)
