"""The training page in Debian's Chromium: a trainee picks a theme, answers a series (some answers right,
some wrong on purpose), reads the engine's log with its rule links after each answer, gets the score the
answers deserve, and sees their progress by rule section; an exam series (no repeated scenario, no
feedback until the end, the score by section), with nothing in the page or in the API responses before
answering that reveals the answer."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import assert_no_serious_axe_violations, sign_in

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
#: The library scenarios of the "Fin de la partie" (4.3) exercises of the starter set.
END_OF_GAME = [
    "end-expeditions-cross",
    "end-expeditions-meet",
    "end-expeditions-meet-b",
    "end-both-meet-tiebreak",
    "arena-tiebreak-win",
    "arena-tiebreak-continues",
    "end-opponent-meets-first-in-my-spell",
    "night-fleeting-rest",
]
#: More scenarios for the exam: several sections, several scenarios in each.
EXAM = [
    "night-token-ceases",
    "night-owner-reserve",
    "night-asleep-stays",
    "dusk-tie-no-progress",
    "dusk-zero-does-not-progress",
    "dusk-empty-opponent",
    "night-fleeting-and-asleep",
    "dusk-asleep-not-counted",
]


@pytest.fixture
def starter_set(live_rules, tmp_path):
    """Part of the library and the starter-set exercises that use it, loaded as `make data` does."""
    from django.core.management import call_command

    for name in END_OF_GAME + EXAM:
        shutil.copy(ROOT / "fixtures" / "scenarios" / f"{name}.json", tmp_path)
    call_command("load_library", dir=str(tmp_path), verbosity=0)
    call_command("load_exercises", verbosity=0)


def answer_key(uuid: str) -> tuple[str, list[str]]:
    from judge.training.models import Exercise

    exercise = Exercise.objects.get(uuid=uuid)
    return exercise.answer, [o["key"] for o in exercise.question["options"]]


def test_trainee_answers_a_series_and_gets_the_score_it_deserves(page, site, starter_set, js_errors):
    page.goto(f"{site}/")
    page.get_by_role("link", name="Entraînement").click()
    expect(page.get_by_role("heading", name="Entraînement", level=1)).to_be_visible()
    expect(
        page.get_by_label("Thème").locator("option", has_text=re.compile(r"4\.3 Fin de la partie \(\d+\)"))
    ).to_have_count(1)
    page.get_by_label("Thème").select_option("section:4.3")
    page.locator("#count").select_option("5")
    page.get_by_role("button", name="Commencer la série").click()

    plan = [True, False, True, True]  # which answers are right on purpose (the bank's four 4.3 questions)
    question = page.locator("#question")
    for number, right in enumerate(plan, start=1):
        expect(page.locator("#question-count")).to_have_text(f"Question {number} sur 4")
        # The board at the position: the eight regions, or the Arena alone once tiebreakers started (4.3.d).
        regions = page.locator("#board [data-region]")
        expect(regions.first).to_be_visible()
        arena = page.locator('#board [data-region="arena"]').count()
        assert (arena, regions.count()) in ((0, 8), (1, 1))
        uuid = question.get_attribute("data-exercise")
        answer, keys = answer_key(uuid)
        chosen = answer if right else next(k for k in keys if k != answer)
        page.locator(f'#options input[value="{chosen}"]').check()
        page.get_by_role("button", name="Valider").click()
        expect(page.locator("#verdict")).to_have_text("Bonne réponse !" if right else "Mauvaise réponse.")
        expect(page.locator(f'#options label[data-key="{answer}"]')).to_have_class(re.compile(r"\banswer\b"))
        log_links = page.locator("#step-log a.rule-link")
        expect(log_links.first).to_be_visible()
        for link in log_links.all():  # each rule number links to its rule page, an article to its page
            rule = link.get_attribute("data-rule")
            href = link.get_attribute("href")
            assert href == f"/regles/fr-1/{rule}/" if rule else href.startswith("/regles/fr-1/glossaire/")
        expect(page.locator("#explanation")).not_to_be_empty()
        assert_no_serious_axe_violations(page, f"answer {number} shown")
        page.locator("#next-question").click()

    expect(page.locator("#score")).to_have_text("Score : 3 / 4")
    expect(page.locator("#results li.right")).to_have_count(3)
    expect(page.locator("#results li.wrong")).to_have_count(1)
    row = page.locator('#progress-table tr[data-section="4.3"]')
    expect(row).to_contain_text("Fin de la partie")
    expect(row.locator("td").nth(1)).to_have_text("4")
    expect(row.locator("td").nth(2)).to_have_text("3")
    # The progress survives a reload for this visit (session-kept).
    page.reload()
    expect(page.locator('#progress-table tr[data-section="4.3"] td').nth(2)).to_have_text("3")
    assert_no_serious_axe_violations(page, "progress after a series")
    assert js_errors == []


def test_rule_link_of_the_step_log_leads_to_the_rule_page(page, site, starter_set, js_errors):
    from judge.training.models import Exercise

    exercise = Exercise.objects.get(source="fixtures/exercises.json#fugace-repos-zone")
    page.goto(f"{site}/entrainement/exercice/{exercise.uuid}/")
    expect(page.locator("#question-prompt")).to_contain_text("Garde forestière (a1)")
    page.locator('#options input[value="A.reserve"]').check()
    page.get_by_role("button", name="Valider").click()
    expect(page.locator("#verdict")).to_have_text("Mauvaise réponse.")
    expect(page.locator("#right-answer")).to_have_text("Réponse du moteur : La Défausse de A")
    # The board after the step shows the card in the Discard, highlighted.
    expect(page.locator('#board [data-zone="A.discard"] [data-card="a1"]')).to_be_visible()
    link = page.locator('#step-log a.rule-link[data-rule="2.4.6.c"]')
    link.hover()
    expect(page.locator("#rule-panel")).to_contain_text("Fugace")
    link.click()
    page.wait_for_url(f"{site}/regles/fr-1/2.4.6.c/")
    expect(page.locator("h1")).to_contain_text("2.4.6.c")
    assert js_errors == []


def _leaks(exercise) -> list[str]:
    """What would reveal an exercise's answer if the page or an API response showed it before answering."""
    scenario = exercise.scenario
    found = [
        scenario.title,
        scenario.description,
        exercise.explanation,
        "decisive_rule",
        '"explanation"',
        '"expect"',
        '"correct"',
        '"answer"',
        '"decisions"',
    ]
    if exercise.kind != "rule":
        found.append(exercise.rule)
    return [f for f in found if f]


def test_exam_series_no_repeat_no_feedback_until_the_end_score_by_section(
    page, site, starter_set, js_errors, make_judge
):
    from judge.training.models import Exercise

    make_judge("candidat")  # an exam is sat signed in

    responses: list[tuple[str, str]] = []
    page.on("response", lambda r: responses.append((r.url, r.text())) if "/api/" in r.url else None)
    from judge.training.models import ExamTemplate

    ExamTemplate.objects.all().delete()  # the exam's terms are staff's: one question per section here
    ExamTemplate.objects.create(slug="une", name="Une par section", per_section=1)
    sign_in(page, site, "candidat", next_path="/entrainement/")
    page.get_by_label("Mode").select_option("exam")
    page.get_by_role("button", name="Commencer la série").click()
    expect(page.locator("#timer")).to_contain_text("Temps restant")
    total = int(re.search(r"sur (\d+)", page.locator("#question-count").inner_text()).group(1))
    assert total >= 3
    seen, sections, plan = [], {}, []
    for number in range(1, total + 1):
        expect(page.locator("#question-count")).to_have_text(f"Question {number} sur {total}")
        exercise = Exercise.objects.select_related("scenario").get(
            uuid=page.locator("#question").get_attribute("data-exercise")
        )
        seen.append(exercise)
        # Before answering: nothing in the page or in any API response so far reveals the answer.
        html = page.content()
        for leak in _leaks(exercise):
            if leak.startswith('"'):
                continue  # JSON keys: checked in the responses below
            assert leak not in html, (exercise.source, leak)
        for url, body in responses:
            for leak in _leaks(exercise):
                assert leak not in body, (url, exercise.source, leak)
        right = number % 2 == 1
        plan.append(right)
        sections.setdefault(exercise.section, [0, 0])
        sections[exercise.section][0] += right
        sections[exercise.section][1] += 1
        keys = [o["key"] for o in exercise.question["options"]]
        chosen = exercise.answer if right else next(k for k in keys if k != exercise.answer)
        if exercise.multiple:
            for key in chosen.split(","):
                page.locator(f'#options input[value="{key}"]').check()
        else:
            page.locator(f'#options input[value="{chosen}"]').check()
        page.get_by_role("button", name="Valider").click()
        # No feedback during the exam: no verdict, no correction, no right answer marked.
        if number < total:
            expect(page.locator("#question-count")).to_have_text(f"Question {number + 1} sur {total}")
        expect(page.locator("#feedback")).to_be_hidden()
        expect(page.locator("#options .answer")).to_have_count(0)
    assert len({e.scenario_id for e in seen}) == total  # no repeated scenario
    assert not [e for e in seen if e.reading]  # readings stay out of exams
    expected = sum(plan)
    expect(page.locator("#score")).to_have_text(f"Score : {expected} / {total}")
    for section, (got, asked) in sections.items():
        row = page.locator(f'#by-section tr[data-section="{section}"] td')
        expect(row.nth(1)).to_have_text(str(got))
        expect(row.nth(2)).to_have_text(str(asked))
    expect(page.locator("#exam-verdict")).to_contain_text("seuil : 75 %")
    expect(page.locator("#results li.right")).to_have_count(expected)
    expect(page.locator("#results li.wrong")).to_have_count(total - expected)
    expect(page.locator("#results li").first).to_contain_text("règle")
    assert js_errors == []
