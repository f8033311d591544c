"""The words both halves of :mod:`engine.text` use: the vocabulary's names (zones, statuses, phases, card
types, terrains, Expeditions), the trigger symbols as the rules word them, the kinds of effect being
resolved, and the small grammar they share (counts, capitals, articles)."""

from __future__ import annotations

from ..versions import CR5
from ..vocabulary import vocabulary

_V = vocabulary()  # the one vocabulary (engine/vocabulary.py)
ZONES = _V["zones"]
STATUSES = _V["statuses"]
PHASES = _V["phases"]
TYPES = _V["card_types"]
TERRAINS = _V["terrains"]
EXPEDITIONS = _V["expeditions"]

#: The trigger symbols (French v1.x 1.1.6.e–g), as a card's text and the log both say them.
TRIGGERS = {
    "join": "Lorsque je rejoins la zone d'Expédition",
    "played_from_hand": "Lorsque je suis joué depuis la Main",
    "played_from_reserve": "Lorsque je suis joué depuis la Réserve",
    "noon": "À Midi",
    "dusk": "Au Crépuscule",
}
#: Under CR 5.0 the "join" symbol means « When I enter play » (CR 5.0 7.1.1.a, defined in 7.3.10.a): a card
#: moved between the Expedition and the Landmarks does not enter play.
TRIGGERS_CR5 = {**TRIGGERS, "join": "Lorsque j'entre en jeu"}


def trigger_text(trigger: str, rules: str = "") -> str:
    """A trigger symbol in the words of the rule set ``rules``."""
    table = TRIGGERS_CR5 if rules == CR5 else TRIGGERS
    return table.get(trigger, trigger)


#: The effect being resolved, by the kind of its frame on the stack.
FRAME_KINDS = {
    "spell": "le Sort",
    "quick": "l'action rapide de",
    "reaction": "la capacité déclenchée de",
    "internal": "l'action interne de",
    "tumult": "l'effet de la carte Tumulte",
}


def plural(count: int, one: str, many: str) -> str:
    """ "1 carte", "2 cartes": the count with the noun that agrees (French: 0 and 1 take the singular)."""
    return f"{count} {one if abs(count) < 2 else many}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


_VOWELS = "AEIOUYÀÂÉÈÊËÎÏÔÛÜaeiouyàâéèêëîïôûü"


def of(name: str) -> str:
    """« de » before a name, elided before a vowel: « d'Intendant », « de Mage ».

    >>> of("Intendant (a1)"), of("Mage (a2)")
    ("d'Intendant (a1)", 'de Mage (a2)')
    """
    return f"d'{name}" if name[:1] in _VOWELS else f"de {name}"


def framed(kind: str, name: str) -> str:
    """The effect being resolved and its card: « le Sort Rappel (a1) », « l'action interne d'Occasion (a1) »."""
    what = FRAME_KINDS.get(kind, "l'effet de")
    if what.endswith(" de"):
        return f"{what[:-3]} {of(name)}"
    return f"{what} {name}"
