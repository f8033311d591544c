"""Which seed rules the engine implements, declared by the code itself.

Each rule function is decorated with ``@implements("4.2.5.b", ...)``; the decorator records the
numbers it may cite. :data:`NOT_IMPLEMENTED` lists the other numbered seed rules with a reason,
and :data:`HEADINGS` the section headings whose content is their lettered rules. :func:`table`
renders the whole as markdown (``python -m engine rules``, committed as ``engine/RULES.md``).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from types import CodeType, FrameType
from typing import TypeVar

from ..versions import RULESETS, changed_rules, concordance, cr5, is_cr5, is_summary

ENGINE_DIR = Path(__file__).resolve().parents[1]

F = TypeVar("F", bound=Callable)

#: rule number -> qualified names of the functions that implement (and may cite) it
IMPLEMENTED: dict[str, list[str]] = defaultdict(list)
#: qualified name -> (file under engine/, line) of each rule function: RULES.md's one hop to the code
LOCATIONS: dict[str, tuple[str, int]] = {}
#: code object of each rule function -> (qualified name, the numbers it declares)
RULE_CODES: dict[CodeType, tuple[str, frozenset[str]]] = {}


def _qualname(fn: Callable) -> str:
    return f"{fn.__module__.removeprefix('engine.')}.{fn.__qualname__}"


def implements(*numbers: str) -> Callable[[F], F]:
    """Declare that the decorated function implements these rule numbers: the numbers a log entry
    emitted while it runs may cite (the rule contract, checked in tests: see :func:`running`)."""

    def deco(fn: F) -> F:
        name = _qualname(fn)
        for n in numbers:
            IMPLEMENTED[n].append(name)
        code = fn.__code__
        LOCATIONS[name] = (Path(code.co_filename).resolve().relative_to(ENGINE_DIR).as_posix(), code.co_firstlineno)
        known = RULE_CODES.get(code, (name, frozenset()))[1]
        RULE_CODES[code] = (name, known | frozenset(numbers))
        return fn

    return deco


# -- the rule contract: a log entry cites only numbers its running rule functions declare ----------------
#: off in production; the tests turn it on (tests/engine/conftest.py) and read VIOLATIONS
CONTRACT = False
#: (source function, numbers cited that no running rule function declares, the entry's text)
VIOLATIONS: list[tuple[str | None, tuple[str, ...], str]] = []


def running(frame: FrameType | None) -> tuple[str | None, frozenset[str]]:
    """(the innermost rule function on the stack from `frame`, every number the rule functions on
    the stack declare): who emits a log entry, and what it may cite."""
    source: str | None = None
    declared: frozenset[str] = frozenset()
    while frame is not None:
        info = RULE_CODES.get(frame.f_code)
        if info is not None:
            source = source or info[0]
            declared |= info[1]
        frame = frame.f_back
    return source, declared


def check_contract(
    frame: FrameType | None, rules: tuple[str, ...], text: str, extra: frozenset[str] = frozenset()
) -> str | None:
    """Record a violation when `rules` cites a number no running rule function declares; return
    the entry's source function."""
    source, declared = running(frame)
    bad = tuple(r for r in rules if r not in declared and r not in extra)
    if bad:
        VIOLATIONS.append((source, bad, text))
    return source


def check_summary(cited: tuple[str, ...], text: str) -> None:
    """cr-5.0 (CR 5.0 1.1.1.c–d): section 1 is an informal summary, not rules; a log entry citing one
    of its paragraphs is a violation of the contract."""
    bad = tuple(n for n in cited if is_summary(n))
    if bad:
        VIOLATIONS.append(("section 1 of CR 5.0 (1.1.1.d)", bad, text))


# -- the glossary article "Multijoueur 2v2 (Mode de jeu)": no rule numbers, cited by title and section ----
ARTICLE_2V2 = "Multijoueur 2v2 (Mode de jeu)"
ARTICLE_PHASES = "Clarification des phases d'une journée"
#: article title -> slug of its page on the site (/regles/<ruleset>/glossaire/<slug>/)
ARTICLE_SLUGS = {ARTICLE_2V2: "multijoueur-2v2-mode-de-jeu", ARTICLE_PHASES: "clarification-des-phases-dune-journee"}
INTRO = "(introduction)"
#: the article's subheadings, in order (the paragraphs before the first belong to INTRO)
ARTICLE_SECTIONS = (
    INTRO,
    "Règles de construction de deck en mode multijoueur",
    "2v2",
    "Mise en place d'une partie multijoueur Altered en 2v2",
    "Conditions de victoire",
    "Départage",
    "Effets du premier joueur",
    "Interactions avec votre coéquipier",
    "Clarifications",
)
#: (section, paragraph number from 1) -> functions that play it
ARTICLE_IMPLEMENTED: dict[tuple[str, int], list[str]] = defaultdict(list)


def implements_article(section: str, *paragraphs: int) -> Callable[[F], F]:
    """Declare that the decorated function plays these paragraphs of the 2v2 article's section
    (numbered from 1 under their subheading, as in the seed text) and may cite the section."""

    def deco(fn: F) -> F:
        for n in paragraphs:
            ARTICLE_IMPLEMENTED[(section, n)].append(f"{fn.__module__.removeprefix('engine.')}.{fn.__qualname__}")
        return fn

    return deco


def art(*sections: str) -> tuple[tuple[str, str], ...]:
    """The `articles` citation of a log entry: sections of the 2v2 article."""
    return tuple((ARTICLE_2V2, s) for s in sections)


# -- the glossary article "Clarification des phases d'une journée": one bullet per step of the day, each
# -- cited by its label (the words before " : "), e.g. 'Activation des Capacités "À Midi"' -------------------
#: bullet label -> functions that play it
PHASES_IMPLEMENTED: dict[str, list[str]] = defaultdict(list)


def implements_phases(*labels: str) -> Callable[[F], F]:
    """Declare that the decorated function plays these bullets of the phases article (and may cite them)."""

    def deco(fn: F) -> F:
        for label in labels:
            PHASES_IMPLEMENTED[label].append(f"{fn.__module__.removeprefix('engine.')}.{fn.__qualname__}")
        return fn

    return deco


def phases(*labels: str) -> tuple[tuple[str, str], ...]:
    """The `articles` citation of a log entry: bullets of the phases article, by label."""
    return tuple((ARTICLE_PHASES, label) for label in labels)


#: bullets of the phases article the engine does not play, with the reason
PHASES_NOT_APPLICABLE: dict[str, str] = {}


def phases_paragraphs(text: str) -> list[tuple[str, str]]:
    """The phases article's bullets in a seed text: (label, text), from its title to the first line
    that is neither a bullet, nor blank, nor its one subheading ("Phase du Matin")."""
    lines = text.splitlines()
    start = lines.index(ARTICLE_PHASES) + 1
    out: list[tuple[str, str]] = []
    for line in lines[start:]:
        line = line.strip()
        if not line or line == "Phase du Matin":
            continue
        if not line.startswith("•"):
            break
        label, _, rest = line.lstrip("• ").partition(" : ")
        out.append((label.strip(), rest.strip()))
    return out


#: paragraphs of the 2v2 article the engine does not play, with the reason
ARTICLE_NOT_APPLICABLE: dict[tuple[str, int], str] = {
    (INTRO, 1): "présentation ; format construit : les decks sont fournis par le scénario",
    (INTRO, 2): "présentation des modes multijoueurs",
    (INTRO, 4): "mode Chacun pour soi (Free for All) : hors du mode 2v2 du format (non modélisé)",
    (INTRO, 5): "condition de victoire du Chacun pour soi : non modélisé",
    ("Règles de construction de deck en mode multijoueur", 1): "construction de deck : hors du moteur ; deux "
    "joueurs peuvent avoir le même Héros (rien ne l'interdit au chargement)",
    **{
        ("Règles de construction de deck en mode multijoueur", n): "construction de deck : hors du moteur "
        "(le scénario fournit les decks)"
        for n in range(2, 8)
    },
    ("Interactions avec votre coéquipier", 1): "montrer sa main : information des joueurs, hors du moteur "
    "(le scénario voit tout)",
    ("Interactions avec votre coéquipier", 2): "communication entre joueurs : accord de table, hors du moteur",
}


def article_paragraphs(text: str) -> list[tuple[str, int, str]]:
    """The 2v2 article's paragraphs in a seed text: (section, number, text). A subheading is a
    line that is not a bullet, not indented and does not end with "." or ":"."""
    lines = text.splitlines()
    start = lines.index(ARTICLE_2V2) + 1
    out: list[tuple[str, int, str]] = []
    section, n = INTRO, 0
    for line in lines[start:]:
        if not line.strip():
            continue
        if not line.startswith(("•", " ")) and not line.rstrip().endswith((".", ":")):
            section, n = line.strip(), 0
            continue
        n += 1
        out.append((section, n, line.strip().lstrip("• ").strip()))
    return out


HEADINGS: dict[str, str] = {
    n: t
    for n, t in [
        ("1.1.6", "Nombres et symboles"),
        ("1.2.1", "Joueurs"),
        ("1.2.2", "Objets"),
        ("1.2.3", "Zones"),
        ("1.2.4", "Capacités"),
        ("1.3.1", "Commencer la partie"),
        ("1.3.2", "Progression de la journée"),
        ("2.1", "Objets"),
        ("2.2.2", "Sous-types"),
        ("2.2.7", "Coût de Réserve"),
        ("2.2.8", "Faction"),
        ("2.2.13", "Durée"),
        ("2.4.6", "Fugace"),
        ("2.5", "Jetons"),
        ("3.1.1", "Propriétés des zones"),
        ("3.1.2", "Zones partagées ou privées"),
        ("3.1.3", "Zones visibles ou cachées"),
        ("3.2.1", "Zone Aventure"),
        ("3.2.2", "Deck"),
        ("3.2.3", "Pile de défausse"),
        ("3.2.5", "Main"),
        ("3.2.6", "Zone du Héros"),
        ("3.2.7", "Zone du Repère"),
        ("3.2.8", "Limbo"),
        ("3.2.9", "Zone de Mana"),
        ("3.2.10", "Réserve"),
        ("4.1", "Début de la partie"),
        ("4.2.5", "Nuit"),
        ("4.3", "Fin de la partie"),
        ("5.2.3", "Jouer un Sort"),
        ("7.1.4", "Symboles de coût"),
        ("7.3.4", "Défausser"),
        ("7.3.10", "Reculer"),
        ("7.3.11", "Avancer"),
        ("7.3.16", "Ravitailler"),
        ("7.3.18", "Sabotage"),
        ("7.3.19", "Sacrifier"),
    ]
}

#: rule number -> why the engine does not implement it (yet)
NOT_IMPLEMENTED: dict[str, str] = {
    "1.1.6.a": "vrai par construction : toutes les valeurs sont des entiers (vérifié au chargement)",
    "1.1.6.b": "aucune division dans les règles jouées ni dans les verbes du format",
    "1.1.6.c": "aucune division dans les règles jouées ni dans les verbes du format",
    "1.2.1.a": "définition ; le format nomme les joueurs A et B",
    "1.2.1.c": "construction de deck : hors du moteur (le scénario fournit les decks)",
    "1.2.1.d": "définition ; les zones privées sont les listes de PLAYER du format",
    "1.2.2.a": "définition",
    "1.2.2.b": "définition",
    "1.2.2.c": "caractéristiques : seules celles du format (nom, type, coûts, statistiques, capacités, limites) sont modélisées ; sous-type, rareté, version, faction ne changent rien aux phases",
    "1.2.3.a": "définition",
    "1.2.3.b": "définition ; les dix zones sont les clés du format (une seule zone d'Expédition : voir 1.2.3.c)",
    "1.2.3.d": "définition",
    "1.2.3.e": "définition (voir 2.1.c pour les objets)",
    "1.2.3.f": "lecture : la Zone de Mana est traitée comme visible selon 3.2.9.a (voir README)",
    "1.2.4.a": "définition ; le format écrit une capacité par entrée de `abilities` (une ligne de la boîte de texte)",
    "1.2.4.b": "mots-clés : seul Fugace sur un Sort (`keywords`, 2.4.6.e) change le jeu ; les autres mots-clés ne sont pas modélisés",
    "2.1.a": "vrai par construction : chaque id est dans une seule zone (vérifié au chargement)",
    "2.1.b": "définition",
    "2.1.h": "définition",
    "2.1.i": "définition (les compteurs sont `counters`)",
    "2.2.2.a": "les sous-types ne sont pas modélisés (aucune règle jouée ne les lit)",
    "2.2.2.b": "les sous-types ne sont pas modélisés",
    "2.2.2.c": "les sous-types ne sont pas modélisés",
    "2.2.7.d": "les Emblèmes ne sont pas modélisés",
    "2.2.8.a": "les factions ne sont pas modélisées (construction de deck)",
    "2.2.8.b": "factions non modélisées",
    "2.2.8.c": "factions non modélisées",
    "2.2.8.d": "factions non modélisées",
    "2.2.13.a": "les Emblèmes ne sont pas modélisés",
    "2.2.13.b": "Emblèmes non modélisés",
    "2.2.13.c": "Emblèmes non modélisés",
    "2.5.a": "aucun compteur dans la Défausse, le Deck ou la Main (2.5.b)",
    "2.5.b": "définition",
    "2.5.c": "vrai par construction : un nombre par nom",
    "2.5.d": "le scénario place les jetons de départ du Héros lui-même",
    "2.5.h": "aucun jeton n'a d'effet intrinsèque : les verbes du format les gagnent, retirent et dépensent seulement",
    "3.1.1.a": "définition",
    "3.1.1.b": "vrai par construction : les zones vides existent",
    "3.1.1.c": "définition",
    "3.1.2.a": "définition",
    "3.1.2.b": "définition",
    "3.1.3.a": "définition (zones visibles : horodatage 2.1.c)",
    "3.1.3.b": "information des joueurs : hors du moteur",
    "3.1.3.c": "objets face cachée hors de la Zone de Mana non modélisés (aucun verbe n'en crée)",
    "3.1.3.d": "définition",
    "3.1.3.e": "information des joueurs : hors du moteur",
    "3.1.3.f": "information des joueurs : hors du moteur",
    "3.2.1.a": "définition",
    "3.2.2.a": "définition",
    "3.2.2.c": "aucun verbe du format ne vise une position du Deck autre que le dessus (pioche, ravitaillement)",
    "3.2.2.f": "aucun verbe du format ne place une carte à une position du Deck",
    "3.2.3.a": "définition",
    "3.2.5.a": "définition",
    "3.2.5.b": "information du joueur : hors du moteur",
    "3.2.5.c": "aucun verbe du format n'agit sur une carte de la Main (défausser vise un objet en jeu ou en Réserve)",
    "3.2.6.a": "définition",
    "3.2.9.a": "définition ; lecture : zone visible (voir 1.2.3.f)",
    "3.2.9.c": "définition",
    "3.2.9.d": "information du joueur : hors du moteur",
    "4.1.a": "vérifié au chargement : un scénario `setup` n'a de cartes que dans les Decks",
    "4.1.e": "présentation physique des decks : hors du moteur",
    "4.1.f": "présentation physique : hors du moteur",
    "4.2.5.a": "définition (les deux effets sont 4.2.5.b et 4.2.5.c)",
}

#: Under cr-5.0 (issue 12), the French rules whose v5.0 verdict is `changed` or `absent` that the engine
#: plays as v5.0 says: on the cr-5.0 path the code cites the v5.0 numbers (``versions.cr5``) or a French number
#: whose translation is exact for what the format models. rule -> what cr-5.0 plays (the functions are those
#: declaring its v5.0 numbers). One line per rule.
CR5_PLAYED: dict[str, str] = {
    "1.2.3.c": "d'une Expédition à l'autre : pas de changement de zone (3.2.4.d), le même objet, qui change d'Expédition (7.3.39.a) ; il rejoint sa nouvelle Expédition, pas la zone d'Expédition (7.5.10.c)",
    "1.1.6.e": "« quand je rejoins l'Expédition » est « quand j'entre en jeu » : l'Expédition ou les Repères en venant d'ailleurs (7.3.10.a) ; un Permanent qui entre dans les Repères la déclenche, passer des Repères à l'Expédition non (7.3.20.a)",
    "1.2.4.d": "capacités de soutien seulement si la carte est prête dans la Réserve (2.4.6.e) ; le format n'a pas d'objet avec des capacités dans la zone du Héros",
    "1.3.1.d": "les trois cartes du premier Matin entrent prêtes dans la Zone de Mana (1.3.1.e)",
    "1.3.2.b": "Matin : Succeed, Prepare (Réserve comprise, pas le Limbo), Draw, Expand avec un Orbe prêt (4.2.1.b–e) ; le Héros n'a pas de statut dans le format",
    "1.3.2.f": "Nuit : Repos, Nettoyage (Repères sacrifiés) puis vérification de la victoire (1.3.3, 4.2.5.d) ; Gears non modélisés",
    "2.1.d": "un jeton qui quitte l'Expédition n'arrive pas dans sa nouvelle zone : il cesse d'exister (2.1.e)",
    "2.4.6.b": "le Personnage entre dans l'Expédition puis, dans une autre étape, regagne Fugace (5.2.1.c, 2.4.7.c) ; Permanents d'Expédition non modélisés",
    "2.4.6.c": "Repos : un Personnage Fugace va dans la Défausse (2.4.7.d) ; Permanents d'Expédition non modélisés",
    "2.5.a": "aucun compteur dans la Défausse, le Deck ou la Main (2.5.b)",
    "2.5.i": "compteurs perdus en quittant le jeu (2.5.j), gardés entre l'Expédition et les Repères (2.5.k)",
    "2.5.j": "compteurs gardés de la Réserve ou de Limbo vers une autre zone visible, sauf la Défausse (2.5.l)",
    "3.2.2.d": "piocher ne remélange jamais la Défausse (3.2.2.d–e) ; au Matin, le joueur choisit de la remélanger quand son Deck s'épuise (7.3.9.c) ; un Deck vide après Expand peut aussi être remélangé (4.2.1.f, lecture `cr5-shuffle-after-expand`)",
    "3.2.7.a": "Repères en trop sacrifiés au Nettoyage (remarque de 3.2.7.c)",
    "3.2.9.e": "échange d'Orbes seulement pendant son tour, juste avant de payer ; refusé « à tout moment » par `Game._swap_problem` (game.py)",
    "4.1.e": "le Héros est présenté face visible (4.1.e, entrée du journal à la mise en place) ; la présentation des decks reste hors du moteur",
    "4.1.h": "le Héros est présenté face visible à la mise en place (4.1.e), sans étape de révélation",
    "4.1.j": "mise en place : piocher six (4.1.h), trois Orbes prêts (4.1.i), premier Matin sauté (4.1.j)",
    "4.2.5.a": "trois effets quotidiens de la Nuit : Repos, Nettoyage, vérification de la victoire",
    "4.2.5.b": "Repos (Gears et statut Ascended : non modélisés, aucun objet du format ne les a)",
    "4.2.5.c": "Nettoyage : Réserve défaussée, Repères sacrifiés, simultanément ; une limite négative vaut 0",
    "4.3.a": "pas de victoire quand les Expéditions se rencontrent : vérification à la Nuit par distance totale (4.2.5.d)",
    "4.3.b": "se croiser donne un total plus grand ; victoire à la Nuit avec un total strictement supérieur (4.2.5.d)",
    "4.3.c": "départages seulement à égalité au total le plus haut, à la Nuit (4.2.5.d)",
    "4.3.d": "départages : marqueurs sur la région du Compagnon retournée, autres régions retirées de la partie (4.3.a)",
    "4.3.h": "Arène : on ne compte que les terrains où un total est supérieur et positif (4.3.e) ; pas de vérification de la victoire la Nuit (4.3.f)",
    "5.2.3.b": "cibles choisies juste avant chaque étape, chaque objet une fois par étape (6.5.b) ; sans cible possible la carte se joue et l'étape ne fait rien",
    "5.2.3.c": "« Choisissez X » pendant la résolution : X modes dans l'ordre choisi, résolus dans cet ordre (6.5.g)",
    "5.2.3.d": "les modes non choisis sont ignorés ; les cibles du mode choisi se choisissent à leurs étapes (6.5.g, 6.5.b)",
    "5.2.3.e": "étape facultative : le choix juste avant l'étape, sa cible ensuite (6.5.c)",
    "5.2.3.f": "condition vérifiée juste avant l'étape, sa cible ensuite (6.5.d)",
    "5.2.3.g": "pas d'action interne : une étape facultative dont le coût se paie en entier (6.5.c, 6.4.c), puis « si vous l'avez fait » ses étapes dans le même effet (6.5.f)",
    "5.2.3.j": "le Sort résolu va dans la Réserve ou la Défausse de son propriétaire (5.2.4.b) ; Cooldown absent du format",
    "7.3.19": "sacrifier : défausser un objet en jeu que l'on contrôle (7.3.36.a)",
    "7.3.11.b": "la carte Tumulte face cachée est retournée quand l'Expédition y entre (7.3.25.b ; le format n'avance que d'une région à la fois) ; les CR 5.0 ne donnent pas d'effet aux cartes Tumulte : l'`effect` du scénario n'est pas résolu, une note le dit",
}
#: the played rules whose French number the cr-5.0 path still cites, translated (exact for what the format
#: models); any other played rule's French number cited under cr-5.0 is a forgotten branch (tests)
CR5_TRANSLATED = frozenset({"1.3.2.f", "2.4.6.c", "3.2.9.e", "4.2.5.b", "7.3.11.b"})
#: the French numbers cited under cr-5.0 while the contract is checked (tests read it)
CR5_CITED: set[str] = set()
#: ... that cr-5.0 does not play yet: still cited under cr-5.0 as "N (FR 1)", the entry marked `not_v5` with
#: the reason. rule -> reason.
CR5_NOT_PLAYED: dict[str, str] = {
    "2.2.7.b": "coût de Réserve : règle française (5.1.2.e en v5.0)",
}


_NUM = re.compile(r"(\d+)|([a-z])")


def sort_key(number: str) -> tuple:
    return tuple((int(a), "") if a else (10**6, b) for a, b in _NUM.findall(number))


def implemented() -> dict[str, list[str]]:
    """Rule number -> implementing functions. Complete once `engine` is imported (the package
    imports the game loop, which imports every rule module, and the checker): this registry, in
    the core, imports nothing of the engine."""
    return dict(IMPLEMENTED)


def citable() -> set[str]:
    """Every rule number the engine can cite in a log entry (French numbers, and v5.0 ones written
    "4.2.5.d (CR 5.0)")."""
    return set(implemented())


def french(numbers: set[str] | dict[str, list[str]]) -> set[str]:
    """The French rule numbers among `numbers` (not the v5.0 citations)."""
    return {n for n in numbers if not is_cr5(n)}


def cr5_status() -> dict[str, tuple[str, str]]:
    """Each French rule whose v5.0 verdict is changed or absent -> (state under cr-5.0, detail):
    "jouée" (how, and the functions: those declaring its v5.0 numbers or, translated, the French
    one), "non jouée" (the reason; still cited under cr-5.0, marked `not_v5`), or "non modélisée"
    (not implemented under either rule set: a definition, a heading)."""
    impl = implemented()
    table = concordance()
    out: dict[str, tuple[str, str]] = {}
    for n in sorted(changed_rules(), key=sort_key):
        v5 = ", ".join(table[n]["v5"]) or "—"
        if n in CR5_PLAYED:
            fns = {f for m in cr5(*table[n]["v5"]) for f in impl.get(m, [])}
            if n in CR5_TRANSLATED or not fns:
                fns |= set(impl.get(n, []))
            where = ", ".join(_where(f) for f in sorted(fns)) or "—"
            out[n] = ("jouée", f"v5.0 {v5} : {CR5_PLAYED[n]} ; {where}")
        elif n in CR5_NOT_PLAYED:
            out[n] = ("non jouée", f"v5.0 {v5} : {CR5_NOT_PLAYED[n]}")
        else:
            why = NOT_IMPLEMENTED.get(n) or f"titre de section ({HEADINGS.get(n, '?')})"
            out[n] = ("non modélisée", f"v5.0 {v5} : {why}")
    return out


def cr5_table() -> tuple[str, list[str]]:
    """The totals line and the RULES.md section of the rules that changed by v5.0, under cr-5.0."""
    status = cr5_status()
    count = {k: sum(1 for s, _ in status.values() if s == k) for k in ("jouée", "non jouée", "non modélisée")}
    totals = (
        f"Totaux {RULESETS['cr-5.0']} (`cr-5.0`) : {len(status)} règles françaises modifiées ou absentes en v5.0 ; "
        f"{count['jouée']} jouées selon la v5.0 ; {count['non jouée']} non jouées (citées « N (FR 1) », clé "
        f"`not_v5`) ; {count['non modélisée']} non modélisées dans les deux versions. Les autres règles se jouent "
        "comme en fr-1, citées sous leur numéro v5.0."
    )
    lines = [
        "",
        '## Sous les Comprehensive Rules 5.0 (`rules: "cr-5.0"`)',
        "",
        "Chaque règle française dont le sens a changé en v5.0 (verdict `changed` ou `absent` de la concordance",
        "`engine/data/concordance/fr-1.json`) : jouée selon la v5.0 (fonctions, numéros v5.0), non jouée (raison ;",
        "l'entrée du journal la cite « N (FR 1) » avec la clé `not_v5`), ou non modélisée.",
        "",
        "| Règle FR | Verdict v5.0 | État sous cr-5.0 | Numéros v5.0 : comment / raison ; fonctions |",
        "|---|---|---|---|",
    ]
    table = concordance()
    for n, (state, detail) in status.items():
        lines.append(f"| {n} | {table[n]['v5_verdict']} | {state} | {detail} |")
    return totals, lines


def citable_articles() -> set[tuple[str, str]]:
    """Every (article, section) the engine can cite in a log entry's `articles`."""
    implemented()
    return {(ARTICLE_2V2, s) for s, _ in ARTICLE_IMPLEMENTED} | {
        (ARTICLE_PHASES, label) for label in PHASES_IMPLEMENTED
    }


def phases_table(paragraphs: list[tuple[str, str]]) -> list[str]:
    """The RULES.md section of the phases article: every bullet, played (with its functions) or not."""
    implemented()
    lines = [
        "",
        f"## Article « {ARTICLE_PHASES} »",
        "",
        "Sans numéros : le journal cite chaque puce par son intitulé (clé `articles` des entrées).",
        "",
        "| Puce | Début du texte | État | Fonctions / raison |",
        "|---|---|---|---|",
    ]
    for label, text in paragraphs:
        words = " ".join(text.split()[:8]).replace("|", "/") + " …"
        if label in PHASES_IMPLEMENTED:
            fns = ", ".join(f"`{f}`" for f in sorted(set(PHASES_IMPLEMENTED[label])))
            lines.append(f"| {label} | {words} | jouée | {fns} |")
        else:
            lines.append(f"| {label} | {words} | non jouée | {PHASES_NOT_APPLICABLE.get(label, '?')} |")
    return lines


def article_table(paragraphs: list[tuple[str, int, str]]) -> list[str]:
    """The RULES.md section of the 2v2 article: every paragraph, played (with its functions) or not
    applicable (with the reason)."""
    implemented()
    lines = [
        "",
        f"## Article « {ARTICLE_2V2} »",
        "",
        "Sans numéros : le journal le cite par titre et sous-titre (clé `articles` des entrées).",
        "",
        "| Section | § | Début du paragraphe | État | Fonctions / raison |",
        "|---|---|---|---|---|",
    ]
    for section, n, text in paragraphs:
        words = " ".join(text.split()[:8]).replace("|", "/") + " …"
        if (section, n) in ARTICLE_IMPLEMENTED:
            fns = ", ".join(f"`{f}`" for f in sorted(set(ARTICLE_IMPLEMENTED[(section, n)])))
            lines.append(f"| {section} | {n} | {words} | jouée | {fns} |")
        else:
            lines.append(
                f"| {section} | {n} | {words} | non applicable | {ARTICLE_NOT_APPLICABLE.get((section, n), '?')} |"
            )
    return lines


def _where(fn: str, sources: dict[str, list[str]] = {}) -> str:  # noqa: B006 (a cache of files read)
    """`rules.night.rest` (rules/night.py:23): the function and the line of its `def`."""
    path, line = LOCATIONS.get(fn, ("?", 0))
    if path != "?":
        if path not in sources:
            sources[path] = (ENGINE_DIR / path).read_text(encoding="utf-8").splitlines()
        lines = sources[path]
        while line <= len(lines) and not lines[line - 1].lstrip().startswith("def "):
            line += 1
    return f"`{fn}` ({path}:{line})"


def table() -> str:
    """The implemented-rules table as markdown (the content of engine/RULES.md)."""
    impl = {n: fns for n, fns in implemented().items() if not is_cr5(n)}
    numbers = sorted(set(impl) | set(NOT_IMPLEMENTED) | set(HEADINGS), key=sort_key)
    cr5_totals, cr5_lines = cr5_table()
    n_impl = sum(1 for n in numbers if n in impl)
    n_not = sum(1 for n in numbers if n not in impl and n in NOT_IMPLEMENTED)
    n_head = sum(1 for n in numbers if n not in impl and n not in NOT_IMPLEMENTED)
    lines = [
        "# Règles des seeds et moteur",
        "",
        "Généré par `python -m engine rules` depuis le code (`engine/rules/registry.py` et les",
        "décorateurs `@implements`) ; ne pas modifier à la main. Chaque fonction est suivie de son",
        "fichier et de sa ligne (sous `engine/`) : d'une règle citée par le journal à son code en un saut.",
        "",
        f"Totaux : {len(numbers)} numéros ; {n_impl} implémentés ; {n_not} non implémentés (avec raison) ; "
        f"{n_head} titres de section.",
        "",
        cr5_totals,
        "",
        "| Règle | État | Fonctions / raison |",
        "|---|---|---|",
    ]
    for n in numbers:
        if n in impl:
            lines.append(f"| {n} | implémentée | {', '.join(_where(f) for f in sorted(set(impl[n])))} |")
        elif n in NOT_IMPLEMENTED:
            lines.append(f"| {n} | non implémentée | {NOT_IMPLEMENTED[n]} |")
        else:
            lines.append(f"| {n} | titre de section | {HEADINGS[n]} : voir ses règles lettrées |")
    lines += cr5_lines
    lines += article_table(seed_article_paragraphs())
    lines += phases_table(seed_phases_paragraphs())
    return "\n".join(lines) + "\n"


def seed_phases_paragraphs() -> list[tuple[str, str]]:
    """The phases article's bullets, read from the seed glossary (fixtures/rules/), or the
    registry's own list when the seeds are not at hand (an installed engine)."""
    for path in sorted((Path(__file__).resolve().parents[2] / "fixtures" / "rules").glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        if f"\n{ARTICLE_PHASES}\n" in text:
            return phases_paragraphs(text)
    return [(label, "") for label in sorted(set(PHASES_IMPLEMENTED) | set(PHASES_NOT_APPLICABLE))]


def seed_article_paragraphs() -> list[tuple[str, int, str]]:
    """The 2v2 article's paragraphs, read from the seed glossary (fixtures/rules/), or the
    registry's own list when the seeds are not at hand (an installed engine)."""
    for path in sorted((Path(__file__).resolve().parents[2] / "fixtures" / "rules").glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        if f"\n{ARTICLE_2V2}\n" in text:
            return article_paragraphs(text)
    return [(s, n, "") for s, n in sorted(set(ARTICLE_IMPLEMENTED) | set(ARTICLE_NOT_APPLICABLE))]
