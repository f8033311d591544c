"""The two shapes of card export, each read into :class:`Piece` objects (what one file says of one
card version), every problem recorded with its JSON path."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .text import LANGUAGES, LOCALES, leading_keywords, number, plain, text_key

#: The export's element names of the numbers a card prints → our field names.
NUMBERS = {
    "MAIN_COST": "hand_cost",
    "RECALL_COST": "reserve_cost",
    "FOREST_POWER": "forest",
    "MOUNTAIN_POWER": "mountain",
    "OCEAN_POWER": "water",
    "RESERVE": "reserve_limit",
    "PERMANENT": "landmark_limit",
}
#: The export's text elements: the main text and the support ability (``{D}``, 1.2.4.d).
TEXTS = {"MAIN_EFFECT": "main", "ECHO_EFFECT": "echo"}
REFERENCE = re.compile(r"^[A-Z0-9_]{3,80}$")
PART_TYPES = {"TRIGGER", "CONDITION", "OUTPUT"}


@dataclass
class Piece:
    """What one file says of one card version."""

    file: str
    path: str
    reference: str
    card_type: str
    set_code: str = ""
    set_name: str = ""
    faction: str = ""
    rarity: str = ""
    names: dict = field(default_factory=dict)
    numbers: dict = field(default_factory=dict)
    keywords: list = field(default_factory=list)
    texts: dict = field(default_factory=dict)  # {lang: {"main": …, "echo": …}}
    #: Abilities with their export reference and typed parts (the per-card shape), else None.
    abilities: list | None = None


class Reader:
    """Collects the problems of one file, each with its JSON path."""

    def __init__(self, file: str):
        self.file = file
        self.problems: list[tuple[str, str]] = []

    def add(self, path: str, message: str) -> None:
        self.problems.append((path, message))

    def obj(self, value, path: str, required: bool = True) -> dict:
        if isinstance(value, dict):
            return value
        if value is not None or required:
            self.add(path, "objet attendu" + (", absent" if value is None else f", reçu {type(value).__name__}"))
        return {}

    def string(self, value, path: str, required: bool = True, limit: int = 200) -> str:
        if isinstance(value, str) and value.strip():
            if len(value) > limit:
                self.add(path, f"texte de {limit} caractères au plus attendu")
                return ""
            return value
        if value is not None or required:
            self.add(path, "texte attendu" + (", absent" if value is None else f", reçu {value!r}"[:80]))
        return ""

    def reference(self, value, path: str) -> str:
        ref = self.string(value, path, limit=80)
        if ref and not REFERENCE.match(ref):
            self.add(path, f"référence de carte attendue (lettres, chiffres, _), reçu {ref!r}")
            return ""
        return ref

    def numbers(self, pairs, path_of) -> dict:
        out = {}
        for key, value in pairs:
            if key in NUMBERS:
                found: list = []
                n = number(value, path_of(key), found)
                for p, m in found:
                    self.add(p, m)
                out[NUMBERS[key]] = n
        return out


def detect(data) -> str:
    """``card`` (one file per card, every language inside), ``set`` (a list of cards of one
    language) or ``""`` when the document is neither."""
    if isinstance(data, list):
        return "set"
    if isinstance(data, dict):
        if isinstance(data.get("hydra:member"), list):
            return "set"
        if "cardElements" in data or isinstance(data.get("translations"), dict):
            return "card"
        if "elements" in data and "reference" in data:
            return "set"
    return ""


# --- one file per card, five languages -----------------------------------------------------------


def read_card_file(data: dict, r: Reader) -> list[Piece]:
    ref = r.reference(data.get("reference"), "$.reference")
    kind = r.string(r.obj(data.get("cardType"), "$.cardType").get("reference"), "$.cardType.reference", limit=40)
    card_set = r.obj(data.get("cardSet"), "$.cardSet", required=False)
    piece = Piece(
        file=r.file,
        path="$",
        reference=ref,
        card_type=kind,
        set_code=r.string(card_set.get("reference"), "$.cardSet.reference", required=False, limit=30),
        set_name=r.string(card_set.get("name"), "$.cardSet.name", required=False, limit=120),
        faction=r.string(
            r.obj(data.get("mainFaction"), "$.mainFaction", required=False).get("reference"),
            "$.mainFaction.reference",
            required=False,
            limit=10,
        ),
        rarity=r.string(
            r.obj(data.get("rarity"), "$.rarity", required=False).get("reference"),
            "$.rarity.reference",
            required=False,
            limit=20,
        ),
    )
    for locale, entry in r.obj(data.get("translations"), "$.translations").items():
        lang = LOCALES.get(locale)
        if lang is None:
            continue
        name = r.string(r.obj(entry, f"$.translations.{locale}").get("name"), f"$.translations.{locale}.name")
        if name:
            piece.names[lang] = plain(name)
    elements = data.get("cardElements")
    piece.abilities = []
    if isinstance(elements, list):
        pairs = []
        for i, element in enumerate(elements):
            path = f"$.cardElements[{i}]"
            element = r.obj(element, path)
            key = r.obj(element.get("cardElementType"), path + ".cardElementType").get("reference")
            if key in NUMBERS:
                pairs.append((key, element.get("value"), i))
            elif key in TEXTS:
                read_effects(element, TEXTS[key], path, piece, r)
        piece.numbers = r.numbers(
            [(k, v) for k, v, _ in pairs],
            lambda key: next(f"$.cardElements[{i}].value" for k, _, i in pairs if k == key),
        )
    elif "cardElements" in data:
        r.add("$.cardElements", "liste attendue")
    # The summary `elements` (English) gives the numbers a card file may leave out of cardElements
    # (a hero's costs of 0).
    summary = r.obj(data.get("elements"), "$.elements", required=False)
    for key, value in r.numbers(summary.items(), lambda key: f"$.elements.{key}").items():
        piece.numbers.setdefault(key, value)
    return [piece] if ref else []


def read_effects(element: dict, part: str, path: str, piece: Piece, r: Reader) -> None:
    """The abilities of a text element: each ``cardEffect`` with its reference and typed parts;
    ``[REF]`` placeholders replaced by the keyword's name in each language."""
    displays = element.get("cardEffectDisplays")
    if not isinstance(displays, list):
        r.add(path + ".cardEffectDisplays", "liste attendue")
        return
    if not displays:  # no typed abilities: the element's English summary is all there is
        value = r.string(element.get("value"), path + ".value", required=False, limit=2000)
        if value:
            text = plain(value)
            keywords, rest = leading_keywords(text)
            piece.keywords.extend(k for k in keywords if k not in piece.keywords)
            piece.texts.setdefault("en", {})[part] = text
            if rest:
                piece.abilities.append(
                    {
                        "element": part,
                        "sequence": len(piece.abilities),
                        "reference": text_key(rest),
                        "parts": [{"type": "TEXT", "texts": {"en": rest}}],
                    }
                )
        return
    texts: dict[str, list[str]] = {}
    for j, display in enumerate(displays):
        dpath = f"{path}.cardEffectDisplays[{j}]"
        effect = r.obj(r.obj(display, dpath).get("cardEffect"), dpath + ".cardEffect")
        reference = r.string(effect.get("reference"), dpath + ".cardEffect.reference", limit=80)
        parts = []
        items = effect.get("cardEffectElements")
        if not isinstance(items, list):
            r.add(dpath + ".cardEffect.cardEffectElements", "liste attendue")
            continue
        for k, item in enumerate(items):
            ipath = f"{dpath}.cardEffect.cardEffectElements[{k}]"
            item = r.obj(item, ipath)
            kind = item.get("type")
            if kind not in PART_TYPES:
                r.add(ipath + ".type", f"TRIGGER, CONDITION ou OUTPUT attendu, reçu {kind!r}"[:120])
                continue
            names = keyword_names(item, ipath, r)
            part_texts = {}
            for locale, entry in r.obj(item.get("translations"), ipath + ".translations").items():
                lang = LOCALES.get(locale)
                if lang is None:
                    continue
                text = r.string(
                    r.obj(entry, f"{ipath}.translations.{locale}").get("text"),
                    f"{ipath}.translations.{locale}.text",
                    limit=2000,
                )
                if text:
                    part_texts[lang] = plain(fill_keywords(text, names, lang))
            parts.append({"type": kind, "texts": part_texts})
        if not parts:
            continue
        keywords, rest = leading_keywords(parts[0]["texts"].get("en") or next(iter(parts[0]["texts"].values()), ""))
        piece.keywords.extend(k for k in keywords if k not in piece.keywords)
        if not (keywords and not rest and len(parts) == 1):  # "[[Fleeting]]." alone: a keyword, not an ability
            piece.abilities.append(
                {"element": part, "sequence": len(piece.abilities), "reference": reference, "parts": parts}
            )
        for lang in LANGUAGES:
            joined = " ".join(p["texts"][lang] for p in parts if lang in p["texts"])
            if joined:
                texts.setdefault(lang, []).append(joined)
    for lang, chunks in texts.items():
        piece.texts.setdefault(lang, {})[part] = " ".join(chunks)


def keyword_names(item: dict, path: str, r: Reader) -> dict:
    """{REFERENCE: (is_keyword, {lang: name})} of the keywords and tokens a part names."""
    out = {}
    displays = item.get("cardEffectElementDisplays") or []
    if not isinstance(displays, list):
        r.add(path + ".cardEffectElementDisplays", "liste attendue")
        return out
    for n, display in enumerate(displays):
        kw = r.obj(
            r.obj(display, f"{path}.cardEffectElementDisplays[{n}]").get("cardKeyword"),
            f"{path}.cardEffectElementDisplays[{n}].cardKeyword",
            required=False,
        )
        ref = kw.get("reference")
        if not isinstance(ref, str):
            continue
        names, described = {}, False
        for locale, entry in (kw.get("translations") or {}).items():
            if isinstance(entry, dict) and LOCALES.get(locale) and isinstance(entry.get("displayWeb"), str):
                names[LOCALES[locale]] = plain(entry["displayWeb"])
                described = described or bool(entry.get("description"))
        out[ref] = (described, names)
    return out


def fill_keywords(text: str, names: dict, lang: str) -> str:
    """``[FLEETING]`` → ``[[Fugace]]`` (a keyword, as the export's summary writes it) and
    ``[BRASSBUG]`` → ``[2/2/2 Scarabot]`` (a token)."""

    def name(m: re.Match) -> str:
        found = names.get(m.group(1))
        if not found:
            return m.group(0)
        described, by_lang = found
        label = by_lang.get(lang) or by_lang.get("en") or m.group(1).title()
        return f"[[{label}]]" if described else f"[{label}]"

    return re.sub(r"\[([A-Z0-9_]{2,40})\]", name, text)


# --- one file per set and language ---------------------------------------------------------------

FILE_LANGUAGE = re.compile(r"(?:^|[_\-/])(FR|EN|DE|ES|IT)(?:\.json$|[_\-/])", re.I)
LOCALE_IN_TEXT = re.compile(r"/(fr_FR|en_US|de_DE|es_ES|it_IT)/")
COLLECTOR_LANGUAGE = re.compile(r"-(FR|EN|DE|ES|IT)$")


def language_of(card: dict, file: Path) -> str:
    """A card's language in a one-language file: its image's locale, its collector number's
    suffix (``BTG-021-C-FR``), else the file's name (``CORE_FR.json``, ``cards_fr_AX_CORE.json``)."""
    image = card.get("imagePath")
    if isinstance(image, str) and (m := LOCALE_IN_TEXT.search(image)):
        return LOCALES[m.group(1)]
    for key in ("collectorNumber", "collectorNumberFormatted"):
        value = card.get(key)
        if isinstance(value, str) and (m := COLLECTOR_LANGUAGE.search(value)):
            return m.group(1).lower()
    if m := FILE_LANGUAGE.search(file.name):
        return m.group(1).lower()
    return ""


def read_set_file(data, file: Path, r: Reader) -> list[Piece]:
    if isinstance(data, dict) and isinstance(data.get("hydra:member"), list):
        cards, base = data["hydra:member"], "$['hydra:member']"
    elif isinstance(data, dict):
        cards, base = [data], None
    else:
        cards, base = data, "$"
    pieces = []
    for i, card in enumerate(cards):
        path = f"{base}[{i}]" if base else "$"
        if not isinstance(card, dict):
            r.add(path, f"carte (objet) attendue, reçu {type(card).__name__}")
            continue
        ref = r.reference(card.get("reference"), path + ".reference")
        kind = r.string(
            r.obj(card.get("cardType"), path + ".cardType").get("reference"), path + ".cardType.reference", limit=40
        )
        card_set = r.obj(card.get("cardSet"), path + ".cardSet", required=False)
        faction = r.obj(card.get("mainFaction"), path + ".mainFaction", required=False)
        rarity = r.obj(card.get("rarity"), path + ".rarity", required=False)
        piece = Piece(
            file=r.file,
            path=path,
            reference=ref,
            card_type=kind,
            set_code=r.string(card_set.get("reference"), path + ".cardSet.reference", required=False, limit=30),
            faction=r.string(faction.get("reference"), path + ".mainFaction.reference", required=False, limit=10),
            rarity=r.string(rarity.get("reference"), path + ".rarity.reference", required=False, limit=20),
        )
        elements = r.obj(card.get("elements"), path + ".elements")
        piece.numbers = r.numbers(elements.items(), lambda key, path=path: f"{path}.elements.{key}")
        name = card.get("name")
        lang = "" if isinstance(name, dict) else language_of(card, file)
        if not isinstance(name, dict) and not lang:
            r.add(
                path, "langue introuvable (ni l'image, ni le numéro de collection, ni le nom du fichier ne la donnent)"
            )
            continue
        if isinstance(name, dict):  # a variant writing every language in one card: {"fr": …, "en": …}
            for code, value in name.items():
                if code in LANGUAGES and r.string(value, f"{path}.name.{code}"):
                    piece.names[code] = plain(value)
        elif r.string(name, path + ".name"):
            piece.names[lang] = plain(name)
            # the set's name is in the file's language
            if lang == "fr":
                piece.set_name = r.string(card_set.get("name"), path + ".cardSet.name", required=False, limit=120)
        for key, part in TEXTS.items():
            value = elements.get(key)
            by_lang = value if isinstance(value, dict) else {lang: value} if value is not None else {}
            for code, text in by_lang.items():
                text = r.string(
                    text,
                    f"{path}.elements.{key}" + (f".{code}" if isinstance(value, dict) else ""),
                    required=False,
                    limit=2000,
                )
                if text and code in LANGUAGES:
                    piece.texts.setdefault(code, {})[part] = plain(text)
        if ref:
            pieces.append(piece)
    return pieces
