"""List every problem of a scenario document, each with its JSON path (python-chess's status()).

A document with no problem can be loaded and played; the builder may hold one with problems.
Unknown keys are not problems: they are kept as they are (the format lets fields be added).
"""
from __future__ import annotations

from typing import Any

from ..rules.registry import implements_article
from ..model import (CARD_TYPES, CENTRE, EXPEDITION_ZONES, FORMAT, MODES, PHASES, PLAYER_ZONES, PLAYERS,
                     QUICK_COSTS, STATUSES, TERRAINS, TRIGGERS, VERBS)

DECISION_KEYS = ("pass", "play", "quick", "mana", "keep", "optional", "mode", "targets", "swap", "order")
#: keys that may come with a `play` or `quick` decision (choices made on declaration, 5.2.3.a–c)
DECLARATION_KEYS = ("expedition", "targets", "mode", "ability", "landmarks")
PROGRESS_STEPS = (
    "setup.adventure", "setup.first_player", "setup.shuffle", "setup.draw", "setup.mana",
    "morning.first_player", "morning.prepare", "morning.draw", "morning.mana", "noon.reactions",
    "noon.end", "afternoon.turn", "dusk.reactions", "dusk.progress", "dusk.end", "night.rest", "night.cleanup", "night.discard",
)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class _Checker:
    def __init__(self) -> None:
        self.problems: list[dict[str, Any]] = []
        self.ids: dict[str, str] = {}

    def add(self, path: str, message: str) -> None:
        self.problems.append({"path": path, "message": message})

    def nat(self, obj: dict, key: str, path: str, *, optional: bool = True, nullable: bool = False,
            lo: int = 0, hi: int | None = None) -> None:
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

    def card(self, c: Any, path: str, players: set[str], zone: str | None) -> None:
        if not isinstance(c, dict):
            self.add(path, "une carte est un objet JSON")
            return
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            self.add(f"{path}.id", "identifiant (chaîne non vide) obligatoire")
        elif cid in self.ids:
            self.add(f"{path}.id", f"identifiant {cid!r} en double : déjà utilisé par {self.ids[cid]} "
                                   "(une carte ne peut être que dans une zone, 2.1.a)")
        else:
            self.ids[cid] = path
        if "name" in c and not isinstance(c["name"], str):
            self.add(f"{path}.name", "texte attendu")
        ctype = c.get("type", "character")
        if ctype not in CARD_TYPES:
            self.add(f"{path}.type", f"type inconnu {ctype!r} (attendu : {', '.join(CARD_TYPES)})")
        if "owner" in c and c["owner"] not in players:
            self.add(f"{path}.owner", f"joueur inconnu {c['owner']!r}")
        self.nat(c, "hand_cost", f"{path}.hand_cost")
        self.nat(c, "reserve_cost", f"{path}.reserve_cost", nullable=True)
        stats = c.get("stats", {})
        if not isinstance(stats, dict):
            self.add(f"{path}.stats", "objet attendu {forest, mountain, water}")
        else:
            for k, v in stats.items():
                if k not in TERRAINS:
                    self.add(f"{path}.stats.{k}", f"statistique inconnue {k!r} (attendu : {', '.join(TERRAINS)})")
                self.nat(stats, k, f"{path}.stats.{k}")
        statuses = c.get("statuses", [])
        if not isinstance(statuses, list):
            self.add(f"{path}.statuses", "liste attendue")
        else:
            for i, s in enumerate(statuses):
                if s not in STATUSES:
                    self.add(f"{path}.statuses[{i}]", f"statut inconnu {s!r} (attendu : {', '.join(STATUSES)})")
            if len(set(map(str, statuses))) != len(statuses):
                self.add(f"{path}.statuses", "statut en double")
        counters = c.get("counters", {})
        if not isinstance(counters, dict):
            self.add(f"{path}.counters", "objet attendu {nom: nombre}")
        else:
            for k in counters:
                self.nat(counters, k, f"{path}.counters.{k}")
        for key in ("keywords", "abilities", "effect"):
            if key in c and not isinstance(c[key], list):
                self.add(f"{path}.{key}", "liste attendue")
        for i, a in enumerate(c.get("abilities", []) if isinstance(c.get("abilities"), list) else []):
            self.ability(a, f"{path}.abilities[{i}]")
        if isinstance(c.get("effect"), list):
            self.steps(c["effect"], f"{path}.effect")
        token = c.get("token", False)
        if not isinstance(token, bool):
            self.add(f"{path}.token", "booléen attendu")
        elif token and zone is not None and zone not in EXPEDITION_ZONES:
            self.add(f"{path}.token", "un jeton n'existe que dans la zone d'Expédition (2.1.d)")
        if zone in EXPEDITION_ZONES and ctype != "character":
            self.add(f"{path}.type", "la zone d'Expédition ne contient que des Personnages")
        self.nat(c, "timestamp", f"{path}.timestamp", nullable=True)


    def ability(self, a: Any, path: str) -> None:
        """ABILITY: a reaction (`trigger`) or a quick action (`quick` costs), with an `effect`."""
        if not isinstance(a, dict):
            self.add(path, "objet attendu")
            return
        if "trigger" in a:
            if a["trigger"] not in TRIGGERS:
                self.add(f"{path}.trigger", f"déclencheur inconnu {a['trigger']!r} (attendu : {', '.join(TRIGGERS)})")
        elif "quick" in a:
            q = a["quick"]
            if not isinstance(q, dict):
                self.add(f"{path}.quick", "objet de coûts attendu {exhaust_me, discard_me, mana, spend}")
            else:
                for k in q:
                    if k not in QUICK_COSTS:
                        self.add(f"{path}.quick.{k}", f"coût inconnu {k!r} (attendu : {', '.join(QUICK_COSTS)})")
                self.nat(q, "mana", f"{path}.quick.mana")
                if not isinstance(q.get("spend", {}), dict):
                    self.add(f"{path}.quick.spend", "objet {nom: nombre} attendu")
                else:
                    for k in q.get("spend", {}):
                        self.nat(q["spend"], k, f"{path}.quick.spend.{k}")
        if isinstance(a.get("effect", []), list):
            self.steps(a.get("effect", []), f"{path}.effect")
        else:
            self.add(f"{path}.effect", "liste d'étapes attendue")

    def steps(self, steps: list, path: str) -> None:
        for i, s in enumerate(steps):
            p = f"{path}[{i}]"
            if not isinstance(s, dict):
                self.add(p, "une étape est un objet {\"action\": ...}")
                continue
            verb = s.get("action")
            if verb not in VERBS:
                self.add(f"{p}.action", f"verbe inconnu {verb!r} (attendu : {', '.join(VERBS)})")
                continue
            if verb == "choose_one":
                modes = s.get("modes")
                if not isinstance(modes, list) or not modes or not all(isinstance(m, list) for m in modes):
                    self.add(f"{p}.modes", "liste de modes (chacun une liste d'étapes) attendue (5.2.3.c)")
                else:
                    for k, m in enumerate(modes):
                        self.steps(m, f"{p}.modes[{k}]")
            elif verb == "internal":
                if not isinstance(s.get("effect"), list):
                    self.add(f"{p}.effect", "liste d'étapes attendue (5.2.3.g)")
                else:
                    self.steps(s["effect"], f"{p}.effect")
            for k in ("count", "choose"):
                self.nat(s, k, f"{p}.{k}")
            if verb in ("gain_status", "lose_status") and s.get("status") not in STATUSES:
                self.add(f"{p}.status", f"statut inconnu {s.get('status')!r} (attendu : {', '.join(STATUSES)})")


@implements_article("2v2", 1)
@implements_article("Mise en place d'une partie multijoueur Altered en 2v2", 1)
def check(doc: Any) -> list[dict[str, Any]]:
    """Every problem of `doc` as {"path", "message"}; [] when the scenario can be played. In 2v2
    (the article: four players in two teams) the players are A1 and A2 (team A) against B1 and B2
    (team B), seated clockwise A1, B1, A2, B2 so that teammates face each other."""
    ck = _Checker()
    if not isinstance(doc, dict):
        ck.add("$", "un scénario est un objet JSON")
        return ck.problems
    if doc.get("format") != FORMAT:
        ck.add("format", f"format {FORMAT!r} attendu, reçu {doc.get('format')!r}")
    if "rules" in doc and not isinstance(doc["rules"], str):
        ck.add("rules", "texte attendu (ex. \"fr-1\")")
    if "seed" in doc and not _is_int(doc["seed"]):
        ck.add("seed", f"nombre entier attendu, reçu {doc['seed']!r}")
    mode = doc.get("mode", "1v1")
    if mode not in MODES:
        ck.add("mode", f"mode inconnu {mode!r} (attendu : {', '.join(MODES)})")
        mode = "1v1"
    ck.nat(doc, "day", "day", lo=1)
    phase = doc.get("phase", "noon")
    if phase not in PHASES:
        ck.add("phase", f"phase inconnue {phase!r} (attendu : {', '.join(PHASES)})")
    elif phase == "setup" and doc.get("day", 1) != 1:
        ck.add("phase", "la mise en place (setup) n'existe qu'au jour 1")

    players = doc.get("players")
    pids: set[str] = set()
    if not isinstance(players, dict):
        ck.add("players", "objet attendu {\"A\": PLAYER, \"B\": PLAYER}")
        players = {}
    else:
        pids = set(players)
        if pids != set(PLAYERS[mode]):
            want = "A et B" if mode == "1v1" else "A1 et A2 (équipe A) contre B1 et B2 (équipe B)"
            ck.add("players", f"en {mode}, les joueurs sont {want} ; reçu {sorted(pids)}")
    fp = doc.get("first_player", PLAYERS[mode][0])
    if pids and fp not in pids and not (fp is None and phase == "setup"):
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
            if phase == "setup" and zone != "deck" and cards:
                ck.add(f"{path}.{zone}", "à la mise en place, toutes les cartes sont dans le Deck (4.1.a)")
            for i, c in enumerate(cards):
                ck.card(c, f"{path}.{zone}[{i}]", pids, zone)

    limbo = doc.get("limbo", [])
    if not isinstance(limbo, list):
        ck.add("limbo", "liste de cartes attendue")
    else:
        for i, c in enumerate(limbo):
            ck.card(c, f"limbo[{i}]", pids, "limbo")

    _adventure(ck, doc.get("adventure"), pids, mode)
    _decisions(ck, doc.get("decisions", []), pids)
    _progress(ck, doc.get("progress"), pids, phase, mode)
    return ck.problems


def _adventure(ck: _Checker, adv: Any, pids: set[str], mode: str = "1v1") -> None:
    if adv is None:
        return  # default Adventure
    if not isinstance(adv, dict):
        ck.add("adventure", "objet attendu")
        return
    if adv.get("layout", mode) != mode:
        ck.add("adventure.layout", f"disposition {adv.get('layout')!r} : en mode {mode}, \"{mode}\" attendu")
    arena = adv.get("arena", False)
    if not isinstance(arena, bool):
        ck.add("adventure.arena", "booléen attendu")
    tumult = adv.get("tumult")
    if tumult is None:
        tumult = []  # the default Adventure's three Tumult cards
    elif not isinstance(tumult, list):
        ck.add("adventure.tumult", "liste attendue")
        tumult = []
    elif not arena and mode == "1v1" and len(tumult) != 3:
        ck.add("adventure.tumult", f"trois cartes Tumulte attendues (3.2.1.b), reçu {len(tumult)}")
    elif not arena and mode == "2v2" and len(tumult) != 6:
        ck.add("adventure.tumult", "six cartes Tumulte attendues en 2v2 (trois paires de cartes identiques, "
                                   f"article « Multijoueur 2v2 », Mise en place), reçu {len(tumult)}")
    names = set()
    for i, t in enumerate(tumult):
        path = f"adventure.tumult[{i}]"
        if not isinstance(t, dict):
            ck.add(path, "objet attendu")
            continue
        name = t.get("name", f"T{i + 1}")
        if not isinstance(name, str) or name in names:
            ck.add(f"{path}.name", f"nom de carte Tumulte invalide ou en double : {name!r}")
        names.add(name)
        if "face_up" in t and not isinstance(t["face_up"], bool):
            ck.add(f"{path}.face_up", "booléen attendu")
        terr = t.get("terrains")
        if not isinstance(terr, list) or len(terr) != 2:
            ck.add(f"{path}.terrains", "deux moitiés attendues, chacune une liste de types de région")
            continue
        for h, half in enumerate(terr):
            if not isinstance(half, list):
                ck.add(f"{path}.terrains[{h}]", "liste attendue")
                continue
            for k, x in enumerate(half):
                if x not in TERRAINS:
                    ck.add(f"{path}.terrains[{h}][{k}]", f"type de région inconnu {x!r} (attendu : {', '.join(TERRAINS)})")
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
    try:
        return tuple(frozenset(h) for h in t["terrains"])
    except (TypeError, KeyError):
        return None


def _pairs_2v2(ck: _Checker, tumult: list) -> None:
    """2v2 article, Mise en place: slots 0-1 (beside the hero regions), 2-3 (beside the companion
    regions) and 4-5 (the centre) each hold two identical Tumult cards; the central pair is turned
    face up together, the second card the opposite way from the first."""
    for k in (0, 2, 4):
        a, b = _halves(tumult[k]), _halves(tumult[k + 1])
        if a is None or b is None:
            continue
        if a != b and a != b[::-1]:
            ck.add(f"adventure.tumult[{k + 1}].terrains",
                   f"les cartes {k} et {k + 1} forment une paire : elles doivent être identiques "
                   "(article « Multijoueur 2v2 », Mise en place)")
    c1, c2 = (tumult[i] if isinstance(tumult[i], dict) else {} for i in CENTRE)
    if bool(c1.get("face_up")) != bool(c2.get("face_up")):
        ck.add("adventure.tumult[5].face_up", "les deux cartes Tumulte centrales sont retournées ensemble "
                                              "(article « Multijoueur 2v2 », Mise en place)")
    elif c1.get("face_up"):
        a, b = _halves(c1), _halves(c2)
        if a is not None and b is not None and a != b[::-1] and a[0] != a[1]:
            ck.add("adventure.tumult[5].terrains", "la deuxième carte centrale est placée dans la direction opposée "
                                                   "à la première (article « Multijoueur 2v2 », Mise en place)")


def _decisions(ck: _Checker, decisions: Any, pids: set[str]) -> None:
    if not isinstance(decisions, list):
        ck.add("decisions", "liste attendue")
        return
    for i, d in enumerate(decisions):
        path = f"decisions[{i}]"
        if not isinstance(d, dict):
            ck.add(path, "objet attendu")
            continue
        if d.get("player") not in pids:
            ck.add(f"{path}.player", f"joueur inconnu {d.get('player')!r}")
        kinds = [k for k in DECISION_KEYS if k in d]
        if ("play" in kinds or "quick" in kinds):
            kinds = [k for k in kinds if k not in DECLARATION_KEYS]
        elif kinds == ["mode", "targets"]:     # completing a declaration in one answer
            kinds = ["mode"]
        if len(kinds) != 1:
            ck.add(path, f"une décision a exactement une clé parmi {', '.join(DECISION_KEYS)} ; reçu {kinds}")
            continue
        k = kinds[0]
        v = d[k]
        if k == "pass" and v is not True:
            ck.add(f"{path}.pass", "true attendu")
        elif k == "mana":
            ids = v if isinstance(v, list) else [v]
            for j, x in enumerate(ids):
                if x is not None and x not in ck.ids:
                    ck.add(f"{path}.mana" + (f"[{j}]" if isinstance(v, list) else ""), f"carte inconnue {x!r}")
        elif k == "keep":
            if not isinstance(v, list):
                ck.add(f"{path}.keep", "liste d'identifiants attendue")
            else:
                for j, x in enumerate(v):
                    if x not in ck.ids:
                        ck.add(f"{path}.keep[{j}]", f"carte inconnue {x!r}")
        elif k == "play" and v not in ck.ids:
            ck.add(f"{path}.play", f"carte inconnue {v!r}")
        elif k == "optional" and not isinstance(v, bool):
            ck.add(f"{path}.optional", "booléen attendu")


def _progress(ck: _Checker, prog: Any, pids: set[str], phase: str, mode: str = "1v1") -> None:
    if prog is None:
        return
    if not isinstance(prog, dict):
        ck.add("progress", "objet attendu")
        return
    step = prog.get("step")
    if step is not None and (step not in PROGRESS_STEPS or step.split(".")[0] != phase):
        ck.add("progress.step", f"étape {step!r} inconnue ou hors de la phase {phase!r}")
    if not isinstance(prog.get("stack", []), list):
        ck.add("progress.stack", "liste attendue")
    if prog.get("declare") is not None and not isinstance(prog["declare"], dict):
        ck.add("progress.declare", "objet attendu")
    for k in ("sub", "decision_index", "random_count", "next_timestamp", "groups"):
        ck.nat(prog, k, f"progress.{k}")
    if prog.get("turn") is not None and prog["turn"] not in pids:
        ck.add("progress.turn", f"joueur inconnu {prog['turn']!r}")
    sides = {"A", "B"} if mode == "2v2" else pids    # 2v2: the winner is a team
    if prog.get("winner") is not None and prog["winner"] not in sides:
        ck.add("progress.winner", f"{'équipe' if mode == '2v2' else 'joueur'} inconnu(e) {prog['winner']!r}")
    keeps = prog.get("keeps", {})
    if not isinstance(keeps, dict) or any(p not in pids or not isinstance(v, list) for p, v in keeps.items()):
        ck.add("progress.keeps", "objet {joueur: [identifiants]} attendu")
