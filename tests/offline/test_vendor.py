"""Vendoring the runtime at set-up: checked against pinned hashes, swapped in whole."""

from __future__ import annotations

import os
import stat

import pytest

from judge.offline import vendor


def fake_npm(folder, tarball_bytes: bytes):
    """An ``npm`` whose ``pack`` writes the given bytes as the package's tarball."""
    script = folder / "npm"
    (folder / "tarball").write_bytes(tarball_bytes)
    name, version, _ = vendor.PYODIDE
    script.write_text(f'#!/bin/sh\ncp "{folder / "tarball"}" "$PWD/{name}-{version}.tgz"\n')
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return folder


def test_a_tarball_that_is_not_the_pinned_one_is_refused_and_the_previous_copy_stays(tmp_path, monkeypatch):
    root = tmp_path / "offline"
    root.mkdir()
    (root / "VERSION").write_text('{"pyodide": "older"}')
    (root / "pyodide").mkdir()
    (root / "pyodide" / "pyodide.mjs").write_text("the previous runtime")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("PATH", f"{fake_npm(bin_dir, b'not the package')}{os.pathsep}{os.environ['PATH']}")
    with pytest.raises(vendor.VendorError, match="SHA-256"):
        vendor.vendor(root)
    assert (root / "pyodide" / "pyodide.mjs").read_text() == "the previous runtime"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bin", "offline"]  # nothing half-made left


def test_without_npm_the_error_says_how_to_get_it(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(vendor.VendorError, match="apt-get install -y npm"):
        vendor.vendor(tmp_path / "offline")


def test_a_complete_copy_is_left_alone(tmp_path, monkeypatch):
    root = tmp_path / "offline"
    root.mkdir()
    (root / "VERSION").write_text(__import__("json").dumps(vendor.wanted()))
    monkeypatch.setenv("PATH", str(tmp_path))  # no npm: it must not be needed
    assert vendor.vendor(root) is False
