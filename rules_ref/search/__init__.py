"""Search over the rules (Whoosh is known only inside this package).

Two kinds of query:

* a rule number however typed (``4.2.5.c``, ``4.2.5``, ``3.2.9 f``, ``R2.4.6.c``, ``règle 2.4.6.c``,
  ``2 4 6 c``, ``3,2,9,f``) goes straight to that rule, then its subtree in rules order; a missing
  one to the rules citing it, its section and its nearest rule;
* anything else is a French keyword query over title, text and remarks, with English game terms,
  judges' synonyms and the players' vocabulary read through the glossary, question words and
  negation read, a case told without a question (« jeton renvoyé dans la main ») read as a situation
  (its counts weighed less, the rules deciding a case favoured, the vocabulary's situations naming
  the rule the circumstances point to), the circumstances it tells read through the judge's situation
  index (« piocher avec un deck vide » → 3.2.2.d, in any order and inflection), accents folded, stemming, elisions, stop words,
  phrases in quotes, typo tolerance (unknown words replaced by their nearest indexed word, then
  fuzzy matching as a last resort), ranked so that the deciding rule comes first, with snippets.

Modules, each importing only those listed before it: ``words`` (a query's words), ``text`` (stored
texts analysed), ``statements`` (what a rule's text says: a definition, a case, a number), ``index`` (the index on disk), ``memory`` (its in-memory reading), ``hits``,
``snippets``, ``spelling``, ``numbers`` (rule numbers however typed), ``circumstances`` (the
situations a query tells), ``query`` (reading the words
and what the query asks), ``ranking``, ``pipeline`` (a search from query to results), ``suggest``, ``warm`` (every table built
before a worker serves).
"""

from __future__ import annotations

from .hits import Hit, Results
from .index import IndexMissing, close_searcher, current_index_dir, rebuild, searcher
from .numbers import parse_number
from .pipeline import search
from .suggest import suggest
from .words import normalize_query

__all__ = [
    "Hit",
    "IndexMissing",
    "Results",
    "close_searcher",
    "current_index_dir",
    "normalize_query",
    "parse_number",
    "rebuild",
    "search",
    "searcher",
    "suggest",
]
