"""Who may open the builder: signed-in judges for a new scenario, the author or staff for an edit."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from judge.scenarios.models import Scenario
from judge.scenarios.views import EMPTY_DOCUMENT


def scenario_of(author, visibility="link") -> Scenario:
    scenario = Scenario(title="Garde fugace", author=author, visibility=visibility, document=EMPTY_DOCUMENT)
    scenario.save_document(tags=["fugace"])
    return scenario


def initial_of(response) -> dict:
    html = response.content.decode()
    start = html.index('id="builder-initial"')
    body = html[html.index(">", start) + 1 : html.index("</script>", start)]
    return json.loads(body)


def test_new_page_needs_sign_in(client):
    response = client.get(reverse("judge:new"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_new_page_for_a_judge(client, users):
    client.force_login(users["bob"])
    response = client.get(reverse("judge:new"))
    assert response.status_code == 200
    assert initial_of(response)["uuid"] is None
    assert initial_of(response)["document"] == EMPTY_DOCUMENT
    assert 'name="csrfmiddlewaretoken"' in response.content.decode()
    assert "arbitre/builder/main.js" in response.content.decode()


def test_edit_page_anonymous_is_sent_to_login(client, users):
    scenario = scenario_of(users["alice"])
    response = client.get(reverse("judge:edit", args=[scenario.uuid]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("visibility", ["link", "public"])
def test_edit_page_refused_to_another_user(client, users, visibility):
    scenario = scenario_of(users["alice"], visibility)
    client.force_login(users["bob"])
    assert client.get(reverse("judge:edit", args=[scenario.uuid])).status_code == 403


def test_private_scenario_of_another_user_is_not_even_shown(client, users):
    scenario = scenario_of(users["alice"], "private")
    client.force_login(users["bob"])
    assert client.get(reverse("judge:edit", args=[scenario.uuid])).status_code == 404


@pytest.mark.parametrize("who", ["alice", "staff"])
@pytest.mark.parametrize("visibility", ["private", "link"])
def test_edit_page_for_author_and_staff(client, users, who, visibility):
    scenario = scenario_of(users["alice"], visibility)
    client.force_login(users[who])
    response = client.get(reverse("judge:edit", args=[scenario.uuid]))
    assert response.status_code == 200
    initial = initial_of(response)
    assert initial["uuid"] == str(scenario.uuid)
    assert initial["title"] == "Garde fugace"
    assert initial["tags"] == ["fugace"]
    assert initial["visibility"] == visibility
    assert initial["document"] == EMPTY_DOCUMENT


def test_title_is_escaped_in_the_page(client, users):
    scenario = Scenario(title="<img src=x onerror=alert(1)>", author=users["alice"], document=EMPTY_DOCUMENT)
    scenario.save_document()
    client.force_login(users["alice"])
    html = client.get(reverse("judge:edit", args=[scenario.uuid])).content.decode()
    assert "<img src=x" not in html
    assert initial_of(client.get(reverse("judge:edit", args=[scenario.uuid])))["title"] == scenario.title
