"""Ranking: which rules answer the query's words, best first.

Each word scores BM25F over title (×3), text and remarks (×½), its best form per field. Then:

* **coverage**: the score is scaled by the share of the query's words the rule covers (in its own
  fields or in the title of a section it belongs to: 2.4.6.c is under "Fugace"), squared, so a rule
  holding every word of a question beats a heading holding one word in a short title;
* **definers first**: a rule the glossary names as defining one of the words, or the rules of its
  section, or a rule under a section titled with the word, is about that word; one that merely
  mentions it is not (5.2.3.j mentions Fugace; 2.4.6.c decides it);
* **the specific rule above its heading**: when a section heading and one of its rules both cover
  every word of a query of several words, the rule comes first.
"""
from __future__ import annotations

import math

from .index import FIELD_BOOSTS, KEYWORD_FIELDS, Memory
from .query import Word

K1, B = 1.2, 0.75
COVERAGE_POWER = 2.0
#: A rule about a word (its definer, or under a section titled with it) counts this much more.
DEFINER_BONUS = 1.6
SECTION_TITLE_BONUS = 1.3


def word_scores(mem: Memory, word: Word, ruleset: str) -> dict[int, float]:
    """BM25F of one word in each document of the rule set that holds it."""
    n = len(mem.docs)
    scores: dict[int, float] = {}
    for fieldname in KEYWORD_FIELDS:
        boost = FIELD_BOOSTS[fieldname]
        lengths, average = mem.lengths[fieldname], mem.average[fieldname] or 1.0
        best: dict[int, float] = {}
        for form in word.forms:
            postings = mem.postings[fieldname].get(form)
            if not postings:
                continue
            idf = math.log(n / (len(postings) + 1)) + 1.0
            for docnum, tf in postings.items():
                norm = tf * (K1 + 1) / (tf + K1 * (1 - B + B * lengths[docnum] / average))
                value = idf * norm * boost
                if value > best.get(docnum, 0.0):
                    best[docnum] = value
        for docnum, value in best.items():
            scores[docnum] = scores.get(docnum, 0.0) + value
    docs = mem.docs
    return {d: s for d, s in scores.items() if docs[d].ruleset == ruleset}


def rank(mem: Memory, words: list[Word], ruleset: str, limit: int,
         only: set[int] | None = None, extra: dict[int, float] | None = None) -> list[tuple[int, float]]:
    """(document, score) of the best ``limit`` rules for ``words``, best first.

    ``only`` restricts the candidates (a quoted phrase); ``extra`` adds scores (a rule number typed
    among the words)."""
    per_word = [word_scores(mem, w, ruleset) for w in words]
    totals: dict[int, float] = dict(extra or {})
    for scores in per_word:
        for docnum, value in scores.items():
            totals[docnum] = totals.get(docnum, 0.0) + value
    if only is not None:
        totals = {d: s for d, s in totals.items() if d in only}
    docs = mem.docs
    covered_all: set[int] = set()
    for docnum in totals:
        doc = docs[docnum]
        covered = 0
        factor = 1.0
        for word, scores in zip(words, per_word):
            about_section = not word.forms.isdisjoint(doc.context)
            if docnum in scores or about_section:
                covered += 1
            if word.definers and _under(doc.number, word.definers):
                factor *= DEFINER_BONUS
            elif about_section:
                factor *= SECTION_TITLE_BONUS
        if len(words) >= 2:
            factor *= (covered / len(words)) ** COVERAGE_POWER
            if covered == len(words):
                covered_all.add(docnum)
        totals[docnum] *= factor
    if len(words) >= 2:
        _rules_above_headings(mem, totals, covered_all)
    ranked = sorted(totals.items(), key=lambda pair: (-pair[1], docs[pair[0]].order))
    return ranked[:limit]


def _under(number: str, definers: tuple[str, ...]) -> bool:
    return bool(number) and any(number == d or number.startswith(d + ".") for d in definers)


def _rules_above_headings(mem: Memory, totals: dict[int, float], covered_all: set[int]) -> None:
    """A heading covering every word goes just below the best of its rules that does too."""
    docs = mem.docs
    for docnum in covered_all:
        doc = docs[docnum]
        if doc.kind != "section" or not doc.number:
            continue
        below = [d for d in mem.subtree.get((doc.ruleset, doc.number), ()) if d != docnum and d in covered_all]
        if below:
            best = max(totals[d] for d in below)
            if totals[docnum] >= best:
                totals[docnum] = best * 0.99
