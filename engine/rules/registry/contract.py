"""The rule contract: a log entry cites only the numbers its running rule functions declare, and under
cr-5.0 no paragraph of CR 5.0's section 1 (an informal summary, 1.1.1.c–d). Off in production; the
engine's tests turn it on (tests/engine/conftest.py) and read :data:`VIOLATIONS`."""

from __future__ import annotations

from types import FrameType

from ...versions import CR5, is_summary
from .declare import RULE_CODES
from .render import citable

#: (source function, numbers cited that no running rule function declares, the entry's text)
VIOLATIONS: list[tuple[str | None, tuple[str, ...], str]] = []


def running(frame: FrameType | None) -> tuple[str | None, frozenset[str]]:
    """(the innermost rule function on the stack from `frame`, every number the rule functions on
    the stack declare): who emits a log entry, and what it may cite."""
    source: str | None = None
    declared: frozenset[str] = frozenset()
    while frame is not None:
        info = RULE_CODES.get(frame.f_code)
        if info is not None:
            source = source or info[0]
            declared |= info[1]
        frame = frame.f_back
    return source, declared


def check_contract(
    frame: FrameType | None, rules: tuple[str, ...], text: str, extra: frozenset[str] = frozenset()
) -> str | None:
    """Record a violation when `rules` cites a number no running rule function declares; return
    the entry's source function."""
    source, declared = running(frame)
    bad = tuple(r for r in rules if r not in declared and r not in extra)
    if bad:
        VIOLATIONS.append((source, bad, text))
    return source


def check_summary(cited: tuple[str, ...], text: str) -> None:
    """cr-5.0 (CR 5.0 1.1.1.c–d): section 1 is an informal summary, not rules; a log entry citing one
    of its paragraphs is a violation of the contract."""
    bad = tuple(n for n in cited if is_summary(n))
    if bad:
        VIOLATIONS.append(("section 1 of CR 5.0 (1.1.1.d)", bad, text))


def check_refusal(ruleset: str, decides: tuple[str, ...], cited: tuple[str, ...], text: str) -> None:
    """A refused decision (engine.IllegalDecision) cites the rules that decide it: each declared by a
    rule function (`decides`, as the engine numbers them), and under cr-5.0 none of section 1."""
    bad = tuple(n for n in decides if n not in citable())
    if bad:
        VIOLATIONS.append(("refusal", bad, text))
    if ruleset == CR5:
        check_summary(cited, text)


#: the French numbers cited under cr-5.0 while the contract is checked (tests read it)
CR5_CITED: set[str] = set()
