"""The index in memory: read once per index build and process, shared by the process's threads.

The rules are a few hundred short documents: the whole index (postings, field lengths, stored
fields) fits in plain dicts, and queries are scored on those (``ranking.py``) instead of through
Whoosh's matcher trees and collectors, which took about half of each query's time (profiled on the
relevance queries: Whoosh's search 47 %, snippets 16 %, correction 11 %, the re-ranking passes 16 %;
6.4 ms median CPU then, 1.2 ms now, FTS5 0.66 ms, in one run). This is the index itself, read-only,
not a cache of results: a rebuild makes a new build key and the next query reads the new index.
Reading it (and analysing its stored texts for snippets) costs about 0.2 s of CPU once per build and
process.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from functools import cached_property

from ..parser import CITATION, ancestors, number_key
from .index import KEYWORD_FIELDS, index_key, searcher
from .text import analyse, flat, title_words

#: BM25's parameters (``ranking.py`` scores with them): the part of each posting's score that depends
#: on the document alone is computed here, once per build.
K1 = 1.2
#: Length normalisation, stronger than BM25's usual 0.75: a long rule retelling several (1.3.2.b, the
#: whole Morning) gains less from holding a word than the short rule that decides it.
B = 0.9

_memories: dict[tuple[str, str], Memory] = {}
_memories_lock = threading.Lock()


@dataclass
class Doc:
    docnum: int
    key: str
    ruleset: str
    slug: str
    number: str  # "" for an article
    kind: str
    order: int
    title: str
    text: str
    remarks: str
    context: frozenset[str]


@dataclass
class Memory:
    """The whole index as plain dicts: shared by the process's threads, read-only."""

    docs: list[Doc]
    #: field → analysed term → {docnum: term frequency}
    postings: dict[str, dict[str, dict[int, float]]]
    #: field → [length of the field in each document]
    lengths: dict[str, list[int]]
    average: dict[str, float]
    by_number: dict[tuple[str, str], int]
    #: (rule set, number) → its subtree's documents in rules order (the number included)
    subtree: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    #: every whole folded word of the index, sorted (prefixes, spelling): word → documents holding it
    vocabulary: list[str] = field(default_factory=list)
    #: rule number → documents whose text or remarks cite it (``6.1.g`` → 4.2.5.c), existing or not
    cited_by: dict[str, list[int]] = field(default_factory=dict)
    #: rule set → its numbers in rules order (the nearest rules to a missing number)
    sorted_numbers: dict[str, list[str]] = field(default_factory=dict)
    #: the articles (documents without a number)
    articles: list[int] = field(default_factory=list)
    _siblings: dict[tuple[str, str], list[str]] = field(default_factory=dict, repr=False)

    @cached_property
    def positions(self) -> list[dict[str, list[int]]]:
        """Each document's text as the ranking measures proximity in it: analysed form → positions."""
        return [analyse(flat(doc.text), False).where for doc in self.docs]

    @cached_property
    def bm25(self) -> dict[str, dict[str, dict[int, float]]]:
        """Keyword field → analysed term → {docnum: idf × BM25's saturated, length-normalised term
        frequency}: a word's score in a document is this times its weight. Terms whose idf is not
        positive (held by more than a third of the documents) score nothing and are left out."""
        n = len(self.docs)
        found: dict[str, dict[str, dict[int, float]]] = {}
        for fieldname in KEYWORD_FIELDS:
            lengths, average = self.lengths[fieldname], self.average[fieldname] or 1.0
            table: dict[str, dict[int, float]] = {}
            for term, postings in self.postings[fieldname].items():
                idf = math.log(n / (len(postings) + 1)) + 1.0
                if idf > 0:
                    table[term] = {
                        docnum: idf * (tf * (K1 + 1) / (tf + K1 * (1 - B + B * lengths[docnum] / average)))
                        for docnum, tf in postings.items()
                    }
            found[fieldname] = table
        return found

    @cached_property
    def named(self) -> list[frozenset[str]]:
        """Each document's names, as analysed forms: the titles of its sections and its own title's
        words (what a query names a rule by)."""
        return [doc.context.union(*title_words(doc.title)) for doc in self.docs]

    @cached_property
    def numbers(self) -> frozenset[str]:
        """Every rule number, in any rule set (a number typed loosely is read as one of them)."""
        return frozenset(number for _, number in self.by_number)

    @cached_property
    def summary_headings(self) -> dict[str, tuple[str, ...]]:
        """Section headings with text of their own (7.3.19, Sacrifier: what a Sacrifice is, what it is
        used for): each retells the rules below it (``number → (number,)``, as the vocabulary's
        ``summaries`` map a rule to the rules it retells)."""
        return {d.number: (d.number,) for d in self.docs if d.kind == "section" and d.number and d.text.strip()}

    @cached_property
    def twins(self) -> dict[int, tuple[int, ...]]:
        """Rules of a rule set whose text is another's, word for word (1.1.6.h and 7.1.4.a: « Le
        symbole signifie « Épuisez-moi » »): each document → the others."""
        by_text: dict[tuple[str, str], list[int]] = {}
        for docnum, doc in enumerate(self.docs):
            if doc.number and doc.text.strip():
                by_text.setdefault((doc.ruleset, " ".join(doc.text.split())), []).append(docnum)
        return {d: tuple(o for o in group if o != d) for group in by_text.values() if len(group) > 1 for d in group}

    def known(self, fieldname: str, term: str) -> bool:
        return term in self.postings[fieldname]

    def siblings(self, ruleset: str, parent: str) -> list[str]:
        """The numbers directly under ``parent`` in ``ruleset``, in rules order."""
        key = (ruleset, parent)
        found = self._siblings.get(key)
        if found is None:
            prefix = parent + "."
            found = [
                n for n in self.sorted_numbers.get(ruleset, []) if n.startswith(prefix) and "." not in n[len(prefix) :]
            ]
            self._siblings[key] = found
        return found


def memory() -> Memory:
    """The in-memory reading of the current index build (read once per build and process)."""
    key = index_key()
    found = _memories.get(key)
    if found is not None:
        return found
    with _memories_lock:
        found = _memories.get(key)
        if found is None:
            found = _read(searcher())
            found.bm25, found.positions  # noqa: B018 (computed now, so that no query pays for them)
            for doc in found.docs:  # every stored text's word forms, so that no query pays for them
                for text in (doc.text, doc.remarks, doc.title):
                    if text:
                        analyse(flat(text), False)
            _memories.clear()  # one build at a time: an old one is never asked for again
            _memories[key] = found
    return found


def _read(s) -> Memory:
    reader = s.reader()
    docs = []
    for docnum, stored in reader.iter_docs():
        docs.append(
            Doc(
                docnum=docnum,
                key=stored["key"],
                ruleset=stored["ruleset"],
                slug=stored["slug"],
                number=stored.get("number") or "",
                kind=stored["kind"],
                order=stored.get("order") or 0,
                title=stored.get("title") or "",
                text=stored.get("text") or "",
                remarks=stored.get("remarks") or "",
                context=frozenset((stored.get("context") or "").split()),
            )
        )
    docs.sort(key=lambda d: d.docnum)
    size = (docs[-1].docnum + 1) if docs else 0
    postings: dict[str, dict[str, dict[int, float]]] = {}
    lengths: dict[str, list[int]] = {}
    for fieldname in (*KEYWORD_FIELDS, "words"):
        terms: dict[str, dict[int, float]] = {}
        counts = [0] * size
        for raw in reader.lexicon(fieldname):
            term = raw.decode() if isinstance(raw, bytes) else raw
            items = dict(reader.postings(fieldname, term).items_as("weight"))
            terms[term] = items
            for docnum, weight in items.items():
                counts[docnum] += weight
        postings[fieldname] = terms
        lengths[fieldname] = counts
    average = {f: (sum(c) / max(1, sum(1 for x in c if x))) for f, c in lengths.items()}
    by_number = {(d.ruleset, d.number): d.docnum for d in docs if d.number}
    subtree: dict[tuple[str, str], list[int]] = {}
    for d in sorted(docs, key=lambda d: d.order):
        for level in ancestors(d.number) if d.number else []:
            subtree.setdefault((d.ruleset, level), []).append(d.docnum)
    cited_by: dict[str, list[int]] = {}
    for d in docs:
        for cited in dict.fromkeys(CITATION.findall(f"{d.text} {d.remarks}")):
            if cited != d.number:
                cited_by.setdefault(cited, []).append(d.docnum)
    sorted_numbers: dict[str, list[str]] = {}
    for ruleset, number in sorted(by_number, key=lambda pair: (pair[0], number_key(pair[1]))):
        sorted_numbers.setdefault(ruleset, []).append(number)
    return Memory(
        cited_by=cited_by,
        articles=[d.docnum for d in docs if d.kind == "article"],
        sorted_numbers=sorted_numbers,
        docs=docs,
        postings=postings,
        lengths=lengths,
        average=average,
        by_number=by_number,
        subtree=subtree,
        vocabulary=sorted(postings["words"]),
    )
