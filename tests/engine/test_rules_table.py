"""The rules the engine cites exist in the seed rules, and RULES.md is generated from the code."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from engine.rules.registry import HEADINGS, NOT_IMPLEMENTED, citable, implemented, table
from engine.versions import is_cr5

ROOT = Path(__file__).resolve().parents[2]
NUMBER = re.compile(r"^(\d+\.\d+(?:\.\d+)?(?:\.[a-z])?)\*?(?:\s|$)", re.M)


def seed_numbers() -> set[str]:
    found: set[str] = set()
    for path in sorted((ROOT / "fixtures" / "rules").glob("*.txt")):
        found.update(NUMBER.findall(path.read_text(encoding="utf-8")))
    return found


def test_seed_rules_are_found():
    assert {"4.2.5.c", "2.4.6.c", "1.3.2.d", "7.3.16.b", "2.4.3"} <= seed_numbers()


def french(numbers) -> set[str]:
    """The French numbers among declared ones (v5.0 numbers, "6.5.b (CR 5.0)", are not seed rules)."""
    return {n for n in numbers if not is_cr5(n)}


def test_every_citable_rule_exists_in_the_seeds():
    assert french(citable()) - seed_numbers() == set()


def test_every_seed_rule_is_implemented_or_explained():
    numbers = seed_numbers()
    covered = french(implemented()) | set(NOT_IMPLEMENTED) | set(HEADINGS)
    assert numbers - covered == set()
    assert covered - numbers == set()
    assert not set(implemented()) & set(NOT_IMPLEMENTED), "a rule is both implemented and not"
    assert all(NOT_IMPLEMENTED.values())


def test_committed_rules_md_is_the_generated_table():
    assert (ROOT / "engine" / "RULES.md").read_text(encoding="utf-8") == table()


def test_cli_prints_the_table():
    out = subprocess.run(
        [sys.executable, "-m", "engine", "rules"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert out == table()


def test_every_effect_verb_names_the_rule_that_defines_it():
    from engine.model import VERBS
    from engine.rules.targets import VERB_RULES

    assert set(VERB_RULES) == set(VERBS)
    assert {r for rules in VERB_RULES.values() for r in rules} <= citable()


# -- the 2v2 glossary article: cited by title and subheading, every paragraph accounted for ------------
def seed_article() -> list[tuple[str, int, str]]:
    from engine.rules.registry import ARTICLE_2V2, article_paragraphs

    for path in sorted((ROOT / "fixtures" / "rules").glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        if f"\n{ARTICLE_2V2}\n" in text:
            return article_paragraphs(text)
    raise AssertionError("the 2v2 article is not in the seeds")


def test_article_subheadings_are_the_seeds():
    from engine.rules.registry import ARTICLE_SECTIONS

    found = list(dict.fromkeys(section for section, _, _ in seed_article()))
    assert tuple(found) == ARTICLE_SECTIONS


def test_every_citable_article_section_exists_in_the_seeds():
    from engine.rules.registry import ARTICLE_2V2, citable_articles

    sections = {section for section, _, _ in seed_article()}
    assert citable_articles()
    assert {s for title, s in citable_articles() if title == ARTICLE_2V2} <= sections


def test_every_article_paragraph_is_played_or_not_applicable():
    from engine.rules.registry import ARTICLE_IMPLEMENTED, ARTICLE_NOT_APPLICABLE, implemented

    implemented()
    paragraphs = {(section, n) for section, n, _ in seed_article()}
    assert paragraphs == set(ARTICLE_IMPLEMENTED) | set(ARTICLE_NOT_APPLICABLE)
    assert not set(ARTICLE_IMPLEMENTED) & set(ARTICLE_NOT_APPLICABLE)
    assert all(ARTICLE_NOT_APPLICABLE.values())
