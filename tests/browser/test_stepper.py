"""The stepper page in Debian's Chromium: a judge steps a saved board to a decision, chooses, runs to
the end, reads a rule from the log, comes back, goes back one step, forks; another judge cannot edit."""

from __future__ import annotations

import copy
import re

import pytest
from playwright.sync_api import expect

from .conftest import assert_no_serious_axe_violations, sign_in, step_until_pending

pytestmark = pytest.mark.browser

NASTY = 'Trois <img src=x onerror="window.pwned=1">'


def cleanup_board() -> dict:
    """Night of day 2: a fleeting character rests, then A must keep 2 of 3 cards in Reserve."""
    from judge.scenarios.views import EMPTY_DOCUMENT

    doc = copy.deepcopy(EMPTY_DOCUMENT)
    doc.update(day=2, phase="night", seed=7)
    doc["players"]["A"]["hero"] = {"name": "Sierra", "reserve_limit": 2, "landmark_limit": 2}
    doc["players"]["A"]["reserve"] = [
        {"id": "a1", "name": "Un", "hand_cost": 2, "reserve_cost": 1},
        {"id": "a2", "name": "Deux", "hand_cost": 2, "reserve_cost": 1},
        {"id": "a3", "name": NASTY, "hand_cost": 2, "reserve_cost": 1},
    ]
    doc["players"]["A"]["hero_expedition"] = [
        {"id": "a4", "name": "Garde forestière", "stats": {"forest": 2}, "statuses": ["fleeting"]},
    ]
    doc["players"]["A"]["mana"] = [{"id": "a5", "statuses": ["exhausted"]}, {"id": "a6"}]
    return doc


def make_scenario(author, visibility="link", document=None, title="Nettoyage au Repos"):
    from judge.scenarios.models import Scenario

    scenario = Scenario(title=title, author=author, visibility=visibility, document=document or cleanup_board())
    scenario.save_document()
    return scenario


def position(page) -> int:
    return int(page.locator("#stepper").get_attribute("data-steps"))


def test_judge_steps_chooses_reads_a_rule_goes_back_and_forks(judge_page, site, js_errors, browser, make_judge):
    from judge.scenarios import runner
    from judge.scenarios.models import Scenario

    page = judge_page
    scenario = make_scenario(page.judge)
    page.goto(f"{site}/scenarios/{scenario.uuid}/")
    expect(page.locator("#stepper-position")).to_have_text("Étape 0")
    board = page.locator("#board")
    expect(board.locator('[data-zone="A.reserve"] .card')).to_have_count(3)
    expect(board.locator('[data-card="a4"]')).to_contain_text("Fugace")
    expect(board.locator("[data-region]")).to_have_count(8)
    expect(board.locator('[data-marker="A.hero"]')).to_be_visible()
    expect(board.locator(".orb.exhausted")).to_have_count(1)
    # The card name with markup is shown as text, never parsed.
    expect(board.locator('[data-card="a3"] .card-name')).to_have_text(NASTY)
    assert board.locator("img").count() == 0

    # Step until the engine waits for A's clean-up choice.
    pending = step_until_pending(page, 5)
    expect(pending).to_contain_text("Décision attendue : joueur A")
    expect(page.get_by_role("button", name="Étape suivante")).to_be_disabled()
    choices = pending.locator(".choices button")
    expect(choices).to_have_count(3)
    # The fleeting character went to the discard at Rest: highlighted as touched by a step.
    expect(board.locator('[data-zone="A.discard"] [data-card="a4"]')).to_be_visible()

    keep = pending.get_by_role("button", name="A garde Un (a1), Deux (a2)")
    chosen_at = position(page)
    keep.click()
    expect(page.locator("#stepper-position")).to_have_text(f"Étape {chosen_at + 1}")
    expect(page.locator("#log .entry.last")).to_contain_text("A garde Un, Deux")

    # Run to the end (or the next decision).
    page.get_by_role("button", name="Jusqu'à la fin").click()
    expect(page.locator("#pending, #winner").filter(visible=True)).to_have_count(1)
    end = position(page)
    assert end > chosen_at + 1
    end_log = page.locator("#log .entry").count()
    end_board = board.inner_text()
    assert page.evaluate("window.pwned") is None

    # One step back, then forward again: same board as when we were there.
    page.get_by_role("button", name="Étape précédente").click()
    expect(page.locator("#stepper-position")).to_have_text(f"Étape {end - 1}")
    before_log = page.locator("#log .entry").count()
    assert before_log < end_log
    before_board = board.inner_text()
    page.get_by_role("button", name="Étape suivante").click()
    expect(page.locator("#stepper-position")).to_have_text(f"Étape {end}")
    expect(page.locator("#log .entry")).to_have_count(end_log)
    assert board.inner_text() == end_board

    # A rule of the log: its text in the side panel on hover, its page when followed.
    link = page.locator("#log .entry").filter(has_text="A garde Un, Deux").locator("a.rule-link", has_text="4.2.5.c")
    link.hover()
    expect(page.locator("#rule-panel")).to_contain_text("Nettoyage")
    link.click()
    expect(page).to_have_url(f"{site}/regles/fr-1/4.2.5.c/")
    expect(page.locator("h1")).to_contain_text("4.2.5.c")
    page.go_back()
    expect(page.locator("#stepper-position")).to_have_text(f"Étape {end}")

    # Back one step: shorter log, the board as it was at that step.
    page.get_by_role("button", name="Étape précédente").click()
    expect(page.locator("#stepper-position")).to_have_text(f"Étape {end - 1}")
    expect(page.locator("#log .entry")).to_have_count(before_log)
    assert board.inner_text() == before_board

    # Fork here: a private scenario of this judge that reloads at exactly this position.
    page.get_by_role("button", name="Créer une variante à cette étape").click()
    fork_link = page.locator("#fork-link")
    expect(fork_link).to_contain_text(f"variante (étape {end - 1})")
    fork = Scenario.objects.get(forked_from=scenario)
    assert fork.author == page.judge and fork.visibility == "private" and fork.problems == []
    original = runner.run(
        scenario.document, until="none", steps=end - 1, decisions=[{"player": "A", "keep": ["a1", "a2"]}]
    )
    reloaded = runner.run(fork.document, until="none")
    for key in ("players", "adventure", "limbo", "day", "phase", "first_player"):
        assert reloaded["state"][key] == original["state"][key], key
    assert reloaded["pending"] == original["pending"]
    fork_link.click()
    expect(page.locator("#stepper-position")).to_have_text("Étape 0")
    assert board.inner_text() == before_board
    expect(page.locator("#edit-link")).to_have_attribute("href", f"/scenarios/{fork.uuid}/modifier/")
    assert_no_serious_axe_violations(page, "fork at step 0")
    assert js_errors == []

    # Another judge can read the shared scenario and copy it, but not edit it.
    make_judge("autre")
    other = browser.new_context(locale="fr-FR").new_page()
    other.set_default_timeout(5_000)
    sign_in(other, site, "autre", next_path=f"/scenarios/{scenario.uuid}/")
    expect(other.locator("#stepper-position")).to_have_text("Étape 0")
    expect(other.locator("#edit-link")).to_have_count(0)
    expect(other.get_by_role("button", name="Copier dans mes scénarios")).to_be_visible()
    response = other.goto(f"{site}/scenarios/{scenario.uuid}/modifier/")
    assert response.status == 403
    assert other.goto(f"{site}/scenarios/{fork.uuid}/").status == 404  # the private fork stays private
    other.context.close()


def test_copy_button_makes_a_private_copy_for_another_judge(judge_page, site, make_judge):
    from judge.scenarios.models import Scenario

    author = make_judge("auteur")
    scenario = make_scenario(author, visibility="public", title="Bibliothèque : nettoyage")
    page = judge_page
    page.goto(f"{site}/scenarios/{scenario.uuid}/")
    page.get_by_role("button", name="Copier dans mes scénarios").click()
    expect(page).to_have_url(re.compile(r"/scenarios/[0-9a-f-]+/modifier/$"))
    copy_ = Scenario.objects.get(forked_from=scenario, author=page.judge)
    assert copy_.visibility == "private"


def test_scenario_with_problems_shows_them_instead_of_running(judge_page, site, js_errors):
    doc = cleanup_board()
    doc["adventure"]["markers"]["A"]["hero"] = 9
    scenario = make_scenario(judge_page.judge, visibility="private", document=doc)
    assert scenario.problems
    page = judge_page
    page.goto(f"{site}/scenarios/{scenario.uuid}/")
    problems = page.locator("#stepper-problems")
    expect(problems).to_contain_text("adventure.markers.A.hero")
    expect(page.get_by_role("button", name="Étape suivante")).to_be_hidden()
    expect(page.locator("#board .player")).to_have_count(0)
    assert_no_serious_axe_violations(page, "problems shown")
    assert js_errors == []


def test_anonymous_reader_is_asked_to_sign_in_to_fork(page, site, make_judge):
    scenario = make_scenario(make_judge("auteur"), visibility="public")
    page.goto(f"{site}/scenarios/{scenario.uuid}/")
    expect(page.locator("#stepper-position")).to_have_text("Étape 0")
    page.get_by_role("button", name="Jusqu'à la fin").click()
    expect(page.locator("#pending")).to_be_visible()
    expect(page.locator("#fork").get_by_role("link", name="Connectez-vous")).to_be_visible()
    expect(page.locator("#edit-link")).to_have_count(0)
    assert_no_serious_axe_violations(page, "decision pending, anonymous")


def test_trial_reads_the_unsaved_board_from_session_storage(page, site, js_errors):
    import json

    page.goto(f"{site}/scenarios/essai/")
    expect(page.locator("#stepper-problems")).to_contain_text("aucun plateau")
    page.evaluate("doc => sessionStorage.setItem('arbitre-trial', doc)", json.dumps(cleanup_board()))
    page.reload()
    expect(page.locator("#stepper-position")).to_have_text("Étape 0")
    page.get_by_role("button", name="Jusqu'à la fin").click()
    expect(page.locator("#pending .choices button")).to_have_count(3)
    expect(page.locator("#fork").get_by_role("link", name="Connectez-vous")).to_be_visible()
    assert_no_serious_axe_violations(page, "trial, decision pending")
    assert js_errors == []


# -- issue 13: shared step links, keyboard, the ruling printed -----------------------------------------


def choices(decisions) -> str:
    import base64
    import json

    return base64.urlsafe_b64encode(json.dumps(decisions, separators=(",", ":")).encode()).decode().rstrip("=")


def pdf_text(pdf: bytes, tmp_path) -> str:
    """The text of a PDF, read by poppler-utils' pdftotext (installed by `make chromium`)."""
    import shutil
    import subprocess

    assert shutil.which("pdftotext"), "pdftotext missing: apt-get install -y poppler-utils"
    path = tmp_path / "ruling.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True, check=True, timeout=30)
    return " ".join(out.stdout.decode("utf-8").split())


def test_shared_step_link_keyboard_reload_back_and_the_ruling_printed_to_pdf(
    page, site, make_judge, browser, js_errors, tmp_path
):
    from rules_ref.models import Rule

    scenario = make_scenario(make_judge("auteur"), visibility="link")
    keep = [{"player": "A", "keep": ["a1", "a2"]}]
    counter = page.locator("#stepper-position")

    # A shared link lands on step 3 with A's decision taken.
    page.goto(f"{site}/scenarios/{scenario.uuid}/?etape=3&choix={choices(keep)}")
    expect(counter).to_have_text("Étape 3")
    expect(page.locator("#log .entry").filter(has_text="A garde Un, Deux")).to_have_count(1)
    # The log is numbered by steps, as the counter: the highlighted entries are step 3's.
    assert set(page.locator("#log .entry").evaluate_all("ns => ns.map(n => n.dataset.step)")) == {"1", "2", "3"}
    expect(page.locator("#log .entry.last").first).to_have_attribute("data-step", "3")
    expect(page.locator("#log .entry.last").first).to_contain_text("Étape 3")

    # Keyboard: shortcuts shown on the buttons; → next, ← previous, P next phase.
    expect(page.locator("#btn-next kbd")).to_have_text("→")
    expect(page.locator("#btn-back kbd")).to_have_text("←")
    expect(page.locator("#btn-phase kbd")).to_have_text("P")
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text("Étape 4")
    expect(page).to_have_url(re.compile(r"[?&]etape=4\b"))
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text("Étape 3")
    # Focus stays on the control used, by mouse or by Enter.
    page.locator("#btn-next").focus()
    page.keyboard.press("Enter")
    expect(counter).to_have_text("Étape 4")
    assert page.evaluate("document.activeElement.id") == "btn-next"
    page.locator("#btn-back").click()
    expect(counter).to_have_text("Étape 3")
    assert page.evaluate("document.activeElement.id") == "btn-back"
    page.keyboard.press("p")
    expect(page.locator("#day-info")).to_contain_text("Matin")
    at_morning = position(page)
    assert at_morning > 3
    expect(page.locator("#step-summary")).to_contain_text("début de la phase : Matin")

    # Reload and the browser's back land on the same steps, with the same decision.
    page.reload()
    expect(counter).to_have_text(f"Étape {at_morning}")
    expect(page.locator("#log .entry").filter(has_text="A garde Un, Deux")).to_have_count(1)
    page.go_back()
    expect(counter).to_have_text("Étape 3")

    # "Copier le lien de cette étape": another judge opening it sees the same board.
    page.get_by_role("button", name="Copier le lien de cette étape").click()
    shared = page.locator("#share-link").input_value()
    assert f"/scenarios/{scenario.uuid}/?etape=3&choix=" in shared
    board_here = page.locator("#board").inner_text()
    other = browser.new_context(locale="fr-FR").new_page()
    other.goto(shared)
    expect(other.locator("#stepper-position")).to_have_text("Étape 3")
    assert other.locator("#board").inner_text() == board_here
    other.context.close()

    # The ruling page at this step: the judge's note goes into its link; printed to PDF on A4.
    page.locator("#ruling-link").click()
    # (its players' link: the scenario's share token, then the position)
    expect(page).to_have_url(re.compile(rf"/scenarios/{scenario.uuid}/decision/[\w-]+/\?etape=3&choix="))
    page.get_by_label("Votre note").fill("A a gardé Un et Deux : la limite de Réserve de Sierra.")
    page.get_by_role("button", name="Mettre la note dans le lien").click()
    expect(page).to_have_url(re.compile(r"note="))
    expect(page.locator("#note-text")).to_have_text("A a gardé Un et Deux : la limite de Réserve de Sierra.")
    expect(page.locator(".ruling .board [data-card='a1']").first).to_be_visible()
    expect(page.locator("#permalink")).to_have_attribute(
        "href", re.compile(rf"/scenarios/{scenario.uuid}/\?etape=3&choix=")
    )
    # Printed: A4's width less the 12 mm margins is about 700 CSS pixels; nothing wider than that.
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 700, "height": 990})
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1")
    expect(page.locator("header.top")).to_be_hidden()
    pdf = page.pdf(format="A4", print_background=True)
    assert pdf[:5] == b"%PDF-"
    text = pdf_text(pdf, tmp_path)
    import subprocess

    info = subprocess.run(
        ["pdfinfo", str(tmp_path / "ruling.pdf")], capture_output=True, text=True, timeout=30, check=True
    ).stdout
    assert re.search(
        r"Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)|Page size:\s+595\.\d+ x 842\.\d+ pts \(A4\)", info
    ), info
    assert "A a gardé Un et Deux" in text and "Étape 3" in text and "A garde Un, Deux." in text
    # The permalink (wrapped on its hyphens, which pdftotext joins without them).
    assert f"/scenarios/{scenario.uuid}/?etape=3".replace("-", "") in text.replace(" ", "").replace("-", "")
    # Every rule the steps cite, with its full text (title and every block) from the rules reference.
    from judge.scenarios import runner

    cited = {n for e in runner.position(scenario.document, 3, keep)["log"] for n in e["rules"]}
    assert "4.2.5.c" in cited and len(cited) >= 3
    for rule in Rule.objects.filter(ruleset__slug="fr-1", number__in=cited):
        assert f"{rule.number} {' '.join(rule.title.split())}".strip() in text, rule.number
        for block in rule.blocks:
            assert " ".join(block["text"].split()) in text, (rule.number, block["text"])
    assert js_errors == []


def test_phone_bar_takes_at_most_a_fifth_and_says_what_changed(browser, site, make_judge):
    scenario = make_scenario(make_judge("auteur"), visibility="link")
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-FR", is_mobile=True, has_touch=True
    )
    phone = context.new_page()
    phone.set_default_timeout(5_000)
    phone.goto(f"{site}/scenarios/{scenario.uuid}/")
    expect(phone.locator("#stepper-position")).to_have_text("Étape 0")
    phone.locator("#btn-next").tap()
    expect(phone.locator("#stepper-position")).to_have_text("Étape 1")
    # What changed, summarised at the top, and both zones of the move highlighted (from and to).
    expect(phone.locator("#step-summary")).to_contain_text("la carte Garde forestière (a4) est Fugace")
    expect(phone.locator('#board [data-zone="A.hero_expedition"]')).to_have_class(re.compile(r"\bchanged\b"))
    expect(phone.locator('#board [data-zone="A.discard"]')).to_have_class(re.compile(r"\bchanged\b"))
    # Once stepping, the site's header has scrolled away: the bar alone stays on top, the board right
    # below it (the page does not jump to the log).
    box = phone.locator(".stepper-bar").bounding_box()
    assert box["y"] <= 1 and box["height"] <= 844 / 5, box
    expect(phone.locator("#step-summary")).to_be_in_viewport()
    expect(phone.locator("#day-info")).to_be_in_viewport()
    expect(phone.locator("#pending")).to_contain_text("choisit 2 objets de sa Réserve")  # plural agrees
    assert phone.locator("#pending").bounding_box()["y"] < 844 / 4  # the decision, then the board
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight / 2)")
    box = phone.locator(".stepper-bar").bounding_box()
    assert box["y"] <= 1 and box["height"] <= 844 / 5, box
    expect(phone.locator("#step-summary")).to_be_in_viewport()
    context.close()


def test_rule_panel_stays_beside_a_long_log_on_a_desktop(browser, site, make_judge):
    scenario = make_scenario(make_judge("auteur"), visibility="link")
    context = browser.new_context(viewport={"width": 1280, "height": 560}, locale="fr-FR")
    desk = context.new_page()
    desk.set_default_timeout(5_000)
    desk.goto(f"{site}/scenarios/{scenario.uuid}/?etape=12&choix={choices([{'player': 'A', 'keep': ['a1', 'a2']}])}")
    expect(desk.locator("#log .entry").last).to_have_attribute("data-step", re.compile(r"\d+"))
    assert desk.locator("#log .entry").count() >= 10
    desk.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    last_link = desk.locator('#log .entry a.rule-link:not([href*="glossaire"])').last  # a numbered rule, not an article
    panel = desk.locator("#rule-panel")
    # in the window and not hidden by the log's own scroll box: the rule box grows when its rule comes
    # (130 → 252 px here), which shrinks the log below it and may hide its last line
    in_view = (
        "e => { const r = e.getBoundingClientRect();"
        " if (!(r.bottom > 0 && r.top < innerHeight && r.height > 0)) return false;"
        " for (let p = e.parentElement; p; p = p.parentElement) {"
        " if (!/(auto|scroll|hidden)/.test(getComputedStyle(p).overflowY)) continue;"
        " const q = p.getBoundingClientRect(); if (r.bottom <= q.top || r.top >= q.bottom) return false; }"
        " return true; }"
    )
    for _ in range(
        3
    ):  # a late reflow (fonts, the log's last redraw on a busy machine) may move the link: the judge scrolls again
        last_link.scroll_into_view_if_needed()
        last_link.hover()
        expect(panel).not_to_contain_text("Survolez")
        if last_link.evaluate(in_view):
            break
        desk.wait_for_timeout(500)
    expect(panel).to_be_in_viewport()
    expect(last_link).to_be_in_viewport()
    context.close()


def test_card_abilities_read_as_french_and_the_arena_replaces_the_regions(page, site, make_judge, js_errors):
    import json
    from pathlib import Path

    doc = cleanup_board()
    doc["players"]["B"]["hero_expedition"] = [
        {
            "id": "b1",
            "name": "Guetteur",
            "stats": {"forest": 1},
            "abilities": [
                {
                    "trigger": "join",
                    "effect": [{"action": "gain_counters", "target": "me", "name": "boost", "count": 1}],
                }
            ],
        }
    ]
    doc["players"]["B"]["reserve"] = [{"id": "b2", "stats": {"water": 1}}]
    author = make_judge("auteur")
    scenario = make_scenario(author, visibility="link", document=doc)
    assert scenario.problems == []
    page.goto(f"{site}/scenarios/{scenario.uuid}/")
    expect(page.locator('#board [data-card="b1"] .card-ability')).to_have_text(
        "Lorsque je rejoins la zone d'Expédition : Je gagne 1 jeton Boost (Guetteur)."
    )  # the builder's sentence (builder/describe.js)
    expect(page.locator('#board [data-card="a4"] .card-ability')).to_have_count(0)

    arena = json.loads(
        (Path(__file__).resolve().parents[2] / "fixtures/scenarios/arena-tiebreak-continues.json").read_text()
    )
    tied = make_scenario(author, visibility="link", document=arena, title="Arène")
    page.goto(f"{site}/scenarios/{tied.uuid}/")
    expect(page.locator("#stepper-position")).to_have_text("Étape 0")
    expect(page.locator("#board [data-region]")).to_have_count(1)
    region = page.locator('#board [data-region="arena"]')
    expect(region).to_contain_text("Arène")
    expect(region.locator("[data-marker]")).to_have_count(4)
    expect(page.locator("#board .adventure h3")).to_contain_text("4.3.d")
    assert js_errors == []


def test_run_on_stops_before_the_next_decision_and_at_the_end_of_the_phase(page, site, make_judge, js_errors):
    doc = cleanup_board()
    doc["decisions"] = [{"player": "A", "keep": ["a1", "a2"]}]  # scripted: nothing waits on the way
    scenario = make_scenario(make_judge("auteur"), visibility="link", document=doc)
    page.goto(f"{site}/scenarios/{scenario.uuid}/")
    counter = page.locator("#stepper-position")
    expect(counter).to_have_text("Étape 0")
    expect(page.locator("#btn-decision kbd")).to_have_text("D")
    page.keyboard.press("d")
    # Stopped before A's clean-up decision: the Reserve still holds the three cards.
    expect(counter).to_have_text("Étape 1")
    expect(page.locator("#step-summary")).to_contain_text("arrêt avant la prochaine décision")
    expect(page.locator('#board [data-zone="A.reserve"] .card')).to_have_count(3)
    page.get_by_role("button", name="Fin de cette phase").click()
    expect(page.locator("#step-summary")).to_contain_text("arrêt à la fin de la phase")
    # The whole Night is done (a3 discarded at Clean-up) and nothing of the Morning is shown: the
    # engine's step that ends the Night also begins the Morning, shown up to the Night's end.
    expect(page.locator('#board [data-zone="A.discard"] [data-card="a3"]')).to_be_visible()
    assert page.evaluate("document.activeElement.id") == "btn-phase-end"
    last = position(page)
    expect(counter).to_have_text(f"Étape {last} (fin de la phase)")
    expect(page.locator("#step-summary")).to_contain_text(
        "arrêt à la fin de la phase Nuit ; la phase Matin commence ensuite"
    )
    expect(page.locator("#board .phase")).to_have_text("Nuit")
    expect(page.locator("#log")).not_to_contain_text("Matin")
    expect(page.locator("#log .entry.last").last).to_contain_text("Nettoyage")
    assert "fin=1" in page.url
    page.reload()  # the link lands at the same moment
    expect(counter).to_have_text(f"Étape {last} (fin de la phase)")
    expect(page.locator("#log")).not_to_contain_text("Matin")
    # The next step shows the rest of that step: the Morning begins, the position unchanged.
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"Étape {last}")
    expect(page.locator("#step-summary")).to_contain_text(f"Étape {last} (suite)")
    expect(page.locator("#board .phase")).to_have_text("Matin")
    expect(page.locator("#log .entry.last").last).to_contain_text("début de la phase : Matin")
    assert "fin=1" not in page.url
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"Étape {last + 1}")
    assert js_errors == []
