"""Build a :class:`~engine.model.State` from a checked scenario document."""

from __future__ import annotations

import json
from typing import Any

from ..jsondata import copy_json
from ..model import FORMAT, PLAYER_ZONES, PLAYERS, STATUSES, VISIBLE_ZONES, Adventure, Card, Player, State, Tumult
from . import ScenarioError
from .check import PLAIN_CARD_KEYS, check
from .problems import problem

#: the keys of a card the loader builds from the document itself (see _known_card)
KNOWN_CARD_KEYS = PLAIN_CARD_KEYS | {"keywords", "abilities", "effect"}

CARD_KEYS = frozenset(
    (
        "id",
        "name",
        "type",
        "owner",
        "hand_cost",
        "reserve_cost",
        "stats",
        "statuses",
        "counters",
        "keywords",
        "abilities",
        "effect",
        "token",
        "timestamp",
    )
)
PLAYER_KEYS = ("hero",) + PLAYER_ZONES + ("passed",)
TOP_KEYS = (
    "format",
    "rules",
    "seed",
    "mode",
    "day",
    "phase",
    "first_player",
    "players",
    "adventure",
    "limbo",
    "decisions",
    "progress",
)
DEFAULT_TUMULT = [
    {"name": "T1", "face_up": False, "terrains": [["forest"], ["mountain", "water"]]},
    {"name": "T2", "face_up": False, "terrains": [["mountain"], ["forest", "water"]]},
    {"name": "T3", "face_up": False, "terrains": [["water"], ["forest", "mountain"]]},
]
#: 2v2: two sets of Tumult cards, the identical cards of a pair side by side (slots 0-1, 2-3, 4-5)
DEFAULT_TUMULT_2V2 = [
    {"name": f"{t['name']}{x}", "face_up": False, "terrains": t["terrains"]} for t in DEFAULT_TUMULT for x in "ab"
]
ADVENTURE_KEYS = ("tumult", "markers", "arena", "layout")


def loads_doc(text: str) -> dict[str, Any]:
    """Parse JSON text; malformed JSON raises ScenarioError with path "$", line and column."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        found = problem("$", "json", detail=e.msg, line=e.lineno, column=e.colno)
        raise ScenarioError([{**found, "line": e.lineno, "column": e.colno}]) from None


def _card(c: dict[str, Any], owner: str) -> Card:
    """A card of a copied document (the loader's own copy: its lists are taken as they are)."""
    return _known_card(c, owner, c.get("abilities"), c.get("effect"), {k: c[k] for k in c if k not in CARD_KEYS})


def _known_card(
    c: dict[str, Any],
    owner: str,
    abilities: list | None = None,
    effect: list | None = None,
    extra: dict[str, Any] | None = None,
) -> Card:
    """A card built from the document `c`: its scalars, statuses, numbers and keywords are copied
    here; its abilities, effect and unknown keys are given, copied by the caller. A card with only
    KNOWN_CARD_KEYS is built from the caller's document itself (the common case: a big board, a
    board the site dumped and loads again); the others from the loader's copy (see _card)."""
    given = c.get("statuses")
    stats = c.get("stats")
    counters = c.get("counters")
    token = c.get("token", False)
    return Card(
        c["id"],
        c.get("name", c["id"]),
        c.get("type", "character"),
        c.get("owner", owner),
        c.get("hand_cost", 0),
        c.get("reserve_cost", 0 if token else None),
        {k: v for k, v in stats.items() if v} if stats else {},
        tuple(s for s in STATUSES if s in given) if given else (),
        {k: v for k, v in counters.items() if v} if counters else {},
        list(c["keywords"]) if "keywords" in c else [],
        abilities or [],
        effect or [],
        token,
        c.get("timestamp"),
        extra or {},
    )


def _tumult(adv_doc: dict[str, Any], default: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The Tumult cards: the document's, or the default ones when `tumult` is left out or null
    (the checker accepts both), none in the Arena."""
    tumult = adv_doc.get("tumult")
    if tumult is None:
        return [] if adv_doc.get("arena") else default
    return tumult


def load_state(doc: Any) -> State:
    """Check `doc` and build its state; raises ScenarioError listing every problem."""
    problems = check(doc)
    if problems:
        raise ScenarioError(problems)
    # The state's own copy of what it keeps from the document, made by one call of copy_json:
    # everything but the cards; the abilities and effects of the cards with only known keys; the
    # other cards (unknown keys) whole. The rest of a card is copied as its Card is built.
    mode = doc.get("mode", "1v1")
    order = PLAYERS["2v2"] if mode == "2v2" else sorted(doc["players"])  # 2v2: seat order
    given = [(p, doc["players"][p].get(zone, ())) for p in order for zone in PLAYER_ZONES]
    given.append((PLAYERS[mode][0], doc.get("limbo", ())))
    every = [c for _, cards in given for c in cards]
    known = [KNOWN_CARD_KEYS.issuperset(c) for c in every]
    lists = [
        (c.get("abilities"), c.get("effect")) for c, k in zip(every, known) if k and ("abilities" in c or "effect" in c)
    ]
    other = [c for c, k in zip(every, known) if not k]
    rest = {k: v for k, v in doc.items() if k not in ("players", "limbo")}
    rest["players"] = {p: {k: v for k, v in pl.items() if k not in PLAYER_ZONES} for p, pl in doc["players"].items()}
    doc, copied_lists, copied_other = copy_json((rest, lists, other))
    next_lists, next_other = iter(copied_lists).__next__, iter(copied_other).__next__  # in the order of `given`

    is_known = iter(known).__next__

    def build(c: dict[str, Any], owner: str) -> Card:
        if not is_known():
            return _card(next_other(), owner)
        if "abilities" in c or "effect" in c:
            return _known_card(c, owner, *next_lists())
        return _known_card(c, owner)

    built_zones = [[build(c, owner) for c in zone_cards] for owner, zone_cards in given]
    phase = doc.get("phase", "noon" if doc.get("day", 1) == 1 else "morning")
    players: dict[str, Player] = {}
    zones: dict[str, list[Card]] = {}
    loc: dict[str, str] = {}
    built = iter(built_zones)
    for p in order:
        pl = doc["players"][p]
        players[p] = Player(
            p,
            pl.get("hero"),
            pl.get("passed", False),
            {k: v for k, v in pl.items() if k not in PLAYER_KEYS},
        )
        for zone in PLAYER_ZONES:
            zones[f"{p}.{zone}"] = next(built)
    zones["limbo"] = next(built)
    for key, cards in zones.items():
        for c in cards:
            loc[c.id] = key
    adv_doc = doc.get("adventure") or {}
    default_tumult = DEFAULT_TUMULT_2V2 if mode == "2v2" else DEFAULT_TUMULT
    tumult = [
        Tumult(
            t.get("name", f"T{i + 1}"),
            t.get("face_up", False),
            (tuple(t["terrains"][0]), tuple(t["terrains"][1])),
            {k: v for k, v in t.items() if k not in ("name", "face_up", "terrains")},
        )
        for i, t in enumerate(_tumult(adv_doc, default_tumult))
    ]
    markers = {p: {"hero": 0, "companion": 7} for p in players}
    for p, m in adv_doc.get("markers", {}).items():
        markers[p].update(m)
    adventure = Adventure(
        tumult,
        markers,
        adv_doc.get("arena", False),
        {k: v for k, v in adv_doc.items() if k not in ADVENTURE_KEYS},
        layout=mode,
    )
    st = State(
        players=players,
        zones=zones,
        adventure=adventure,
        format=FORMAT,
        rules=doc.get("rules", "fr-1"),
        seed=doc.get("seed", 0),
        mode=mode,
        day=doc.get("day", 1),
        phase=phase,
        first_player=doc.get("first_player", None if phase == "setup" else PLAYERS[mode][0]),
        decisions=doc.get("decisions", []),
        extra={k: v for k, v in doc.items() if k not in TOP_KEYS},
        loc=loc,
    )
    # 2.1.c: objects in visible zones carry a timestamp; give one to those the file leaves out,
    # in file order, after the highest given. Cards in hidden zones are not objects (2.1.g).
    stamped = [c.timestamp for c in st.all_cards() if c.timestamp is not None]
    nxt = max(stamped, default=0) + 1
    for key, cards in zones.items():
        visible = key.split(".")[-1] in VISIBLE_ZONES
        for c in cards:
            if not visible:
                c.timestamp = None
            elif c.timestamp is None:
                c.timestamp, nxt = nxt, nxt + 1
    prog = doc.get("progress") or {}
    st.next_timestamp = max(prog.get("next_timestamp", nxt), nxt)
    st.step = prog.get("step", "")
    st.sub = prog.get("sub", 0)
    st.decision_index = prog.get("decision_index", 0)
    st.random_count = prog.get("random_count", 0)
    st.turn = prog.get("turn")
    st.keeps = {p: tuple(v) for p, v in prog.get("keeps", {}).items()}
    st.winner = prog.get("winner")
    st.stack = prog.get("stack", [])
    st.declare = prog.get("declare")
    st.groups = prog.get("groups", 0)
    st.dusk_advanced = tuple(prog.get("advanced", ()))
    return st
