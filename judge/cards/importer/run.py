"""Reading files and folders, joining the languages of each card, writing in one transaction."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from judge.scenarios.models import fold

from .problems import ImportProblem, ImportRefused
from .shapes import Piece, Reader, detect, read_card_file, read_set_file
from .text import LANGUAGES, leading_keywords, text_key

#: A file larger than this is refused unread (a set's file of five languages is a few MB).
MAX_FILE_BYTES = 64 * 1024 * 1024
FIELDS = ("hand_cost", "reserve_cost", "forest", "mountain", "water", "reserve_limit", "landmark_limit")
#: What a version's digest covers.
CONTENT = (
    "card_type",
    "set_code",
    "set_name",
    "faction",
    "rarity",
    "names",
    "numbers",
    "keywords",
    "texts",
    "abilities",
)


@dataclass
class ImportReport:
    files: int = 0
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    languages: dict = field(default_factory=dict)  # lang -> number of versions having it
    missing: dict = field(default_factory=dict)  # lang -> number of versions lacking it
    warnings: list = field(default_factory=list)
    links: int = 0

    def summary(self) -> str:
        langs = ", ".join(f"{lang} {n}" for lang, n in sorted(self.languages.items()))
        text = (
            f"{self.files} fichiers ; {self.created} cartes créées, {self.updated} modifiées, "
            f"{self.unchanged} inchangées ; langues : {langs or 'aucune'}"
        )
        if self.missing.get("fr") or self.missing.get("en"):
            text += f" ; sans français : {self.missing.get('fr', 0)}, sans anglais : {self.missing.get('en', 0)}"
        return text + f" ; {self.links} liens scénario → carte."


def json_files(paths: list[str | Path]) -> tuple[list[Path], list[ImportProblem]]:
    files, problems = [], []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            files.extend(sorted(f for f in p.rglob("*.json") if f.is_file()))
        elif p.is_file():
            files.append(p)
        else:
            problems.append(ImportProblem(str(p), "$", "fichier ou dossier introuvable"))
    return files, problems


def load(file: Path) -> tuple[object, ImportProblem | None]:
    if file.stat().st_size > MAX_FILE_BYTES:
        return None, ImportProblem(str(file), "$", f"fichier de plus de {MAX_FILE_BYTES // 2**20} Mo")
    try:
        return json.loads(file.read_bytes().decode("utf-8-sig")), None
    except UnicodeDecodeError as exc:
        return None, ImportProblem(str(file), "$", f"pas de l'UTF-8 (octet {exc.start})")
    except json.JSONDecodeError as exc:
        return None, ImportProblem(
            str(file), "$", f"JSON mal formé ligne {exc.lineno}, colonne {exc.colno} : {exc.msg}"
        )


def read_paths(paths: list[str | Path]) -> tuple[dict[str, dict], list[ImportProblem], ImportReport]:
    """Every card version of the files and folders ``paths``, languages joined, as the field values
    of :class:`~judge.cards.models.Card` plus ``abilities``; the problems found; a report."""
    files, problems = json_files(paths)
    report = ImportReport(files=len(files))
    pieces: list[Piece] = []
    for file in files:
        data, problem = load(file)
        if problem:
            problems.append(problem)
            continue
        r = Reader(str(file))
        shape = detect(data)
        if shape == "card":
            pieces.extend(read_card_file(data, r))
        elif shape == "set":
            pieces.extend(read_set_file(data, file, r))
        else:
            r.add("$", "ni une carte (cardElements, translations) ni une liste de cartes d'un set")
        problems.extend(ImportProblem(r.file, path, message) for path, message in r.problems)
    versions: dict[str, dict] = {}
    for piece in pieces:
        join(versions, piece, report)
    for version in versions.values():
        finish(version, report)
    return versions, problems, report


def join(versions: dict, piece: Piece, report: ImportReport) -> None:
    """Add what ``piece`` says to the version of its reference (languages from several files)."""
    v = versions.get(piece.reference)
    if v is None:
        versions[piece.reference] = v = {
            "reference": piece.reference,
            "card_type": piece.card_type,
            "set_code": piece.set_code,
            "set_name": piece.set_name,
            "faction": piece.faction,
            "rarity": piece.rarity,
            "names": {},
            "numbers": {},
            "keywords": [],
            "texts": {},
            "abilities": None,
            "source": f"{piece.file} {piece.path}",
        }
    elif v["card_type"] != piece.card_type:
        report.warnings.append(
            f"{piece.file} {piece.path} : {piece.reference} est de type {piece.card_type}, "
            f"{v['source']} le dit {v['card_type']} ; gardé : {v['card_type']}"
        )
    for key in ("set_code", "set_name", "faction", "rarity"):
        if not v[key] and getattr(piece, key):
            v[key] = getattr(piece, key)
    v["names"].update({k: n for k, n in piece.names.items() if n})
    for key, value in piece.numbers.items():
        if value is None:
            continue
        known = v["numbers"].get(key)
        if known is None:
            v["numbers"][key] = value
        elif known != value:
            report.warnings.append(
                f"{piece.file} {piece.path} : {piece.reference} {key} = {value}, {v['source']} dit {known} ; gardé : {known}"
            )
    v["keywords"].extend(k for k in piece.keywords if k not in v["keywords"])
    for lang, parts in piece.texts.items():
        v["texts"].setdefault(lang, {}).update(parts)
    if piece.abilities is not None and v["abilities"] is None:
        v["abilities"] = piece.abilities


def finish(v: dict, report: ImportReport) -> None:
    """The version's abilities when its files gave only texts, its keywords, search keys, digest."""
    if v["abilities"] is None:  # one file per set and language: one ability per text, known by its text
        v["abilities"] = text_abilities(v)
    for lang in LANGUAGES:
        if lang in v["names"]:
            report.languages[lang] = report.languages.get(lang, 0) + 1
        else:
            report.missing[lang] = report.missing.get(lang, 0) + 1
    seal(v)


def text_abilities(v: dict) -> list[dict]:
    """One ability per text element (main, support) from the version's texts, known by its text;
    the keywords a text opens with (``[[Fugace]].``) join the version's keywords."""
    out = []
    for part in ("main", "echo"):
        by_lang = {}
        for lang in LANGUAGES:
            text = (v["texts"].get(lang) or {}).get(part)
            if not text:
                continue
            keywords, rest = leading_keywords(text)
            v["keywords"].extend(k for k in keywords if k not in v["keywords"])
            if rest:
                by_lang[lang] = rest
        if by_lang:
            key = text_key(by_lang.get("en") or by_lang.get("fr") or next(iter(by_lang.values())))
            out.append(
                {"element": part, "sequence": 0, "reference": key, "parts": [{"type": "TEXT", "texts": by_lang}]}
            )
    return out


def seal(v: dict) -> None:
    """The version's languages and the digest of its content (what tells a changed card)."""
    v["languages"] = [lang for lang in LANGUAGES if lang in v["names"]]
    content = {k: v[k] for k in CONTENT}
    v["digest"] = hashlib.sha256(json.dumps(content, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def keep_stored(v: dict, card, abilities: list[dict]) -> None:
    """Join what is already stored of a version to what this import brings of it: the languages this
    import lacks are kept (an export imported one language at a time), and so are abilities with their
    export references and parts when this import knows them only by their text."""
    v["names"] = {**card.names, **v["names"]}
    v["texts"] = {**card.texts, **v["texts"]}
    v["keywords"] = v["keywords"] + [k for k in card.keywords if k not in v["keywords"]]
    if all(a["reference"].startswith("txt:") for a in v["abilities"]):
        if any(not a["reference"].startswith("txt:") for a in abilities):
            v["abilities"] = abilities
        else:  # known by their texts on both sides: from every language now known
            v["abilities"] = text_abilities(v)
    for key in ("set_name", "faction", "rarity", "set_code"):
        v[key] = v[key] or getattr(card, key)
    for key in FIELDS:
        if v["numbers"].get(key) is None and getattr(card, key) is not None:
            v["numbers"][key] = getattr(card, key)
    seal(v)


def fields(v: dict) -> dict:
    from ..models import ENGINE_TYPES

    fr, en = v["names"].get("fr", ""), v["names"].get("en", "")
    family = v["reference"].rsplit("_", 1)[0] if v["reference"].count("_") >= 2 else v["reference"]
    out = {
        "family": family[:80],
        "set_code": v["set_code"][:30],
        "set_name": v["set_name"][:120],
        "faction": v["faction"][:10],
        "rarity": v["rarity"][:20],
        "card_type": v["card_type"][:40],
        "engine_type": ENGINE_TYPES.get(v["card_type"], ""),
        "name_fr": fr[:200],
        "name_en": en[:200],
        "names": v["names"],
        "key_fr": fold(fr)[:200],
        "key_en": fold(en)[:200],
        "search_key": f"{fold(fr)} | {fold(en)}"[:420],
        "keywords": v["keywords"],
        "texts": v["texts"],
        "languages": v["languages"],
        "digest": v["digest"],
        "imported": timezone.now(),
    }
    for key in FIELDS:
        out[key] = v["numbers"].get(key)
    return out


def import_paths(paths: list[str | Path]) -> ImportReport:
    """Import the exports at ``paths`` (files or folders). Raises :class:`ImportRefused`, having
    written nothing, when any file is unsound."""
    from ..models import Ability, Card, link_all_scenarios

    versions, problems, report = read_paths(paths)
    if problems:
        raise ImportRefused(problems)
    if not versions and report.files == 0:
        raise ImportRefused([ImportProblem(" ".join(str(p) for p in paths), "$", "aucun fichier .json")])
    with transaction.atomic():
        stored = {c.reference: c for c in Card.objects.filter(reference__in=list(versions))}
        stored_abilities: dict[int, list[dict]] = {}
        for a in Ability.objects.filter(card__in=list(stored.values())).order_by("pk"):  # as imported
            stored_abilities.setdefault(a.card_id, []).append(
                {"element": a.element, "sequence": a.sequence, "reference": a.reference, "parts": a.parts}
            )
        for ref, card in stored.items():
            keep_stored(versions[ref], card, stored_abilities.get(card.pk, []))
        existing = {ref: card.digest for ref, card in stored.items()}
        new, changed = [], []
        for ref, v in versions.items():
            if ref not in existing:
                new.append(Card(reference=ref, **fields(v)))
            elif existing[ref] != v["digest"]:
                changed.append(ref)
            else:
                report.unchanged += 1
        Card.objects.bulk_create(new, batch_size=500)
        for ref in changed:
            Card.objects.filter(reference=ref).update(**fields(versions[ref]))
        touched = [c.reference for c in new] + changed
        ids = dict(Card.objects.filter(reference__in=touched).values_list("reference", "pk"))
        Ability.objects.filter(card_id__in=[ids[r] for r in changed]).delete()
        Ability.objects.bulk_create(
            [
                Ability(
                    card_id=ids[ref],
                    element=a["element"],
                    sequence=a["sequence"],
                    reference=a["reference"][:80],
                    parts=a["parts"],
                )
                for ref in touched
                for a in versions[ref]["abilities"]
            ],
            batch_size=1000,
        )
        report.created, report.updated = len(new), len(changed)
        report.links = link_all_scenarios()
    return report
