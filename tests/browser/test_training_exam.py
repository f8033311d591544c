"""An exam taken in Debian's Chromium on a phone (390×844) and on a desktop (1366×768): the exam's terms
are its template's; an option is chosen, then « Valider » answers (a tap on an option, or Enter, does
not); no option has the focus when a question appears; the board takes the question's whole width on a
desktop and the Adventure is never clipped; nothing of right or wrong shows before the end."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import assert_no_serious_axe_violations, sign_in
from .test_training import starter_set  # noqa: F401  (the fixture)

pytestmark = pytest.mark.browser

SIZES = {"phone": (390, 844), "desktop": (1366, 768)}


def _regions_unclipped(page) -> None:
    """Every region of the Adventure lies inside the board and the window, nothing scrolled out of sight."""
    box = page.evaluate(
        """() => {
          const regions = document.querySelector('#board .regions');
          const board = document.querySelector('#board').getBoundingClientRect();
          const cells = [...regions.querySelectorAll('[data-region]')].map((r) => r.getBoundingClientRect());
          return { scroll: regions.scrollWidth, client: regions.clientWidth, width: innerWidth,
                   left: Math.min(...cells.map((c) => c.left)), right: Math.max(...cells.map((c) => c.right)),
                   boardLeft: board.left, boardRight: board.right, count: cells.length };
        }"""
    )
    if box["scroll"] > box["client"] + 1:
        page.screenshot(path="/tmp/training-exam-clipped.png", full_page=True)
    assert box["scroll"] <= box["client"] + 1, box  # nothing hidden behind a scroll bar
    assert box["boardLeft"] - 1 <= box["left"] and box["right"] <= box["boardRight"] + 1, box
    assert 0 <= box["left"] and box["right"] <= box["width"], box


@pytest.mark.parametrize("size", SIZES)
def test_an_exam_taken_on_a_phone_and_on_a_desktop(page, site, starter_set, js_errors, size, make_judge):  # noqa: F811
    from judge.training.models import ExamTemplate, Exercise

    make_judge("candidat")  # an exam is sat signed in

    ExamTemplate.objects.all().delete()
    ExamTemplate.objects.create(slug="court", name="Examen court", per_section=1, pass_mark=0.5)
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    sign_in(page, site, "candidat", next_path="/entrainement/")
    expect(page.locator("#exam-help")).to_contain_text("réussi à 50 %")
    page.get_by_label("Mode").select_option("exam")
    page.locator("#exam-template").select_option("court")
    page.get_by_role("button", name="Commencer la série").click()
    expect(page.locator("#training-status")).to_contain_text("Examen « Examen court »")
    total = int(re.search(r"sur (\d+)", page.locator("#question-count").inner_text()).group(1))
    assert total >= 3
    right = 0
    for number in range(1, total + 1):
        expect(page.locator("#question-count")).to_have_text(f"Question {number} sur {total}")
        assert page.evaluate("document.activeElement.closest('#options') === null")  # no option focused
        exercise = Exercise.objects.get(uuid=page.locator("#question").get_attribute("data-exercise"))
        validate = page.get_by_role("button", name="Valider")
        expect(validate).to_be_disabled()
        keys = [o["key"] for o in exercise.question["options"]]
        wrong = next(k for k in keys if k != exercise.answer and not (exercise.multiple and k == "none"))
        chosen = exercise.answer if number % 2 else wrong
        right += number % 2
        # A first tap on another option, then Enter: neither answers.
        first = page.locator(f'#options input[value="{wrong}"]')
        first.check()
        page.keyboard.press("Enter")
        expect(page.locator("#question-count")).to_have_text(f"Question {number} sur {total}")
        expect(validate).to_be_enabled()
        if exercise.multiple:
            first.uncheck()
            for key in chosen.split(","):
                page.locator(f'#options input[value="{key}"]').check()
        else:
            page.locator(f'#options input[value="{chosen}"]').check()
        board = page.locator("#board").bounding_box()
        question = page.locator("#question").bounding_box()
        if size == "desktop":
            assert board["width"] >= 0.9 * question["width"], (board, question)
            assert board["width"] >= 1000, board
        _regions_unclipped(page)
        if number == 1:
            assert_no_serious_axe_violations(page, f"exam question on a {size}")
        validate.click()
        expect(page.locator("#feedback")).to_be_hidden()  # nothing of right or wrong
        expect(page.locator("#options .answer, #options .wrong")).to_have_count(0)
    expect(page.locator("#score")).to_have_text(f"Score : {right} / {total}")
    expect(page.locator("#exam-verdict")).to_contain_text("seuil : 50 %")
    expect(page.locator("#results li.right")).to_have_count(right)
    assert js_errors == []
