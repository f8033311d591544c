"""List every problem of a scenario document, each with its JSON path (python-chess's status()).

A document with no problem can be loaded and played; the builder may hold one with problems.
Unknown keys are not problems: they are kept as they are (the format lets fields be added).
"""

from __future__ import annotations

from typing import Any

from ..model import (
    CARD_TYPES,
    CENTRE,
    EXPEDITION_ZONES,
    EXPEDITIONS,
    FORMAT,
    MODES,
    PHASES,
    PLAYER_ZONES,
    PLAYERS,
    QUICK_COSTS,
    STATUSES,
    TERRAINS,
    TRIGGERS,
    VERBS,
)
from ..rules.registry import implements_article
from ..steps import PUT_ZONES, TARGET_KEY, chooses, declared_slots, modes_of, up_to
from ..versions import CR5, DEFAULT, RULESETS
from .board import board_problems
from .schema import validate
from .shapes import decision_problems, is_int

PROGRESS_STEPS = (
    "setup.adventure",
    "setup.first_player",
    "setup.shuffle",
    "setup.draw",
    "setup.mana",
    "morning.first_draw",
    "morning.first_mana",
    "morning.first_player",
    "morning.prepare",
    "morning.draw",
    "morning.mana",
    "morning.shuffle",
    "noon.reactions",
    "noon.end",
    "afternoon.turn",
    "dusk.reactions",
    "dusk.progress",
    "dusk.end",
    "night.rest",
    "night.cleanup",
    "night.discard",
)
#: setup steps before the draw: every card is still in the Deck (4.1.a); at `setup.mana` the six
#: cards drawn are in the Hand and the Mana
SETUP_DECK_STEPS = (None, "setup.adventure", "setup.first_player", "setup.shuffle", "setup.draw")
MAX_NUMBER = 10**9  # costs, statistics, counters, limits, days, timestamps, cursors
MAX_STEP_COUNT = 100  # a step's `count` (cards drawn, resupplies, counters)
MAX_CHOOSE = 20  # a step's `choose` (objects chosen for one occurrence of "cible")
SEED_RANGE = (-(2**63), 2**63 - 1)
MAX_DEPTH = 64  # nesting of the document (modes inside modes, internal actions...)
TOO_DEEP = f"document trop imbriqué (plus de {MAX_DEPTH} niveaux)"
SIDES = ("self", "opponent", "teammate")
ABILITY_ZONES = PLAYER_ZONES + ("limbo",)
FRAME_KINDS = ("spell", "quick", "reaction", "internal", "tumult")
#: the keys of a plain card (see _Checker.plain_card), and the vocabularies as sets
PLAIN_CARD_KEYS = frozenset(
    {"id", "name", "type", "owner", "hand_cost", "reserve_cost", "stats", "statuses", "counters", "token", "timestamp"}
)
#: the keys plain_card takes: the plain ones, and the lists it leaves to the full check's code
LIST_CARD_KEYS = ("keywords", "abilities", "effect")
FAST_CARD_KEYS = PLAIN_CARD_KEYS | frozenset(LIST_CARD_KEYS)
CARD_TYPES_SET = frozenset(CARD_TYPES)
TERRAINS_SET = frozenset(TERRAINS)
STATUSES_SET = frozenset(STATUSES)


def _is_int(v: Any) -> bool:
    return is_int(v)


def _str(v: Any) -> bool:
    return isinstance(v, str) and bool(v)


CONTAINERS = frozenset({dict, list})


def _depth_problem(doc: Any, limit: int = MAX_DEPTH, base: str = "$") -> str | None:
    """The path of the first node of `doc` nested more than `limit` levels below it (iteratively:
    no recursion), spelled from `base`, the path of `doc`. A level-by-level walk first; only a
    document found too deep is walked again to name the path."""
    if type(doc) not in CONTAINERS:
        return None
    level = [doc]
    for _ in range(limit):
        nxt: list[Any] = []
        for node in level:
            # exact types (a third faster than isinstance): documents come from json.loads, which
            # makes only dicts and lists; a Python caller's dict or list subclass is not walked
            nxt += [v for v in (node.values() if type(node) is dict else node) if type(v) in CONTAINERS]
        if not nxt:
            return None
        level = nxt
    if not any(level):
        return None
    return _deep_path(doc, limit, base)


def _deep_path(doc: Any, limit: int, base: str) -> str | None:
    """The path of the first node nested more than `limit` levels below `doc` (each container
    keeps its parent, so paths are spelled out only for that node)."""
    nodes: list[tuple[Any, int, int, Any]] = [(doc, 0, -1, None)]  # container, depth, parent index, key

    def path(i: int, last: Any) -> str:
        parts = [last]
        while i > 0:
            _, _, parent, key = nodes[i]
            parts.append(key)
            i = parent
        return base + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in reversed(parts))

    todo = [0]
    while todo:
        i = todo.pop()
        node, depth, _, _ = nodes[i]
        items: Any = node.items() if isinstance(node, dict) else enumerate(node)
        for k, v in items:
            if depth + 1 > limit:
                return path(i, k)
            if isinstance(v, (dict, list)):
                todo.append(len(nodes))
                nodes.append((v, depth + 1, i, k))
    return None


def _without_cards(doc: dict) -> dict:
    """`doc` with its lists of cards left empty (a shallow copy): the depth walk of everything but
    the cards, which check() walks one by one, only when they are not plain."""
    out = dict(doc)
    if type(out.get("limbo")) is list:
        out["limbo"] = []
    players = out.get("players")
    if type(players) is dict:
        out["players"] = {
            p: {k: [] if k in PLAYER_ZONES and type(v) is list else v for k, v in pl.items()}
            if type(pl) is dict
            else pl
            for p, pl in players.items()
        }
    return out


def _spelled(where: str | tuple[str, str | None, int]) -> str:
    """A card's path, kept as (base, zone, index) until it is needed."""
    if isinstance(where, str):
        return where
    base, zone, i = where
    return f"{base}.{zone}[{i}]" if zone else f"{base}[{i}]"


class _Checker:
    def __init__(self) -> None:
        self.problems: list[dict[str, Any]] = []
        self.ids: dict[str, str | tuple[str, str | None, int]] = {}  # id -> path of its card
        self.cards: dict[str, dict] = {}  # id -> the card's document (first one with that id)
        self.pids: set[str] = set()

    def add(self, path: str, message: str) -> None:
        self.problems.append({"path": path, "message": message})

    def nat(
        self,
        obj: dict,
        key: str,
        path: str,
        *,
        optional: bool = True,
        nullable: bool = False,
        lo: int = 0,
        hi: int | None = MAX_NUMBER,
    ) -> None:
        if key not in obj:
            if not optional:
                self.add(path, "champ obligatoire manquant")
            return
        v = obj[key]
        if v is None and nullable:
            return
        if not _is_int(v):
            self.add(path, f"nombre entier attendu (1.1.6.a), reçu {v!r}")
        elif v < lo or (hi is not None and v > hi):
            self.add(path, f"valeur hors limites ({lo}–{hi if hi is not None else '∞'}) : {v}")

    def side(self, v: Any) -> bool:
        """A side of an effect: self, opponent, teammate, or a player id."""
        return isinstance(v, str) and (v in SIDES or v in self.pids)

    def plain_card(self, c: Any, zone: str | None, where: tuple[str, str | None, int]) -> bool:
        """Whether `c` is a card whose plain part (scalars, statuses, numbers) has nothing to
        report, checked without building a path or a message: the common case. It records the
        card's id as :meth:`card` does, then checks its keywords, abilities and effect, if any,
        with :meth:`card`'s own code. Anything else goes to :meth:`card`, which names every
        problem (a property test checks that the two report the same)."""
        if type(c) is not dict or not FAST_CARD_KEYS.issuperset(c):
            return False
        cid = c.get("id")
        if type(cid) is not str or not cid or cid in self.ids:
            return False
        if type(c.get("name", "")) is not str:
            return False
        ctype = c.get("type", "character")
        if type(ctype) is not str or ctype not in CARD_TYPES_SET or (zone in EXPEDITION_ZONES and ctype != "character"):
            return False
        v = c.get("hand_cost", 0)
        if type(v) is not int or not 0 <= v <= MAX_NUMBER:
            return False
        if "owner" in c and (type(c["owner"]) is not str or c["owner"] not in self.pids):
            return False
        v = c.get("token", False)
        if v is not False and v is not True:  # a token outside the Expedition zone: board.py (2.1.d)
            return False
        v = c.get("timestamp")
        if v is not None and (type(v) is not int or not 0 <= v <= MAX_NUMBER):
            return False
        v = c.get("reserve_cost")
        if v is not None and (type(v) is not int or not 0 <= v <= MAX_NUMBER):
            return False
        for key in ("stats", "counters"):
            if key not in c:
                continue
            d = c[key]
            if type(d) is not dict or (key == "stats" and not TERRAINS_SET.issuperset(d)):
                return False
            for v in d.values():
                if type(v) is not int or not 0 <= v <= MAX_NUMBER:
                    return False
        statuses = c.get("statuses", [])
        if (
            type(statuses) is not list
            or statuses
            and (
                not all(type(s) is str for s in statuses)
                or not STATUSES_SET.issuperset(statuses)
                or len(set(statuses)) != len(statuses)
            )
        ):
            return False
        self.ids[cid] = where  # spelled out only if a later card reuses its id
        self.cards[cid] = c
        if "keywords" in c or "abilities" in c or "effect" in c:
            self.lists(c, _spelled(where))
        return True

    def card(self, c: Any, path: str, players: set[str], zone: str | None) -> None:
        if not isinstance(c, dict):
            self.add(path, "une carte est un objet JSON")
            return
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            self.add(f"{path}.id", "identifiant (chaîne non vide) obligatoire")
        elif cid in self.ids:
            self.add(
                f"{path}.id",
                f"identifiant {cid!r} en double : déjà utilisé par {_spelled(self.ids[cid])} "
                "(une carte ne peut être que dans une zone, 2.1.a)",
            )
        else:
            self.ids[cid] = path
            self.cards[cid] = c
        if "name" in c and not isinstance(c["name"], str):
            self.add(f"{path}.name", "texte attendu")
        ctype = c.get("type", "character")
        if not isinstance(ctype, str) or ctype not in CARD_TYPES:
            self.add(f"{path}.type", f"type inconnu {ctype!r} (attendu : {', '.join(CARD_TYPES)})")
        if "owner" in c and not (isinstance(c["owner"], str) and c["owner"] in players):
            self.add(f"{path}.owner", f"joueur inconnu {c['owner']!r}")
        if "hand_cost" in c:
            self.nat(c, "hand_cost", f"{path}.hand_cost")
        if "reserve_cost" in c:
            self.nat(c, "reserve_cost", f"{path}.reserve_cost", nullable=True)
        stats = c.get("stats", {})
        if not isinstance(stats, dict):
            self.add(f"{path}.stats", "objet attendu {forest, mountain, water}")
        else:
            for k, v in stats.items():
                if k not in TERRAINS:
                    self.add(f"{path}.stats.{k}", f"statistique inconnue {k!r} (attendu : {', '.join(TERRAINS)})")
                if not (type(v) is int and 0 <= v <= MAX_NUMBER):  # the message says why
                    self.nat(stats, k, f"{path}.stats.{k}")
        statuses = c.get("statuses", [])
        if not isinstance(statuses, list):
            self.add(f"{path}.statuses", "liste attendue")
        else:
            for i, s in enumerate(statuses):
                if not isinstance(s, str) or s not in STATUSES:
                    self.add(f"{path}.statuses[{i}]", f"statut inconnu {s!r} (attendu : {', '.join(STATUSES)})")
            if len(set(map(str, statuses))) != len(statuses):
                self.add(f"{path}.statuses", "statut en double")
        counters = c.get("counters", {})
        if not isinstance(counters, dict):
            self.add(f"{path}.counters", "objet attendu {nom: nombre}")
        else:
            for k, v in counters.items():
                if not (type(v) is int and 0 <= v <= MAX_NUMBER):
                    self.nat(counters, k, f"{path}.counters.{k}")
        self.lists(c, path)
        token = c.get("token", False)
        if not isinstance(token, bool):
            self.add(f"{path}.token", "booléen attendu")
        if zone in EXPEDITION_ZONES and ctype != "character":
            self.add(f"{path}.type", "la zone d'Expédition ne contient que des Personnages")
        if c.get("timestamp") is not None:
            self.nat(c, "timestamp", f"{path}.timestamp", nullable=True)

    def lists(self, c: dict, path: str) -> None:
        """A card's keywords, abilities and effect."""
        for key in LIST_CARD_KEYS:
            if key in c and not isinstance(c[key], list):
                self.add(f"{path}.{key}", "liste attendue")
        if isinstance(c.get("keywords"), list):
            for i, k in enumerate(c["keywords"]):
                if not isinstance(k, str):
                    self.add(f"{path}.keywords[{i}]", f"mot-clé (texte) attendu, reçu {k!r}")
        for i, a in enumerate(c.get("abilities", []) if isinstance(c.get("abilities"), list) else []):
            self.ability(a, f"{path}.abilities[{i}]")
        if isinstance(c.get("effect"), list):
            self.steps(c["effect"], f"{path}.effect")

    def costs(self, q: Any, path: str) -> None:
        """The costs of a quick action or an internal action (1.1.6.h–j, 2.5.g)."""
        if not isinstance(q, dict):
            self.add(path, "objet de coûts attendu {exhaust_me, discard_me, mana, spend}")
            return
        for k in q:
            if k not in QUICK_COSTS:
                self.add(f"{path}.{k}", f"coût inconnu {k!r} (attendu : {', '.join(QUICK_COSTS)})")
        for k in ("exhaust_me", "discard_me"):
            if k in q and not isinstance(q[k], bool):
                self.add(f"{path}.{k}", "booléen attendu")
        self.nat(q, "mana", f"{path}.mana")
        if not isinstance(q.get("spend", {}), dict):
            self.add(f"{path}.spend", "objet {nom: nombre} attendu")
        else:
            for k in q.get("spend", {}):
                self.nat(q["spend"], k, f"{path}.spend.{k}")

    def ability(self, a: Any, path: str) -> None:
        """ABILITY: a reaction (`trigger`) or a quick action (`quick` costs), with an `effect`."""
        if not isinstance(a, dict):
            self.add(path, "objet attendu")
            return
        if "trigger" in a:
            if not isinstance(a["trigger"], str) or a["trigger"] not in TRIGGERS:
                self.add(f"{path}.trigger", f"déclencheur inconnu {a['trigger']!r} (attendu : {', '.join(TRIGGERS)})")
        elif "quick" in a:
            self.costs(a["quick"], f"{path}.quick")
        if "support" in a and not isinstance(a["support"], bool):
            self.add(f"{path}.support", "booléen attendu")
        if "zones" in a:
            zones = a["zones"]
            if not isinstance(zones, list):
                self.add(f"{path}.zones", "liste de zones attendue")
            else:
                for i, z in enumerate(zones):
                    if not isinstance(z, str) or z not in ABILITY_ZONES:
                        self.add(f"{path}.zones[{i}]", f"zone inconnue {z!r} (attendu : {', '.join(ABILITY_ZONES)})")
        if isinstance(a.get("effect", []), list):
            self.steps(a.get("effect", []), f"{path}.effect")
        else:
            self.add(f"{path}.effect", "liste d'étapes attendue")

    def condition(self, c: Any, path: str) -> None:
        """A step's `if` / `unless` (5.2.3.f): {zone, at_least, at_most} or {first_player}."""
        if not isinstance(c, dict):
            self.add(
                path, 'condition attendue {"zone": "self.hand", "at_least": n} ou {"first_player": "self"} (5.2.3.f)'
            )
            return
        if "zone" in c:
            z = c["zone"]
            side, _, zone = z.partition(".") if isinstance(z, str) else ("", "", "")
            if not self.side(side) or zone not in PLAYER_ZONES:
                self.add(f"{path}.zone", f'zone attendue sous la forme CÔTÉ.ZONE (ex. "self.hand"), reçu {z!r}')
        for k in ("at_least", "at_most"):
            self.nat(c, k, f"{path}.{k}")
        if "first_player" in c and not self.side(c["first_player"]):
            self.add(
                f"{path}.first_player", f"joueur attendu (self, opponent ou un joueur), reçu {c['first_player']!r}"
            )

    def steps(self, steps: list, path: str, depth: int = 0) -> None:
        for i, s in enumerate(steps):
            p = f"{path}[{i}]"
            if not isinstance(s, dict):
                self.add(p, 'une étape est un objet {"action": ...}')
                continue
            verb = s.get("action")
            if not isinstance(verb, str) or verb not in VERBS:
                self.add(f"{p}.action", f"verbe inconnu {verb!r} (attendu : {', '.join(VERBS)})")
                continue
            if verb == "choose_one":
                modes = s.get("modes")
                if not isinstance(modes, list) or not modes or not all(isinstance(m, list) for m in modes):
                    self.add(f"{p}.modes", "liste de modes (chacun une liste d'étapes) attendue (5.2.3.c)")
                else:
                    for k, m in enumerate(modes):
                        self.steps(m, f"{p}.modes[{k}]", depth + 1)
            elif verb == "internal":
                if not isinstance(s.get("effect"), list):
                    self.add(f"{p}.effect", "liste d'étapes attendue (5.2.3.g)")
                else:
                    self.steps(s["effect"], f"{p}.effect", depth + 1)
                if s.get("cost") is not None:
                    self.costs(s["cost"], f"{p}.cost")
            key = TARGET_KEY.get(verb)
            v = s.get(key) if key else None
            if key == "target" and "target" in s and not _str(v):
                self.add(f"{p}.target", f'cible attendue : un identifiant de carte, "me" ou "choose", reçu {v!r}')
            elif key == "expedition":
                side, _, kind = v.partition(".") if isinstance(v, str) else ("", "", "")
                if v != "choose" and (not self.side(side) or kind not in EXPEDITIONS):
                    self.add(
                        f"{p}.expedition",
                        'expédition attendue : "choose" ou CÔTÉ.hero / CÔTÉ.companion '
                        f'(ex. "self.hero", "opponent.companion"), reçu {v!r}',
                    )
            elif key == "player" and "player" in s and v != "choose" and not self.side(v):
                self.add(f"{p}.player", f"joueur attendu : self, opponent, teammate, choose ou un joueur, reçu {v!r}")
            if s.get("controller") is not None and not self.side(s["controller"]):
                self.add(
                    f"{p}.controller",
                    f"joueur attendu : self, opponent, teammate ou un joueur, reçu {s['controller']!r}",
                )
            if "type" in s and (not isinstance(s["type"], str) or s["type"] not in CARD_TYPES):
                self.add(f"{p}.type", f"type inconnu {s['type']!r} (attendu : {', '.join(CARD_TYPES)})")
            if "name" in s and not _str(s["name"]):
                self.add(f"{p}.name", "nom de jeton (texte non vide) attendu (2.5)")
            self.nat(s, "count", f"{p}.count", hi=MAX_STEP_COUNT)
            self.nat(s, "choose", f"{p}.choose", lo=1, hi=MAX_CHOOSE)
            if verb == "put" and s.get("zone") not in PUT_ZONES:
                self.add(f"{p}.zone", f"zone attendue parmi {', '.join(PUT_ZONES)}, reçu {s.get('zone')!r}")
            if "repeat" in s and not isinstance(s["repeat"], bool):
                self.add(
                    f"{p}.repeat", "booléen attendu (un même mode peut être choisi plusieurs fois, 6.5.g (CR 5.0))"
                )
            if "other" in s and not isinstance(s["other"], bool):
                self.add(f"{p}.other", "booléen attendu (« un autre … ciblé » : la source exclue)")
            if "optional" in s and not isinstance(s["optional"], bool):
                self.add(f"{p}.optional", "booléen attendu (5.2.3.e)")
            for cond_key in ("if", "unless"):
                if cond_key in s:
                    self.condition(s[cond_key], f"{p}.{cond_key}")
            if verb in ("gain_status", "lose_status") and (
                not isinstance(s.get("status"), str) or s.get("status") not in STATUSES
            ):
                self.add(f"{p}.status", f"statut inconnu {s.get('status')!r} (attendu : {', '.join(STATUSES)})")


@implements_article("2v2", 1)
@implements_article("Mise en place d'une partie multijoueur Altered en 2v2", 1)
def check(doc: Any) -> list[dict[str, Any]]:
    """Every problem of `doc` as {"path", "message"} (with "code" and "rules" where they are written
    in engine/scenario/problems.py); [] when the scenario can be played.

    A document the checks below refuse is also walked with the format's JSON Schema
    (engine/scenario/schema.py): where the schema names a problem of shape, its coded problem stands
    for those the code found at or under the same path (a sound document costs no walk)."""
    problems = _check(doc)
    if not problems or problems[0]["message"] == TOO_DEEP:
        return problems
    shape = validate(doc)
    covered = {p["path"] for p in shape}
    return shape + [p for p in problems if covered.isdisjoint(_prefixes(p["path"]))]


def _prefixes(path: str) -> list[str]:
    """'players.A.hand[0].stats' -> itself and every path above it: players.A.hand[0], players.A.hand…"""
    out = [path]
    for i, ch in enumerate(path):
        if ch in ".[" and i:
            out.append(path[:i])
    return out


def _check(doc: Any) -> list[dict[str, Any]]:
    """The checker's own walk: shape, references between fields, the cursor of a dumped game, and
    the game's own rules on the board. In 2v2
    (the article: four players in two teams) the players are A1 and A2 (team A) against B1 and B2
    (team B), seated clockwise A1, B1, A2, B2 so that teammates face each other."""
    ck = _Checker()
    if not isinstance(doc, dict):
        ck.add("$", "un scénario est un objet JSON")
        return ck.problems
    # the depth of everything but the cards now, of a card only when it is not plain (a plain card
    # holds only scalars: plain_card, which is safe on any value, has checked them)
    deep = _depth_problem(_without_cards(doc))
    if deep is not None:
        return [{"path": deep, "message": TOO_DEEP}]
    if doc.get("format") != FORMAT:
        ck.add("format", f"format {FORMAT!r} attendu, reçu {doc.get('format')!r}")
    if "rules" in doc and (not isinstance(doc["rules"], str) or doc["rules"] not in RULESETS):
        ck.add("rules", f"jeu de règles inconnu {doc['rules']!r} (attendu : {', '.join(RULESETS)})")
    if "seed" in doc and not _is_int(doc["seed"]):
        ck.add("seed", f"nombre entier attendu, reçu {doc['seed']!r}")
    else:
        ck.nat(doc, "seed", "seed", lo=SEED_RANGE[0], hi=SEED_RANGE[1])
    mode = doc.get("mode", "1v1")
    if not isinstance(mode, str) or mode not in MODES:
        ck.add("mode", f"mode inconnu {mode!r} (attendu : {', '.join(MODES)})")
        mode = "1v1"
    if mode == "2v2" and doc.get("rules") == CR5:
        # issue 12: the Comprehensive Rules 5.0 have no 2v2 rules; the French article's victory (expeditions
        # meeting) contradicts v5.0's Check Victory, so the engine does not invent a blend of the two
        ck.add(
            "rules",
            "le mode 2v2 n'est pas joué selon les CR 5.0 (elles n'ont pas de règles 2v2 ; l'article français "
            'fait gagner quand les Expéditions se rejoignent) : choisissez "fr-1" pour une partie 2v2',
        )
    ck.nat(doc, "day", "day", lo=1)
    phase = doc.get("phase", "noon" if doc.get("day", 1) == 1 else "morning")  # as the loader
    if not isinstance(phase, str) or phase not in PHASES:
        ck.add("phase", f"phase inconnue {phase!r} (attendu : {', '.join(PHASES)})")
    elif phase == "setup" and doc.get("day", 1) != 1:
        ck.add("phase", "la mise en place (setup) n'existe qu'au jour 1")
    prog = doc.get("progress")
    cursor = prog.get("step") if isinstance(prog, dict) else None

    players = doc.get("players")
    pids: set[str] = set()
    if not isinstance(players, dict):
        ck.add("players", 'objet attendu {"A": PLAYER, "B": PLAYER}')
        players = {}
    else:
        pids = set(players)
        if pids != set(PLAYERS[mode]):
            want = "A et B" if mode == "1v1" else "A1 et A2 (équipe A) contre B1 et B2 (équipe B)"
            ck.add("players", f"en {mode}, les joueurs sont {want} ; reçu {sorted(pids)}")
    ck.pids = pids
    fp = doc.get("first_player", PLAYERS[mode][0])
    if pids and not (isinstance(fp, str) and fp in pids) and not (fp is None and phase == "setup"):
        ck.add("first_player", f"joueur inconnu {fp!r}")
    for p, pl in players.items():
        path = f"players.{p}"
        if not isinstance(pl, dict):
            ck.add(path, "objet attendu")
            continue
        hero = pl.get("hero")
        if hero is not None:
            if not isinstance(hero, dict):
                ck.add(f"{path}.hero", "objet ou null attendu")
            else:
                if "name" in hero and not isinstance(hero["name"], str):
                    ck.add(f"{path}.hero.name", "texte attendu")
                ck.nat(hero, "reserve_limit", f"{path}.hero.reserve_limit")
                ck.nat(hero, "landmark_limit", f"{path}.hero.landmark_limit")
        if "passed" in pl and not isinstance(pl["passed"], bool):
            ck.add(f"{path}.passed", "booléen attendu")
        for zone in PLAYER_ZONES:
            cards = pl.get(zone, [])
            if not isinstance(cards, list):
                ck.add(f"{path}.{zone}", "liste de cartes attendue")
                continue
            if (
                phase == "setup"
                and cards
                and zone != "deck"
                and (cursor in SETUP_DECK_STEPS or zone not in ("hand", "mana"))
            ):
                ck.add(
                    f"{path}.{zone}",
                    "à la mise en place, toutes les cartes sont dans le Deck (4.1.a)"
                    + (
                        ""
                        if cursor in SETUP_DECK_STEPS
                        else " ; après la pioche de six cartes, dans le Deck, la Main et la Zone de Mana (4.1.j)"
                    ),
                )
            for i, c in enumerate(cards):
                deep = _card_problems(ck, c, zone, (path, zone, i), 4)  # doc.players.P.zone[i]
                if deep is not None:
                    return [{"path": deep, "message": TOO_DEEP}]

    limbo = doc.get("limbo", [])
    if not isinstance(limbo, list):
        ck.add("limbo", "liste de cartes attendue")
    else:
        for i, c in enumerate(limbo):
            deep = _card_problems(ck, c, "limbo", ("limbo", None, i), 2)  # doc.limbo[i]
            if deep is not None:
                return [{"path": deep, "message": TOO_DEEP}]

    _adventure(ck, doc.get("adventure"), pids, mode)
    decisions = doc.get("decisions", [])
    _decisions(ck, decisions, pids)
    _progress(ck, prog, pids, phase, mode, len(decisions) if isinstance(decisions, list) else 0)
    # the game's own rules on the board (engine/scenario/board.py), in the rule set the document names
    ruleset = doc.get("rules", DEFAULT)
    ck.problems += board_problems(doc, ruleset if ruleset in RULESETS else DEFAULT)
    return ck.problems


def _card_problems(ck: _Checker, c: Any, zone: str, where: tuple[str, str | None, int], depth: int) -> str | None:
    """Check the card `c` found at `where`, `depth` levels down the document: the fast path when
    it can, else the full check. Returns the path of a node nested too deep, if any: a card
    holding more than scalars is walked first (the checks below recurse into abilities and effects,
    and a message quotes a wrong value)."""
    scalar = type(c) is dict and PLAIN_CARD_KEYS.issuperset(c)
    if scalar and ck.plain_card(c, zone, where):
        return None
    deep = _depth_problem(c, MAX_DEPTH - depth, "$." + _spelled(where))
    if deep is not None:
        return deep
    if scalar or not ck.plain_card(c, zone, where):
        ck.card(c, _spelled(where), ck.pids, zone)
    return None


def _adventure(ck: _Checker, adv: Any, pids: set[str], mode: str = "1v1") -> None:
    if adv is None:
        return  # default Adventure
    if not isinstance(adv, dict):
        ck.add("adventure", "objet attendu")
        return
    if adv.get("layout", mode) != mode:
        ck.add("adventure.layout", f'disposition {adv.get("layout")!r} : en mode {mode}, "{mode}" attendu')
    arena = adv.get("arena", False)
    if not isinstance(arena, bool):
        ck.add("adventure.arena", "booléen attendu")
        arena = False
    tumult = adv.get("tumult")
    if tumult is None:
        tumult = []  # the default Adventure's Tumult cards
    elif not isinstance(tumult, list):
        ck.add("adventure.tumult", "liste attendue")
        tumult = []
    elif not arena and mode == "1v1" and len(tumult) != 3:
        ck.add("adventure.tumult", f"trois cartes Tumulte attendues (3.2.1.b), reçu {len(tumult)}")
    elif not arena and mode == "2v2" and len(tumult) != 6:
        ck.add(
            "adventure.tumult",
            "six cartes Tumulte attendues en 2v2 (trois paires de cartes identiques, "
            f"article « Multijoueur 2v2 », Mise en place), reçu {len(tumult)}",
        )
    names: set[str] = set()
    for i, t in enumerate(tumult):
        path = f"adventure.tumult[{i}]"
        if not isinstance(t, dict):
            ck.add(path, "objet attendu")
            continue
        name = t.get("name", f"T{i + 1}")
        if not isinstance(name, str) or name in names:
            ck.add(f"{path}.name", f"nom de carte Tumulte invalide ou en double : {name!r}")
        else:
            names.add(name)
        if "face_up" in t and not isinstance(t["face_up"], bool):
            ck.add(f"{path}.face_up", "booléen attendu")
        if "effect" in t:
            if isinstance(t["effect"], list):
                ck.steps(t["effect"], f"{path}.effect")
            else:
                ck.add(
                    f"{path}.effect", "liste d'étapes attendue (l'effet de la carte Tumulte, résolu à sa révélation)"
                )
        terr = t.get("terrains")
        if not isinstance(terr, list) or len(terr) != 2:
            ck.add(f"{path}.terrains", "deux moitiés attendues, chacune une liste de types de région")
            continue
        for h, half in enumerate(terr):
            if not isinstance(half, list):
                ck.add(f"{path}.terrains[{h}]", "liste attendue")
                continue
            for k, x in enumerate(half):
                if not isinstance(x, str) or x not in TERRAINS:
                    ck.add(
                        f"{path}.terrains[{h}][{k}]", f"type de région inconnu {x!r} (attendu : {', '.join(TERRAINS)})"
                    )
    if mode == "2v2" and not arena and len(tumult) == 6:
        _pairs_2v2(ck, tumult)
    markers = adv.get("markers", {})
    if not isinstance(markers, dict):
        ck.add("adventure.markers", "objet attendu")
        return
    for p, m in markers.items():
        if p not in pids:
            ck.add(f"adventure.markers.{p}", f"joueur inconnu {p!r}")
            continue
        if not isinstance(m, dict):
            ck.add(f"adventure.markers.{p}", "objet attendu {hero, companion}")
            continue
        for kind in m:
            if kind not in ("hero", "companion"):
                ck.add(f"adventure.markers.{p}.{kind}", "expédition inconnue (hero ou companion)")
            else:
                ck.nat(m, kind, f"adventure.markers.{p}.{kind}", hi=7)


def _halves(t: Any) -> tuple | None:
    """The two halves of a well-formed Tumult card as frozensets of terrains, else None."""
    terr = t.get("terrains") if isinstance(t, dict) else None
    if (
        not isinstance(terr, list)
        or len(terr) != 2
        or not all(isinstance(h, list) and all(isinstance(x, str) for x in h) for h in terr)
    ):
        return None
    return tuple(frozenset(h) for h in terr)


def _pairs_2v2(ck: _Checker, tumult: list) -> None:
    """2v2 article, Mise en place: slots 0-1 (beside the hero regions), 2-3 (beside the companion
    regions) and 4-5 (the centre) each hold two identical Tumult cards; the central pair is turned
    face up together, the second card the opposite way from the first."""
    for k in (0, 2, 4):
        a, b = _halves(tumult[k]), _halves(tumult[k + 1])
        if a is None or b is None:
            continue
        if a != b and a != b[::-1]:
            ck.add(
                f"adventure.tumult[{k + 1}].terrains",
                f"les cartes {k} et {k + 1} forment une paire : elles doivent être identiques "
                "(article « Multijoueur 2v2 », Mise en place)",
            )
    c1, c2 = (tumult[i] if isinstance(tumult[i], dict) else {} for i in CENTRE)
    if bool(c1.get("face_up")) != bool(c2.get("face_up")):
        ck.add(
            "adventure.tumult[5].face_up",
            "les deux cartes Tumulte centrales sont retournées ensemble (article « Multijoueur 2v2 », Mise en place)",
        )
    elif c1.get("face_up"):
        a, b = _halves(c1), _halves(c2)
        if a is not None and b is not None and a != b[::-1] and a[0] != a[1]:
            ck.add(
                "adventure.tumult[5].terrains",
                "la deuxième carte centrale est placée dans la direction opposée "
                "à la première (article « Multijoueur 2v2 », Mise en place)",
            )


def _decision(ck: _Checker, d: Any, path: str, pids: set[str]) -> bool:
    """One DECISION (or a declaration in progress): its shape, its player, the cards it names.
    True when it is well formed."""
    if not isinstance(d, dict):
        ck.add(path, "objet attendu")
        return False
    ok = True
    if not (isinstance(d.get("player"), str) and d["player"] in pids):
        ck.add(f"{path}.player", f"joueur inconnu {d.get('player')!r}")
        ok = False
    shape = decision_problems(d)
    for key, message in shape:
        ck.add(f"{path}.{key}" if key else path, message)
    if shape:
        return False
    if "play" in d and d["play"] not in ck.ids:
        ck.add(f"{path}.play", f"carte inconnue {d['play']!r}")
        ok = False
    for key in ("mana", "keep"):
        v = d.get(key)
        for j, x in enumerate(v if isinstance(v, list) else [v]):
            if x is not None and x not in ck.ids:
                ck.add(f"{path}.{key}" + (f"[{j}]" if isinstance(v, list) else ""), f"carte inconnue {x!r}")
                ok = False
    return ok


def _decisions(ck: _Checker, decisions: Any, pids: set[str]) -> None:
    if not isinstance(decisions, list):
        ck.add("decisions", "liste attendue")
        return
    for i, d in enumerate(decisions):
        _decision(ck, d, f"decisions[{i}]", pids)


def _progress(ck: _Checker, prog: Any, pids: set[str], phase: Any, mode: str = "1v1", n_decisions: int = 0) -> None:
    """The engine's cursor (a dumped game, engine/README.md "Dump"): every value the engine reads."""
    if prog is None:
        return
    if not isinstance(prog, dict):
        ck.add("progress", "objet attendu")
        return
    step = prog.get("step")
    if step is not None and (not isinstance(step, str) or step not in PROGRESS_STEPS or step.split(".")[0] != phase):
        ck.add("progress.step", f"étape {step!r} inconnue ou hors de la phase {phase!r}")
    ck.nat(prog, "sub", "progress.sub", hi=max(len(PLAYERS[mode]) - 1, 0))
    ck.nat(prog, "decision_index", "progress.decision_index", hi=n_decisions)
    for k in ("random_count", "next_timestamp", "groups"):
        ck.nat(prog, k, f"progress.{k}")
    if prog.get("turn") is not None and not (isinstance(prog["turn"], str) and prog["turn"] in pids):
        ck.add("progress.turn", f"joueur inconnu {prog['turn']!r}")
    sides = {"A", "B"} if mode == "2v2" else pids  # 2v2: the winner is a team
    winner = prog.get("winner")
    if winner is not None and not (isinstance(winner, str) and winner in sides):
        ck.add("progress.winner", f"{'équipe' if mode == '2v2' else 'joueur'} inconnu(e) {winner!r}")
    advanced = prog.get("advanced", [])
    if not isinstance(advanced, list) or not all(
        isinstance(x, str) and x.partition(".")[0] in pids and x.partition(".")[2] in EXPEDITIONS for x in advanced
    ):
        ck.add("progress.advanced", 'liste d\'expéditions "JOUEUR.hero" / "JOUEUR.companion" attendue')
    keeps = prog.get("keeps", {})
    if not isinstance(keeps, dict) or any(
        p not in pids or not isinstance(v, list) or not all(isinstance(x, str) for x in v) for p, v in keeps.items()
    ):
        ck.add("progress.keeps", "objet {joueur: [identifiants]} attendu")
    stack = prog.get("stack", [])
    if not isinstance(stack, list):
        ck.add("progress.stack", "liste attendue")
    else:
        for i, f in enumerate(stack):
            _frame(ck, f, f"progress.stack[{i}]", pids)
    declare = prog.get("declare")
    if declare is not None:
        if not isinstance(declare, dict):
            ck.add("progress.declare", "objet attendu")
        elif _decision(ck, declare, "progress.declare", pids):
            _declaration(ck, declare, "progress.declare")


def _declaration(ck: _Checker, d: dict, path: str) -> None:
    """A play or quick action being declared: the card, its ability and its mode exist."""
    if "play" not in d and "quick" not in d:
        ck.add(path, 'déclaration attendue : {"player", "play": …} ou {"player", "quick": …}')
        return
    if ck.problems:
        return  # the cards are checked first; their effects may be malformed
    cid = d.get("play") or d.get("quick")
    if cid not in ck.cards:
        ck.add(f"{path}.{'play' if 'play' in d else 'quick'}", f"carte inconnue {cid!r}")
        return
    card = ck.cards[cid]
    if "play" in d:
        steps = card.get("effect", []) if card.get("type", "character") == "spell" else []
    else:
        k, abilities = d.get("ability", 0), card.get("abilities", [])
        if k >= len(abilities) or not isinstance(abilities[k], dict) or not isinstance(abilities[k].get("quick"), dict):
            ck.add(f"{path}.ability", f"{card['id']} n'a pas d'action rapide n°{k} (1.2.4.c)")
            return
        steps = abilities[k].get("effect", [])
    n = modes_of(steps)
    if n and d.get("mode") is not None and d["mode"] >= n:
        ck.add(f"{path}.mode", f"mode attendu entre 0 et {n - 1} (5.2.3.c)")


def _frame(ck: _Checker, f: Any, path: str, pids: set[str]) -> None:
    """An effect waiting to resolve (rules/effects.py, `frame`)."""
    if not isinstance(f, dict):
        ck.add(path, "objet attendu (effet en attente)")
        return
    for key in ("id", "card"):
        if not _str(f.get(key)):
            ck.add(f"{path}.{key}", "identifiant (chaîne non vide) obligatoire")
    if not (isinstance(f.get("player"), str) and f["player"] in pids):
        ck.add(f"{path}.player", f"joueur inconnu {f.get('player')!r}")
    if f.get("kind") not in FRAME_KINDS:
        ck.add(f"{path}.kind", f"genre d'effet inconnu {f.get('kind')!r} (attendu : {', '.join(FRAME_KINDS)})")
    if not isinstance(f.get("trigger", ""), str):
        ck.add(f"{path}.trigger", "texte attendu")
    steps = f.get("steps")
    if not isinstance(steps, list):
        ck.add(f"{path}.steps", "liste d'étapes attendue")
        return
    before = len(ck.problems)
    ck.steps(steps, f"{path}.steps")
    for key in ("declared", "ordered", "started"):
        if not isinstance(f.get(key), bool):
            ck.add(f"{path}.{key}", "booléen attendu")
    ck.nat(f, "i", f"{path}.i", optional=False, hi=len(steps))
    for key in ("group", "asked", "chosen", "source"):
        ck.nat(f, key, f"{path}.{key}", nullable=True)
    found = f.get("found", {})
    if not isinstance(found, dict) or not all(
        isinstance(v, list) and len(v) == 2 and all(_is_int(x) and 0 <= x <= MAX_NUMBER for x in v)
        for v in found.values()
    ):
        ck.add(f"{path}.found", "objet {carte: [horodatage, déplacements]} attendu (2.1.e)")
    if f.get("after") not in (None, "spell"):
        ck.add(f"{path}.after", 'null ou "spell" attendu')
    targets = f.get("targets")
    if not isinstance(targets, list) or not all(
        isinstance(t, list) and len(t) == 2 and (_str(t[0]) or t[0] is None) and (t[1] is None or _is_int(t[1]))
        for t in targets
    ):  # [null, null]: a target not chosen for an "up to" occurrence (7.3.18.a)
        ck.add(f"{path}.targets", "liste de paires [cible ou null, horodatage ou null] attendue")
        return
    ck.nat(f, "t", f"{path}.t", optional=False, hi=len(targets))
    if len(ck.problems) != before:
        return
    # the targets still to take: those of the declared slots left (5.2.3.b), or of the step being resolved
    i = f["i"]
    slots = (
        declared_slots(steps[i:])
        if f["declared"]
        else [steps[i]]
        if i < len(steps) and f.get("chosen") == i and chooses(steps[i])
        else []
    )
    left = [t[0] for t in targets[f["t"] :]]
    for s in slots:
        key = TARGET_KEY[s["action"]]
        for value in left[: chooses(s)]:
            if value is None and up_to(s):
                continue  # an "up to" target left unchosen (7.3.18.a)
            if value is None:
                ck.add(f"{path}.targets", f"cible manquante pour « {s['action']} » (5.2.3.b)")
                return
            side, _, kind = value.partition(".")
            if (key == "player" and value not in pids) or (
                key == "expedition" and (side not in pids or kind not in EXPEDITIONS)
            ):
                ck.add(f"{path}.targets", f"cible {value!r} impossible pour « {s['action']} » (5.2.3.b)")
                return
        left = left[chooses(s) :]
