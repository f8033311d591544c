"""Ranking: which rules answer the query's words, best first.

Each word scores BM25F over title (×3), text and remarks (×½), its best form per field (K1, B and
the document's side of the score precomputed in ``memory.py``). Then:

* **coverage**: the score is scaled by the share of the query's words the rule covers (in its own
  fields or in the title of a section it belongs to: 2.4.6.c is under "Fugace"), squared, so a rule
  holding every word of a question beats a heading holding one word in a short title; the words a
  vocabulary phrase reads into weigh together as one (« mis en mana » is one thing said, not five);
* **definers first**: a rule the glossary names as defining one of the words, or the rules of its
  section, or a rule under a section titled with the word, is about that word; one that merely
  mentions it is not (5.2.3.j mentions Fugace; 2.4.6.c decides it);
* **the specific rule above its heading**: when a section heading and one of its rules both cover
  every word of a query of several words, or the rule covers more of it, the rule comes first;
* **what the query asks**: a negated question favours rules that forbid, a "what if" the rules that
  decide a case, and so does a case told without a question (a little less), « combien » the rules
  that state a number; the first rule a vocabulary entry names comes first, an entry's rules count
  once however many words it reads into, a situation's a little less (other words may outweigh it);
  a count in a case told weighs less; a hyphenated compound counts only where all its parts are;
* **the circumstances told**: a rule the judge's situation index calls for (the query tells a case
  it decides) counts more, covers the words that told the case, and joins the candidates even when
  its text says the case otherwise (« glisser une carte sous le paquet » → 3.2.2.f);
* **the rule that decides above what retells it**: an article counts little unless the query is
  about it (the 2v2 mode, the phases clarification), and a word only articles hold (« coéquipier »)
  leaves the rules without it behind, unless only an article retelling the rules holds it (the
  clarification's « transféré »: ``summaries.articles`` in the vocabulary file); a rule retold by a
  summary (1.3.2.f, the Night; ``summaries`` in the vocabulary file; a heading with text of its own,
  7.3.19 Sacrifier, retells the rules below it) goes above it when the query names its section; a
  rule continuing the one before it (3.2.2.e) goes after it, and a rule another repeats word for
  word (1.1.6.h, 7.1.4.a) comes right below it.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from itertools import pairwise
from operator import itemgetter

from .. import glossary
from .index import FIELD_BOOSTS, KEYWORD_FIELDS
from .memory import Doc, Memory
from .query import Reading
from .statements import CONDITION, NEGATION, QUANTITY, TOTAL, counted, says
from .statements import defined as statements_defined
from .text import title_words
from .words import Word

COVERAGE_POWER = 2.0
#: A vocabulary phrase read into more words of the rules than this weighs as one word in coverage;
#: into this many (« base » → région d'origine), as a term of the rules would, word by word.
PHRASE_OWN_WORDS = 2
#: How many of the best rules by BM25 are re-ranked by coverage, definers and titles.
RERANK_DEPTH = 60
#: A rule about a word (its definer, or under a section titled with it) counts this much more.
DEFINER_BONUS = 1.6
SECTION_TITLE_BONUS = 1.3
#: A count in a case told weighs this much of a word (« quatre » in « quatre cartes dans ma réserve »:
#: rules holding « quatre » are not what the case is about).
COUNT_WEIGHT = 0.3
#: Forms of the word's glossary term or synonyms count this much of the word's own.
ALT_WEIGHT = 0.7
#: A rule of another term written the same (the counter, for "token") counts this much.
AVOID_FACTOR = 0.15
#: Two of the query's words side by side in the rule's text, in the query's order ("Défaussez-moi de la
#: Réserve"): a phrase typed from memory.
PROXIMITY_BONUS = 1.4
NEAR_TOKENS = 4
#: A rule whose title is exactly the query ("coût de réserve", "Fugace") is what was asked for.
EXACT_TITLE_BONUS = 1.5
#: An article (the 2v2 mode, the phases clarification) retells rules in other words: it counts this
#: much unless the query is about it (a word of its title, or a word only articles hold).
ARTICLE_FACTOR = 0.15
#: A word found in articles only makes the query about an article that says it this often (or in
#: its title): the 2v2 mode says « équipe » 15 times, « coéquipier » 6; « d'abord » once.
ARTICLE_TOPIC_USES = 3
#: A rule a situation of the vocabulary names (« jeton renvoyé » → 2.1.d) counts this much more, once
#: for the whole entry (its first rule, what the circumstances decide first, a little more: the
#: Cleaning, 4.2.5.c, before the Reserve's remark, 3.2.10.a): the circumstances point to it, the
#: query's other words may point elsewhere (« combien coûte un personnage joué depuis la réserve »).
IMPLIED_BONUS = 1.65
#: A word only articles hold (« coéquipier »: the 2v2 mode) says what the query is about: a rule
#: without it counts this much (« sacrifier un personnage de mon coéquipier » is decided by the mode).
MODE_FACTOR = 0.4
#: The first rule a vocabulary entry names is what the word means first (``untap``: the Morning).
PRIMARY_BONUS = 1.24
#: A rule retold by a summary (1.3.2.f) goes above it when it covers this share of what the summary
#: covers of the query.
SUMMARY_COVERAGE = 0.715
#: A rule that goes on from the one before it (« Si cette position n'existe toujours pas… ») comes
#: after it when both answer the query: the one before states the case.
FOLLOW_UP = re.compile(r"^(?:si\s+)?(?:cette|cet|ces|ce)\s|^(?:dans ce cas|sinon)\b", re.IGNORECASE)
#: A follow-up scoring this many times the rule it continues is what the query asks (3.2.2.e: the
#: position still missing after the shuffle), and keeps its place above it.
FOLLOW_UP_OWN = 1.5
#: A negated question (« ne peut jamais ») favours rules that forbid or deny (« ne peuvent pas »).
NEGATION_BONUS = 1.3
#: A "what if" question (« que se passe-t-il si ») favours rules that decide a case (« Si …, … »).
CONDITIONAL_BONUS = 1.25
#: A case told without a question (« jeton renvoyé dans la main ») favours them a little less.
SITUATION_BONUS = 1.24
#: A rule the judge's situation index calls for (the query tells circumstances it decides: « piocher
#: avec un deck vide » → 3.2.2.d) counts this much more, and covers the query's words that told its
#: circumstances; one the words alone did not find joins the candidates at this share of the best
#: score.
CASE_BONUS = 4.3
CASE_SEED = 0.5
#: ... and covers at least this share of the query, though the words that told the case are none of
#: the index's (« son +1 est resté sur mon perso revenu de la main »: a bonus typed as a number, a
#: form of « revenir » the rules never write): without it such a rule scored nothing.
CASE_COVERAGE_FLOOR = 0.2
#: ... and, the case told without a question or as a "what if", the best of them comes this much above
#: the best rule it does not call for (:func:`_told_case_first`).
TOLD_CASE_MARGIN = 1.01
#: A "how many" question (« combien ») favours rules that state a number (« deux cartes », « 2 »),
#: and more those whose number counts one of the query's words (« combien de zones » : « dix types
#: de zones »).
QUANTITY_BONUS = 1.2
COUNTED_BONUS = 1.5
QUANTITY_WORD = "combien"
#: ... asked in total (« en tout »): the rules stating how many kinds there are.
TOTAL_BONUS = 2.0


def word_scores(mem: Memory, word: Word, ruleset: str) -> dict[int, float]:
    """BM25F of one word in each document of the rule set that holds it (its best form per field)."""
    scores: dict[int, float] = {}
    for fieldname in KEYWORD_FIELDS:
        boost = FIELD_BOOSTS[fieldname]
        table = mem.bm25[fieldname]
        best: dict[int, float] = {}
        for form in word.all_forms:
            weighted = table.get(form)
            if not weighted:
                continue
            weight = boost if form in word.forms else boost * ALT_WEIGHT
            if word.count:
                weight *= COUNT_WEIGHT
            if not best:
                best = {docnum: value * weight for docnum, value in weighted.items()}
                continue
            for docnum, value in weighted.items():
                value *= weight
                if value > best.get(docnum, 0.0):
                    best[docnum] = value
        if not scores:
            scores = best
            continue
        for docnum, value in best.items():
            scores[docnum] = scores.get(docnum, 0.0) + value
    docs = mem.docs
    if word.parts:  # a compound: only the rules holding each of its parts
        held = [
            {d for f in KEYWORD_FIELDS for form in part for d in mem.postings[f].get(form, ())} for part in word.parts
        ]
        return {d: s for d, s in scores.items() if docs[d].ruleset == ruleset and all(d in h for h in held)}
    found = {d: s for d, s in scores.items() if docs[d].ruleset == ruleset}
    if word.meant and word.entry and found:
        # A word read through the vocabulary means the rules its entry names, however they say it
        # (« égalité »: « strictement supérieure » at the Dusk, 1.3.2.e; « gagne sur plus de
        # statistiques » in the tiebreaks, 4.3.h): each scores at least as the word's best rule.
        best = max(found.values())
        for number in word.entry:
            docnum = mem.by_number.get((ruleset, number))
            if docnum is not None and found.get(docnum, 0.0) < best:
                found[docnum] = best
    return found


def rank(
    mem: Memory,
    words: list[Word],
    ruleset: str,
    limit: int,
    only: set[int] | None = None,
    extra: dict[int, float] | None = None,
    reading: Reading | None = None,
) -> list[tuple[int, float]]:
    """(document, score) of the best ``limit`` rules for ``words``, best first.

    ``only`` restricts the candidates (a quoted phrase); ``extra`` adds scores (a rule number typed
    among the words); ``reading`` (a :class:`~.query.Reading`) says whether the query is a negated or
    a "what if" question."""
    per_word = [word_scores(mem, w, ruleset) for w in words]
    totals: dict[int, float] = dict(extra or {})
    for scores in per_word:
        for docnum, value in scores.items():
            totals[docnum] = totals.get(docnum, 0.0) + value
    if only is not None:
        totals = {d: s for d, s in totals.items() if d in only}
    if len(totals) > RERANK_DEPTH:  # only the best by BM25 are re-ranked (the boosts are bounded)
        totals = dict(sorted(totals.items(), key=itemgetter(1), reverse=True)[:RERANK_DEPTH])  # stable
    docs = mem.docs
    told = reading.cases.forms if reading else {}
    cases = {mem.by_number[(ruleset, r)]: forms for r, forms in told.items() if (ruleset, r) in mem.by_number}
    if cases and only is None:
        seed = max(totals.values(), default=1.0) * CASE_SEED
        for docnum in cases:
            totals.setdefault(docnum, seed)
    # Coverage weighs each word by its rarity: holding "tumulte" says more than holding "cartes".
    weights = [
        (math.log(len(docs) / (len(scores) + 1)) + 1.0) * (COUNT_WEIGHT if word.count else 1.0)
        for word, scores in zip(words, per_word, strict=True)
    ]
    weights = _phrases_as_one(words, weights)  # a vocabulary phrase weighs as one word
    total_weight = sum(weights) or 1.0
    coverage: dict[int, float] = {}  # share of the query's words each rule covers
    covered_all: set[int] = set()  # rules holding every word in their own fields
    named: list[int] = []  # rules whose title is the query
    negated = bool(reading and reading.negated)
    conditional = bool(reading and reading.conditional)
    case_bonus = CONDITIONAL_BONUS if conditional else SITUATION_BONUS if reading and reading.situation else 1.0
    quantity = bool(reading and reading.quantity)  # (then reading is set)
    told = conditional or bool(reading and reading.situation)  # a case: its deciding rule, not a definition
    retelling = _retelling(mem)
    about_articles = _about_articles(mem, words, per_word, retelling)
    # the words only articles hold: a rule lacking one of them does not answer (unless only an
    # article retelling the rules holds it: « transféré » is its way of saying « devient »)
    articles = frozenset(mem.articles)
    modes = [
        scores
        for word, scores in zip(words, per_word, strict=True)
        if scores
        and scores.keys() <= articles
        and not scores.keys() <= retelling
        and any(_dwells_on(mem, d, word) for d in scores)  # not « tout le monde », said once
    ]
    # the query's consecutive words, as the forms each stands for in a text (proximity)
    pairs = [(first.forms, second.forms) for first, second in pairwise(words)]
    for docnum in totals:
        doc = docs[docnum]
        covered = 0.0
        own = 0
        factor = 1.0
        defined = statements_defined(doc.text)
        avoided = False
        granted: set[tuple[str, ...]] = set()  # vocabulary entries whose bonus this rule has had
        # the number a rule states of one of the query's words answers its « combien »
        counting = quantity and any(not word.all_forms.isdisjoint(counted(doc.text)) for word in words)
        for word, scores, weight in zip(words, per_word, weights, strict=True):
            about_section = not word.all_forms.isdisjoint(doc.context)
            own += docnum in scores
            telling = docnum in cases and not word.all_forms.isdisjoint(cases[docnum])
            answered = counting and QUANTITY_WORD in word.forms
            covered += weight if (docnum in scores or about_section or telling or answered) else 0.0
            if word.avoid and _under(doc, word.avoid) and not _under(doc, word.definers):
                factor *= AVOID_FACTOR
                avoided = True
            elif (word.definers and _under(doc, word.definers)) or (
                # an English term is read as one meaning: the glossary's rules, not a text's; a
                # "what if" asks for the rule deciding the case, not the word's definition
                not (word.english and word.definers) and not told and not word.all_forms.isdisjoint(defined)
            ):
                # One entry read into several words (« qui commence » → premier joueur au hasard)
                # names its rules once: its bonus is not multiplied by the words it expands to.
                # An entry's rules are granted once per entry, whichever of its words (each with
                # its own glossary term's rules added) holds them; a rule only a word's glossary
                # term names is that word's definer, not the situation's.
                key = word.definers
                implied = False
                if word.meant:
                    key = word.entry if _under(doc, word.entry) else word.definers
                    implied = word.implied and key == word.entry
                if implied and key in granted:
                    pass
                elif implied:
                    factor *= IMPLIED_BONUS
                    if _under(doc, word.entry[:1]):  # its first rule, as for any entry
                        factor *= PRIMARY_BONUS
                elif not (word.meant and key in granted):
                    factor *= DEFINER_BONUS
                    if word.meant and _under(doc, word.definers[:1]):
                        factor *= PRIMARY_BONUS
                if word.meant:
                    granted.add(key)
            elif about_section:
                factor *= SECTION_TITLE_BONUS
        if docnum in cases:
            factor *= CASE_BONUS
        if pairs and _near(mem.positions[docnum], pairs):
            factor *= PROXIMITY_BONUS
        if doc.kind == "article" and docnum not in about_articles:
            factor *= ARTICLE_FACTOR
        elif doc.kind != "article" and any(docnum not in scores for scores in modes):
            factor *= MODE_FACTOR
        if negated and says(NEGATION, doc.text):
            factor *= NEGATION_BONUS
        if case_bonus != 1.0 and says(CONDITION, doc.text):
            factor *= case_bonus
        if quantity and says(QUANTITY, doc.text):
            factor *= QUANTITY_BONUS
            if counting:
                factor *= COUNTED_BONUS
            if reading.total and says(TOTAL, doc.text):
                factor *= TOTAL_BONUS
        coverage[docnum] = covered / total_weight
        if _is_title(doc.title, words) and not avoided:
            factor *= EXACT_TITLE_BONUS
            named.append(docnum)
        elif len(words) >= 2:
            share = covered / total_weight
            if docnum in cases:
                share = max(share, CASE_COVERAGE_FLOOR)
            factor *= share**COVERAGE_POWER
            if own == len(words):
                covered_all.add(docnum)
        totals[docnum] *= factor
    if len(words) >= 2:
        _rules_above_headings(mem, totals, covered_all, coverage)
        _details_above_summaries(mem, totals, coverage, words)
        _follow_ups_after(mem, totals)
    if told and cases and only is None:
        _told_case_first(totals, cases)
    _twins_together(mem, totals)
    if extra:  # a rule number typed among the words is what the judge wants first
        top = max(totals.values())
        for docnum in extra:
            if docnum in totals:
                totals[docnum] = top * 1.05
    else:
        _section_in_order(mem, totals, named)
    ranked = sorted(totals.items(), key=lambda pair: (-pair[1], docs[pair[0]].order))
    return ranked[:limit]


def _phrases_as_one(words: list[Word], weights: list[float]) -> list[float]:
    """The words one vocabulary phrase reads into (« mis en mana » → mettre carte main zone mana)
    weigh together as its rarest word does: a phrase typed is one thing the query says."""
    groups: dict[int, list[int]] = {}
    for i, word in enumerate(words):
        if word.phrase:
            groups.setdefault(word.phrase, []).append(i)
    weights = list(weights)
    for members in groups.values():
        if len(members) > PHRASE_OWN_WORDS:
            total = sum(weights[i] for i in members)
            top = max(weights[i] for i in members)
            for i in members:
                weights[i] *= top / total
    return weights


def _near(where: dict[str, list[int]], pairs: list[tuple[frozenset[str], frozenset[str]]]) -> bool:
    """Whether two consecutive words of the query (``pairs``: their forms) stand within a few words
    of each other, in order, in a text (``where``: each form's positions in it)."""
    held = where.keys()
    for firsts, seconds in pairs:
        if held.isdisjoint(seconds) or held.isdisjoint(firsts):
            continue
        before = {p for f in firsts if f in where for p in where[f]}
        if any(b - k in before for f in seconds if f in where for b in where[f] for k in range(1, NEAR_TOKENS + 1)):
            return True
    return False


def _is_title(title: str, words) -> bool:
    """Whether the title's content words are exactly the query's words (in any order)."""
    if not title or not words:
        return False
    mine = title_words(title)
    return (
        len(mine) == len(words)
        and all(any(not w.all_forms.isdisjoint(t) for t in mine) for w in words)
        and all(any(not w.all_forms.isdisjoint(t) for w in words) for t in mine)
    )


def _under(doc: Doc, definers: tuple[str, ...]) -> bool:
    """Whether a rule is one of ``definers`` (numbers or article slugs) or under one of them."""
    number = doc.number
    if not number:
        return doc.slug in definers
    return number in definers or number.startswith(_prefixes(definers))


@lru_cache(maxsize=1024)
def _prefixes(definers: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(d + "." for d in definers)


def _retelling(mem: Memory) -> frozenset[int]:
    """The articles that retell numbered rules (``summaries.articles`` in the vocabulary file)."""
    slugs = glossary.retelling_articles()
    return frozenset(d for d in mem.articles if mem.docs[d].slug in slugs)


def _about_articles(
    mem: Memory, words: list[Word], per_word: list[dict[int, float]], retelling: frozenset[int] = frozenset()
) -> set[int]:
    """The articles a query is about: its words name half of the article's title or more, a word's
    vocabulary entry names it, or a word is found in articles only (not in retelling ones only: the
    phases clarification's own wording is not what a query is about)."""
    about: set[int] = set()
    for word, scores in zip(words, per_word, strict=True):
        held = [d for d in mem.articles if d in scores]
        if not held:
            continue
        if len(held) == len(scores) and not all(d in retelling for d in held):
            # a word only articles hold tells what the query is about when the article dwells on
            # it (« coéquipier », « équipe »: the 2v2 mode), not when it uses it in passing
            # (« d'abord », « le droit », « cas »: every article says them once or twice)
            about.update(d for d in held if _dwells_on(mem, d, word))
            continue
        for docnum in held:
            doc = mem.docs[docnum]
            title = title_words(doc.title)
            named = sum(1 for t in title if any(not w.all_forms.isdisjoint(t) for w in words))
            if (word.definers and doc.slug in word.definers) or 2 * named >= len(title):
                about.add(docnum)
    return about


def _dwells_on(mem: Memory, docnum: int, word: Word) -> bool:
    """Whether an article is about ``word``: its title names it, its text says it often, or it is
    a number only articles state (« deck de 39 cartes »: the 2v2 mode's)."""
    if any(f.isdigit() for f in word.forms):
        return True
    if any(not word.all_forms.isdisjoint(t) for t in title_words(mem.docs[docnum].title)):
        return True
    where = mem.positions[docnum]
    return max((len(where[f]) for f in word.forms if f in where), default=0) >= ARTICLE_TOPIC_USES


def _section_in_order(mem: Memory, totals: dict[int, float], named: list[int]) -> None:
    """A query naming a section ("fugace", "coût de réserve"): the section first, then its rules in
    rules order (the judge reads it top-down: 2.4.6.c, what Fugace does at Rest, is not buried)."""
    headings = [d for d in named if mem.docs[d].kind == "section"]
    if not headings:
        return
    best = max(headings, key=lambda d: totals[d])
    doc = mem.docs[best]
    top = max(totals.values())
    totals[best] = top * 1.01
    below = [d for d in mem.subtree.get((doc.ruleset, doc.number), ()) if d != best and d in totals]
    if below and not doc.text.strip() and _defines_heading(mem.docs[below[0]], doc):
        # a heading with no text of its own (« 7.3.16 Ravitailler ») is answered by the rule that
        # defines it (« Ravitailler signifie … »): that rule first, the heading just after it
        totals[below[0]], totals[best] = top * 1.01, top * 1.005
        below = below[1:]
    for i, docnum in enumerate(below):
        totals[docnum] = top * (1.0 - 0.001 * (i + 1))


def _defines_heading(rule: Doc, heading: Doc) -> bool:
    """Whether ``rule`` opens by defining what ``heading`` is titled (« Limbo est une zone … »)."""
    said = statements_defined(rule.text)
    title = title_words(heading.title)
    return bool(said) and bool(title) and all(any(_akin(t, d) for t in words for d in said) for words in title)


def _akin(a: str, b: str) -> bool:
    """Two analysed forms of one word family: the same, or one the other's stem (« sabot »,
    « sabotag »: Saboter and Sabotage)."""
    return a == b or (min(len(a), len(b)) >= 5 and (a.startswith(b) or b.startswith(a)))


def _rules_above_headings(
    mem: Memory, totals: dict[int, float], covered_all: set[int], coverage: dict[int, float]
) -> None:
    """A heading goes just below the best of its rules that covers as much of the query (every
    word, when the heading does) or more (4.2.5.c, a discard under "Nuit", before the heading), and
    a heading with no text of its own just below the rule defining it that covers as much
    (« défausser ça veut dire quoi » : 7.3.4.a, « Défausser … signifie … »)."""
    docs = mem.docs
    for docnum in list(totals):
        doc = docs[docnum]
        if doc.kind != "section" or not doc.number:
            continue
        mine = coverage.get(docnum, 0.0)
        rules = mem.subtree.get((doc.ruleset, doc.number), ())
        first = next((d for d in rules if d != docnum), None)
        defining = first if first is not None and not doc.text.strip() and _defines_heading(docs[first], doc) else None
        below = [
            d
            for d in rules
            if d != docnum
            and d in totals
            and (
                ((d in covered_all) if docnum in covered_all else coverage.get(d, 0.0) > mine + 1e-9)
                or (d == defining and coverage.get(d, 0.0) >= mine - 1e-9)
            )
        ]
        if below:
            best = max(totals[d] for d in below)
            if totals[docnum] >= best:
                totals[docnum] = best * 0.99


def _follow_ups_after(mem: Memory, totals: dict[int, float]) -> None:
    """A rule continuing the one before it goes just below it when both are candidates (3.2.2.e
    after 3.2.2.d), from above or from further down: the two make one statement, which the judge
    reads together; unless the follow-up answers the query by far better (``FOLLOW_UP_OWN``): then
    the query is about what it adds (« toujours pas », « ne fait rien »)."""
    docs = mem.docs
    for docnum in list(totals):
        doc = docs[docnum]
        if not doc.number or not FOLLOW_UP.match(doc.text):
            continue
        before = _previous(mem, doc)
        if before is not None and before in totals and totals[docnum] < totals[before] * FOLLOW_UP_OWN:
            totals[docnum] = totals[before] * 0.99


def _told_case_first(totals: dict[int, float], cases: dict[int, frozenset[str]]) -> None:
    """A case told, no question asked or as a "what if" (« il a posé deux persos d'affilée sans me
    laisser jouer », « que se passe-t-il si … »): of the rules the judge's situation index calls for,
    the one that scores best comes first (1.3.2.d: one card a turn). The index was written from each
    rule's text for the cases it decides; a rule that holds more of the query's words (2.4.6.a:
    « Personnage », « joué ») but decides nothing told comes after it. A question keeps its ranking."""
    best = max(cases, key=lambda docnum: totals.get(docnum, 0.0))
    others = max((score for docnum, score in totals.items() if docnum not in cases), default=0.0)
    if best in totals and totals[best] < others:
        totals[best] = others * TOLD_CASE_MARGIN


def _twins_together(mem: Memory, totals: dict[int, float]) -> None:
    """A rule whose text another rule repeats word for word (1.1.6.h, 7.1.4.a) comes just below it:
    the judge sees both places the rules say it."""
    twins = mem.twins
    present = [d for d in totals if d in twins]  # most queries: none
    for docnum in sorted(present, key=totals.__getitem__, reverse=True):
        score = totals[docnum]
        for twin in twins[docnum]:
            if totals.get(twin, 0.0) < score * 0.99:
                totals[twin] = score * 0.99


def _previous(mem: Memory, doc: Doc) -> int | None:
    """The rule just before ``doc`` at its level (3.2.2.d for 3.2.2.e), if it exists."""
    siblings = mem.siblings(doc.ruleset, doc.number.rsplit(".", 1)[0])
    i = siblings.index(doc.number) if doc.number in siblings else -1
    return mem.by_number.get((doc.ruleset, siblings[i - 1])) if i > 0 else None


def _stated(mem: Memory, docnum: int, words: list[Word]) -> set[int]:
    """Which of the query's words (their positions) a rule holds in its title or text."""
    postings = mem.postings
    return {
        i
        for i, word in enumerate(words)
        if any(docnum in postings[f].get(form, ()) for f in ("title", "text") for form in word.all_forms)
    }


def _remarked_only(mem: Memory, docnum: int, words: list[Word]) -> set[int]:
    """Which of the query's words a rule holds in its remarks only."""
    remarks = mem.postings["remarks"]
    stated = _stated(mem, docnum, words)
    return {
        i
        for i, word in enumerate(words)
        if i not in stated and any(docnum in remarks.get(form, ()) for form in word.all_forms)
    }


def _details_above_summaries(
    mem: Memory, totals: dict[int, float], coverage: dict[int, float], words: list[Word]
) -> None:
    """A rule that retells others (1.3.2.f; a heading with text of its own, 7.3.19) goes below the
    one of them the query is about (it names its section: Fugace for 2.4.6.c) when that one answers
    it nearly as well; summaries retell summaries (1.3.2.f retells 4.2.5.b): two passes settle the
    order."""
    docs = mem.docs
    # a heading with text of its own (7.3.19) retells the rules below it, as the vocabulary's do
    summaries = {**mem.summary_headings, **glossary.summaries()}
    present = [d for d in totals if docs[d].number in summaries]
    if not present:
        return
    forms = frozenset().union(*(w.all_forms for w in words))
    # a situation's rules are named too (« joué depuis la réserve » names Fugace, 2.4.6)
    implied = tuple(dict.fromkeys(r for w in words if w.implied for r in w.definers))
    candidates = {
        docnum: [
            d
            for d in totals
            if d != docnum
            and _under(docs[d], summaries[docs[docnum].number])
            and (not forms.isdisjoint(mem.named[d]) or (implied and _under(docs[d], implied)))
        ]
        for docnum in present
    }
    for docnum in sorted(present, key=lambda d: -totals[d]) * 2:
        # a rule naming in a remark only what the summary states (4.2.5.b lists Ancré among the
        # statuses modifying the Rest; 1.3.2.f says Ancré is removed) does not decide it
        stated = _stated(mem, docnum, words)
        details = [
            d
            for d in candidates[docnum]
            if coverage.get(d, 0.0) >= SUMMARY_COVERAGE * coverage[docnum]
            and not (stated & _remarked_only(mem, d, words))
        ]
        ranked = sorted(details, key=lambda d: -coverage[d])
        # Only an unambiguous answer goes first: when two retold rules cover the query as well,
        # the summary that holds both stays above them.
        if ranked and (len(ranked) == 1 or coverage[ranked[0]] > coverage[ranked[1]] + 1e-9):
            best = ranked[0]
            if totals[best] <= totals[docnum]:
                totals[best] = totals[docnum] * 1.01
