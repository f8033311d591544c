"""Exercises from scenarios: the engine answers, the trainee guesses.

An exercise stops a scenario at a position (``steps`` performed, as in :mod:`judge.scenarios.runner`) and asks
what happens next. :func:`build` replays the document to that position (:mod:`.replay`), performs what comes
next and turns what the engine did into a :class:`Question` (:mod:`.kinds`): the right answer read from the
step's events and the state after it, wrong options a judge could believe (the zones another rule would
send the card to, the other expeditions, counts from a misreading, the rules near the one that decided,
:mod:`.rules`). What the trainee sees (:mod:`.board`) states the position in game terms and every fact
the board does not show; a question whose answer would change with a fact the trainee cannot see, or
with chance, is refused (:mod:`.making`). Nothing in a question is typed by hand; every word of a game
object comes from :mod:`engine.text`.
"""

from .board import HIDDEN_KEYS, board_of, card_in, card_texts, screen, zone_label, zone_of
from .kinds import OPTIONS
from .making import KINDS, MULTIPLE, QUESTION_FORMAT, Question, alternatives, build
from .replay import REFUSALS, ExerciseError, StepRun, document_hash, run_step
from .rules import neighbour_rules, rule_summary, rule_text, section_label, section_of

__all__ = [
    "HIDDEN_KEYS",
    "KINDS",
    "MULTIPLE",
    "OPTIONS",
    "QUESTION_FORMAT",
    "REFUSALS",
    "ExerciseError",
    "Question",
    "StepRun",
    "alternatives",
    "board_of",
    "build",
    "card_in",
    "card_texts",
    "document_hash",
    "neighbour_rules",
    "rule_summary",
    "rule_text",
    "run_step",
    "screen",
    "section_label",
    "section_of",
    "zone_label",
    "zone_of",
]
