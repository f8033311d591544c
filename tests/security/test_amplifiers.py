"""Pages a stranger can make expensive for everyone (issue 24): the ruling page of a long public game,
the public library page over many tagged scenarios, the API's scenario list over large documents.
Each stays bounded however large what it comes from: asserted as relations between sizes, never as
durations."""

from __future__ import annotations

import pytest

from judge.scenarios.models import Scenario
from tests.security import hostile_boards

pytestmark = pytest.mark.django_db


@pytest.fixture
def long_public_game(users):
    scenario = Scenario(
        title="Longue partie", author=users["alice"], document=hostile_boards.long_game(400), visibility="public"
    )
    scenario.save_document()
    return scenario


def ruling_page(client, scenario, step: int) -> bytes:
    response = client.get(f"/scenarios/{scenario.uuid}/decision/?etape={step}")
    assert response.status_code == 200
    return response.content


def test_the_ruling_page_of_a_late_step_is_no_larger_than_an_early_one(client, long_public_game, rules):
    early = ruling_page(client, long_public_game, 150)
    late = ruling_page(client, long_public_game, 2500)
    # Both show the last steps in full (and the board); the late one is not 2,500 steps of log.
    assert len(late) < 2 * len(early)
    text = late.decode()
    assert 'id="step-2500"' in text and 'id="step-1"' not in text
    assert "étapes précédentes" in text and f"/scenarios/{long_public_game.uuid}/?etape=" in text


def big_board(names: int = 300) -> dict:
    """A playable board of about 370 KB: cards in Reserve with long names."""
    board = hostile_boards._doc("night")
    board["players"]["A"]["reserve"] = [{"id": f"r{i}", "name": "Éclaireur " + "x" * 1200} for i in range(names)]
    return board


def test_the_api_list_gives_summaries_not_documents(client, users, rules):
    for n in range(3):
        Scenario(title=f"Gros {n}", author=users["alice"], document=big_board(), visibility="public").save_document()
    listing = client.get("/api/scenarios/?limit=50")
    assert listing.status_code == 200
    rows = listing.json()["results"]
    assert len(rows) == 3 and all("document" not in row for row in rows)
    assert {"uuid", "title", "url", "version", "playable"} <= set(rows[0]) and rows[0]["playable"] is True
    assert len(listing.content) < 10_000  # three summaries, not 1.1 MB of boards
    full = client.get(f"/api/scenarios/{rows[0]['uuid']}/").json()  # one scenario: its document
    assert full["document"]["players"]["A"]["reserve"][0]["id"] == "r0"


def test_the_public_library_page_lists_a_bounded_number_of_tags(client, users, rules):
    from judge.scenarios.views import MAX_TAG_OPTIONS

    for n in range(15):
        scenario = Scenario(title=f"Cas {n}", author=users["alice"], document=hostile_boards._doc("night"))
        scenario.visibility = "public"
        scenario.save_document(tags=[f"étiquette {n}-{k}" for k in range(20)] + ["commune"])
    page = client.get("/scenarios/").content.decode()
    options = page.split('<select name="tag">', 1)[1].split("</select>", 1)[0].count("<option value=")
    assert 1 + MAX_TAG_OPTIONS >= options > 10  # "Toutes", then the most used tags, not all 301
    assert "commune (15)" in page
    assert "?tag=" in page  # each listed scenario's own tags stay links


def test_a_ruling_page_refused_by_the_engine_guard_says_when_to_come_back(client, long_public_game, rules, settings):
    settings.ARBITRE_THROTTLE_RATES = {**settings.ARBITRE_THROTTLE_RATES, "engine-anon": "0.001/d"}
    ruling_page(client, long_public_game, 10)  # spends the anonymous share
    response = client.get(f"/scenarios/{long_public_game.uuid}/decision/?etape=2500")
    assert response.status_code == 429 and int(response["Retry-After"]) >= 1
    assert "Trop de calcul" in response.content.decode()


def test_simultaneous_reactions_past_the_limit_are_refused_not_a_500(rules, settings):
    """4,000 Noon reactions in 430 KB: the engine counts their orders (4000!, a number of 12,674 digits)
    and the answer carrying it could not be written (Python converts at most 4,300 digits to text):
    a 500 on /api/run/. Past the abilities limit the board is refused with a 413 naming it, on every
    path; at the limit the board runs and its count is written."""
    from rest_framework.test import APIClient

    from judge import limits

    settings.ARBITRE_RUN_SECONDS = 60
    client = APIClient()
    for cards, reactions in ((4, 1000), (1, 4000)):
        body = {"document": hostile_boards.noon_reactions(cards, reactions), "until": "end"}
        for path in ("/api/run/", "/api/check/"):
            response = client.post(path, body, format="json")
            assert response.status_code == 413, (path, response.status_code, response.content[:200])
            assert "4000 capacités : au plus 1200 par scénario" in response.json()["detail"]
    assert limits.MAX_ABILITIES == 1200
    at_limit = client.post(
        "/api/run/", {"document": hostile_boards.noon_reactions(120, 10), "until": "end"}, format="json"
    )
    assert at_limit.status_code == 200, at_limit.content[:200]
    assert at_limit.json()["legal_count"] > 10**3000  # 1200! has 3,175 digits


def test_the_largest_answers_within_the_limits_stay_under_their_bound(rules, settings):
    """What is not engine work (encoding the answer) is bounded by what the size limits let an answer
    hold, not by a timer: the longest run the step limit allows, and the largest boards of each kind
    within the limits, all answer under ``MAX_ANSWER_BYTES``."""
    from rest_framework.test import APIClient

    from judge.limits import MAX_ANSWER_BYTES

    settings.ARBITRE_RUN_SECONDS = 60
    client = APIClient()
    boards = {
        "longest game": hostile_boards.long_game(800),  # past the 5,000 steps a run may reach
        "1,200 Noon reactions": hostile_boards.noon_reactions(120, 10),
        "400 cards at Clean-up": hostile_boards.big_cleanup(200, 200),
        "2,000 targets among 380": hostile_boards.many_targets(2000, 380),
    }
    sizes = {}
    for name, document in boards.items():
        response = client.post("/api/run/", {"document": document, "until": "end", "steps": 5000}, format="json")
        assert response.status_code == 200, (name, response.content[:200])
        sizes[name] = len(response.content)
    assert max(sizes.values()) < MAX_ANSWER_BYTES, sizes
    assert sizes["longest game"] > MAX_ANSWER_BYTES / 2, sizes  # the bound is the longest run's, not slack
