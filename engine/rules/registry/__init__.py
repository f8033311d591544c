"""Which seed rules the engine implements, declared by the code itself; one idea a module:

- :mod:`.declare`: ``@implements("4.2.5.b", ...)`` records the numbers a rule function may cite,
  ``@implements_article`` / ``@implements_phases`` the glossary paragraphs it plays;
- :mod:`.contract`: the rule contract the tests check (every cited number declared by a running
  rule function; no CR 5.0 section-1 paragraph under cr-5.0);
- :mod:`.coverage`: the prose on what is not played (:data:`NOT_IMPLEMENTED`, :data:`HEADINGS`,
  the cr-5.0 lists, the articles' paragraphs that do not apply);
- :mod:`.render`: RULES.md (``python -m engine rules``, committed as ``engine/RULES.md``).

The rules and the game import them from here.
"""

from __future__ import annotations

from .contract import CR5_CITED, VIOLATIONS, check_contract, check_refusal, check_summary, running
from .coverage import (
    ARTICLE_NOT_APPLICABLE,
    CR5_NOT_PLAYED,
    CR5_PLAYED,
    CR5_TRANSLATED,
    HEADINGS,
    NOT_IMPLEMENTED,
    PHASES_NOT_APPLICABLE,
)
from .declare import (
    ARTICLE_2V2,
    ARTICLE_IMPLEMENTED,
    ARTICLE_PHASES,
    ARTICLE_SECTIONS,
    ARTICLE_SLUGS,
    ENGINE_DIR,
    IMPLEMENTED,
    INTRO,
    LOCATIONS,
    PHASES_IMPLEMENTED,
    RULE_CODES,
    art,
    implements,
    implements_article,
    implements_phases,
    phases,
)
from .render import (
    article_paragraphs,
    article_table,
    citable,
    citable_articles,
    cr5_status,
    cr5_table,
    french,
    implemented,
    phases_paragraphs,
    phases_table,
    seed_article_paragraphs,
    seed_phases_paragraphs,
    sort_key,
    table,
)

#: the rule contract is off in production; the tests turn it on (tests/engine/conftest.py) and read VIOLATIONS
CONTRACT = False

__all__ = [
    "ARTICLE_2V2",
    "ARTICLE_IMPLEMENTED",
    "ARTICLE_NOT_APPLICABLE",
    "ARTICLE_PHASES",
    "ARTICLE_SECTIONS",
    "ARTICLE_SLUGS",
    "CONTRACT",
    "CR5_CITED",
    "CR5_NOT_PLAYED",
    "CR5_PLAYED",
    "CR5_TRANSLATED",
    "ENGINE_DIR",
    "HEADINGS",
    "IMPLEMENTED",
    "INTRO",
    "LOCATIONS",
    "NOT_IMPLEMENTED",
    "PHASES_IMPLEMENTED",
    "PHASES_NOT_APPLICABLE",
    "RULE_CODES",
    "VIOLATIONS",
    "art",
    "article_paragraphs",
    "article_table",
    "check_contract",
    "check_refusal",
    "check_summary",
    "citable",
    "citable_articles",
    "cr5_status",
    "cr5_table",
    "french",
    "implemented",
    "implements",
    "implements_article",
    "implements_phases",
    "phases",
    "phases_paragraphs",
    "phases_table",
    "running",
    "seed_article_paragraphs",
    "seed_phases_paragraphs",
    "sort_key",
    "table",
]
