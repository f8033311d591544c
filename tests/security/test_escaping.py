"""User text is escaped on every page: script injected into every text field a user controls
(scenario title, description, tags, card and hero names in the document, username, and what the
address carries: search words, filters, ``next``) never comes back as markup.

The pages: the library (anonymous and signed in), the stepper, the builder, the rule pages that list
the scenarios citing them, the search page, the login page. Where a page hands data to its script
with ``json_script``, the text must stay inside that script element, as JSON that reads back the same.
"""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from judge.scenarios.models import Scenario

from .conftest import small_board

PAYLOADS = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>']
#: What must never appear in a page, whatever the payload was.
MARKUP = ["<script>alert(1)", "<img src=x", "onerror=alert(1)>"]


def hostile_board(payload: str) -> dict:
    board = small_board()
    board["players"]["A"]["hero"] = {"name": f"Héros {payload}", "reserve_limit": 2, "landmark_limit": 2}
    board["players"]["A"]["hero_expedition"][0]["name"] = f"Garde {payload}"
    board["players"]["A"]["reserve"][0]["name"] = payload
    return board


@pytest.fixture(params=PAYLOADS, ids=["script", "attribute"])
def hostile(request, rules):
    payload = request.param
    author = get_user_model().objects.create_user(payload, password="x")  # the ORM takes any username
    scenario = Scenario(
        title=f"Titre {payload}",
        description=f"Description {payload}",
        author=author,
        visibility="public",
        document=hostile_board(payload),
    )
    scenario.save_document(tags=[f"tag {payload}", payload])
    assert scenario.problems == [], scenario.problems
    cited = scenario.citations.values_list("number", flat=True).first()
    assert cited, "the board's run must cite a rule, so that a rule page lists it"
    return payload, author, scenario, cited


def assert_escaped(html: str, page: str) -> None:
    outside_json = re.sub(r'<script id="[\w-]+" type="application/json">.*?</script>', "", html, flags=re.S)
    for markup in MARKUP:
        assert markup not in html, f"{page}: raw {markup!r} in the page"
        assert markup not in outside_json, page


def json_script(html: str, element_id: str):
    match = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', html, flags=re.S)
    assert match, f"no json_script {element_id}"
    assert "<" not in match.group(1), "json_script must escape < (it would end the script element)"
    return json.loads(match.group(1))


def pages(scenario, cited: str, payload: str) -> list[str]:
    q = quote(payload)
    return [
        "/scenarios/",
        f"/scenarios/?tag={q}",
        f"/scenarios/?rule={q}",
        f"/scenarios/{scenario.uuid}/",
        f"/regles/fr-1/{cited}/",
        f"/recherche/?q={q}",
        f"/comptes/login/?next={q}",
    ]


def test_anonymous_pages(hostile):
    payload, _, scenario, cited = hostile
    client = Client()
    for url in pages(scenario, cited, payload):
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        assert_escaped(response.content.decode(), url)
    html = client.get(f"/regles/fr-1/{cited}/").content.decode()
    assert "Titre &lt;script&gt;" in html or "Titre &quot;&gt;&lt;img" in html  # listed, escaped


def test_signed_in_pages_and_the_data_handed_to_scripts(hostile):
    payload, author, scenario, cited = hostile
    client = Client()
    client.force_login(author)  # the username is shown in the header of every page
    urls = pages(scenario, cited, payload) + [f"/scenarios/{scenario.uuid}/modifier/", "/scenarios/nouveau/"]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        assert_escaped(response.content.decode(), url)

    stepper = json_script(client.get(f"/scenarios/{scenario.uuid}/").content.decode(), "stepper-initial")
    assert stepper["title"] == f"Titre {payload}"
    assert stepper["document"]["players"]["A"]["reserve"][0]["name"] == payload
    builder = json_script(client.get(f"/scenarios/{scenario.uuid}/modifier/").content.decode(), "builder-initial")
    assert builder["description"] == f"Description {payload}"
    assert sorted(builder["tags"]) == sorted([f"tag {payload}", payload])
    assert builder["document"]["players"]["A"]["hero"]["name"] == f"Héros {payload}"


def test_other_users_see_it_escaped_too(hostile, users):
    payload, _, scenario, cited = hostile
    client = Client()
    client.force_login(users["bob"])
    for url in (f"/scenarios/{scenario.uuid}/", "/scenarios/", f"/regles/fr-1/{cited}/"):
        assert_escaped(client.get(url).content.decode(), url)
