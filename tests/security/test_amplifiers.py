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
