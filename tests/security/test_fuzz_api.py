"""Every operation of the OpenAPI schema (``/api/schema/``) fuzzed by schemathesis: never a 5xx.

The WSGI application runs in process, inside the test's database transaction (Django's
``close_old_connections`` is unhooked from the request signals while it does, as Django's own test
client does). Each case is sent as one of anonymous, the author (alice), or staff, through HTTP Basic
authentication (what an API client would use), and the ``{uuid}`` of scenario operations is, case
by case, the generated one or the uuid of a real public, link-shared or private scenario, so that
updates, runs and copies reach the serializers and the engine, not only a 404.
"""

from __future__ import annotations

import base64
import json
import time
import zlib

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections

from judge.scenarios.models import Scenario
from tests.conftest import PASSWORDS

from .conftest import count_case, fuzz_settings, library_documents

application = get_wsgi_application()
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)


def basic(username: str) -> dict:
    token = base64.b64encode(f"{username}:{PASSWORDS[username]}".encode()).decode()
    return {"Authorization": f"Basic {token}"}


@pytest.fixture
def app_in_transaction():
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield application
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture
def real_uuids(rules, users):
    document = json.loads(library_documents()[0])
    made = []
    for owner, visibility in (("alice", "public"), ("alice", "link"), ("alice", "private"), ("bob", "private")):
        scenario = Scenario(
            title=f"{owner} {visibility}", author=users[owner], visibility=visibility, document=document
        )
        scenario.save_document(tags=["fuzz"])
        made.append(str(scenario.uuid))
    return made


@schema.parametrize()
@fuzz_settings(default=12)  # per operation; ARBITRE_FUZZ_EXAMPLES=200 for a deep run
def test_no_server_error(case, app_in_transaction, real_uuids):
    seed = zlib.crc32(repr((case.path_parameters, case.query, case.body)).encode())
    if case.path_parameters and "uuid" in case.path_parameters and seed % 5:
        case.path_parameters["uuid"] = real_uuids[seed % len(real_uuids)]
    who = (None, "alice", "staff")[(seed >> 8) % 3]
    started = time.perf_counter()
    response = case.call(headers=basic(who) if who else None)
    count_case("schemathesis, every API operation", response.status_code, time.perf_counter() - started)
    assert response.status_code < 500, (
        f"{case.method} {case.formatted_path} as {who or 'anonymous'}: {response.status_code}\n"
        f"query={case.query!r}\nbody={case.body!r}\n{response.text[:2000]}"
    )
