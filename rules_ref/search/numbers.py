"""Rule numbers however typed, and what a number search answers.

A number: ``3.2.9.f``, ``3.2.9 f``, ``3.2.9f``, ``4.1 h``, ``2 4 6 c``, ``3,2,9,f``, ``7-3-18-a``,
``4.2.5c)``, ``(2.5.i)``, ``2.4.6 (c)``, ``règle 2.4.6.c``, ``R2.4.6.c``, ``art. 3.1.3.f``,
``§ 4.2.5``, ``n° 2.5``, ``CR4.2.5c``, ``4.2.5.c ?``, ``"4.2.5.d"``, ``« 4.1.c »``, ``41c``, ``4.2.5.c.1`` (a level the
text never has, below a letter: missing, answered by 4.2.5.c): levels of digits separated by dots, commas, hyphens, slashes or spaces, then an optional letter (attached or separated); a
letter needs two levels (``2 a`` is not a rule). Only a query that is a number and nothing else. A
number the rule set lacks whose digits, cut otherwise, spell one it holds is that one (a dot slipped
or left out: ``42.5.c``, ``4.25.c`` → 4.2.5.c, ``7.310.a`` → 7.3.10.a). A range of letters (``4.2.5.c-d``, ``7.3.16 a/b``, ``5.2.3.b à e``)
names each rule of it. Among other words, a number is read dotted (« 2.4.6.c fugace ») or, when it
names a rule the index holds, typed loosely (« c koi la 4 2 5 c », « regle 4,2,5,c svp », « la regle
425c stp », « 4.2.5 alinéa c »), but not a count or a score (« j'ai 2 3 cartes », « 2-2 à la fin »).

A number the rule set lacks is answered with what stands for it, saying so: the rules that cite it
(``6.1.g`` is cited by 4.2.5.c, whose section the French text lacks), its nearest existing
ancestor, and the nearest existing rules on either side at its own level (``2.4.6.z`` → 2.4.6 and
2.4.6.f; ``3.2.4`` → 3.2.3 and 3.2.5).
"""

from __future__ import annotations

import re
from bisect import bisect_left

from ..parser import ancestors, number_key, parent_number
from .hits import Results, make_hit
from .memory import Memory, memory
from .snippets import plain_snippet

#: A rule number among words (``2.4.6.c fugace``, « règle 4.2.5c stp », « 4.2.5.c/4.2.5.d »): its
#: levels dotted, as rules write them, its letter after a dot or attached.
NUMBER_AMONG_WORDS = re.compile(r"(?<![\w.])(\d+(?:\.\d+)+)(?:\.?([a-z]))?(?![\w.]*\w)", re.IGNORECASE)


#: ... but a number of two parts followed by « de » is a quantity (« 1.5 de force »), not rule 1.5.
QUANTITY_AFTER = re.compile(r"\s+d(?:e\b|')", re.IGNORECASE)


#: A rule number typed loosely among words (« c koi la 4 2 5 c », « regle 4,2,5,c svp », « la regle
#: 425c stp », « la 4.2.5 c »): levels separated by commas, hyphens, slashes or spaces, or run
#: together, then a letter attached or apart; kept only as :func:`_loose_among_words` says.
LOOSE_AMONG_WORDS = re.compile(
    r"(?<![\w.,/-])(?P<digits>\d{1,3}(?:(?:[.,/;:_-]|\s+)\d{1,3}){1,3}|\d{3,5})"
    r"(?:(?P<apart>[.,/-]|\s+)?\(?(?P<letter>[a-z])\)?)?(?![\w'’.,/-]*\w)",
    re.IGNORECASE,
)
#: After a letter typed apart from its number, the query ends or punctuation follows (« la 4.2.5 c »,
#: « 4 2 5 c ? »), else the letter is a word (« la 4.2.5 a dit », « 2 4 6 c'est »), unless it is
#: no French word (« 4.2.5 c nettoyage »: « a », « y » and the unknown « x » are words).
_LETTER_ENDS = re.compile(r"\s*(?:[,;:?!.)»\"]|$)")
_LETTER_WORDS = frozenset("ayx")
#: A letter named in words (« 4.2.5 alinéa c », « le point c de la 4.2.5 »).
LETTER_NAMED = re.compile(
    r"(?<![\w.])(?:(?P<digits>\d{1,3}(?:\.\d{1,3}){1,3})\s+(?:alin[ée]a|lettre|point|paragraphe)\s+(?P<letter>[a-z])"
    r"|(?:alin[ée]a|lettre|point|paragraphe)\s+(?P<letter2>[a-z])\s+(?:de\s+la|de|du)\s+(?:r[eèé]gle\s+)?(?P<digits2>\d{1,3}(?:\.\d{1,3}){1,3}))"
    r"(?![\w'’])",
    re.IGNORECASE,
)


def numbers_among_words(q: str) -> list[str]:
    """The rule numbers a query holds among its words, as rules write them (« 4.2.5c » → 4.2.5.c),
    dotted or, when they name a rule the index holds, typed loosely (see :data:`LOOSE_AMONG_WORDS`)."""
    found = {
        m.span(): f"{m[1]}.{m[2].lower()}" if m[2] else m[1]
        for m in NUMBER_AMONG_WORDS.finditer(q)
        if m[2] or m[1].count(".") > 1 or not QUANTITY_AFTER.match(q, m.end())
    }
    loose = [(m, _loose_among_words(q, m)) for m in LOOSE_AMONG_WORDS.finditer(q)]
    for m in LETTER_NAMED.finditer(q):
        number = f"{m['digits'] or m['digits2']}.{(m['letter'] or m['letter2']).lower()}"
        loose.append((m, number if number in _known_numbers() else None))
    for m, number in loose:
        if number:  # it reads the dotted number it covers further (« la 4.2.5 c »: 4.2.5.c, not 4.2.5)
            found = {span: n for span, n in found.items() if not (m.start() <= span[0] and span[1] <= m.end())}
            found[m.span()] = number
    return list(dict.fromkeys(n for _, n in sorted(found.items())))


def _loose_among_words(q: str, m: re.Match) -> str | None:
    """The rule a loose number among words names, or None: a quantity (« 2 3 cartes », « 1,5 de
    force »), a year (« 2024 ») or a number the index lacks is no rule. Levels apart by spaces alone
    need three of them and a letter (« 4 2 5 c »); by commas or hyphens three levels or a letter
    (« 4,2,5,c », « 3-2-9 »); run together, a letter (« 425c »)."""
    digits, letter = m["digits"], m["letter"]
    levels = re.findall(r"\d+", digits)
    spaced = not re.search(r"[.,/;:_-]", digits)
    if (
        letter
        and m["apart"]
        and m["apart"].isspace()
        and letter.lower() in _LETTER_WORDS
        and not _LETTER_ENDS.match(q, m.end())
    ):
        letter = None  # « la 4.2.5 a dit »: « a » is a word
    if len(levels) == 1:
        if not letter:
            return None
        number = parse_number(digits + letter)  # run together: « 425c »
    elif (spaced and (len(levels) < 3 or not letter)) or (not letter and len(levels) < 3):
        return None
    else:
        number = parse_number(digits + (f".{letter}" if letter else ""))
    return number if number and number in _known_numbers() else None


_SEP = r"(?:\s*[.,\-/;:_]{1,3}\s*|\s+)"  # « 4..2.5.c », « 4;2;5;c », « 4_2_5_c » too
#: A whole query that is a rule number however typed. Bounded repetitions: linear in the query.
LOOSE_NUMBER = re.compile(
    r"^[(\[\"«“'#*@>]?\s*(?:(?:r(?:[eèé]gles?)?|cr|rule|art(?:icle)?|§|n°|no|num(?:[eé]ro)?)\.?\s*(?:n°\s*)?)?"
    # a level of three digits is a dot left out (« 7.310.a »: 7.3.10.a, recut below)
    rf"(?P<digits>\d{{1,3}}(?:{_SEP}\d{{1,3}}){{0,3}})"
    rf"(?:{_SEP}?\(?(?P<letter>[a-z])(?:(?<!f)(?P=letter))?\)?"  # struck twice too (« 4.2.5.cc »; « ff » is « et suivantes »)
    # a level below the letter, which the French text never has (« 4.2.5.c.1 », « 2.4.6.c.ii »)
    rf"(?:{_SEP}?(?P<sub>\d{{1,2}}|i{{1,3}}|iv|vi{{0,3}}|ix|x))?"
    # a range of letters (« 4.2.5.c-d », « 7.3.16 a/b », « 4.2.5 c et d », « 5.2.3.b à e »)
    r"(?:\s*(?:-|/|,|&|et|ou|à)\s*\(?(?P<last>[a-z])\)?)?)?"
    r"\s*[.)\]*,;:?!\"»”']*\s*$",
    re.IGNORECASE,
)
#: A number typed without separators (``7316b``, ``246c``): read as the rule it can only be.
RUN_TOGETHER = re.compile(
    r"^\s*(?:c?r\.?\s*)?(?P<digits>\d{3,5}|\d{2}(?=\s*[a-z]))\s*(?P<letter>[a-z])?\s*[.)]*\s*$", re.IGNORECASE
)
#: At most this many rules answer a missing number besides its citing rules.
NEAREST = 8


def parse_number(q: str) -> str | None:
    """The rule number a query names (``"R 2.4.6 c"``, ``"2 4 6 c"`` → ``"2.4.6.c"``), or None."""
    match = LOOSE_NUMBER.match(q.strip())
    if not match:
        return _run_together(q)
    levels = re.findall(r"\d+", match.group("digits"))
    letter = match.group("letter")
    if len(levels) == 1 and len(levels[0]) > 2:  # « 310 », « 246c »: digits run together
        return _run_together(q)
    if len(levels) == 1 and (letter or not re.fullmatch(r"\s*(?:r(?:[eèé]gles?)?\.?\s*)?\d+[.)]*\s*", q, re.I)):
        # "2 a" is not a rule (letters start at the second level), « 41c » is 4.1.c; "2," is no number
        return _run_together(q) if letter else None
    number = ".".join(str(int(n)) for n in levels)
    number = f"{number}.{letter.lower()}" if letter else number
    if match.group("sub"):  # missing: answered by its rule (the letter) and its neighbours
        return f"{number}.{match.group('sub').lower()}"
    return _recut(number) or number


def parse_range(q: str) -> tuple[str, ...]:
    """The rules a number with a range of letters names after its first (« 4.2.5.c-e » → 4.2.5.d,
    4.2.5.e), or ()."""
    match = LOOSE_NUMBER.match(q.strip())
    first = parse_number(q)
    if not match or not first or not match.group("last") or "." not in first:
        return ()
    base, letter = first.rsplit(".", 1)
    last = match.group("last").lower()
    if not letter.isalpha() or last <= letter:
        return ()
    return tuple(f"{base}.{chr(c)}" for c in range(ord(letter) + 1, ord(last) + 1))


def _recut(number: str) -> str | None:
    """The existing rule a missing number's digits spell when cut otherwise (« 42.5.c », « 4.25.c »:
    a dot slipped or missing → 4.2.5.c), or None (« 3.2.4 » stays missing: no cut of 324 is a rule)."""
    known = _known_numbers()
    if not known or number in known:
        return None
    *levels, last = number.split(".")
    letter = last if last.isalpha() else ""
    digits = "".join(levels if letter else [*levels, last])
    for cut in _cuts(digits):
        candidate = ".".join(cut) + (f".{letter}" if letter else "")
        if candidate in known:
            return candidate
    return None


def _known_numbers() -> frozenset[str]:
    """Every rule number the index holds, in any rule set (empty with no index yet: the query is
    then searched as words)."""
    try:
        return memory().numbers
    except Exception:
        return frozenset()


def _run_together(q: str) -> str | None:
    """The existing rule a run of digits spells (``7316b`` → 7.3.16.b, ``123`` → 1.2.3, ``41c`` → 4.1.c; two
    digits alone are no number): its digits cut
    into levels of one or two digits, none starting with 0; the first cut the index holds, in any
    rule set (levels of one digit first). None when no cut is a rule (``2024``)."""
    match = RUN_TOGETHER.match(q)
    if not match:
        return None
    letter = (match.group("letter") or "").lower()
    known = _known_numbers()
    for levels in _cuts(match.group("digits")):
        number = ".".join(levels) + (f".{letter}" if letter else "")
        if number in known:
            return number
    return None


def _cuts(digits: str) -> list[list[str]]:
    """Every way to cut ``digits`` into levels of one or two digits, none starting with 0."""
    if not digits:
        return [[]]
    found = []
    for size in (1, 2):
        head = digits[:size]
        if len(head) == size and not head.startswith("0"):
            found += [[head, *rest] for rest in _cuts(digits[size:])]
    return found


def number_search(q: str, number: str, ruleset: str, limit: int, also: tuple[str, ...] = ()) -> Results:
    """The rule and its subtree in rules order, then the rest of a range of letters (``also``); for a
    missing number, what stands for it (see above)."""
    mem = memory()
    results = Results(query=q, kind="number", number=number)
    exact = mem.by_number.get((ruleset, number))
    found = ([exact] if exact is not None else []) + mem.subtree.get((ruleset, number), [])
    found += [mem.by_number[(ruleset, n)] for n in also if (ruleset, n) in mem.by_number]
    if exact is None:
        citing, parent, before, after = say_missing(results, mem, number, ruleset)
        # a missing level with rules under it (« 7.3 »): its first rule; else its parent or neighbour
        results.suggestion = (mem.docs[found[0]].number if found else None) or results.parent or results.nearest
        if not found:  # "3.2" (an untitled level) still lists its rules; "2.4.6.z" what stands for it
            neighbours = [d for d in (parent, before, after) if d is not None]
            rest = mem.subtree.get((ruleset, results.parent), []) if results.parent else []
            found = [*citing, *neighbours, *rest][: len(citing) + NEAREST]
    for docnum in list(dict.fromkeys(found))[:limit]:
        doc = mem.docs[docnum]
        results.hits.append(make_hit(doc, plain_snippet(doc), 1.0 if doc.number == number else 0.5))
    return results


def say_missing(
    results: Results, mem: Memory, number: str, ruleset: str
) -> tuple[list[int], int | None, int | None, int | None]:
    """Tell ``results`` that ``number`` is missing from ``ruleset`` and what stands for it (the rules
    citing it, its section, its nearest neighbour); returns :func:`nearest`'s answer."""
    citing, parent, before, after = nearest(mem, number, ruleset)
    side = before if before is not None else after
    results.missing_number = number
    results.cited_by = [mem.docs[d].number for d in citing]
    results.parent = mem.docs[parent].number if parent is not None else None
    results.nearest = mem.docs[side].number if side is not None else None
    return citing, parent, before, after


def nearest(mem: Memory, number: str, ruleset: str) -> tuple[list[int], int | None, int | None, int | None]:
    """For a number missing from ``ruleset``: the rules citing it, its nearest existing ancestor, and
    the existing rules just before and just after it at its own level (or, with no sibling at all,
    in the whole rule set)."""
    citing = [d for d in mem.cited_by.get(number, ()) if mem.docs[d].ruleset == ruleset]
    parent = next(
        (mem.by_number[(ruleset, n)] for n in reversed(ancestors(number)[:-1]) if (ruleset, n) in mem.by_number), None
    )
    numbers = mem.sorted_numbers.get(ruleset, [])
    keys = [number_key(n) for n in numbers]
    level = parent_number(number)
    siblings = [i for i, n in enumerate(numbers) if parent_number(n) == level] if level else []
    where = bisect_left(keys, number_key(number))
    if siblings:
        before_i = max((i for i in siblings if i < where), default=None)
        after_i = min((i for i in siblings if i >= where), default=None)
    elif parent is None:
        before_i = where - 1 if where > 0 else None
        after_i = where if where < len(numbers) else None
    else:
        before_i = after_i = None
    before = mem.by_number[(ruleset, numbers[before_i])] if before_i is not None else None
    after = mem.by_number[(ruleset, numbers[after_i])] if after_i is not None else None
    return citing, parent, before, after
