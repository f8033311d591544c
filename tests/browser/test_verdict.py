"""The verdict at the table: three disputes played end to end on a laptop and on a phone, from an
empty builder to the ruling read by a logged-out player in a second browser.

Every action of the judge is counted (a click, a key, a field filled, a choice in a list, a drag: one
each); opening the link the judge gives is the player's, not counted. After the run the verdict and
its rule's text are in view without scrolling, nothing overflows sideways, no script error, and
axe-core finds no serious or critical violation in each state reached.
"""

from __future__ import annotations

import re
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import CHROMIUM_ARGS, PASSWORD, TIMEOUT_MS, assert_no_serious_axe_violations, sign_in
from .test_dispute import Judge as CountedHands

pytestmark = [
    pytest.mark.browser,
    pytest.mark.filterwarnings("ignore:Session-scoped fixtures defined as instance methods"),
]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
VIEWPORTS = {"laptop": LAPTOP, "phone": PHONE}

assert CHROMIUM_ARGS  # the browser is the suite's (conftest), launched once per session


class Judge(CountedHands):
    """The judge's hands on one page: every action counted (a click, a fill, a choice, a drag, a key)."""

    def key(self, key: str):
        self.count += 1
        self.page.keyboard.press(key)


def context(browser, viewport: dict):
    phone = viewport["width"] < 600
    return browser.new_context(
        viewport=viewport, locale="fr-FR", is_mobile=phone, has_touch=phone, device_scale_factor=1
    )


def watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("console", lambda msg: errors.append(f"console.{msg.type}: {msg.text}") if msg.type == "error" else None)
    return errors


def assert_no_horizontal_overflow(page: Page, state: str) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert width <= 0, f"{page.url} ({state}): {width} px of horizontal overflow"


def assert_in_view(locator, what: str) -> None:
    """Entirely inside the viewport as the page stands (no scrolling done by the test)."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    size = locator.page.viewport_size
    assert box is not None, what
    assert box["y"] >= 0 and box["y"] + min(box["height"], 40) <= size["height"], (
        f"{what} is out of view: top at {box['y']:.0f} px of a {size['height']} px viewport"
    )


def idle(page: Page) -> None:
    """The stepper has answered (a key pressed while it computes is ignored, as a double click)."""
    page.wait_for_function("() => !document.getElementById('stepper').classList.contains('busy')")


#: The words of the board's region labels drawn on more than one line ("Compagn" / "on").
BROKEN_WORDS = """() => [...document.querySelectorAll('.region-label')].flatMap((label) => {
  const text = label.firstChild; if (!text) return [];
  const range = document.createRange(); const broken = []; let at = 0;
  for (const word of label.textContent.split(/\\s+/).filter(Boolean)) {
    const start = label.textContent.indexOf(word, at); at = start + word.length;
    range.setStart(text, start); range.setEnd(text, at);
    if (range.getClientRects().length > 1) broken.push(word);
  }
  return broken; })"""


def check_state(page: Page, state: str) -> None:
    assert_no_horizontal_overflow(page, state)
    assert page.evaluate(BROKEN_WORDS) == [], f"{state}: a region's name is cut mid-word"
    assert_no_serious_axe_violations(page, state)


@pytest.fixture
def judge_and_player(browser, site, make_judge, request):
    """A signed-in judge's page and a logged-out player's page, both at the test's viewport."""
    viewport = VIEWPORTS[request.param]
    make_judge("juge")
    judge_context, player_context = context(browser, viewport), context(browser, viewport)
    judge_page, player_page = judge_context.new_page(), player_context.new_page()
    for p in (judge_page, player_page):
        p.set_default_timeout(TIMEOUT_MS)
    errors = watch_errors(judge_page) + watch_errors(player_page)
    sign_in(judge_page, site, "juge", PASSWORD)
    yield judge_page, player_page, errors
    for ctx in (judge_context, player_context):
        for tab in ctx.pages:
            try:
                tab.wait_for_load_state("networkidle", timeout=5000)
            except Exception:
                pass
        ctx.close()


def open_builder(page: Page, site: str) -> tuple[Judge, object]:
    page.goto(f"{site}/scenarios/nouveau/")
    expect(page.locator("#builder")).to_have_attribute("data-check", "ok")
    return Judge(page), page.locator("#side-panel")


def region(page: Page, n: int):
    return page.locator(f'#builder-board .region[data-region="{n}"]')


#: Whether the element's centre is the element itself (not under a sticky bar or a sheet, not off screen).
UNCOVERED = """n => { const r = n.getBoundingClientRect(); const x = r.x + r.width / 2, y = r.y + Math.min(r.height / 2, 12);
  const e = document.elementFromPoint(x, y); return !!e && (e === n || n.contains(e)); }"""


#: The button named so, scrolled into view as the page's scroll padding says (as a judge's finger
#: would bring it up): the point at its very centre is the button (elementFromPoint). Polled: the
#: board is drawn again after each change, and a button just replaced is not the one to look at.
UNCOVERED_ONCE_IN_VIEW = """(name) => {
  const b = [...document.querySelectorAll('button[aria-label]')].find((n) => n.getAttribute('aria-label') === name);
  if (!b || !b.isConnected) return false;
  b.scrollIntoView({ block: 'center', behavior: 'instant' });
  const r = b.getBoundingClientRect();
  const e = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return !!e && (e === b || b.contains(e));
}"""


def add_card(judge: Judge, panel, zone_fr: str, player: str, preset: str, effect: str = "", **fields):
    page = judge.page
    plus = page.get_by_role("button", name=f"Ajouter une carte dans {zone_fr} ({player})", exact=True)
    # The next « + » is never under the card panel (a sheet over the bottom of a phone's screen):
    # brought into view, the point at its centre is the button itself, the panel left open.
    name = f"Ajouter une carte dans {zone_fr} ({player})"
    try:
        page.wait_for_function(UNCOVERED_ONCE_IN_VIEW, arg=name, timeout=TIMEOUT_MS)
    except PlaywrightTimeout:
        raise AssertionError(f"the « + » of {zone_fr} ({player}) stays under the card panel") from None
    judge.click(plus)
    for label, value in fields.items():
        judge.fill(panel.get_by_label(label, exact=True), value)
    if effect:
        judge.choose(panel.get_by_label("Effet du Sort"), effect)
    judge.click(panel.get_by_role("button", name=f"Ajouter : {preset}", exact=True))
    expect(panel).to_have_attribute("data-kind", "card")
    # The new card is in view, under the sticky toolbar and above the editor's sheet (a phone).
    card_id = panel.get_by_label("Identifiant").input_value()
    new = page.locator(f'#builder-board [data-card="{card_id}"]')
    page.wait_for_function("() => new Promise((done) => requestAnimationFrame(() => done(true)))")
    assert new.evaluate(UNCOVERED), "the new card is covered (toolbar or sheet) or out of view: "


def save_and_open(judge: Judge):
    page = judge.page
    judge.click(page.get_by_role("button", name="Enregistrer", exact=True))
    expect(page.get_by_role("status").filter(has_text="Scénario enregistré")).to_be_visible()
    judge.click(page.get_by_role("link", name="Ouvrir dans le pas-à-pas"))
    expect(page.locator("#stepper-position")).to_have_text("Étape 0")
    # A private draft (the default): its step link opens only for the judge, and the page says so.
    expect(page.locator("#share-warning")).to_contain_text("Brouillon privé")
    # Saved without a title: it got the default one, the date and time of the ruling.
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Décision du \d{1,2}/\d{1,2} \d\d:\d\d$"))
    check_state(page, "stepper opened")
    icons = page.eval_on_selector_all('link[rel="icon"]', "links => links.map((l) => l.href)")
    assert icons and all(page.request.get(urljoin(page.url, icon)).ok for icon in icons)  # the favicon is served


def give_ruling(judge: Judge, player: Page) -> Page:
    """The judge opens the ruling from the « Décision » box, where it is in view after the run; the
    player opens its address, logged out."""
    page = judge.page
    show = page.locator("#verdict").get_by_role("link", name="Montrer la décision aux joueurs")
    assert_in_view(show, "the players' link")
    judge.click(show)
    expect(page.locator("#ruling")).to_be_visible()
    player.goto(page.url)
    return player


def verdict_in_stepper(page: Page, rule: str, text: str, state: str) -> None:
    """The stepper's « Décision » box after a run: the rule that decided and its text, in view."""
    check_state(page, state)
    verdict = page.locator("#verdict")
    assert_in_view(verdict.locator(".verdict-rule .num").filter(has_text=rule).first, f"rule {rule} in the stepper")
    text_node = verdict.locator(".verdict-rule p").filter(has_text=re.compile(text)).first
    assert_in_view(text_node, f"rule {rule}'s text in the stepper")


def compare_with_cr5(page: Page) -> None:
    """Under CR 5.0 a spell's targets are chosen as each step resolves (6.5.b): the judge's choice
    made at declaration is replayed there step by step, and the column opens at the same Dusk."""
    position = page.locator("#stepper-position").inner_text()
    page.get_by_role("button", name="Comparer avec CR 5.0").click()
    cr5 = page.locator('#compare .compare-column[data-ruleset="cr-5.0"]')
    fr1 = page.locator('#compare .compare-column[data-ruleset="fr-1"]')
    expect(fr1).to_have_attribute("data-steps", position.removeprefix("Étape "))  # where the judge is
    expect(cr5.locator(".compare-position")).to_contain_text("jour 1, Crépuscule")
    expect(cr5.locator(".log")).to_contain_text("b1 gagne le statut Endormi")
    expect(cr5.locator(".compare-notice")).to_be_hidden()  # nothing differs that needs asking
    check_state(page, "comparison open")
    steps = int(cr5.get_attribute("data-steps"))
    page.keyboard.press("ArrowLeft")  # the stepper's keys move the comparison
    expect(cr5).to_have_attribute("data-steps", str(steps - 1))
    page.get_by_role("button", name="Fermer la comparaison").click()
    expect(page.locator("#board")).to_be_visible()


def verdict_shown(player: Page, rule: str, text: str, state: str) -> None:
    expect(player.get_by_role("heading", level=1)).to_contain_text("Décision")
    check_state(player, state)
    verdict = player.locator("#verdict .verdict-rule")
    assert_in_view(verdict.locator(f".num:text-is('{rule}')").first, f"rule {rule}")
    assert_in_view(verdict.locator("p").filter(has_text=re.compile(text)).first, f"the text of rule {rule}")


@pytest.mark.parametrize("judge_and_player", list(VIEWPORTS), indirect=True)
def test_fugace_character_at_night(judge_and_player, site):
    page, player, errors = judge_and_player
    judge, panel = open_builder(page, site)
    phone = page.viewport_size["width"] < 600
    if phone:  # the sticky toolbar is one row of buttons
        buttons = page.locator("#builder .toolbar button:visible")
        tops = {round(b["y"]) for b in (buttons.nth(k).bounding_box() for k in range(buttons.count()))}
        assert len(tops) == 1, tops
    judge.choose(page.get_by_label("Phase"), "night")
    add_card(judge, panel, "Expédition du Héros", "A", "Personnage Fugace")
    save_and_open(judge)
    judge.key("f")
    expect(page.locator("#log")).to_contain_text("2.4.6.c")
    # F stops on the Night's last step, the Morning not shown yet.
    expect(page.locator("#step-summary")).to_contain_text("arrêt à la fin de la phase Nuit")
    expect(page.locator("#board .phase")).to_have_text("Nuit")
    expect(page.locator("#log")).not_to_contain_text("Matin")
    verdict_in_stepper(page, "2.4.6.c", "Fugace", "after the Night")
    give_ruling(judge, player)
    print(f"\nFugace at Night ({page.viewport_size['width']} px): {judge.count} actions")
    assert judge.count <= 12
    verdict_shown(player, "2.4.6.c", "Fugace", "ruling, logged out")
    if phone:  # (not counted) no hover on a phone: a first touch on a rule of the log shows its text in the panel
        page.go_back()
        panel_box = page.locator("#rule-panel")
        expect(panel_box).to_contain_text("Touchez un numéro de règle")
        here = page.url
        page.locator('#log a.rule-link[data-rule="4.2.5.c"]').first.tap()
        expect(panel_box).to_contain_text("4.2.5.c")
        assert page.url == here
    assert errors == []


@pytest.mark.parametrize("judge_and_player", list(VIEWPORTS), indirect=True)
def test_both_expeditions_meet_at_dusk(judge_and_player, site):
    page, player, errors = judge_and_player
    judge, panel = open_builder(page, site)
    judge.choose(page.get_by_label("Phase"), "dusk")
    judge.drag(page.locator('#builder-board [data-marker="A.hero"]'), region(page, 3))
    judge.drag(page.locator('#builder-board [data-marker="A.companion"]'), region(page, 4))
    judge.click(page.get_by_role("button", name="Retourner T2 (face cachée)"))
    add_card(judge, panel, "Expédition du Héros", "A", "Personnage", Montagne="2")
    save_and_open(judge)
    judge.key("e")
    expect(page.locator("#winner")).to_contain_text("A")
    verdict_in_stepper(page, "4.3.a", "rencontr|croisent|dépasse", "game over")
    give_ruling(judge, player)
    print(f"\nExpeditions meet at Dusk ({page.viewport_size['width']} px): {judge.count} actions")
    assert judge.count <= 16
    verdict_shown(player, "4.3.a", "rencontr|croisent|dépasse", "ruling, logged out")
    assert errors == []


@pytest.mark.parametrize("judge_and_player", list(VIEWPORTS), indirect=True)
def test_reaction_and_two_step_spell(judge_and_player, site):
    page, player, errors = judge_and_player
    judge, panel = open_builder(page, site)
    judge.choose(page.get_by_label("Phase"), "afternoon")
    add_card(judge, panel, "Expédition du Héros", "A", "Personnage", Forêt="1")
    judge.click(panel.get_by_role("button", name="Ajouter une réaction à a1"))
    reaction = panel.locator(".ability").first
    judge.choose(reaction.get_by_label("Déclencheur"), "dusk")
    judge.choose(reaction.get_by_label("Cible (capacité 1 de a1, étape 1)"), "me")
    add_card(judge, panel, "Main", "A", "Sort", effect="boost")
    spell = panel.locator(".spell-effect")
    judge.choose(spell.get_by_label("Verbe de l'étape à ajouter (effet de a2)"), "gain_status")
    judge.click(spell.get_by_role("button", name="Ajouter une étape à effet de a2"))
    add_card(judge, panel, "Expédition du Héros", "B", "Personnage", Forêt="1")
    save_and_open(judge)
    pending = page.locator("#pending")
    judge.key("d")
    expect(pending).to_be_visible()
    check_state(page, "decision pending")
    # Each target is asked for its own step, labelled with the step's sentence.
    judge.click(
        pending.get_by_role("button", name=re.compile(r"^Étape 1 — Un Personnage ciblé gagne 1 jeton Boost : a1$"))
    )
    judge.click(
        pending.get_by_role("button", name=re.compile(r"^Étape 2 — Un Personnage ciblé gagne le statut Endormi : b1$"))
    )
    expect(page.locator("#log")).to_contain_text("cibles : la carte a1, la carte b1")
    idle(page)
    judge.key("f")  # the rest of the Afternoon: B then A can only pass, played for the judge
    expect(page.locator("#log")).to_contain_text("aucun autre choix possible : joué automatiquement")
    idle(page)
    judge.key("f")  # the Dusk: the reaction, then the expeditions
    expect(page.locator("#log")).to_contain_text("réaction")
    rule = page.locator("#verdict .verdict-rule .num").first.inner_text()
    verdict_in_stepper(page, rule, ".", "after the Dusk")
    if page.viewport_size["width"] > 600:  # the comparison (not counted: the players do not need it)
        compare_with_cr5(page)
    give_ruling(judge, player)
    print(f"\nReaction and two-step spell ({page.viewport_size['width']} px): {judge.count} actions")
    verdict_shown(player, rule, ".", "ruling, logged out")
    assert errors == []


def test_under_cr5_each_step_asks_its_target_in_french(page: Page, site, make_judge):
    """Under CR 5.0 the targets are chosen as each step resolves (6.5.b): the prompt names the card,
    the step's sentence and the count, never the engine's verb."""
    from judge.scenarios.models import Scenario

    from ..judge.test_verdict import spell_board

    scenario = Scenario(
        title="Élan (CR 5.0)", author=make_judge("auteur"), document=dict(spell_board(), rules="cr-5.0")
    )
    scenario.save_document()
    page.goto(f"{site}/scenarios/{scenario.uuid}/decision/{scenario.share_token}/")  # the players' link, logged out
    expect(page.locator("#verdict, .ruling-situation").first).to_be_visible()
    sign_in(page, site, "auteur", PASSWORD, next_path=f"/scenarios/{scenario.uuid}/")
    pending = page.locator("#pending")
    expect(pending).to_be_visible()
    pending.get_by_role("button", name="A joue Élan (a2)").click()
    expect(page.locator("#stepper-position")).to_have_text("Étape 1")
    for step, sentence, target in (
        (1, "Un Personnage ciblé gagne 1 jeton Boost", "Guetteur (a1)"),
        (2, "Un Personnage ciblé gagne le statut Endormi", "Sentinelle (b1)"),
    ):
        idle(page)
        page.keyboard.press("d")  # on to the step that asks
        expect(pending.locator(".pending-text")).to_have_text(
            f"Élan (a2), étape {step} — {sentence} : A choisit 1 cible."
        )
        expect(pending).not_to_contain_text("gain_")
        pending.get_by_role("button", name=f"Étape {step} — {sentence} : {target}").click()
    expect(page.locator("#log")).to_contain_text("Sentinelle gagne le statut Endormi")
    assert_no_serious_axe_violations(page, "cr-5.0 targets answered")


def test_the_comparison_asks_each_step_s_target_like_the_stepper(page: Page, site, make_judge):
    """In the comparison too, a two-step spell's targets are asked step by step, each labelled with
    its effect's sentence: the buttons add up (one per card and step) instead of multiplying (pairs),
    on a board with many cards; each column plays the judge's choice."""
    from judge.scenarios.models import Scenario

    from ..judge.test_verdict import crowded_spell_board

    scenario = Scenario(
        title="Élan, table pleine", author=make_judge("auteur"), visibility="link", document=crowded_spell_board()
    )
    scenario.save_document()
    errors = watch_errors(page)
    page.goto(f"{site}/scenarios/{scenario.uuid}/")
    expect(page.locator("#pending")).to_be_visible()
    page.get_by_role("button", name="Comparer avec CR 5.0").click()
    fr1 = page.locator('#compare .compare-column[data-ruleset="fr-1"]')
    cr5 = page.locator('#compare .compare-column[data-ruleset="cr-5.0"]')
    first = "Étape 1 — Un Personnage ciblé gagne 1 jeton Boost"
    second = "Étape 2 — Un Personnage ciblé gagne le statut Endormi"
    # Under each rule set the spell is played first (too many target lists to list: 5.2.3.b under
    # FR v1.x, as each step resolves under CR 5.0, 6.5.b), then each step asks its own target.
    for column in (fr1, cr5):
        expect(column.locator(".compare-end")).to_contain_text("Décision attendue : joueur A")
        column.get_by_role("button", name="A joue Élan (a2)").click()
    expect(fr1.locator(".target-step-label")).to_have_text([f"{first} :", f"{second} :"])
    expect(fr1.locator(".compare-end")).to_contain_text(
        f"Élan (a2) : A choisit ses cibles dans l'ordre des étapes ({first} ; {second})"
    )
    expect(fr1.locator(".compare-end")).not_to_contain_text("gain_")
    # Bounded: one button per Character for the step asked, not 24² pairs; every Character offered.
    expect(fr1.locator(".target-options button")).to_have_count(24)
    expect(fr1.get_by_role("button", name=f"{first} : Sentinelle 12 (b12)")).to_be_visible()
    page.set_viewport_size(PHONE)  # the columns stack and the buttons wrap on a phone
    assert_no_horizontal_overflow(page, "comparison's targets on a phone")
    fr1.get_by_role("button", name=f"{first} : Guetteur 1 (a1)").click()
    expect(fr1.locator(".target-options button")).to_have_count(24)
    fr1.get_by_role("button", name=f"{second} : Sentinelle 12 (b12)").click()
    expect(fr1.locator(".log")).to_contain_text("A choisit les cibles : Guetteur 1, Sentinelle 12.")
    for sentence, target in ((first, "Guetteur 1 (a1)"), (second, "Sentinelle 12 (b12)")):
        expect(cr5).not_to_have_attribute("aria-busy", "true")
        page.keyboard.press("d")  # the stepper's key: on to the step that asks (both columns)
        expect(cr5.locator(".compare-end")).to_contain_text(sentence.replace("Étape", "étape"))
        assert cr5.locator(".target-options button").count() <= 24
        cr5.get_by_role("button", name=f"{sentence} : {target}").click()
    expect(cr5.locator(".log")).to_contain_text("Sentinelle 12")
    expect(cr5.locator(".compare-end")).not_to_contain_text("gain_")
    assert_no_serious_axe_violations(page, "comparison, targets answered")
    assert errors == []


def test_the_stepper_asks_a_crowded_board_s_targets_step_by_step(page: Page, site, make_judge):
    """24 Characters: too many target lists for the engine to list (the play is declared bare, then
    its targets): each step offers every Character once, labelled with its sentence."""
    from judge.scenarios.models import Scenario

    from ..judge.test_verdict import crowded_spell_board

    scenario = Scenario(
        title="Élan, table pleine", author=make_judge("auteur"), visibility="link", document=crowded_spell_board()
    )
    scenario.save_document()
    errors = watch_errors(page)
    page.goto(f"{site}/scenarios/{scenario.uuid}/")
    pending = page.locator("#pending")
    pending.get_by_role("button", name="A joue Élan (a2)").click()
    first = "Étape 1 — Un Personnage ciblé gagne 1 jeton Boost"
    second = "Étape 2 — Un Personnage ciblé gagne le statut Endormi"
    expect(pending.locator(".pending-text")).to_have_text(
        f"Élan (a2) : A choisit ses cibles dans l'ordre des étapes ({first} ; {second})."
    )
    expect(pending.locator(".target-options button")).to_have_count(24)
    page.set_viewport_size(PHONE)  # the 24 buttons wrap on a phone
    assert_no_horizontal_overflow(page, "crowded board's targets on a phone")
    pending.get_by_role("button", name=f"{first} : Sentinelle 12 (b12)").click()
    expect(pending.locator(".target-step strong")).to_have_text("Sentinelle 12 (b12)")
    expect(pending.locator(".target-options button")).to_have_count(24)
    pending.get_by_role("button", name=f"{second} : Guetteur 1 (a1)").click()
    expect(page.locator("#log")).to_contain_text("A choisit les cibles : Sentinelle 12, Guetteur 1.")
    assert_no_serious_axe_violations(page, "crowded board, targets answered")
    assert errors == []
