"""Run a scenario document for the site: replay to a position, then step, run to a phase's last step
(``PhaseEnd``, the stepper's and the comparison's F alike), to a phase or the end (:mod:`.play`: ``run``,
the run API); and the stepper's way (:mod:`.stepper`: ``position`` once, then
``step_from`` the state each answer gave: no replay from the start per step); what the judge is told
of a run's log (:mod:`.verdict`: the deciding entry, the notes, the forced decisions).

The site keeps no game in memory between requests: a position is the number of steps performed
from the document's start (``steps``), so "back one step" is the same document with one step
fewer. Replay is deterministic (the engine's randomness comes only from the seed) and cheap.
Extra ``decisions`` (the judge's choices on the stepper) are given to the engine, in order, each time
it waits for one. A decision with one legal answer is played for the judge (:func:`forced`) and its
log entry says so (``forced``): nobody needs to click « A passe » when passing is all A may do.
"""

from .play import MAX_STEPS, PHASE_ORDER, UNTIL, Mornings, PhaseEnd, RunError, forced, play_forced, run
from .stepper import STEP_ACTIONS, diff, patch, position, states_at, step_from
from .verdict import ENGLISH_TERMS, FORCED_TEXT, decisive_entry, decisive_step, explain_english, since_last_choice

__all__ = [
    "ENGLISH_TERMS",
    "FORCED_TEXT",
    "MAX_STEPS",
    "PHASE_ORDER",
    "STEP_ACTIONS",
    "UNTIL",
    "Mornings",
    "PhaseEnd",
    "RunError",
    "decisive_entry",
    "decisive_step",
    "diff",
    "explain_english",
    "forced",
    "patch",
    "play_forced",
    "position",
    "run",
    "since_last_choice",
    "states_at",
    "step_from",
]
