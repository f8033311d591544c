"""What one password check costs a worker: every login and every HTTP Basic request pays it, so a
stranger signing in as fast as answered held workers past a second with Django's PBKDF2 (the save
flood's longest requests were its logins). The site's hasher (Argon2id at OWASP's settings,
judge/guard/login.py) costs a fraction of it; earlier PBKDF2 hashes still sign in and are made again."""

from __future__ import annotations

import importlib
import time

import pytest
from django.conf import global_settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher, get_hasher, make_password

pytestmark = pytest.mark.django_db
PASSWORD = "Tumulte-au-crépuscule-7"


@pytest.fixture
def site_hashers(settings):
    """The production list (tests/conftest.py swaps in MD5 for speed)."""
    site = importlib.import_module("judge.settings")
    settings.PASSWORD_HASHERS = getattr(site, "PASSWORD_HASHERS", global_settings.PASSWORD_HASHERS)


def cpu_seconds(function, repeat: int = 3) -> float:
    """The least CPU time of this process over ``repeat`` calls: the check's own work, whatever else
    the machine runs."""
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        function()
        best = min(best, time.process_time() - started)
    return best


def test_a_password_check_costs_a_fraction_of_djangos_pbkdf2(site_hashers):
    site = get_hasher("default")
    encoded = site.encode(PASSWORD, site.salt())
    pbkdf2 = PBKDF2PasswordHasher()
    pbkdf2_encoded = pbkdf2.encode(PASSWORD, pbkdf2.salt())
    ours = cpu_seconds(lambda: site.verify(PASSWORD, encoded))
    theirs = cpu_seconds(lambda: pbkdf2.verify(PASSWORD, pbkdf2_encoded))
    assert ours < theirs / 2, (ours, theirs)  # measured about a fifth, in the same run


def test_the_hash_is_argon2id_at_owasps_settings(site_hashers):
    encoded = make_password(PASSWORD)
    assert encoded.startswith("argon2$argon2id$v=19$m=19456,t=2,p=1$")


def test_an_earlier_pbkdf2_hash_signs_in_and_is_made_again(client, site_hashers):
    user = get_user_model().objects.create(username="carole")
    user.password = PBKDF2PasswordHasher().encode(PASSWORD, PBKDF2PasswordHasher().salt())
    user.save()
    response = client.post("/comptes/login/", {"username": "carole", "password": PASSWORD})
    assert response.status_code == 302 and "_auth_user_id" in client.session
    user.refresh_from_db()
    assert user.password.startswith("argon2$argon2id$")
    assert user.check_password(PASSWORD) and not user.check_password(PASSWORD + "x")
