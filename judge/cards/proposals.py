"""Proposing the engine encoding of a printed ability, where its parts match a pattern the engine
plays: a trigger it knows (1.1.6.e–g, the Noon and Dusk reactions of 1.3.2) or a quick action's
costs (1.1.6.h–j), and every sentence of the effect one verb of its vocabulary. Anything else is
left to the judge: no proposal rather than a wrong one. A judge confirms a proposal before it is
used; what they confirm is kept per ability reference (:class:`ConfirmedEncoding`)."""

from __future__ import annotations

import re

from .importer.text import leading_keywords
from .models import Ability, Card, ConfirmedEncoding, unmark

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "un": 1, "une": 1, "deux": 2, "trois": 3}

# The head of an ability: its trigger, or a quick action's costs before " : ".
TRIGGERS = [
    (re.compile(r"^\{J\}\s*"), "join"),  # "{J}": when I join an Expedition (1.1.6.e)
    (re.compile(r"^\{H\}\s*"), "played_from_hand"),  # 1.1.6.f
    (re.compile(r"^\{R\}\s*"), "played_from_reserve"),  # 1.1.6.g
    (re.compile(r"^(?:At Noon|À Midi)\s*[—–:-]\s*", re.I), "noon"),
    (re.compile(r"^(?:At Dusk|Au Crépuscule)\s*[—–:-]\s*", re.I), "dusk"),
]
QUICK = re.compile(r"^((?:\{[TD0-9]\}\s*,?\s*)+):\s*")
REMINDER = re.compile(r"\s*\([^()]*\)")
KEYWORD = re.compile(r"\[\[([^\[\]]+)\]\]")
STATUSES = {
    "anchored": "anchored",
    "ancré": "anchored",
    "asleep": "asleep",
    "endormi": "asleep",
    "fleeting": "fleeting",
    "fugace": "fleeting",
}
N = r"(\d+|an?|one|two|three|une?|deux|trois)"


def count(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word.lower()]


#: One sentence of an effect → one STEP (English first, French for an export without English).
SENTENCES = [
    (
        re.compile(rf"^I gain {N} boosts?$", re.I),
        lambda m: {"action": "gain_counters", "target": "me", "name": "boost", "count": count(m[1])},
    ),
    (
        re.compile(rf"^je gagne {N} boosts?$", re.I),
        lambda m: {"action": "gain_counters", "target": "me", "name": "boost", "count": count(m[1])},
    ),
    (re.compile(rf"^draw {N} cards?$", re.I), lambda m: {"action": "draw", "player": "self", "count": count(m[1])}),
    (re.compile(rf"^piochez {N} cartes?$", re.I), lambda m: {"action": "draw", "player": "self", "count": count(m[1])}),
    (re.compile(r"^(?:resupply|ravitaillez)$", re.I), lambda m: {"action": "resupply", "player": "self"}),
    (
        re.compile(r"^(?:I gain|je gagne) (anchored|asleep|ancré|endormi)$", re.I),
        lambda m: {"action": "gain_status", "target": "me", "status": STATUSES[m[1].lower()]},
    ),
    (
        re.compile(
            r"^(?:target character loses|un personnage ciblé perd) (fleeting|anchored|asleep|fugace|ancré|endormi)$",
            re.I,
        ),
        lambda m: {"action": "lose_status", "target": "choose", "type": "character", "status": STATUSES[m[1].lower()]},
    ),
    (
        re.compile(
            r"^(?:target character gains|un personnage ciblé gagne) (fleeting|anchored|asleep|fugace|ancré|endormi)$",
            re.I,
        ),
        lambda m: {"action": "gain_status", "target": "choose", "type": "character", "status": STATUSES[m[1].lower()]},
    ),
]
OPTIONAL = re.compile(r"^(?:you may|vous pouvez)\s+", re.I)


def steps_of(body: str) -> list[dict] | None:
    """The STEPs of an effect's text, or None when any sentence is not in the vocabulary."""
    body = KEYWORD.sub(lambda m: m[1], REMINDER.sub("", body)).strip()
    sentences = [s.strip() for s in re.split(r"(?<=[.!])\s+", body) if s.strip()]
    steps = []
    for sentence in sentences:
        sentence = sentence.rstrip(".! ").strip()
        optional = bool(OPTIONAL.match(sentence))
        sentence = OPTIONAL.sub("", sentence)
        for pattern, make in SENTENCES:
            if m := pattern.match(sentence):
                step = make(m)
                if optional:
                    step["optional"] = True
                steps.append(step)
                break
        else:
            return None
    return steps or None


def propose(text: str, engine_type: str, element: str) -> dict | None:
    """The encoding of a printed ability's text (markers removed), or None.

    A reaction or quick action gives an ABILITY; a spell's main text without trigger gives
    ``{"effect": [STEP]}``, the spell's effect."""
    _, text = leading_keywords(unmark(text))  # "[[Fugace]]. (reminder)": the card's keyword, not its effect
    for pattern, trigger in TRIGGERS:
        if m := pattern.match(text):
            steps = steps_of(text[m.end() :])
            return {"trigger": trigger, "effect": steps} if steps else None
    if m := QUICK.match(text):
        costs: dict = {}
        for token in re.findall(r"\{([TD0-9])\}", m[1]):
            if token == "T":
                costs["exhaust_me"] = True  # 1.1.6.h
            elif token == "D":
                costs["discard_me"] = True  # 1.1.6.i: a support ability, from the Reserve (1.2.4.d)
            else:
                costs["mana"] = costs.get("mana", 0) + int(token)  # 1.1.6.j
        steps = steps_of(text[m.end() :])
        return {"quick": costs, "effect": steps} if steps else None
    if engine_type == "spell" and element == Ability.Element.MAIN:
        steps = steps_of(text)
        return {"effect": steps} if steps else None
    return None


def ability_proposal(ability: Ability, card: Card, confirmed: dict[str, ConfirmedEncoding]) -> dict | None:
    """What the builder offers for one printed ability: the encoding a judge confirmed for its
    reference, else the pattern's proposal (to be confirmed), else None."""
    if ability.reference in confirmed:
        return {"encoding": confirmed[ability.reference].encoding, "source": "confirmed"}
    for lang in ("en", "fr"):
        text = ability.text(lang)
        if text:
            encoding = propose(text, card.engine_type, ability.element)
            if encoding:
                return {"encoding": encoding, "source": "pattern", "language": lang}
    return None
