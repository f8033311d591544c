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
    "list": {"private": (200, 200, 200, 200), "link": (200, 200, 200, 200), "public": (200, 200, 200, 200)},
    "retrieve": {"private": (404, 404, 200, 200), "link": (200, 200, 200, 200), "public": (200, 200, 200, 200)},
    "update": {"private": (403, 404, 200, 200), "link": (403, 403, 200, 200), "public": (403, 403, 200, 200)},
    "partial_update": {"private": (403, 404, 200, 200), "link": (403, 403, 200, 200), "public": (403, 403, 200, 200)},
    "destroy": {"private": (403, 404, 204, 204), "link": (403, 403, 204, 204), "public": (403, 403, 204, 204)},
    "run": {"private": (404, 404, 200, 200), "link": (200, 200, 200, 200), "public": (200, 200, 200, 200)},
    "copy": {"private": (403, 404, 201, 201), "link": (403, 201, 201, 201), "public": (403, 201, 201, 201)},
}
#: Listed in GET /api/scenarios/ (a link-shared scenario is readable, but not listed).
LISTED = {"private": (False, False, True, True), "link": (False, False, True, True), "public": (True, True, True, True)}
#: Create does not depend on a scenario: (anonymous, other, author, staff).
CREATE = (403, 201, 201, 201)

PAGES = {
    "stepper": {"private": (404, 404, 200, 200), "link": (200, 200, 200, 200), "public": (200, 200, 200, 200)},
    "edit": {"private": (LOGIN, 404, 200, 200), "link": (LOGIN, 403, 200, 200), "public": (LOGIN, 403, 200, 200)},
    "copy": {"private": (LOGIN, 404, 302, 302), "link": (LOGIN, 302, 302, 302), "public": (LOGIN, 302, 302, 302)},
    "delete": {"private": (LOGIN, 404, 302, 302), "link": (LOGIN, 403, 302, 302), "public": (LOGIN, 403, 302, 302)},
}


@pytest.fixture
def cast(rules, users):
    return {"anonymous": None, "other": users["bob"], "author": users["alice"], "staff": users["staff"]}


def make(author, visibility: str) -> Scenario:
    scenario = Scenario(
        title=f"Scénario {visibility}",
        description="avant",
        author=author,
        visibility=visibility,
        document=small_board(),
    )
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

    assert response.status_code == expected, (
        endpoint,
        visibility,
        caller,
        response.status_code,
        response.content[:300],
    )
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
    response = client.patch(
        f"/api/scenarios/{scenario.uuid}/",
        {"author": "staff", "uuid": "00000000-0000-0000-0000-000000000000"},
        format="json",
    )
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
        assert json.loads(response.context["initial"] and json.dumps(response.context["initial"]))["uuid"] == str(
            scenario.uuid
        )


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


# ---- related-object fields and HTML forms: scoped to what the caller may read (issue 16) ----------------

MADE_UP = "00000000-0000-4000-8000-000000000000"
#: forked_from / an exercise's scenario naming alice's scenario of each visibility, as bob: accepted?
RELATED = {"private": False, "link": True, "public": True}


def _error_text(response) -> str:
    """The answer with the uuid taken out: what tells an existing scenario from a made-up one, if anything."""
    return response.content.decode().replace(MADE_UP, "UUID")


@pytest.mark.parametrize("visibility", VISIBILITIES)
def test_forked_from_accepts_only_readable_scenarios_and_is_no_oracle(visibility, cast, users):
    original = make(users["alice"], visibility)
    client = APIClient()
    client.force_authenticate(users["bob"])
    body = {"title": "Le mien", "document": small_board()}
    response = client.post("/api/scenarios/", {**body, "forked_from": str(original.uuid)}, format="json")
    made_up = client.post("/api/scenarios/", {**body, "forked_from": MADE_UP}, format="json")
    assert made_up.status_code == 400
    if RELATED[visibility]:
        assert response.status_code == 201
        assert Scenario.objects.get(uuid=response.json()["uuid"]).forked_from == original
    else:
        assert response.status_code == 400
        assert _error_text(response).replace(str(original.uuid), "UUID") == _error_text(made_up)
        assert not Scenario.objects.filter(author=users["bob"]).exists()


@pytest.mark.parametrize("visibility", VISIBILITIES)
def test_an_exercise_s_scenario_field_is_no_oracle(visibility, cast, users):
    original = make(users["alice"], visibility)
    client = APIClient()
    client.force_authenticate(users["bob"])
    body = {"steps": 0, "kind": "card_zone", "focus": "a1"}
    response = client.post("/api/exercises/", {**body, "scenario": str(original.uuid)}, format="json")
    made_up = client.post("/api/exercises/", {**body, "scenario": MADE_UP}, format="json")
    assert response.status_code == made_up.status_code == 400  # bob may not make one of alice's scenario
    if not RELATED[visibility]:
        assert _error_text(response).replace(str(original.uuid), "UUID") == _error_text(made_up)
    else:  # readable: the refusal may say why (it reveals nothing bob cannot read)
        assert "Seul l'auteur du scénario" in response.content.decode()


def test_a_link_shared_uuid_is_not_handed_out_by_a_public_fork(cast, users):
    shared = make(users["alice"], "link")
    fork = shared.copy_for(users["bob"])
    fork.visibility = "public"
    fork.save()
    as_bob, as_staff, as_carol = APIClient(), APIClient(), APIClient()
    as_bob.force_authenticate(users["bob"])
    as_staff.force_authenticate(users["staff"])
    assert as_bob.get(f"/api/scenarios/{fork.uuid}/").json()["forked_from"] == str(shared.uuid)  # bob forked it
    assert as_staff.get(f"/api/scenarios/{fork.uuid}/").json()["forked_from"] == str(shared.uuid)
    assert as_carol.get(f"/api/scenarios/{fork.uuid}/").json()["forked_from"] is None
    listed = {row["uuid"]: row["forked_from"] for row in as_carol.get("/api/scenarios/").json()["results"]}
    assert listed[str(fork.uuid)] is None
    assert str(shared.uuid) not in as_carol.get("/api/scenarios/").content.decode()


@pytest.mark.parametrize("page", ["/api/scenarios/", "/api/exercises/"])
def test_browsable_api_forms_offer_only_listed_scenarios(page, cast, users):
    hidden = {v: make(users["alice"], v) for v in ("private", "link")}
    public = make(users["alice"], "public")
    client = Client()
    client.force_login(users["bob"])
    html = client.get(page, HTTP_ACCEPT="text/html").content.decode()
    assert "<form" in html and f'value="{public.uuid}"' in html  # the form's choices are there
    for scenario in hidden.values():
        assert str(scenario.uuid) not in html
    alice = Client()
    alice.force_login(users["alice"])
    own = alice.get(page, HTTP_ACCEPT="text/html").content.decode()
    assert all(f'value="{s.uuid}"' in own for s in hidden.values())  # her own ones she may choose


def test_made_up_and_unreadable_uuids_get_the_same_answers(cast, users):
    private = make(users["alice"], "private")
    deleted = make(users["alice"], "public")
    deleted.soft_delete()
    client = APIClient()
    client.force_authenticate(users["bob"])
    for suffix, method in (("", "get"), ("run/", "post"), ("copy/", "post"), ("restore/", "post"), ("", "patch")):
        answers = {
            getattr(client, method)(f"/api/scenarios/{uuid}/{suffix}", {}, format="json")
            .content.decode()
            .replace(str(uuid), "UUID")
            for uuid in (private.uuid, deleted.uuid, MADE_UP)
        }
        assert len(answers) == 1, (suffix, method, answers)
    pages = {Client().get(f"/scenarios/{uuid}/").status_code for uuid in (private.uuid, deleted.uuid, MADE_UP)}
    assert pages == {404}


def test_the_browsable_api_is_off_in_production():
    """DJANGO_DEBUG=0: JSON only (no HTML forms to list anything); on in development."""
    import os
    import subprocess
    import sys

    code = (
        "import django; django.setup(); from rest_framework.settings import api_settings; "
        "print([r.__name__ for r in api_settings.DEFAULT_RENDERER_CLASSES])"
    )
    renderers = {}
    for debug in ("0", "1"):
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "judge.settings",
            "DJANGO_DEBUG": debug,
            "DJANGO_SECRET_KEY": "x" * 50,
        }
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr[-2000:]
        renderers[debug] = out.stdout.strip().splitlines()[-1]
    assert renderers == {"0": "['JSONRenderer']", "1": "['JSONRenderer', 'BrowsableAPIRenderer']"}


#: POST /api/scenarios/<uuid>/restore/ on a deleted scenario: (anonymous, other, author, staff), any visibility.
RESTORE = (403, 404, 200, 200)
RESTORE_TABLE = [(v, c) for v in VISIBILITIES for c in CALLERS]


@pytest.mark.parametrize("visibility,caller", RESTORE_TABLE, ids=["-".join(row) for row in RESTORE_TABLE])
def test_api_restore(visibility, caller, cast, users):
    scenario = make(users["alice"], visibility)
    scenario.soft_delete()
    client = APIClient()
    if cast[caller] is not None:
        client.force_authenticate(cast[caller])
    expected = RESTORE[CALLERS.index(caller)]
    response = client.post(f"/api/scenarios/{scenario.uuid}/restore/", format="json")
    assert response.status_code == expected, (visibility, caller, response.status_code)
    assert Scenario.objects.filter(pk=scenario.pk).exists() == (expected == 200)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query", ["limit=9223372036854775808", "offset=9223372036854775808", "limit=5&offset=99999999999999999999"]
)
def test_huge_limits_and_offsets_are_bounded_not_500(query):
    """Found by the schemathesis fuzz: a limit past 2**63 reached SQLite as an integer it cannot hold."""
    response = APIClient().get(f"/api/scenarios/?{query}")
    assert response.status_code == 200
    assert len(response.json()["results"]) <= 200
