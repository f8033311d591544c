# The two commands of the README: `make serve` and `make test`.
# Both set up what they need on a fresh Debian machine with Python 3.11.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1:8000

.PHONY: serve test setup data chromium bench

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

setup: $(VENV)/.installed

# Database, rules, index: everything the site shows comes from fixtures/.
data: setup
	$(PY) manage.py migrate --noinput
	$(PY) manage.py import_rules fixtures/rules/*.txt --ruleset fr-1
	$(PY) manage.py rebuild_index
	$(PY) manage.py load_library
	$(PY) manage.py demo_account

serve: data
	$(PY) manage.py runserver $(HOST)

# Debian's Chromium for the browser tests (Playwright's own download cannot work here).
chromium:
	test -x /usr/bin/chromium || (apt-get update && apt-get install -y chromium)

test: setup chromium
	$(PY) -m pytest

bench: data
	$(PY) bench/run.py
