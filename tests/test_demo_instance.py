"""The login page shows the demo account's password only on a demo instance (``ARBITRE_DEMO=1``, set
by ``make serve`` and ``make dev``, which create that account)."""

from __future__ import annotations

import io

from django.test import Client


def test_an_ordinary_instance_keeps_the_demo_password_to_itself(db, settings):
    settings.ARBITRE_DEMO = False
    html = Client().get("/comptes/login/").content.decode()
    assert "demo-arbitre" not in html and "démonstration" not in html


def test_a_demo_instance_shows_the_demo_account(db, settings):
    settings.ARBITRE_DEMO = True
    html = Client().get("/comptes/login/").content.decode()
    assert "Instance de démonstration" in html
    assert "<code>demo</code>" in html and "<code>demo-arbitre</code>" in html


def test_the_shown_password_is_the_demo_accounts(db, settings):
    from django.core.management import call_command

    settings.ARBITRE_DEMO = True
    settings.DEBUG = True  # the command refuses to run on production settings
    call_command("demo_account", stdout=io.StringIO())
    client = Client()
    response = client.post("/comptes/login/", {"username": "demo", "password": "demo-arbitre"})
    assert response.status_code == 302 and "_auth_user_id" in client.session
