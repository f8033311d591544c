"""Who may do what with a scenario: every API endpoint and every page that acts on one, for each
caller (anonymous, another user, the author, staff) and each visibility (private, shared by link,
public). Read the tables row by row: (anonymous, other, author, staff).

A refused change must also leave the scenario as it was; an allowed one must have happened.
"""
from __future__ import annotations

import json

import pytest
from django.test import Client
from rest_framework.test import APIClient

from judge.scenarios.models import Scenario

from .conftest import small_board

CALLERS = ("anonymous", "other", "author", "staff")
VISIBILITIES = ("private", "link", "public")
LOGIN = "login"  # a page redirecting an anonymous caller to the login page

# endpoint: {visibility: (anonymous, other, author, staff)}
API = {
    "list":           {"private": (200, 200, 200, 200), "link": (200, 200, 200, 200), "public": (200, 200, 200, 200)},
    "retrieve":       {"private": (404, 404, 200, 200), "link": (200, 200, 200, 200), "public": (200, 200, 200, 200)},
    "update":         {"private": (403, 404, 200, 200), "link": (403, 403, 200, 200), "public": (403, 403, 200, 200)},
    "partial_update": {"private": (403, 404, 200, 200), "link": (403, 403, 200, 200), "public": (403, 403, 200, 200)},
    "destroy":        {"private": (403, 404, 204, 204), "link": (403, 403, 204, 204), "public": (403, 403, 204, 204)},
    "run":            {"private": (404, 404, 200, 200), "link": (200, 200, 200, 200), "public": (200, 200, 200, 200)},
    "copy":           {"private": (403, 404, 201, 201), "link": (403, 201, 201, 201), "public": (403, 201, 201, 201)},
}
#: Listed in GET /api/scenarios/ (a link-shared scenario is readable, but not listed).
LISTED = {"private": (False, False, True, True), "link": (False, False, True, True), "public": (True, True, True, True)}
#: Create does not depend on a scenario: (anonymous, other, author, staff).
CREATE = (403, 201, 201, 201)

PAGES = {
    "stepper": {"private": (404, 404, 200, 200), "link": (200, 200, 200, 200), "public": (200, 200, 200, 200)},
    "edit":    {"private": (LOGIN, 404, 200, 200), "link": (LOGIN, 403, 200, 200), "public": (LOGIN, 403, 200, 200)},
    "copy":    {"private": (LOGIN, 404, 302, 302), "link": (LOGIN, 302, 302, 302), "public": (LOGIN, 302, 302, 302)},
    "delete":  {"private": (LOGIN, 404, 302, 302), "link": (LOGIN, 403, 302, 302), "public": (LOGIN, 403, 302, 302)},
}


@pytest.fixture
def cast(rules, users):
    return {"anonymous": None, "other": users["bob"], "author": users["alice"], "staff": users["staff"]}


def make(author, visibility: str) -> Scenario:
    scenario = Scenario(title=f"Scénario {visibility}", description="avant", author=author, visibility=visibility,
                        document=small_board())
    scenario.save_document(tags=["nuit"])
    return scenario


def api_call(client, endpoint: str, scenario: Scenario):
    url = f"/api/scenarios/{scenario.uuid}/"
    body = {"title": "Changé", "document": small_board(), "visibility": scenario.visibility}
    return {
        "list": lambda: client.get("/api/scenarios/"),
        "retrieve": lambda: client.get(url),
        "update": lambda: client.put(url, body, format="json"),
        "partial_update": lambda: client.patch(url, {"title": "Changé"}, format="json"),
        "destroy": lambda: client.delete(url),
        "run": lambda: client.post(f"{url}run/", {"until": "end"}, format="json"),
        "copy": lambda: client.post(f"{url}copy/", format="json"),
    }[endpoint]()


TABLE = [(e, v, c) for e in API for v in VISIBILITIES for c in CALLERS]


@pytest.mark.parametrize("endpoint,visibility,caller", TABLE, ids=["-".join(row) for row in TABLE])
def test_api(endpoint, visibility, caller, cast, users):
    scenario = make(users["alice"], visibility)
    client = APIClient()
    if cast[caller] is not None:
        client.force_authenticate(cast[caller])
    expected = API[endpoint][visibility][CALLERS.index(caller)]
    copies_before = Scenario.objects.exclude(pk=scenario.pk).count()

    response = api_call(client, endpoint, scenario)

    assert response.status_code == expected, (endpoint, visibility, caller, response.status_code, response.content[:300])
    still = Scenario.objects.filter(pk=scenario.pk).first()
    if endpoint == "list":
        listed = str(scenario.uuid) in {row["uuid"] for row in response.json()["results"]}
        assert listed == LISTED[visibility][CALLERS.index(caller)]
    elif endpoint in ("update", "partial_update"):
        assert still.title == ("Changé" if expected == 200 else f"Scénario {visibility}")
    elif endpoint == "destroy":
        assert (still is None) == (expected == 204)
    elif endpoint == "copy":
        copies = Scenario.objects.exclude(pk=scenario.pk)
        assert copies.count() == copies_before + (expected == 201)
        if expected == 201:
            copy = copies.get(forked_from=scenario)
            assert copy.author == cast[caller] and copy.visibility == "private"
    elif expected == 200 and endpoint == "retrieve":
        assert response.json()["uuid"] == str(scenario.uuid)


@pytest.mark.parametrize("caller", CALLERS)
def test_api_create(caller, cast):
    client = APIClient()
    if cast[caller] is not None:
        client.force_authenticate(cast[caller])
    response = client.post("/api/scenarios/", {"title": "Nouveau", "document": small_board()}, format="json")
    assert response.status_code == CREATE[CALLERS.index(caller)]
    if response.status_code == 201:
        assert Scenario.objects.get(uuid=response.json()["uuid"]).author == cast[caller]
    else:
        assert not Scenario.objects.exists()


@pytest.mark.parametrize("caller", CALLERS)
def test_api_cannot_take_over_a_scenario(caller, cast, users):
    """Fields a caller must not set: the author, the uuid (read-only, ignored if sent)."""
    if cast[caller] is None:
        return
    scenario = make(cast[caller], "private")
    client = APIClient()
    client.force_authenticate(cast[caller])
    response = client.patch(f"/api/scenarios/{scenario.uuid}/",
                            {"author": "staff", "uuid": "00000000-0000-0000-0000-000000000000"}, format="json")
    assert response.status_code == 200
    scenario.refresh_from_db()
    assert scenario.author == cast[caller] and str(scenario.uuid) != "00000000-0000-0000-0000-000000000000"


PAGE_TABLE = [(p, v, c) for p in PAGES for v in VISIBILITIES for c in CALLERS]


@pytest.mark.parametrize("page,visibility,caller", PAGE_TABLE, ids=["-".join(row) for row in PAGE_TABLE])
def test_pages(page, visibility, caller, cast, users):
    scenario = make(users["alice"], visibility)
    client = Client()
    if cast[caller] is not None:
        client.force_login(cast[caller])
    expected = PAGES[page][visibility][CALLERS.index(caller)]
    base = f"/scenarios/{scenario.uuid}/"
    url = {"stepper": base, "edit": f"{base}modifier/", "copy": f"{base}copier/", "delete": f"{base}supprimer/"}[page]

    response = client.post(url) if page in ("copy", "delete") else client.get(url)

    if expected == LOGIN:
        assert response.status_code == 302 and response["Location"].startswith("/comptes/login/"), response.status_code
    else:
        assert response.status_code == expected, (page, visibility, caller, response.status_code)
    exists = Scenario.objects.filter(pk=scenario.pk).exists()
    if page == "delete":
        assert exists == (expected != 302)
    if page == "copy":
        assert Scenario.objects.filter(forked_from=scenario).count() == (1 if expected == 302 else 0)
    if page == "edit" and expected == 200:
        assert json.loads(response.context["initial"] and json.dumps(response.context["initial"]))["uuid"] == str(scenario.uuid)


@pytest.mark.parametrize("method", ["get", "put", "patch", "delete"])
def test_pages_refuse_the_wrong_method(method, cast, users):
    """Copy and delete change data: only POST (a link or a prefetch must never delete)."""
    scenario = make(users["alice"], "public")
    client = Client()
    client.force_login(users["alice"])
    for action in ("copier", "supprimer"):
        response = getattr(client, method)(f"/scenarios/{scenario.uuid}/{action}/")
        assert response.status_code == 405
    assert Scenario.objects.filter(pk=scenario.pk).exists() and Scenario.objects.count() == 1
