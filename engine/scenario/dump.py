"""Write a :class:`~engine.model.State` back as a scenario document (load(dump(s)) == s)."""

from __future__ import annotations

from typing import Any

from ..jsondata import copy_json
from ..model import PLAYER_ZONES, TERRAINS, Card, State

assert TERRAINS == ("forest", "mountain", "water")  # the order dump_card writes them in


def dump_card(c: Card, lists: list[dict[str, Any]], whole: list[dict[str, Any]]) -> dict[str, Any]:
    """A card as a scenario document: a new dict, which shares the card's abilities, effect and
    unknown keys with the state; dump() copies these: the abilities and effect of the dicts put in
    `lists`, the whole dicts put in `whole` (a card with unknown keys)."""
    out: dict[str, Any] = {"id": c.id}
    if c.name != c.id:
        out["name"] = c.name
    out["type"] = c.type
    out["owner"] = c.owner
    if c.hand_cost:
        out["hand_cost"] = c.hand_cost
    if c.reserve_cost != (0 if c.token else None):
        out["reserve_cost"] = c.reserve_cost
    stats = c.stats
    if stats and any(stats.values()):  # the loader keeps only non-zero statistics; a rule may set one to 0
        out["stats"] = {
            "forest": stats.get("forest", 0),
            "mountain": stats.get("mountain", 0),
            "water": stats.get("water", 0),
        }
    if c.statuses:
        out["statuses"] = list(c.statuses)
    if c.counters:
        out["counters"] = dict(c.counters)
    if c.keywords:
        out["keywords"] = list(c.keywords)
    if c.abilities or c.effect:
        if not c.extra:
            lists.append(out)
        if c.abilities:
            out["abilities"] = c.abilities
        if c.effect:
            out["effect"] = c.effect
    if c.token:
        out["token"] = True
    if c.timestamp is not None:
        out["timestamp"] = c.timestamp
    if c.extra:
        whole.append(out)
        out.update(c.extra)
    return out


def dump(st: State) -> dict[str, Any]:
    """The state as a scenario document. Unknown keys of the loaded file are kept; the engine's
    position inside the phase (cursor, decisions used, random draws made...) is written under
    `progress`, so that a dumped game resumes exactly where it stood. It shares nothing with the
    state: the JSON values the state keeps (abilities, effects, unknown keys, decisions, the
    stack...) are copied by one call of copy_json, everything else is built new."""
    lists: list[dict[str, Any]] = []  # the cards' dicts that share their abilities or effect with the state
    whole: list[dict[str, Any]] = []  # those that share unknown keys too
    zones = {key: [dump_card(c, lists, whole) for c in cards] for key, cards in st.zones.items()}
    adv = st.adventure
    kept = (
        st.extra,
        {p: (pl.hero, pl.extra) for p, pl in st.players.items()},
        [t.extra for t in adv.tumult],
        adv.extra,
        st.decisions,
        st.stack,
        st.declare,
        [(out.get("abilities"), out.get("effect")) for out in lists],
        whole,
    )
    extra, player_parts, tumult_extra, adv_extra, decisions, stack, declare, copied_lists, copied_whole = copy_json(
        kept
    )
    for out, (abilities, effect) in zip(lists, copied_lists):
        if abilities is not None:
            out["abilities"] = abilities
        if effect is not None:
            out["effect"] = effect
    for out, copy in zip(whole, copied_whole):
        out.update(copy)  # the same keys, now holding copies
    doc: dict[str, Any] = {"format": st.format}
    doc.update(extra)
    doc.update({"rules": st.rules, "seed": st.seed, "mode": st.mode, "day": st.day, "phase": st.phase})
    if st.first_player is not None:
        doc["first_player"] = st.first_player
    players = {}
    for p, pl in st.players.items():
        hero, pl_extra = player_parts[p]
        d: dict[str, Any] = {"hero": hero}
        for zone in PLAYER_ZONES:
            d[zone] = zones[f"{p}.{zone}"]
        d["passed"] = pl.passed
        d.update(pl_extra)
        players[p] = d
    doc["players"] = players
    doc["adventure"] = {
        **({"layout": adv.layout} if adv.layout != "1v1" else {}),
        "tumult": [
            {
                "name": t.name,
                "face_up": t.face_up,
                "terrains": [list(t.terrains[0]), list(t.terrains[1])],
                **t_extra,
            }
            for t, t_extra in zip(adv.tumult, tumult_extra)
        ],
        "markers": {p: dict(m) for p, m in adv.markers.items()},
        "arena": adv.arena,
        **adv_extra,
    }
    doc["limbo"] = zones["limbo"]
    doc["decisions"] = decisions
    prog = {
        "step": st.step,
        "sub": st.sub,
        "decision_index": st.decision_index,
        "random_count": st.random_count,
        "next_timestamp": st.next_timestamp,
        "turn": st.turn,
        "keeps": {p: list(v) for p, v in st.keeps.items()},
        "winner": st.winner,
    }
    if stack:
        prog["stack"] = stack
    if declare is not None:
        prog["declare"] = declare
    if st.groups:
        prog["groups"] = st.groups
    if st.dusk_advanced:
        prog["advanced"] = list(st.dusk_advanced)
    doc["progress"] = prog
    return doc
