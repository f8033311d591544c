"""A gunicorn worker is warmed before it serves (``judge/warm.py``, ``rules_ref/search/warm.py``):
every table the search builds on its first use is built by the warm-up, the pages are rendered once,
and nothing in it can stop a worker from starting."""

from __future__ import annotations

import importlib
import logging
import pkgutil
from functools import _lru_cache_wrapper

import pytest

from judge import warm as worker
from rules_ref import search as search_package
from rules_ref.search import memory as memory_module
from rules_ref.search.warm import warm


def _tables() -> dict[str, _lru_cache_wrapper]:
    """The search package's tables built once on first use: its functions cached with room for one."""
    found = {}
    for info in pkgutil.iter_modules(search_package.__path__):
        module = importlib.import_module(f"rules_ref.search.{info.name}")
        for name, value in vars(module).items():
            if isinstance(value, _lru_cache_wrapper) and value.cache_parameters()["maxsize"] == 1:
                if value.__module__ == module.__name__:
                    found[f"{info.name}.{name}"] = value
    return found


def _forget_everything() -> None:
    for table in _tables().values():
        table.cache_clear()
    memory_module._memories.clear()


def test_the_search_has_tables_built_on_first_use():
    # What the warm-up is for: if the package stopped building tables lazily this test would say so.
    assert len(_tables()) >= 8, sorted(_tables())


def test_warming_builds_every_table_a_search_reads(rules):
    _forget_everything()
    assert all(table.cache_info().currsize == 0 for table in _tables().values())
    warm()
    unbuilt = sorted(name for name, table in _tables().items() if table.cache_info().currsize == 0)
    assert unbuilt == [], f"tables the warm-up does not build (a judge's first search would): {unbuilt}"
    assert memory_module._memories, "the index is read into memory"


def test_a_worker_is_warmed_at_start(rules, monkeypatch, caplog):
    monkeypatch.delenv("ARBITRE_WARM", raising=False)
    _forget_everything()
    with caplog.at_level(logging.INFO, logger="judge.warm"):
        worker.warm_at_start()
    assert any(r.getMessage().startswith("worker warmed in") for r in caplog.records), caplog.text
    assert all(table.cache_info().currsize == 1 for table in _tables().values())


def test_arbitre_warm_0_leaves_a_worker_cold(rules, monkeypatch, caplog):
    monkeypatch.setenv("ARBITRE_WARM", "0")
    _forget_everything()
    with caplog.at_level(logging.INFO, logger="judge.warm"):
        worker.warm_at_start()
    assert caplog.records == []
    assert all(table.cache_info().currsize == 0 for table in _tables().values())


def test_a_site_without_an_index_starts_and_says_why_it_is_cold(db, settings, tmp_path, monkeypatch, caplog):
    monkeypatch.delenv("ARBITRE_WARM", raising=False)
    settings.ARBITRE_INDEX_DIR = tmp_path / "no-index-here"
    with caplog.at_level(logging.INFO, logger="judge.warm"):
        worker.warm_at_start()  # does not raise
    (record,) = caplog.records
    assert record.levelname == "WARNING"
    assert record.getMessage().startswith("worker not warmed: aucun index de recherche")


@pytest.mark.django_db
def test_a_page_failing_at_warm_up_is_logged_and_the_worker_still_starts(rules, monkeypatch, caplog):
    monkeypatch.delenv("ARBITRE_WARM", raising=False)

    def broken(request):
        raise RuntimeError("template missing")

    monkeypatch.setattr(worker.views, "home", broken)
    with caplog.at_level(logging.INFO, logger="judge.warm"):
        worker.warm_at_start()  # does not raise
    (record,) = caplog.records
    assert record.levelname == "ERROR" and "a page failed" in record.getMessage()
    assert "template missing" in caplog.text
