"""The engine's tests check the rule contract: every log entry cites only numbers that a running
rule function declares (engine/rules/registry/, `implements`); any violation met by any engine
test fails the session."""

from __future__ import annotations

import pytest

from engine.rules import registry


@pytest.fixture(autouse=True, scope="session")
def rule_contract():
    registry.CONTRACT = True
    registry.VIOLATIONS.clear()
    yield
    registry.CONTRACT = False
    assert registry.VIOLATIONS == [], f"log entries citing undeclared rules: {registry.VIOLATIONS[:5]}"
