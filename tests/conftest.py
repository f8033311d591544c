"""Shared fixtures: the seed rules imported once per database, the search index built once per run, the
test users (alice and bob, judges; staff, of the team)."""

from __future__ import annotations

from pathlib import Path

import pytest

RULES_DIR = Path(__file__).resolve().parent.parent / "fixtures" / "rules"
RULE_FILES = sorted(RULES_DIR.glob("*.txt"))


def _import_seed_rules() -> None:
    from rules_ref.importer import import_rules
    from rules_ref.models import Rule

    if not Rule.objects.filter(ruleset__slug="fr-1").exists():
        import_rules(RULE_FILES, "fr-1", name="Règles d'Altered (fr, v1.x)")


@pytest.fixture(scope="session")
def search_index(django_db_setup, django_db_blocker, tmp_path_factory):
    """The Whoosh index of the seed rules, built once into a temporary directory."""
    from django.conf import settings

    from rules_ref import search

    settings.ARBITRE_INDEX_DIR = tmp_path_factory.mktemp("index")
    with django_db_blocker.unblock():
        _import_seed_rules()
        figures = search.rebuild()
    yield figures
    search.close_searcher()


@pytest.fixture
def rules(db, search_index):
    """The seed rules in the database (re-imported if a transactional test flushed them)."""
    _import_seed_rules()


@pytest.fixture
def live_rules(transactional_db, search_index):
    _import_seed_rules()


#: The test users' passwords (for tests that sign in through the login form or basic auth).
PASSWORDS = {"alice": "pw-alice-1", "bob": "pw-bob-1", "staff": "pw-staff-1"}


@pytest.fixture
def users(db) -> dict:
    """Two judges and a team member: ``users["alice"]``, ``users["bob"]``, ``users["staff"]``."""
    from django.contrib.auth import get_user_model

    make = get_user_model().objects.create_user
    return {name: make(name, password=password, is_staff=name == "staff") for name, password in PASSWORDS.items()}


@pytest.fixture
def alice(users):
    return users["alice"]


@pytest.fixture
def bob(users):
    return users["bob"]


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Django's real hasher costs about a second a user; tests don't need its strength."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty per-process cache (rule pages, search results)."""
    from django.core.cache import cache

    cache.clear()
    yield


@pytest.fixture(scope="session")
def _shared_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("shared")


@pytest.fixture(autouse=True)
def _fresh_shared_cache(settings, _shared_dir):
    """The cache all workers share (throttle counters, engine time) and the engine slots' lock files in a
    temporary folder, the cache emptied before each test."""
    from django.core.cache import caches

    settings.CACHES = {
        **settings.CACHES,
        "shared": {**settings.CACHES["shared"], "LOCATION": str(_shared_dir / "cache")},
    }
    settings.ARBITRE_ENGINE_SLOTS_DIR = _shared_dir / "engine-slots"
    caches["shared"].clear()
    yield


@pytest.fixture(autouse=True)
def _roomy_engine_budget(settings):
    """The site's budget (0.75 s of wall time) is for a worker of a production machine; the suite's own
    boards must not reach it on a loaded test machine. The budget's tests set theirs, on a ticking
    clock (tests/security/conftest.py)."""
    settings.ARBITRE_RUN_SECONDS = 30


@pytest.fixture(autouse=True)
def _lenient_throttles(settings):
    """The suite sends many requests from one address (fuzzing, browser tests): throttle rates far above
    it; tests/security/test_throttles.py sets low ones to check the 429s."""
    settings.ARBITRE_THROTTLE_RATES = {scope: "100000/min" for scope in settings.ARBITRE_THROTTLE_RATES}
    settings.ARBITRE_THROTTLE_RATES["save-bytes"] = "10000000000/min"  # bytes, not requests


#: Slow system tests beyond tests/system/ and tests/test_serve.py (which mark themselves): servers killed
#: mid-save, index swaps under reader processes, fuzzing, concurrent workers. They run in their own lane
#: of .ci/test (``-m system``), the quick lanes without them (``-m "not system"``).
SYSTEM_FILES = {
    "tests/judge/test_crash_save.py",
    "tests/rules/test_index_swap.py",
    "tests/security/test_fuzz_api.py",
    "tests/security/test_fuzz_scenarios.py",
    "tests/security/test_concurrency.py",
}


def pytest_collection_modifyitems(config, items):
    root = Path(__file__).resolve().parent.parent
    for item in items:
        if str(Path(item.fspath).resolve().relative_to(root)) in SYSTEM_FILES:
            item.add_marker(pytest.mark.system)
