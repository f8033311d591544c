from __future__ import annotations

from pathlib import Path

import pytest

#: Small made-up exports in both shapes (no real card data: Arbitre ships none).
EXPORTS = Path(__file__).resolve().parent / "exports"
CARD_FILES = EXPORTS / "json"
SET_FILES = EXPORTS / "SETS"


@pytest.fixture
def imported(db):
    """Both made-up exports imported; returns the import's report."""
    from judge.cards.importer import import_paths

    return import_paths([EXPORTS])
