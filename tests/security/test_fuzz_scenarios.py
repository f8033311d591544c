"""Hypothesis-made scenario documents: the library's valid documents, mutated at random places
(wrong types, missing and unknown fields, huge numbers, odd unicode, nesting, long lists), sent to
``POST /api/check/``, ``POST /api/run/`` and ``POST /api/scenarios/``.

Whatever comes in: never a 5xx, only 200/201, 400 or 413, and a 400 names where the problem is
(``problems`` with a JSON ``path`` each, or the serializer's field names).

The site catches nothing the engine raises: the engine refuses what it cannot play with its
problems (``ScenarioError``, ``IllegalDecision``) and never raises anything else, so any exception,
from inside ``engine/`` or not, fails the test with the document that caused it.
"""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from rest_framework.test import APIClient

from .conftest import count_case, fuzz_settings, library_documents

ODD_STRINGS = [
    "",
    " ",
    "A",
    "B",
    "C",
    "forest",
    "night",
    "end",
    "1v1",
    "arbitre-scenario/1",
    "fr-1",
    "<script>alert(1)</script>",
    "\u202e\u0645\u0631\u062d\u0628\u0627",
    "é" * 300,
    "\x00",
    "\ud800",
    "🃏",
    "x" * 5000,
    "0",
    "-1",
    "1e309",
    "null",
    "NaN",
]
leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.sampled_from([0, -1, 2**31, 2**63, 10**100, -(10**100)]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.sampled_from(ODD_STRINGS),
)
values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def places(node, found=None, depth=0):
    """Every (container, key) of a JSON tree: where a mutation can land."""
    found = [] if found is None else found
    if depth > 12:
        return found
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in items:
        found.append((node, key))
        places(child, found, depth + 1)
    return found


@st.composite
def mutated_documents(draw):
    document = json.loads(draw(st.sampled_from(library_documents())))
    if draw(st.integers(0, 19)) == 0:  # now and then not an object at all
        return draw(values)
    for _ in range(draw(st.integers(1, 4))):
        spots = places(document)
        if not spots:
            break
        container, key = draw(st.sampled_from(spots))
        operation = draw(st.sampled_from(["replace", "replace", "delete", "add", "nest", "grow", "retype"]))
        if operation == "replace":
            container[key] = draw(values)
        elif operation == "delete":
            del container[key]
        elif operation == "add":
            if isinstance(container, dict):
                container[draw(st.sampled_from(["id", "name", "zzz", "players", "decisions", "stats", "", "é"]))] = (
                    draw(values)
                )
            else:
                container.insert(key, draw(values))
        elif operation == "nest":
            container[key] = [[[{"x": container[key]}]]] if draw(st.booleans()) else {"a": {"b": container[key]}}
        elif operation == "grow":
            container[key] = [container[key]] * draw(st.integers(2, 60))
        elif operation == "retype":
            value = container[key]
            container[key] = str(value) if not isinstance(value, str) else [value]
    return document


def check_response(response, endpoint: str) -> None:
    assert response.status_code in (200, 201, 400, 413), (endpoint, response.status_code, response.content[:2000])
    body = response.json()
    assert isinstance(body, dict), (endpoint, body)
    if response.status_code == 413:
        assert body.get("detail"), body
    problems = body.get("problems")
    if (
        problems is None
        and isinstance(body.get("document"), list)
        and body["document"]
        and isinstance(body["document"][0], dict)
    ):
        problems = body["document"]  # the scenario serializer refuses a document with the checker's problems
    if problems is not None and (response.status_code == 400 or endpoint == "check"):
        assert isinstance(problems, list)
        for problem in problems:
            assert isinstance(problem.get("path"), str) and problem["path"], (endpoint, problem)
            assert isinstance(problem.get("message"), str) and problem["message"], (endpoint, problem)
    if response.status_code == 400:
        assert problems or set(body) <= {
            "document",
            "title",
            "description",
            "tags",
            "visibility",
            "decisions",
            "until",
            "steps",
            "forked_from",
            "draft",
            "detail",
            "non_field_errors",
        }, body
        if problems is None:
            assert body, "a 400 with nothing said"


def post(client, endpoint: str, url: str, data):
    """The response; an exception raised by the engine or the site fails the test."""
    return client.post(url, data=data, content_type="application/json")


def send(client, endpoint: str, url: str, payload) -> None:
    text = json.dumps(payload)  # lone surrogates become \\ud800 escapes, as a browser's JSON would
    started = time.perf_counter()
    response = post(client, endpoint, url, text)
    count_case(f"mutated documents → {endpoint}", response.status_code, time.perf_counter() - started)
    check_response(response, endpoint)


@pytest.fixture
def alice_client(rules, users):
    client = APIClient()
    client.force_authenticate(users["alice"])
    return client


def test_mutated_documents_never_break_the_site(alice_client):
    @fuzz_settings(default=400)
    @given(
        document=mutated_documents(),
        draft=st.booleans(),
        until=st.sampled_from(["end", "step", "pending", "phase", "?"]),
    )
    def explore(document, draft, until):
        send(alice_client, "check", "/api/check/", {"document": document})
        send(alice_client, "run", "/api/run/", {"document": document, "until": until})
        send(alice_client, "scenarios", "/api/scenarios/", {"title": "Fuzz", "document": document, "draft": draft})

    explore()


def test_arbitrary_request_bodies(alice_client):
    @fuzz_settings(default=150)
    @given(payload=values)
    @example(payload={"document": None})
    @example(payload={"document": [], "decisions": "x"})
    @example(payload={"document": {}, "steps": 10**30})
    @example(payload={"document": {}, "decisions": [{}] * 3000})
    def explore(payload):
        for endpoint, url in (("check", "/api/check/"), ("run", "/api/run/"), ("scenarios", "/api/scenarios/")):
            send(alice_client, endpoint, url, payload)

    explore()


@pytest.mark.parametrize(
    "text",
    [
        "[" * 50_000 + "]" * 50_000,  # nesting deeper than any parser's stack
        '{"document": ' + '{"a": ' * 3000 + "1" + "}" * 3000 + "}",
        '{"document": {"seed": NaN}}',
        '{"document": {"seed": Infinity}}',
        '{"document": {"seed": 1' + "0" * 5000 + "}}",  # a 5000-digit number
        '{"document": {"title": "\\u0000"}}',
        '{"document": {"players": {"\\ud800": {}}}}',
        '{"document": ',
        "",
        "\xff\xfe",
        '{"document": {}}' + " " * 10,
    ],
)
def test_malformed_json_text(alice_client, text):
    for endpoint, url in (("check", "/api/check/"), ("run", "/api/run/"), ("scenarios", "/api/scenarios/")):
        started = time.perf_counter()
        response = post(alice_client, endpoint, url, text.encode("utf-8", "surrogatepass"))
        count_case(f"malformed JSON → {endpoint}", response.status_code, time.perf_counter() - started)
        assert response.status_code in (200, 201, 400, 413), (
            endpoint,
            text[:80],
            response.status_code,
            response.content[:500],
        )


def test_oversized_body_refused_before_parsing(alice_client):
    text = '{"document": {"limbo": [' + ",".join(['{"id": "x"}'] * 60_000) + "]}}"
    for url in ("/api/check/", "/api/run/", "/api/scenarios/"):
        response = alice_client.post(url, data=text, content_type="application/json")
        assert response.status_code == 413
