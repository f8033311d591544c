"""Read the numbered French rules text format into entries.

The format (see ``design.md``, "Rules data"): a line starting with a rule number (``2.4.6.c``,
``4.3``, ``1.3.2.d*``) opens an entry; the lines after it belong to it up to the next number or
article title. ``Remarque :`` lines are remarks, ``•`` lines are bullet items, other lines are
paragraphs of the rule text. A glossary article has no number: it opens with a short title line
followed by a blank line (``Card Advantage``), and may hold subheadings (short lines without final
punctuation). File furniture (``Glossaire Altered``, ``Nombre d'entrées : 8``, ``Voir les sources du
contenu``) is skipped.

This module is pure Python (no Django) so that it can be tested and reused on its own. It never
guesses silently: what it cannot read raises :class:`RulesFormatError` naming the file and line, and
repeats that differ are reported in :attr:`ParseResult.conflicts`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

#: ``2.4.6.c``, ``4.3``, ``1.3.2.d*``: numeric parts, an optional final letter, an optional star.
NUMBER_LINE = re.compile(r"^(?P<number>\d+(?:\.\d+)*(?:\.[a-z])?)(?P<star>\*)?(?:\s+(?P<rest>.*))?$")
#: A citation of a rule inside a text: at least two parts (``6.1.g``, ``2.4``, ``3.2.2.d``).
CITATION = re.compile(r"(?<![\w.])(\d+(?:\.\d+)+(?:\.[a-z])?)(?![\w])(?!\.\w)")

FURNITURE = (
    re.compile(r"^Glossaire Altered$"),
    re.compile(r"^Nombre d'entrées\s*:\s*\d+$"),
    re.compile(r"^Voir les sources du contenu$"),
)
REMARK = re.compile(r"^Remarques?\s*:\s*(?P<text>.*)$")
BULLET = re.compile(r"^[•·▪]\s*(?P<text>.*)$")
TITLE_MAX = 80
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class RulesFormatError(ValueError):
    """A rules file that cannot be read; the message names the file and the line."""

    def __init__(self, path: str, line: int, message: str) -> None:
        super().__init__(f"{path}, ligne {line} : {message}")
        self.path = path
        self.line = line
        self.detail = message


def number_key(number: str) -> tuple:
    """Sort key for rule numbers: ``2.4.10`` after ``2.4.9``, ``4.2.5`` before ``4.2.5.a``."""
    key: list = []
    for part in number.split("."):
        key.append((0, int(part), "") if part.isdigit() else (1, 0, part))
    return tuple(key)


def parent_number(number: str) -> str | None:
    """The number one level up: ``4.2.5.c`` → ``4.2.5`` → ``4.2`` → ``4`` → None."""
    return number.rsplit(".", 1)[0] if "." in number else None


def ancestors(number: str) -> list[str]:
    """Every level from the top down, the number itself last: ``['4', '4.2', '4.2.5', '4.2.5.c']``."""
    parts = number.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def slugify(title: str) -> str:
    folded = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", folded).strip("-") or "article"


@dataclass
class Block:
    """One piece of an entry's body, in order: ``paragraph``, ``item``, ``remark`` or ``heading``."""

    kind: str
    text: str

    def as_dict(self) -> dict:
        return {"kind": self.kind, "text": self.text}


@dataclass
class Entry:
    """A numbered rule, a section heading, or a glossary article, as read from one place in a file."""

    kind: str  # "rule" (lettered or with a sentence), "section" (a short heading) or "article"
    number: str | None
    title: str
    starred: bool
    source: str
    line: int
    blocks: list[Block] = field(default_factory=list)

    @property
    def slug(self) -> str:
        return self.number if self.number else slugify(self.title)

    @property
    def text(self) -> str:
        return "\n".join(b.text for b in self.blocks if b.kind == "paragraph")

    @property
    def items(self) -> list[str]:
        return [b.text for b in self.blocks if b.kind == "item"]

    @property
    def remarks(self) -> list[str]:
        return [b.text for b in self.blocks if b.kind == "remark"]

    def content(self) -> tuple:
        """What makes two readings of the same entry identical."""
        return (self.kind, self.title, self.starred, tuple((b.kind, b.text) for b in self.blocks))

    def citations(self) -> list[str]:
        """Rule numbers cited in the body, in order of first appearance, without duplicates."""
        found: list[str] = []
        for block in self.blocks:
            for match in CITATION.finditer(block.text):
                if match.group(1) not in found and match.group(1) != self.number:
                    found.append(match.group(1))
        return found


@dataclass
class ParseResult:
    entries: list[Entry]
    #: Human-readable reports of repeats that differ (kept version and where the other one was).
    conflicts: list[str]
    #: Number of identical repeats merged.
    merged: int


def _is_title_like(line: str) -> bool:
    return (
        len(line) <= TITLE_MAX
        and (line[0].isupper() or line[0].isdigit())
        and line[-1] not in ".:;!?,»…"
        and not BULLET.match(line)
        and not REMARK.match(line)
    )


def _next_nonblank(lines: list[str], index: int) -> str | None:
    for line in lines[index + 1 :]:
        if line.strip():
            return line.strip()
    return None


def parse_text(text: str, source: str) -> list[Entry]:
    """Read one file's text into entries, in file order (repeats not merged yet)."""
    entries: list[Entry] = []
    current: Entry | None = None
    lines = text.splitlines()
    for index, raw in enumerate(lines):
        lineno = index + 1
        if CONTROL.search(raw):
            raise RulesFormatError(source, lineno, "caractère de contrôle inattendu")
        line = unicodedata.normalize("NFC", raw).strip()
        if not line or any(p.match(line) for p in FURNITURE):
            continue
        number_match = NUMBER_LINE.match(line)
        if number_match and ("." in number_match["number"] or _is_title_like(number_match["rest"] or "")):
            number, rest = number_match["number"], (number_match["rest"] or "").strip()
            if not rest:
                raise RulesFormatError(source, lineno, f"la règle {number} n'a pas de texte")
            lettered = number[-1].isalpha()
            is_heading = not lettered and _is_title_like(rest) and len(rest.split()) <= 8
            current = Entry(
                kind="section" if is_heading else "rule",
                number=number,
                title=rest if is_heading else "",
                starred=bool(number_match["star"]),
                source=source,
                line=lineno,
            )
            if not is_heading:
                current.blocks.append(Block("paragraph", rest))
            entries.append(current)
            continue
        if number_match is None and re.match(r"^\d+(\.\d+)*\.[a-z]{2,}\b", line):
            raise RulesFormatError(source, lineno, f"numéro de règle illisible : « {line.split()[0]} »")
        # An article title stands alone (a blank line after it) and opens prose, not a list:
        # "Card Advantage" opens an article, "Phase du Matin" (a list follows) and
        # "Conditions de victoire" (no blank line) are subheadings of the article they stand in.
        followed_by_blank = index + 1 < len(lines) and not lines[index + 1].strip()
        following = _next_nonblank(lines, index)
        opens_article = (
            _is_title_like(line)
            and following is not None
            and not BULLET.match(following)
            and (current is None or followed_by_blank)
        )
        if opens_article:
            current = Entry(kind="article", number=None, title=line, starred=False, source=source, line=lineno)
            entries.append(current)
            continue
        if current is None:
            raise RulesFormatError(source, lineno, "texte hors de toute règle (aucun numéro ni titre d'article avant)")
        if remark := REMARK.match(line):
            current.blocks.append(Block("remark", remark["text"].strip()))
        elif bullet := BULLET.match(line):
            current.blocks.append(Block("item", bullet["text"].strip()))
        elif current.kind == "article" and _is_title_like(line):
            current.blocks.append(Block("heading", line))
        elif raw[:1].isspace() and current.blocks and current.blocks[-1].kind == "item":
            # An indented line continues the list above it (the 2v2 deck-building rules).
            current.blocks.append(Block("item", line))
        else:
            current.blocks.append(Block("paragraph", line))
    return entries


def _prefer(kept: Entry, other: Entry) -> tuple[Entry, bool]:
    """Of two differing readings, keep the one the other is a truncated copy of; else the first.

    Returns the entry to keep and whether the difference is only a truncation.
    """
    a, b = kept.content()[3], other.content()[3]
    if kept.content()[:3] == other.content()[:3]:
        if b[: len(a)] == a:
            return other, True
        if a[: len(b)] == b:
            return kept, True
    return kept, False


def parse_files(paths: list[Path | str]) -> ParseResult:
    """Read several files into one list of unique entries.

    Identical repeats are merged; a repeat that is a truncated copy of another keeps the fuller one;
    other differing repeats keep the first reading and are reported in ``conflicts``.
    """
    by_key: dict[tuple, Entry] = {}
    order: list[tuple] = []
    conflicts: list[str] = []
    merged = 0
    for path in paths:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            line = path.read_bytes()[: exc.start].count(b"\n") + 1
            raise RulesFormatError(str(path), line, "le fichier n'est pas en UTF-8") from None
        except OSError as exc:
            raise RulesFormatError(str(path), 0, f"lecture impossible ({exc.strerror})") from None
        for entry in parse_text(text, str(path)):
            key = (entry.kind == "article", entry.slug)
            if key not in by_key:
                by_key[key] = entry
                order.append(key)
                continue
            kept = by_key[key]
            if kept.content() == entry.content():
                merged += 1
                continue
            chosen, truncated = _prefer(kept, entry)
            by_key[key] = chosen
            where = f"{entry.source}:{entry.line}"
            first = f"{kept.source}:{kept.line}"
            if truncated:
                merged += 1
                conflicts.append(
                    f"{entry.slug} : {first} et {where} diffèrent, l'une est une copie tronquée de "
                    f"l'autre ; la version complète ({chosen.source}:{chosen.line}) est gardée"
                )
            else:
                conflicts.append(f"{entry.slug} : {where} diffère de {first} ; la première version est gardée")
    return ParseResult(entries=[by_key[k] for k in order], conflicts=conflicts, merged=merged)
