"""Write a :class:`~engine.model.State` back as a scenario document (load(dump(s)) == s)."""

from __future__ import annotations

from typing import Any

from ..jsondata import copy_json
from ..model import PLAYER_ZONES, TERRAINS, Card, State


def dump_card(c: Card) -> dict[str, Any]:
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
    if stats:  # the loader keeps only the non-zero statistics; a rule may have set one to zero
        values = [stats.get(t, 0) for t in TERRAINS]
        if any(values):
            out["stats"] = dict(zip(TERRAINS, values))
    if c.statuses:
        out["statuses"] = list(c.statuses)
    if c.counters:
        out["counters"] = dict(c.counters)
    # shared while building: dump() copies the whole document once
    if c.keywords:
        out["keywords"] = c.keywords
    if c.abilities:
        out["abilities"] = c.abilities
    if c.effect:
        out["effect"] = c.effect
    if c.token:
        out["token"] = True
    if c.timestamp is not None:
        out["timestamp"] = c.timestamp
    if c.extra:
        out.update(c.extra)
    return out


def dump(st: State) -> dict[str, Any]:
    """The state as a scenario document. Unknown keys of the loaded file are kept; the engine's
    position inside the phase (cursor, decisions used, random draws made...) is written under
    `progress`, so that a dumped game resumes exactly where it stood. The document is built
    sharing the state's JSON values, then copied as a whole, once: it shares nothing with the state."""
    doc: dict[str, Any] = {"format": st.format}
    doc.update(st.extra)
    doc.update({"rules": st.rules, "seed": st.seed, "mode": st.mode, "day": st.day, "phase": st.phase})
    if st.first_player is not None:
        doc["first_player"] = st.first_player
    players = {}
    for p, pl in st.players.items():
        d: dict[str, Any] = {"hero": pl.hero}
        for zone in PLAYER_ZONES:
            d[zone] = [dump_card(c) for c in st.zones[f"{p}.{zone}"]]
        d["passed"] = pl.passed
        d.update(pl.extra)
        players[p] = d
    doc["players"] = players
    adv = st.adventure
    doc["adventure"] = {
        **({"layout": adv.layout} if adv.layout != "1v1" else {}),
        "tumult": [
            {
                "name": t.name,
                "face_up": t.face_up,
                "terrains": [list(t.terrains[0]), list(t.terrains[1])],
                **t.extra,
            }
            for t in adv.tumult
        ],
        "markers": {p: dict(m) for p, m in adv.markers.items()},
        "arena": adv.arena,
        **adv.extra,
    }
    doc["limbo"] = [dump_card(c) for c in st.zones["limbo"]]
    doc["decisions"] = st.decisions
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
    if st.stack:
        prog["stack"] = st.stack
    if st.declare is not None:
        prog["declare"] = st.declare
    if st.groups:
        prog["groups"] = st.groups
    if st.dusk_advanced:
        prog["advanced"] = list(st.dusk_advanced)
    doc["progress"] = prog
    return copy_json(doc)
