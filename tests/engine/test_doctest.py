"""The usage examples in the engine's docstrings run (issue 11: the docstring example is a doctest)."""

from __future__ import annotations

import doctest
import importlib

import engine


def test_the_package_docstring_example_runs():
    result = doctest.testmod(engine, optionflags=doctest.ELLIPSIS, raise_on_error=False)
    assert result.attempted >= 6 and result.failed == 0


def test_the_vocabulary_docstring_runs():
    module = importlib.import_module("engine.vocabulary")  # engine.vocabulary is also the function
    result = doctest.testmod(module)
    assert result.attempted >= 2 and result.failed == 0


def test_the_versions_docstring_runs():
    module = importlib.import_module("engine.versions")
    result = doctest.testmod(module)
    assert result.attempted >= 4 and result.failed == 0
