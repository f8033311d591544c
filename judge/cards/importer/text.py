"""The export's values and texts as the site keeps them."""

from __future__ import annotations

import re

from judge.scenarios.models import fold

#: Spaces the French texts use around punctuation (non-breaking, narrow non-breaking, thin).
ODD_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " "})
#: Locale of the one-file-per-card shape (``fr_FR``) → our language code.
LOCALES = {"fr_FR": "fr", "en_US": "en", "de_DE": "de", "es_ES": "es", "it_IT": "it"}
LANGUAGES = ("fr", "en", "de", "es", "it")
#: The largest number a cost, power or limit may be in an export.
MAX_NUMBER = 99


def plain(text: str) -> str:
    """A name or text with ordinary spaces (the French texts carry non-breaking ones), trimmed."""
    return " ".join(str(text).translate(ODD_SPACES).split())


def number(value, where: str, problems: list) -> int | None:
    """A cost, power or limit of the export: written as a string (``"2"``), possibly between the
    ``#`` markers of a value that differs between versions (``"#4#"``); empty means none."""
    if value is None:
        return None
    if isinstance(value, bool):
        problems.append((where, f"nombre attendu, reçu {value!r}"))
        return None
    if isinstance(value, int):
        raw = str(value)
    elif isinstance(value, str):
        raw = value.replace("#", "").strip()
        if raw == "":
            return None
    else:
        problems.append((where, f"nombre attendu, reçu {type(value).__name__}"))
        return None
    if not re.fullmatch(r"\d{1,3}", raw) or int(raw) > MAX_NUMBER:
        problems.append((where, f"nombre de 0 à {MAX_NUMBER} attendu, reçu {value!r}"))
        return None
    return int(raw)


#: A keyword written at the head of a text: ``[[Fugace]].`` (or ``[FLEETING].`` before display).
LEADING_KEYWORD = re.compile(r"^\s*\[\[([^\[\]]{1,40})\]\]\s*\.?\s*(\([^()]*\))?\s*")
#: Keyword names of the texts (FR and EN) → the export's keyword reference.
KEYWORD_NAMES = {
    "fugace": "FLEETING",
    "fleeting": "FLEETING",
    "ancre": "ANCHORED",
    "anchored": "ANCHORED",
    "endormi": "ASLEEP",
    "asleep": "ASLEEP",
    "coriace": "TOUGH",
    "tough": "TOUGH",
    "gigantesque": "GIGANTIC",
    "gigantic": "GIGANTIC",
    "defenseur": "DEFENDER",
    "defender": "DEFENDER",
    "eternel": "ETERNAL",
    "eternal": "ETERNAL",
}


def leading_keywords(text: str) -> tuple[list[str], str]:
    """The keywords a text opens with (``[[Fugace]]. (reminder)``) and the text after them."""
    found: list[str] = []
    rest = text or ""
    while m := LEADING_KEYWORD.match(rest):
        name = fold(m.group(1))
        found.append(KEYWORD_NAMES.get(name, re.sub(r"[^A-Z0-9]+", "_", name.upper()).strip("_")))
        rest = rest[m.end() :]
    return found, rest.strip()


def text_key(text: str) -> str:
    """A stable key for an ability known only by its text (an export without references)."""
    import hashlib

    return "txt:" + hashlib.sha1(fold(text.replace("#", "")).encode()).hexdigest()[:16]
