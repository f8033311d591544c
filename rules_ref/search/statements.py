"""What a rule's text says, read once per text: whether it defines or denies something, forbids,
decides a case (« Si …, … ») or states a number. The ranking favours rules by what they say."""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache

from ..analysis import STOPWORDS, stem_forms

#: A definition: "Ravitailler signifie …", "Le coût de réserve est …" (the subject's words).
DEFINITION = re.compile(
    r"^([^,;:]{1,50}?)\s(?:(?:est|sont)\s(?:une?|la|le|l'|les|des)\b|signifie|signifient|désigne)", re.IGNORECASE
)
#: A denial states what a thing is not, and defines it too, when the thing is named in a word or
#: two: "Les jetons ne sont pas des objets" (not "Les cartes dans les zones cachées ne sont pas …").
DENIAL = re.compile(r"^((?:les?|la|l'|une?)\s?\w+(?:\s\w+)?)\s(?:ne\s|n')(?:est|sont)\spas\s(?:une?|des|de)\b", re.I)
#: A kind defined by what follows the colon: "Certains Sorts sont modaux : leur effet contient …",
#: "Certains Sorts ont des étapes facultatives : …" (the kind's words: modaux, étapes facultatives).
KIND = re.compile(r"^certain(?:e)?s\s+\w+\s+(?:sont|ont)\s+(?:des\s+|d')?([^:,;.]{1,40}?)\s*:", re.I)
#: A rule that forbids or denies (« ne peuvent pas », « seul »).
NEGATION = re.compile(
    r"(?<!\w)(?:ne|n'|n’)\s*\w+(?:\s+\w+)?\s+(?:pas|jamais|plus|rien|que)(?!\w)|(?<!\w)(?:seul(?:e|s|es)?|sauf|aucun(?:e)?|rien)(?!\w)",
    re.I,
)
#: A rule that decides a case (« Si …, … », « Lorsqu'… »).
CONDITION = re.compile(r"^(?:si|lorsqu|lorsque|quand|une fois)\b|\b(?:si|lorsqu|lorsque)\b.{3,}?,", re.I)
#: A rule that states a number (« deux cartes », « 2 »).
QUANTITY = re.compile(
    r"(?<!\w)(?:\d+|une seule|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|douze|quinze|zéro|autant)(?!\w)", re.I
)

#: A rule stating how many kinds there are (« Il existe dix types de zones », « Il y a deux effets
#: quotidiens pendant la Nuit »).
TOTAL = re.compile(rf"(?<!\w)(?:il existe|il y a)\s+(?:{QUANTITY.pattern})", re.I)


@lru_cache(maxsize=16384)
def says(pattern: re.Pattern, text: str) -> bool:
    """Whether a rule's text matches one of the patterns above (the texts are few: each is read once)."""
    return pattern.search(text) is not None


#: How far after a number its noun may stand (« dix types de zones »: zones).
COUNTED_TOKENS = 3


@lru_cache(maxsize=4096)
def counted(text: str) -> frozenset[str]:
    """The forms of the words a rule's text counts: those standing just after a number it states
    (« Il existe dix types de zones » counts types and zones; « Trois zones sont partagées », zones),
    and the verb just before it (« chaque joueur pioche six cartes » counts what is drawn)."""
    words = [(m.start(), m.group().lower()) for m in re.finditer(r"\w+", text)]
    starts = [start for start, _ in words]
    forms: set[str] = set()
    for match in QUANTITY.finditer(text):
        at = bisect_left(starts, match.start())  # the number's first word
        after = bisect_left(starts, match.end())
        # « piochent deux » : how many are drawn; « dix types de zones »: what there are ten of
        near = words[max(at - 1, 0) : at] + words[after : after + COUNTED_TOKENS]
        forms.update(f for _, w in near if w not in STOPWORDS for f in stem_forms(w))
    return frozenset(forms)


@lru_cache(maxsize=4096)
def defined(text: str) -> frozenset[str]:
    """The forms of what a rule's text defines, if it opens with a definition."""
    match = DEFINITION.match(text) or DENIAL.match(text) or KIND.match(text)
    if not match:
        return frozenset()
    words = re.findall(r"\w+", match.group(1).lower())
    return frozenset(f for w in words if w not in STOPWORDS for f in stem_forms(w))
