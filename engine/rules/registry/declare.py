"""The declarations of the rule functions: ``@implements`` (the rule numbers a function plays and may
cite), ``@implements_article`` / ``@implements_phases`` (the paragraphs of the glossary articles it
plays), and the registries they fill, with each function's file and line (RULES.md's one hop to the
code). Imports nothing of the engine."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from types import CodeType
from typing import TypeVar

ENGINE_DIR = Path(__file__).resolve().parents[2]

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
