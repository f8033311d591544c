"""Browser tests of every page (rules, builder, stepper, training): Playwright (sync API) drives
Debian's Chromium against pytest-django's live server.

Playwright's own browser download cannot reach its servers here, so the browser is
``/usr/bin/chromium`` (``apt-get install chromium``), launched with the flags that keep it off the
network. Run with ``python -m pytest tests/browser -q``; every test here is marked ``browser``.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

# Playwright's sync API runs an event loop in the test thread; Django's ORM would otherwise refuse
# the database calls that pytest-django's fixtures make from that thread.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("ARBITRE_CHROMIUM") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-quic",
    "--disable-sync",
]
#: Auto-waiting assertions and actions give up after this long (ms). Every wait is for an event (an
#: element, an attribute, a response), never for a time, so this bound only decides how long a real
#: failure takes to report: it is set for a slow machine (one core beside a busy loop, where the live
#: check of the builder took more than 5 s), not for this one.
TIMEOUT_MS = 20_000
expect.set_options(timeout=TIMEOUT_MS)
PASSWORD = "juge-mot-de-passe"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: install Debian's browser (apt-get install -y chromium) "
            "or point ARBITRE_CHROMIUM at one; Playwright's own download does not work here.",
            pytrace=False,
        )
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "fr-FR"}


@pytest.fixture
def site(live_server, live_rules):
    """The base URL of the live site, with the seed rules imported and indexed."""
    return live_server.url


@pytest.fixture
def page(page, site):
    page.set_default_timeout(TIMEOUT_MS)
    yield page
    # Every tab's requests end before the database is flushed: a live-server thread still reading a
    # table (a tab opened by the test, still loading) locks it, and the flush fails.
    for tab in page.context.pages:
        try:
            tab.wait_for_load_state("networkidle", timeout=5000)
        except PlaywrightError:
            pass
        tab.close()


@pytest.fixture
def js_errors(page):
    """Uncaught script errors and console errors of the page; the test asserts there are none."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on(
        "console",
        lambda msg: (
            errors.append(f"console.{msg.type}: {msg.text} @ {msg.location.get('url')}")
            if msg.type == "error" and "favicon.ico" not in (msg.location.get("url") or "")
            else None
        ),
    )
    return errors


@pytest.fixture
def make_judge(transactional_db):
    """Create a judge account: ``make_judge("anne")`` returns the user (password ``PASSWORD``)."""
    from django.contrib.auth import get_user_model

    def make(username: str = "juge", **extra):
        return get_user_model().objects.create_user(username=username, password=PASSWORD, **extra)

    return make


def sign_in(page, site: str, username: str, password: str = PASSWORD, next_path: str = "/scenarios/") -> None:
    """Sign in through the login form, landing on ``next_path``."""
    page.goto(f"{site}/comptes/login/?next={next_path}")
    page.get_by_label("Identifiant").fill(username)
    page.get_by_label("Mot de passe").fill(password)
    page.get_by_role("button", name="Se connecter").click()
    page.wait_for_url(f"{site}{next_path}")


@pytest.fixture
def judge_page(page, site, make_judge):
    """A page signed in as a fresh judge ``juge``; the user is ``judge_page.judge``."""
    user = make_judge("juge")
    sign_in(page, site, "juge")
    page.judge = user
    return page


def step_until_pending(page, max_steps: int):
    """Click "Étape suivante" until the engine waits for a decision; returns the #pending box."""
    from playwright.sync_api import expect

    pending = page.locator("#pending")
    for n in range(1, max_steps + 1):
        page.get_by_role("button", name="Étape suivante").click()
        expect(page.locator("#stepper-position")).to_have_text(f"Étape {n}")
        if pending.is_visible():
            break
    return pending


#: The axe-core impacts a page must not have (axe-core ships with axe-playwright-python: no network).
BLOCKING_IMPACTS = ("serious", "critical")


def axe_violations(page, impacts=BLOCKING_IMPACTS) -> list[dict]:
    """The axe-core violations of the page as it is now, of the given impacts."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [v for v in results.response["violations"] if impacts is None or v["impact"] in impacts]


def describe_violations(violations: list[dict]) -> str:
    """One line per violation, then the first few elements it found (their CSS selectors)."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])}): {v['help']}")
        lines.extend(f"    {node['target']}" for node in v["nodes"][:5])
    return "\n".join(lines)


def assert_no_serious_axe_violations(page, state: str = "") -> None:
    """No serious or critical axe-core violation on the page in its current state (``state`` names
    it in the failure: "suggestions open", "decision pending", …)."""
    violations = axe_violations(page)
    where = f"{page.url}{f' ({state})' if state else ''}"
    assert not violations, f"axe-core on {where}:\n{describe_violations(violations)}"
