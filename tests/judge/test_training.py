"""Training exercises: questions built from engine runs, the starter set and its answer key."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from django.core.management import call_command

from judge.scenarios import runner
from judge.training import questions as training
from judge.training.models import Exercise
from judge.training.questions import kinds
from judge.training.questions.bank import entry_question

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "fixtures" / "scenarios"
STARTER = json.loads((ROOT / "fixtures" / "exercises.json").read_text(encoding="utf-8"))["exercises"]


def scenario(name: str) -> dict:
    return json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))


def keys(question: training.Question) -> list[str]:
    return [o["key"] for o in question.options]


# ---- building questions from the engine ---------------------------------------------------------------


def test_fleeting_character_goes_to_discard_and_the_other_zones_are_the_wrong_options(rules):
    q = training.build(scenario("night-fleeting-rest"), 0, "card_zone", focus="a1")
    assert q.answer == "A.discard"
    assert {"A.reserve", "A.hero_expedition"} <= set(keys(q)) and len(keys(q)) == 4
    assert (q.rule, q.section) == ("2.4.6.c", "2.4")
    assert "Garde forestière (a1)" in q.prompt


def test_token_ceases_to_exist(rules):
    q = training.build(scenario("night-token-ceases"), 0, "card_zone", focus="t1")
    assert q.answer == "gone" and q.rule == "2.1.d"


def test_card_goes_to_its_owners_reserve(rules):
    q = training.build(scenario("night-owner-reserve"), 0, "card_zone", focus="b9", rule="3.1.2.c")
    assert q.answer == "B.reserve" and "A.reserve" in keys(q) and q.section == "3.1"


def test_rule_question_offers_the_neighbouring_rules_but_none_the_step_cites(rules):
    q = training.build(scenario("night-fleeting-rest"), 0, "rule", focus="a1")
    assert q.answer == "2.4.6.c"
    wrong = set(keys(q)) - {"2.4.6.c"}
    assert len(wrong) == 3 and all(n.startswith("2.4.") for n in wrong)  # its neighbours, those sharing its words first
    assert not wrong & {"4.2.5.b", "2.1.c", "1.3.2.f"}  # also cited by the step: never offered as wrong
    # The event in words of the question's own, never the engine's log sentence.
    assert "Garde forestière (a1) passe de l'Expédition du Héros de A à la Défausse de A" in q.prompt
    assert "Repos : la carte Garde forestière (a1) est Fugace" not in q.prompt and "2.4.6" not in q.prompt


def test_expeditions_and_winner_questions(rules):
    q = training.build(scenario("dusk-asleep-not-counted"), 0, "expeditions", rule="2.4.3")
    assert q.answer == "B.hero" and "none" in keys(q) and q.section == "2.4"
    assert training.build(scenario("dusk-tie-no-progress"), 0, "expeditions").answer == "none"
    assert training.build(scenario("end-expeditions-cross"), 0, "winner").answer == "A"
    assert training.build(scenario("end-both-meet-tiebreak"), 0, "winner").answer == "tiebreak"
    assert training.build(scenario("arena-tiebreak-continues"), 0, "winner").answer == "none"


def test_an_expeditions_question_offers_the_authors_wrong_options_and_refuses_impossible_ones(rules):
    """The drawn wrong options once left out the one a judge believes (B's 5 in montagne on a forêt region);
    the author names it, and an option that is the answer or no Expedition of the board is refused."""
    doc = scenario("dusk-region-terrain-only-a")
    q = training.build(doc, 0, "expeditions", distractors=["B.hero", "A.companion"])
    assert q.answer == "A.hero" and set(keys(q)) == {"A.hero", "none", "B.hero", "A.companion"}
    with pytest.raises(training.ExerciseError, match="autres que la réponse"):
        training.build(doc, 0, "expeditions", distractors=["A.hero"])
    with pytest.raises(training.ExerciseError, match="pas C.hero"):
        training.build(doc, 0, "expeditions", distractors=["C.hero"])


def test_options_are_in_an_order_of_their_own_but_the_same_every_time(rules):
    doc = scenario("end-expeditions-cross")
    first = training.build(doc, 0, "winner")
    assert keys(first) == keys(training.build(doc, 0, "winner"))
    orders = {
        tuple(keys(training.build(scenario(n), 0, "winner")))
        for n in ("end-expeditions-cross", "end-expeditions-meet", "arena-tiebreak-win", "arena-tiebreak-continues")
    }
    assert len(orders) > 1


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"steps": 1, "kind": "card_zone", "focus": "a1"}, "attend une décision"),  # Clean-up waits for A's choice
        ({"steps": 99, "kind": "winner"}, "s'arrête après"),
        ({"steps": 0, "kind": "card_zone", "focus": "zz"}, "n'est pas sur le plateau"),
        ({"steps": 0, "kind": "card_zone"}, "doit nommer la carte"),
        ({"steps": 0, "kind": "winner", "rule": "9.9.9"}, "n'est pas citée"),
        ({"steps": 0, "kind": "riddle"}, "type de question inconnu"),
    ],
)
def test_questions_the_step_cannot_make_are_refused_with_the_reason(rules, kwargs, message):
    with pytest.raises(training.ExerciseError, match=message):
        training.build(scenario("night-cleanup-pending"), **kwargs)


def test_an_answer_that_depends_on_chance_is_refused(rules):
    doc = scenario("morning-draw-reshuffle")
    assert training.run_step(doc, 2).random_used
    # The Discard is shuffled under the Deck (3.2.2.d), then drawn from: which card is drawn is one
    # chance in three (the question used to say it was certain).
    with pytest.raises(training.ExerciseError, match="dépend du hasard"):
        training.build(doc, 2, "card_zone", focus="a3")
    # What does not depend on the shuffle stays: the rule that decides, the number of cards in Hand.
    assert training.build(doc, 2, "rule", rule="3.2.2.d").answer == "3.2.2.d"
    assert training.build(doc, 2, "count", focus="A.hand").answer == "2"


def test_a_question_states_the_choices_and_plays_it_rests_on_and_shows_the_card_texts(rules):
    # The Spell's declared target is pending on the stack: the prompt says it.
    q = training.build(scenario("spell-target-asleep-dusk"), 1, "card_zone", focus="a1")
    assert "En cours de résolution : le Sort Berceuse (a1), pour le joueur A, cibles déclarées : Ogre (b1)" in q.prompt
    assert {
        "id": "a1",
        "name": "Berceuse",
        "zone": "limbo",
        "type": "Sort",
        "text": ["Effet : Un objet ciblé que votre adversaire contrôle gagne le statut Endormi."],
    } in q.cards  # whole: the player concerned is part of the text
    # The player's choice consumed by the step (declining a "you may") is stated.
    q = training.build(scenario("spell-optional-declined"), 2, "card_zone", focus="a1")
    assert (
        "A choisit de ne pas faire l'étape facultative. Une fois ce choix fait et le Sort Hésitation (a1) "
        "entièrement résolu, où se trouve" in q.prompt
    )
    assert "A choisit de ne pas faire l'étape facultative" in q.stated
    # The board sent with the question holds nothing the scenario says of itself.
    assert not set(training.HIDDEN_KEYS) & set(q.board) and q.board["players"]["B"]["hero_expedition"]


def test_legal_play_night_and_number_questions(rules):
    q = training.build(scenario("spell-target-pending"), 0, "legal")
    assert q.multiple and set(keys(q)) == {"a1", "a2", "none"} and keys(q)[-1] == "none"
    # The Spell in Hand can be played; the character in Reserve has no Reserve cost (2.2.7.b).
    assert (q.answer, q.rule) == ("a1", "2.2.7.b") and not q.seqs and "Cochez toutes les bonnes réponses" in q.prompt
    # One card: "may A play it?", yes or no, decided by the rule that forbids it.
    alone = training.build(scenario("illegal-play-not-enough-mana"), 0, "legal")
    assert not alone.multiple and keys(alone) == ["a1", "none"] and (alone.answer, alone.rule) == ("none", "3.2.9.f")
    assert "A peut-il jouer Colosse (a1) depuis la Main ?" in alone.prompt
    # Under CR 5.0 an exhausted card in the Reserve cannot be played (2.4.6.c of v5.0), not the turn's
    # rules that the refusal carries (4.2.3.b, 4.2.3.d: what a turn allows).
    tired = training.build(scenario("cr5-exhausted-reserve-not-playable"), 0, "legal")
    assert (tired.answer, tired.rule, tired.section) == ("none", "2.4.6.c (CR 5.0)", "2.4 (CR 5.0)")
    night = training.build(scenario("night-cleanup-no-hero"), 0, "night_zone", focus="b1")
    assert night.answer == "B.discard" and "À la fin de toute la Nuit" in night.prompt
    count = training.build(scenario("noon-reaction-resolves"), 1, "count", focus="A.reserve")
    assert int(count.answer) == len(
        training.run_step(scenario("noon-reaction-resolves"), 1).after["players"]["A"]["reserve"]
    )
    assert len({o["key"] for o in count.options}) == 4 and all(o["key"].isdigit() for o in count.options)


def test_ceasing_to_exist_is_offered_for_a_token_and_a_fleeting_card_only(rules):
    # A token ceases to exist (2.1.d); a judge may believe a Fleeting card does too (it is discarded,
    # 2.4.6.c): offered for both, so that it is not the answer whenever it shows; never for another card.
    fleeting = training.build(scenario("night-fleeting-rest"), 0, "card_zone", focus="a1")
    assert "gone" in keys(fleeting) and fleeting.answer == "A.discard"
    token = training.build(scenario("night-token-ceases"), 0, "card_zone", focus="t1")
    assert "gone" in keys(token) and token.answer == "gone"
    plain = training.build(scenario("night-owner-reserve"), 0, "card_zone", focus="b9", rule="3.1.2.c")
    assert "gone" not in keys(plain)


def test_difficulty_grows_with_the_step_and_the_author_may_set_it(rules):
    assert training.build(scenario("night-token-ceases"), 0, "card_zone", focus="t1").difficulty == 1
    assert training.build(scenario("dusk-asleep-not-counted"), 0, "expeditions").difficulty == 3
    assert (
        training.build(scenario("night-token-ceases"), 0, "card_zone", focus="t1", author_difficulty=3).difficulty == 3
    )


# ---- the starter set --------------------------------------------------------------------------------------


@pytest.fixture
def starter_set(rules):
    call_command("load_library", verbosity=0)
    call_command("load_exercises", verbosity=0)
    return Exercise.objects.select_related("scenario")


#: The sections of engine/RULES.md the engine plays (rules marked "implémentée"), by their first two levels
#: (French rules only: the exercises are about the seed rules, not the v5.0 numbers cr-5.0 plays).
PLAYED = sorted(
    {
        ".".join(line.split("|")[1].strip().split(".")[:2])
        for line in (ROOT / "engine" / "RULES.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("| ") and "| implémentée |" in line and "(CR 5.0)" not in line.split("|")[1]
    }
)


def test_starter_set_has_20_published_exercises_covering_the_sections_the_engine_plays(starter_set):
    """Fewer, better: 162 questions were cut to 47 after two audits (twins, near-identical trivial ones, those
    a judge could answer from the prompt or the options, those that rest on a fact the board does not show),
    then to 40 after a third: three read off the card text (1.1.6.g, 2.5.e, « Défaussez-moi »), one ill-posed
    (1.2.4.d), five near-twins; two who-wins questions added where B wins and where the game continues;
    then to 37 after a fourth: three read off the prompt or the card text (a « Défaussez-moi » count, a
    Clean-up whose prompt names the kept cards, a first-player rule found by its word), and the Anchored
    question whose quoted rule (1.3.2.f) contradicts its key (the French text has no 2.4.2); then to 33
    after a fifth: three « which rule decides » questions whose stated outcome picks its rule by its words
    (advancing, the Arena's tiebreak, a spell going to the Reserve), a CR 5.0 win at Night whose prompt
    answers its trap, and a legal question keyed « Oui » from the French excerpt's silence on Exhausted
    (its 2.4.5 is missing; the English rules forbid the play since v3.0); then 34, a legal question keyed
    « Oui » on the text (a Reserve cost paid where the Hand cost could not be), so that « Non » is not
    the key of three legal questions in four; then 29 after a sixth, which found answers a layman's common
    sense gives with no rule: nothing drawn from an empty Deck and Discard (twice), a legal play with nothing
    against it, an Exhausted card « unusable », a spell that advances and retreats; then 22 after two more
    audits side by side, each question either found guessable dropped: legal plays read off the board's
    costs and « Épuisé » labels (three), a tiebreak on mirrored statistics, a count whose right option was
    the odd one out, « Sacrifiez » and « Sabotez » read as discarding, and a rule question stating the
    winner of its mirror twin; the tiebreak came back on a board whose totals point the other way (B leads
    7 to 4, one statistic each): 23; then 20 after an eighth: two winner questions on one-sided boards (the
    only player with Characters wins: common sense) and an « which Expeditions » whose key was the only
    pair offered."""
    sections = Counter(starter_set.values_list("section", flat=True))
    assert starter_set.count() >= 20 and starter_set.count() == len(STARTER)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    said = re.search(r"\(`fixtures/exercises\.json`, (\d+) published exercises, (\d+) of them under cr-5\.0", readme)
    under_cr5 = sum(1 for e in STARTER if json.loads((ROOT / e["scenario"]).read_text()).get("rules") == "cr-5.0")
    assert said and (int(said.group(1)), int(said.group(2))) == (len(STARTER), under_cr5), "the README's count"
    assert starter_set.filter(status=Exercise.Status.PUBLISHED).count() >= 20
    # Sections whose only questions were cut as guessable or ill-posed, none written again yet: the card text
    # quoted the symbol rule (1.1.6.g), the one gain-of-tokens rule (2.5.e) was read off the effect, and
    # « Intendant est déclaré » had two defensible rules (1.2.4.c, 1.2.4.d); the « Défaussez-moi » count
    # (7.1.4.b) was read off the card text; the spell question (5.2.3.j) was found by its outcome's words;
    # the setup count (4.1.j) had its answer as the odd option out. Said here, not silently dropped.
    uncovered = {"1.1", "1.2", "2.5", "4.1", "5.2", "7.1"}
    assert set(PLAYED) - set(sections) == uncovered, set(PLAYED) - set(sections)
    kinds = set(starter_set.values_list("kind", flat=True))
    assert kinds == {"card_zone", "expeditions", "winner", "rule", "count", "legal", "night_zone"}
    assert set(starter_set.values_list("level", flat=True)) == {"L1", "L2", "L3", "corner"}
    assert all(e.explanation for e in starter_set)
    # The two articles (rules without numbers) and the 2v2 mode have their exercises too.
    articles = Counter(a for e in starter_set for a in e.question.get("articles", []))
    # No 2v2 question for now: the board does not show which opponent each Expedition faces, on which their
    # Dusk answers turn, and the others were near-identical to the 1v1 ones or guessable; all were cut.
    assert articles["Clarification des phases d'une journée"] >= 1, articles


def _log_sentence(entry: dict) -> str:
    """The engine's log sentence without its reading note or rule numbers: what a question must not quote."""
    text = re.sub(r"\s*\(Lecture retenue :.*?\)\s*$", "", entry.get("text", ""))
    return re.sub(r"\s*\((?:voir |règles? )?\d+(?:\.\d+)+(?:\.[a-z])?\*?\)", "", text).strip()


def test_no_prompt_gives_the_answer_away(starter_set):
    """Read as a trainee would: no prompt holds its scenario's title (24 of them stated the answer), no
    prompt or option repeats the engine's log sentence, no rule number appears in a prompt, the options
    cannot be told apart by their form, and the right rule is seldom the only option using the prompt's words."""
    alone = rules_asked = 0
    for exercise in starter_set:
        question, title = exercise.question, exercise.scenario.title
        assert title.lower() not in question["prompt"].lower(), exercise.source
        sentences = [_log_sentence(e) for e in exercise.correction()[0]]
        for text in [question["prompt"], *[o["label"] for o in question["options"]]]:
            assert not any(s and s in text for s in sentences), (exercise.source, text)
        assert not kinds._NUMBER.search(question["prompt"]), (exercise.source, question["prompt"])
        labels = [o["label"] for o in question["options"]]
        if exercise.kind == "rule":
            assert all(" — " in label for label in labels), exercise.source  # all "number — text"
            rules_asked += 1
            asked = kinds._words(question["prompt"].split(" : ", 1)[-1])
            overlap = {o["key"]: len(asked & kinds._words(o["label"])) for o in question["options"]}
            best = max(overlap.values())
            alone += overlap[exercise.answer] == best and list(overlap.values()).count(best) == 1
        if exercise.kind in (
            "card_zone",
            "night_zone",
        ):  # "cesse d'exister" is offered for every token and Fleeting card, never for another card
            card = training.card_in(question["board"], exercise.focus)
            fleeting = "fleeting" in (card.get("statuses") or []) + (card.get("keywords") or [])
            offered = "gone" in [o["key"] for o in question["options"]]
            assert offered == bool(card.get("token") or fleeting), exercise.source
    assert alone <= 0.3 * rules_asked, (alone, rules_asked)


def test_exams_leave_out_the_answers_that_rest_on_a_reading(starter_set):
    readings = starter_set.exclude(reading="")
    assert readings.exists() and not Exercise.objects.for_exam().filter(pk__in=readings).exists()
    asleep = starter_set.get(source="fixtures/exercises.json#night-fleeting-and-asleep-night-zone-0-a1")
    assert "1.3.2.f" in asleep.reading and asleep.level == "corner"
    assert set(readings.values_list("level", flat=True)) <= {"corner", "L1", "L2", "L3"}


#: The questions whose answer rests on a reading, each for its reason: a Fleeting and Asleep Character at Rest (2.4.3 and
#: 2.4.6.c « devait aller dans la Réserve » read over the Night's summary 1.3.2.f, which discards Fleeting
#: Characters); the first move of a spell deciding before its next step (4.3.a against « en même temps »,
#: 4.3.c); the Dusk's crossings and the tiebreak of both players, since the French text gives the
#: progression no order (1.3.2.e) and only 4.3.b/4.3.c's crossings suppose the moves simultaneous (CR 5.0
#: 4.2.4.h says it: a fifth audit found them unmarked readings, a fourth had accepted the inference). The
#: Clean-up questions apply a reading of 4.2.5.c against 1.3.2.f, but their answer (a card not kept is
#: discarded) is the same under both: not marked.
MARKED = {
    "night-fleeting-and-asleep-night-zone-0-a1",
    "fin-adversaire-dans-mon-sort",
    "fin-croisent-regle",
    "fin-ensemble",
}


def test_only_the_answers_that_depend_on_a_reading_are_marked(starter_set):
    marked = {e.source.split("#", 1)[1] for e in starter_set.exclude(reading="")}
    assert marked == MARKED
    # The author's word over the engine's: the Clean-up applies a reading, the answer does not rest on it.
    from judge.scenarios.models import Scenario

    scenario = Scenario.objects.get(source="fixtures/scenarios/night-cleanup-hero-limits.json")
    cleanup = Exercise(scenario=scenario, steps=3, kind="card_zone", focus="a2", author_reading="")
    cleanup.rebuild()
    assert cleanup.reading == ""  # a card not kept is discarded under either reading of the Clean-up
    cleanup.author_reading = None
    cleanup.rebuild()
    assert "4.2.5.c" in cleanup.reading  # the engine's, when the author says nothing
    # The crossing: the French text gives the Dusk's progression no order; the author names the reading
    # (CR 5.0 4.2.4.h says the moves are simultaneous) and the question stays out of exams.
    crossing = starter_set.get(source="fixtures/exercises.json#fin-croisent-regle")
    assert "4.2.4.h" in crossing.reading and not Exercise.objects.for_exam().filter(pk=crossing.pk).exists()
    fleeting = starter_set.get(source="fixtures/exercises.json#night-fleeting-and-asleep-night-zone-0-a1")
    assert "1.3.2.f" in fleeting.reading and fleeting.level == "corner"


def test_every_question_says_what_its_tempting_wrong_answer_misreads(starter_set):
    """Every kind, not only "where does this card go": the author's line names an offered wrong option and
    cites the rule that makes it wrong."""
    from judge.training.corrections import misreadings

    for exercise in starter_set:
        lines = misreadings(exercise)
        assert lines, exercise.source
        trap = exercise.misreading
        assert trap, exercise.source  # written for every question of the bank
        offered = {o["key"] for o in exercise.question["options"]}
        assert trap["key"] in offered and trap["key"] not in exercise.answer.split(","), exercise.source
        assert kinds._NUMBER.search(trap["why"]), (exercise.source, trap["why"])


def test_every_explanation_names_its_deciding_rule_and_quotes_none_cut(starter_set):
    """No « Réponse : X. 1.2.3 : « … » » made from a rule cut mid-list: the explanation says why, in
    sentences, and names the rule that decides (its whole text is quoted beside it by the correction)."""
    for exercise in starter_set:
        text = exercise.explanation
        assert not text.startswith("Réponse :"), exercise.source
        assert "…" not in text, exercise.source
        number = exercise.rule.replace(" (CR 5.0)", "")
        assert number in text, (exercise.source, exercise.rule, text)


def test_load_exercises_is_idempotent_and_waits_for_missing_scenarios(starter_set, tmp_path, capsys):
    before = {e.source: (e.pk, e.answer) for e in starter_set}
    call_command("load_exercises")
    assert "0 créés, 0 mis à jour, %d inchangés" % len(STARTER) in capsys.readouterr().out
    assert {e.source: (e.pk, e.answer) for e in Exercise.objects.all()} == before
    later = tmp_path / "exercises.json"
    later.write_text(
        json.dumps(
            {
                "exercises": STARTER
                + [
                    {
                        "key": "plus-tard",
                        "scenario": "fixtures/scenarios/pas-encore-la.json",
                        "steps": 0,
                        "kind": "winner",
                    },
                ]
            }
        ),
        encoding="utf-8",
    )
    call_command("load_exercises", file=str(later))
    assert "1 en attente de leur scénario" in capsys.readouterr().out
    assert Exercise.objects.count() == len(STARTER)


def test_an_answered_exercise_removed_from_the_starter_set_keeps_its_answers(starter_set, tmp_path):
    from django.contrib.auth import get_user_model

    answered, unanswered = starter_set.all()[:2]
    judge = get_user_model().objects.create_user("juge")
    answered.record_answer(answered.answer, judge, "")
    rest = [e for e in STARTER if f"fixtures/exercises.json#{e['key']}" not in (answered.source, unanswered.source)]
    smaller = tmp_path / "exercises.json"
    smaller.write_text(json.dumps({"exercises": rest}), encoding="utf-8")
    call_command("load_exercises", file=str(smaller), verbosity=0)  # answers are protected: no failure
    answered.refresh_from_db()
    assert answered.status == Exercise.Status.DRAFT and answered.attempts.count() == 1
    assert not Exercise.objects.filter(pk=unanswered.pk).exists()


def test_an_exercise_follows_its_scenario_when_it_changes(starter_set):
    exercise = starter_set.get(source="fixtures/exercises.json#fugace-repos-zone")
    assert exercise.answer == "A.discard"
    scenario = exercise.scenario
    scenario.document["players"]["A"]["hero_expedition"][0]["statuses"] = []  # no longer fleeting
    scenario.save()
    exercise.ensure_fresh()
    assert Exercise.objects.get(pk=exercise.pk).answer == "A.reserve"


def _zone(state: dict, card: str) -> str:
    for pid, player in state["players"].items():
        for zone, cards in player.items():
            if isinstance(cards, list) and card in [c.get("id") for c in cards if isinstance(c, dict)]:
                return f"{pid}.{zone}"
    return "limbo" if card in [c["id"] for c in state.get("limbo", [])] else "gone"


def _markers(state: dict) -> dict:
    return {f"{p}.{k}": m[k] for p, m in state["adventure"]["markers"].items() for k in ("hero", "companion")}


def test_the_answer_key_is_what_the_engine_says_when_the_scenario_is_run(starter_set):
    """Every starter exercise, run again through the site's runner (the stepper's path, not the builder's)."""
    wrong = []
    for exercise in starter_set:
        document = exercise.scenario.document
        options = [o["key"] for o in exercise.question["options"]]
        assert len(options) == len(set(options)) >= (2 if exercise.kind == "legal" else 3), exercise.source
        if exercise.kind == "legal":  # the runner's legal decisions at the position, without the scripted ones
            at = runner.run({**document, "decisions": []}, until="none", steps=exercise.steps)
            assert at["pending"]["kind"] == "turn", exercise.source
            playable = {d["play"] for d in at["legal_decisions"] if "play" in d}
            expected = ",".join(sorted(k for k in options if k in playable)) or "none"
            if exercise.answer != expected:
                wrong.append((exercise.source, exercise.answer, expected))
            continue
        before = runner.run(document, until="none", steps=exercise.steps)
        after = runner.run(document, until="morning" if exercise.kind == "night_zone" else "step", steps=exercise.steps)
        assert before["steps"] == exercise.steps and after["steps"] > exercise.steps, exercise.source
        step = [e for e in after["log"] if e["seq"] > len(before["log"])]
        cited = {n for e in step for n in e["rules"]}
        if exercise.kind in ("card_zone", "night_zone"):
            expected = _zone(after["state"], exercise.focus)
        elif exercise.kind == "expeditions":
            moved = sorted(k for k, v in _markers(before["state"]).items() if _markers(after["state"])[k] != v)
            expected = "+".join(moved) or "none"
        elif exercise.kind == "count":
            pid, zone = exercise.focus.split(".")
            expected = str(len(after["state"]["players"][pid][zone]))
        elif exercise.kind == "winner":
            began = after["state"]["adventure"].get("arena") and not before["state"]["adventure"].get("arena")
            expected = after["winner"] or ("tiebreak" if began else "none")
        else:
            expected = exercise.answer if exercise.answer in cited else f"pas cité : {exercise.answer}"
            others = set(options) - {exercise.answer}
            assert not others & cited, (exercise.source, others & cited)
        assert exercise.answer in options and exercise.rule in cited, exercise.source
        if exercise.answer != expected:
            wrong.append((exercise.source, exercise.answer, expected))
    assert not wrong


def test_an_engine_failure_refuses_the_question_instead_of_failing(rules, monkeypatch):
    import engine.game

    def broken(self):
        raise NameError("zone_count")

    monkeypatch.setattr(engine.game.Game, "advance", broken)
    with pytest.raises(training.ExerciseError, match="le moteur a échoué.*NameError"):
        training.build(scenario("night-fleeting-rest"), 0, "card_zone", focus="a1")


def test_answers_written_from_the_rule_text_agree_with_the_engine(rules):
    """Kept aside from the bank: answers a judge wrote from the rule text, before reading the engine's
    key (fixtures/training/keys-from-rules.json). Reported apart: 3 of 3 agree (the other seven were on
    questions cut from the bank as near-identical, twins or guessable)."""
    kept = json.loads((ROOT / "fixtures" / "training" / "keys-from-rules.json").read_text(encoding="utf-8"))["keys"]
    bank = {e["key"]: e for e in STARTER}
    disagree = []
    for written in kept:
        entry = bank[written["key"]]
        doc = json.loads((ROOT / entry["scenario"]).read_text(encoding="utf-8"))
        q = entry_question(entry, doc)
        if q.answer != written["answer"]:
            disagree.append((written["key"], written["answer"], q.answer))
    assert len(kept) >= 3 and disagree == []


def test_a_legal_play_question_cites_the_rule_that_forbids_the_card_read_from_the_board():
    from judge.training.questions.legal import forbidding_rules

    seat = {"mana": [{"id": "o1"}, {"id": "o2", "statuses": ["exhausted"]}]}
    assert forbidding_rules(seat, {"id": "c", "hand_cost": 1}, "hand") == ()
    assert forbidding_rules(seat, {"id": "c", "hand_cost": 2}, "hand") == ("3.2.9.f",)  # one ready Orb
    assert forbidding_rules(seat, {"id": "c", "reserve_cost": None}, "reserve") == ("2.2.7.b",)
    assert forbidding_rules(seat, {"id": "c", "reserve_cost": 2}, "reserve") == ("3.2.9.f", "2.2.7.a")
    tired = {"id": "c", "reserve_cost": 0, "statuses": ["exhausted"]}
    assert forbidding_rules(seat, tired, "reserve") == ()  # fr-1 does not forbid it
    assert forbidding_rules(seat, tired, "reserve", "cr-5.0") == ("2.4.6.c (CR 5.0)",)
    assert forbidding_rules(seat, {"id": "c", "reserve_cost": 2}, "reserve", "cr-5.0") == (
        "3.2.9.f (CR 5.0)",
        "2.2.8.a (CR 5.0)",
    )


def test_levels_follow_what_a_judge_must_know():
    """L1 the day's flow, L2 one keyword, status or zone, L3 rules that meet, the end of the game, 2v2 and what
    CR 5.0 changed, corner the readings and rare cases: an answer resting on a reading is a corner case, a
    question under CR 5.0 at least L3."""
    for entry in STARTER:
        doc = json.loads((ROOT / entry["scenario"]).read_text(encoding="utf-8"))
        if entry["key"] in MARKED:
            assert entry["level"] == "corner", entry["key"]
        if doc.get("rules") == "cr-5.0":
            assert entry["level"] in ("L3", "corner"), entry["key"]
    # The basics are asked too (L1 questions cut as guessable: a rule question, legal plays read off the board).
    assert Counter(e["level"] for e in STARTER)["L1"] >= 3


def test_the_cr5_corrections_cite_paragraphs_the_cr5_document_has():
    """Every « n des CR 5.0 » of a CR 5.0 question's explanation and trap is a paragraph of the official
    document (fixtures/official/cr-5.0-paragraphs.json, its numbers read from the PDF), and each CR 5.0
    question names one."""
    numbers = set(json.loads((ROOT / "fixtures" / "official" / "cr-5.0-paragraphs.json").read_text())["paragraphs"])
    cited = re.compile(r"(\d+(?:\.\d+)+(?:\.[a-z])?)(?:[–-][a-z])?(?:, (\d+(?:\.\d+)+(?:\.[a-z])?))* des CR 5\.0")
    for entry in STARTER:
        doc = json.loads((ROOT / entry["scenario"]).read_text(encoding="utf-8"))
        if doc.get("rules") != "cr-5.0":
            continue
        text = entry["explanation"] + " " + entry.get("trap", {}).get("why", "")
        found = [n for match in cited.finditer(text) for n in match.groups() if n]
        assert found, entry["key"]
        assert set(found) <= numbers, (entry["key"], set(found) - numbers)


def test_no_rule_question_offers_the_rule_a_reading_sets_aside(rules):
    """Where the engine applies a reading between two rules (the Clean-up by 4.2.5.c, not the « deux
    cartes » of 1.3.2.f), a "which rule" question not marked as resting on that reading never offers the
    rule set aside as a wrong answer: a judge reading the text could pick it and be right."""
    from engine.text import READINGS

    # The rule a reading sets aside follows its « non » or « pas » (« et non les « deux cartes » de 1.3.2.f »).
    number = re.compile(r"\b(?:non|pas)\b[^;]*?(\d+\.\d+(?:\.\d+)*(?:\.[a-z])?)")
    for entry in STARTER:
        if entry["kind"] != "rule" or entry["key"] in MARKED:
            continue
        doc = json.loads((ROOT / entry["scenario"]).read_text(encoding="utf-8"))
        q = entry_question(entry, doc, checked=False)
        run = training.run_step(doc, entry["steps"])
        aside = {n for key in run.readings for n in number.findall(READINGS.get(key, ""))} - {q.answer}
        wrong = {o["key"] for o in q.options} - {q.answer}
        assert not wrong & aside, (entry["key"], wrong & aside)


def test_the_bank_dump_shows_every_question_as_the_trainee_sees_it(rules, tmp_path):
    """manage.py dump_bank: one section a question, none refused, each with its board, options, key,
    deciding rule quoted whole, explanation, misreading, reading mark, level and rule set."""
    out = tmp_path / "bank.md"
    call_command("dump_bank", out=str(out), verbosity=0)
    text = out.read_text(encoding="utf-8")
    sections = text.split("\n## ")[1:]
    assert len(sections) == len(STARTER) and "Refusée" not in text
    for section in sections:
        for part in ("Règles : ", "niveau : ", "**Question.**", "**Plateau.**", "**Réponses proposées.**", "✔"):
            assert part in section, (section.split("\n")[0], part)
        for part in ("**Clé.**", "**Explication.**", "**Ce que lit mal", "**Repose sur une lecture.**"):
            assert part in section, (section.split("\n")[0], part)
    assert "**Règle citée en entier.** 4.3.h" in text and "3. Si un joueur gagne sur plus de statistiques" in text
