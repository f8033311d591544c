"""No page breaks the Content-Security-Policy: Chromium reports every blocked script, style, image or
fetch as a ``securitypolicyviolation`` event (and a console error); the test walks every kind of page,
signed in as staff so the admin is included, and collects both. The Swagger UI at /api/docs/ renders
its operations under the same policy (its one inline script carries the request's nonce)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from . import test_2v2
from .conftest import sign_in

library_2v2 = test_2v2.library_2v2  # the fixture: one 2v2 scenario loaded into the library

pytestmark = [
    pytest.mark.browser,
    pytest.mark.filterwarnings("ignore:Session-scoped fixtures defined as instance methods"),
]

LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} @ ${e.sourceFile}:${e.lineNumber}`);
});
"""


def violations(page: Page) -> list[str]:
    return page.evaluate("window.__cspViolations || []")


def test_no_page_violates_the_policy(page: Page, site, make_judge, library_2v2, js_errors):
    page.add_init_script(LISTEN)
    make_judge("juge", is_staff=True, is_superuser=True)
    sign_in(page, site, "juge")
    seen: dict[str, list[str]] = {}

    def visit(path: str, ready: str) -> None:
        page.goto(f"{site}{path}")
        expect(page.locator(ready).first).to_be_visible()
        seen[path] = violations(page)

    visit("/", "main")
    page.get_by_role("combobox").first.fill("fugace")  # the search box is a combobox (its suggestions)
    expect(page.locator("[role=option]").first).to_be_visible()
    seen["/ (suggestions)"] = violations(page)
    visit("/recherche/?q=fugace", "main")
    visit("/regles/", "main")
    visit("/regles/fr-1/2.4.6.c/", "button.copy")
    page.locator("button.copy").first.click()
    seen["/regles/fr-1/2.4.6.c/ (copy)"] = violations(page)
    visit("/regles/fr-1/99.99/", "h1")  # the 404 page
    visit("/scenarios/", "main")
    visit("/scenarios/nouveau/", "#builder[data-check=ok]")
    visit(f"/scenarios/{library_2v2.uuid}/", "#board section.player")
    page.get_by_role("button", name="Étape suivante").click()
    expect(page.locator("#stepper-position")).to_have_text("Étape 1")
    seen["stepper (one step)"] = violations(page)
    visit("/entrainement/", "main")
    visit("/api/docs/", ".swagger-ui .opblock")  # Swagger UI drew the operations
    visit("/api/rules/?format=api", ".response-info")  # DRF's browsable API
    visit("/api/scenarios/?format=api", ".response-info")  # ... with its forms
    visit("/admin/", "#content")
    visit("/admin/auth/user/", "#changelist")
    assert {path: found for path, found in seen.items() if found} == {}
    assert [e for e in js_errors if "Content Security Policy" in e] == []
    assert [e for e in js_errors if not e.endswith("status of 404 (Not Found) @ " + site + "/regles/fr-1/99.99/")] == []
