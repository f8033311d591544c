"""Exams, as the API runs them: drawn by a staff-set template, kept in the database, scored at the end.

The examinee chooses nothing of the exam (pass mark, duration, sections, number of questions: the
template's). Until the exam ends, nothing says whether an answer was right: not the answer's response,
not the series, not the progress, the statistics or the review queue (:meth:`Attempt.settled`); and
nobody else may answer its questions (:meth:`ExerciseQuerySet.outside_running_exams`). A section the
template asks for that the bank cannot fill is said: an exam of named sections is then refused, an
exam of "every section" lists it.

Starting one is guarded: a signed-in judge only (an anonymous caller could lock the pool's questions
away from practice by starting exams), one running exam per judge, the template's retake rules
(:meth:`ExamTemplate.retake_refusal`: so many sittings, so many hours apart, since each ended exam
shows its correction), and a request rate (``exam-start``, per judge and per address). A template may
demand questions of the exam-only pool (``min_exam_only``); an exam drawn without any says so
(``notice``).

Who sees the keys: the answer of a question is in the API only after the trainee answered it in
practice, or once the exam ended (never for the exam-only pool), and always to who may edit the
exercise: its author and staff (``ExerciseSerializer``). Staff see the keys of the exam-only pool by
design; a staff account must not sit an exam as a candidate.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from django.db.models import Q

from .corrections import misreadings, rule_quote
from .models import Exam, ExamQuestion, ExamTemplate, Exercise
from .questions import section_label

#: Fields of a series request that are the template's in an exam: sent by the examinee, refused.
TEMPLATE_FIELDS = ("pass_mark", "per_section", "sections", "section", "limit", "count", "difficulty", "level", "tag")


class ExamRefused(Exception):
    """The template cannot be drawn from the bank (the message, in French, says which sections)."""

    def __init__(self, detail: str, unfilled: list[dict]):
        super().__init__(detail)
        self.detail, self.unfilled = detail, unfilled


@dataclass
class Draw:
    exercises: list[Exercise]
    unfilled: list[dict] = field(default_factory=list)  # [{"section", "label", "wanted", "available"}]


def exam_pool(user):
    """What an exam may draw: published exercises whose answer rests on the rules' text, readable by the
    examinee or in the exam-only pool, never one the examinee wrote (its author knows the answer)."""
    from judge.scenarios.models import Scenario

    # The exam-only pool comes from private scenarios only (a readable scenario is stepped through by
    # anyone who reads it, its answers with it): one its author made public since is left out.
    secret = Q(exam_only=True, scenario__visibility=Scenario.Visibility.PRIVATE)
    qs = Exercise.objects.for_exam().filter(Q(scenario__in=Scenario.objects.visible_to(user), exam_only=False) | secret)
    qs = qs.filter(scenario__deleted__isnull=True)
    if user is not None and user.is_authenticated:
        qs = qs.exclude(scenario__author=user).exclude(author=user)
    return qs.select_related("scenario", "author").prefetch_related("scenario__tags")


#: How many orders a section is drawn in before it is said unfilled (bounded: sections hold tens).
DRAW_ATTEMPTS = 20


def draw(template: ExamTemplate, pool: list[Exercise], rng: random.Random | None = None) -> Draw:
    """``template.per_section`` questions of each of its sections (every section of the pool when it names
    none), never two from one scenario. Raises :class:`ExamRefused` when a named section cannot be filled."""
    rng = rng or random.Random()
    per = template.per_section
    by_section: dict[str, list[Exercise]] = {}
    for exercise in pool:
        if exercise.section:
            by_section.setdefault(exercise.section, []).append(exercise)
    wanted = sorted(template.sections or by_section)
    used: set[int] = set()
    chosen: list[Exercise] = []
    unfilled: list[dict] = []
    # The questions of one exam do not answer each other: a "which rule" question offering, as one of
    # its options, the rule that decides another question of the exam is not drawn with it.
    decisive: set[str] = set()
    offered: set[str] = set()

    def answers_another(exercise: Exercise, picked: list[Exercise]) -> bool:
        rules = decisive | {e.rule for e in picked}
        options = offered.union(*(_offered_rules(e) for e in picked))
        return exercise.rule in options or bool(_offered_rules(exercise) & rules)

    # The sections with the fewest scenarios choose first, so they are not starved by the others.
    for section in sorted(wanted, key=lambda s: (len({e.scenario_id for e in by_section.get(s, [])}), s)):
        picked: list[Exercise] = []
        # A first pick can rule out every other (a rule question offering the rules the others turn on):
        # the section is drawn again in another order before it is said unfilled.
        for _ in range(DRAW_ATTEMPTS):
            candidates = by_section.get(section, [])[:]
            rng.shuffle(candidates)
            if template.min_exam_only:  # the exam-only pool first, so the exam holds what practice never shows
                candidates.sort(key=lambda e: not e.exam_only)
            picked = []
            for exercise in candidates:
                if exercise.scenario_id in used or exercise.scenario_id in {e.scenario_id for e in picked}:
                    continue
                if answers_another(exercise, picked):
                    continue
                picked.append(exercise)
                if len(picked) == per:
                    break
            if len(picked) == per:
                break
        if len(picked) == per:
            chosen += picked
            used |= {e.scenario_id for e in picked}
            decisive.update(e.rule for e in picked)
            offered.update(*(_offered_rules(e) for e in picked))
        else:
            unfilled.append(
                {"section": section, "label": section_label(section), "wanted": per, "available": len(picked)}
            )
    unfilled.sort(key=lambda row: row["section"])
    if unfilled and template.sections:
        raise ExamRefused(
            "Cet examen ne peut pas être tiré : "
            + " ; ".join(
                f"section {row['label']} : {row['available']} question(s) de scénarios distincts sur {row['wanted']}"
                for row in unfilled
            )
            + ".",
            unfilled,
        )
    secret = sum(1 for e in chosen if e.exam_only)
    if secret < template.min_exam_only:
        raise ExamRefused(
            f"Cet examen ne peut pas être tiré : il demande au moins {template.min_exam_only} question(s) réservée(s) "
            f"aux examens, le lot réservé n'en fournit que {secret}.",
            unfilled,
        )
    chosen.sort(key=lambda e: (e.section, rng.random()))
    return Draw(chosen, unfilled)


#: Said with every exam drawn without a single question of the exam-only pool.
NO_EXAM_ONLY = (
    "Aucune question de cet examen n'est réservée aux examens : toutes se travaillent aussi en entraînement, "
    "et leur correction y est montrée."
)


def _offered_rules(exercise: Exercise) -> set[str]:
    if exercise.kind != Exercise.Kind.RULE:
        return set()
    return {o["key"] for o in exercise.question.get("options", [])} - {exercise.answer}


def questions_of(exam: Exam) -> list[Exercise]:
    return [q.exercise for q in exam.questions.select_related("exercise", "exercise__scenario", "exercise__author")]


def score(exam: Exam) -> dict:
    """The exam's score so far: nothing of right or wrong until it has ended."""
    exam.end_if_over()
    rows = list(exam.questions.select_related("attempt", "exercise"))
    ended = not exam.is_running()
    answered = [q for q in rows if q.attempt_id]
    out = {
        "id": str(exam.uuid),
        "mode": "exam",
        "template": exam.name,
        "total": len(rows),
        "answered": len(answered),
        "right": None,
        "finished": ended,
        "time_left": exam.time_left(),
        "pass_mark": exam.pass_mark,
        "unfilled": exam.unfilled,
    }
    secret = sum(1 for q in rows if q.exercise.exam_only)
    out["exam_only"] = secret
    if not secret:
        out["notice"] = NO_EXAM_ONLY
    if ended:
        right = sum(1 for q in answered if q.attempt.correct)
        out["right"] = right
        out["passed"] = bool(rows) and right >= exam.pass_mark * len(rows)
        out["sections"] = _by_section(rows)
    return out


def _by_section(rows: list[ExamQuestion]) -> list[dict]:
    table: dict[str, dict] = {}
    for q in rows:
        row = table.setdefault(
            q.section,
            {
                "section": q.section,
                "label": section_label(q.section) if q.section else "Sans section",
                "total": 0,
                "right": 0,
            },
        )
        row["total"] += 1
        row["right"] += 1 if q.attempt_id and q.attempt.correct else 0
    return [table[k] for k in sorted(table)]


def corrections(exam: Exam) -> list[dict]:
    """After the exam: for each question, what was chosen and whether it was right; the answer, the rule
    and the explanation too, except for the exam-only pool (its answers are never shown)."""
    if exam.is_running():
        return []
    out = []
    for q in exam.questions.select_related("attempt", "exercise"):
        exercise = q.exercise
        chosen = q.attempt.chosen if q.attempt_id else None
        secret = exercise.exam_only
        out.append(
            {
                "uuid": str(exercise.uuid),
                "prompt": exercise.question.get("prompt", ""),
                "section": exercise.section,
                "chosen": chosen,
                "chosen_label": ", ".join(exercise.option_label(k) for k in chosen.split(",")) if chosen else None,
                "correct": bool(q.attempt_id and q.attempt.correct),
                "exam_only": secret,
                "answer": None if secret else exercise.answer,
                "answer_label": None
                if secret
                else ", ".join(exercise.option_label(k) for k in exercise.answer.split(",")),
                "rule": None if secret else exercise.rule,
                "explanation": None if secret else exercise.explanation,
                "reading": None if secret else exercise.reading,
                "rule_quote": None if secret else rule_quote(exercise.rule),
                "misreadings": [] if secret else misreadings(exercise),
            }
        )
    return out


def release_ended(user, session_key: str | None) -> None:
    """The trainee's exams whose time ran out unseen: ended now, their answers released."""
    if user is not None and user.is_authenticated:
        mine = Exam.objects.filter(user=user)
    elif session_key:
        mine = Exam.objects.filter(user__isnull=True, session_key=session_key)
    else:
        return
    for exam in mine.filter(released=False).ended():
        exam.end_if_over()
