"""With DEBUG off (``make serve``, production) every error answers a French page of the site, never
Django's debug or plain English pages; under /api/ a JSON ``{"detail": …}``. Each is logged to stderr
through ``django.request``: 4xx at WARNING, a 500 at ERROR with its traceback."""

from __future__ import annotations

import html as html_text
import json
import logging
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

BOARD = json.loads(
    (Path(__file__).resolve().parent.parent / "fixtures" / "scenarios" / "2v2-victory-one-player.json").read_text(
        encoding="utf-8"
    )
)
DEBUG_PAGE_MARKS = ["DEBUG = True", "Traceback", "technical_500", "Resolver404", "Page not found", "Server Error"]


@pytest.fixture(autouse=True)
def _debug_off(settings):
    settings.DEBUG = False


def french_page(response, status: int, heading: str) -> str:
    assert response.status_code == status
    assert response["Content-Type"].startswith("text/html")
    html = html_text.unescape(response.content.decode())
    assert 'lang="fr"' in html and f"<h1>{heading}</h1>" in html, html
    for mark in DEBUG_PAGE_MARKS:
        assert mark not in html
    return html


def logged(caplog, level: str, text: str) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "django.request" and r.levelname == level and text in r.getMessage()]


@pytest.fixture
def judges(db):
    User = get_user_model()
    return {name: User.objects.create_user(name, password=f"pw-{name}") for name in ("alice", "bob")}


def saved_scenario(user, visibility: str) -> str:
    api = APIClient()
    api.force_authenticate(user)
    response = api.post(
        "/api/scenarios/",
        {"title": "Garde fugace", "document": BOARD, "visibility": visibility},
        format="json",
    )
    assert response.status_code == 201, response.content
    return response.json()["uuid"]


def test_a_missing_rule_is_a_french_404_with_its_reason(rules, caplog):
    response = Client().get("/regles/fr-1/99.99/")
    html = french_page(response, 404, "Page introuvable")
    assert "La règle 99.99 n'existe pas dans le jeu de règles fr-1." in html
    assert logged(caplog, "WARNING", "Not Found: /regles/fr-1/99.99/")


def signed_in_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_private_scenario_is_a_404_that_says_nothing_of_it(judges, caplog):
    uuid = saved_scenario(judges["alice"], "private")
    html = french_page(signed_in_client(judges["bob"]).get(f"/scenarios/{uuid}/"), 404, "Page introuvable")
    assert "ou vous n'avez pas le droit de la voir" in html
    assert "matches the given query" not in html and "Scenario" not in html
    assert logged(caplog, "WARNING", f"Not Found: /scenarios/{uuid}/")


def test_an_unknown_address_is_a_french_404(db):
    html = french_page(Client().get("/nulle-part/"), 404, "Page introuvable")
    assert "Cette page n'existe pas" in html


def test_an_unknown_api_address_answers_json(db):
    response = Client().get("/api/nulle-part/")
    assert response.status_code == 404 and response.json() == {"detail": "Introuvable."}


def test_editing_someone_elses_scenario_is_a_french_403(judges, caplog):
    uuid = saved_scenario(judges["alice"], "link")
    html = french_page(signed_in_client(judges["bob"]).get(f"/scenarios/{uuid}/modifier/"), 403, "Accès refusé")
    assert "Seul l'auteur de ce scénario (ou l'équipe) peut le modifier." in html
    assert logged(caplog, "WARNING", f"Forbidden (Permission denied): /scenarios/{uuid}/modifier/")


def test_a_failed_csrf_check_is_a_french_403(db):
    client = Client(enforce_csrf_checks=True)
    response = client.post("/comptes/login/", {"username": "alice", "password": "x"})
    html = french_page(response, 403, "Accès refusé")
    assert "Le formulaire a expiré ou ne vient pas de ce site" in html
    assert "CSRF verification failed" not in html


def test_a_bad_host_is_a_french_400(db, caplog):
    html = french_page(Client().get("/", HTTP_HOST="arbitre.attaquant.example"), 400, "Requête invalide")
    assert "attaquant" not in html
    assert any(r.name == "django.security.DisallowedHost" for r in caplog.records)


@pytest.mark.urls("tests.error_urls")
def test_a_server_error_is_a_french_500_and_its_traceback_is_logged(db, caplog):
    response = Client(raise_request_exception=False).get("/panne/")
    assert response.status_code == 500
    html = response.content.decode()
    assert 'lang="fr"' in html and "<h1>Erreur du serveur</h1>" in html
    assert "panne simulée" not in html and "Traceback" not in html
    [record] = logged(caplog, "ERROR", "Internal Server Error: /panne/")
    assert record.exc_info and record.exc_info[0] is RuntimeError
    assert "panne simulée pour le test" in caplog.text  # the traceback reaches the log


@pytest.mark.urls("tests.error_urls")
def test_an_api_server_error_answers_json(db):
    response = Client(raise_request_exception=False).get("/api/panne/")
    assert response.status_code == 500 and response.json() == {"detail": "Erreur interne du serveur."}


def test_the_log_goes_to_stderr():
    from django.conf import settings

    handlers = settings.LOGGING["handlers"]
    assert handlers["stderr"]["stream"] == "ext://sys.stderr"
    assert settings.LOGGING["root"]["handlers"] == ["stderr"]
    assert settings.LOGGING["loggers"]["django.request"]["level"] == "WARNING"
