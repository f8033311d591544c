# The two commands of the README: `make serve` and `make test`.
# Both set up what they need on a fresh Debian machine with Python 3.11.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1:8000

WORKERS ?= 4

.PHONY: serve serve-prod test test-postgres setup data chromium bench

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
	$(PY) manage.py load_exercises
	$(PY) manage.py demo_account

serve: data
	$(PY) manage.py runserver $(HOST)

# Production-like: DJANGO_DEBUG=0 and DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS (and DATABASE_URL) set
# by the environment; gunicorn with $(WORKERS) workers, static files served by whitenoise.
serve-prod: setup
	$(PY) manage.py collectstatic --noinput -v0
	$(PY) manage.py migrate --noinput
	$(PY) manage.py import_rules fixtures/rules/*.txt --ruleset fr-1
	$(PY) manage.py rebuild_index
	$(PY) manage.py load_library
	$(PY) manage.py load_exercises
	$(VENV)/bin/gunicorn judge.wsgi --workers $(WORKERS) --bind $(HOST) --access-logfile - --timeout 30

# Debian's Chromium for the browser tests (Playwright's own download cannot work here), and
# poppler-utils' pdftotext, with which they read the ruling page printed to PDF.
chromium:
	test -x /usr/bin/chromium || (apt-get update && apt-get install -y chromium)
	command -v pdftotext >/dev/null || (apt-get update && apt-get install -y poppler-utils)

# Every test on SQLite, then every test again on a throwaway PostgreSQL server on loopback.
test: setup chromium
	$(PY) -m pytest
	$(MAKE) --no-print-directory test-postgres

test-postgres: setup
	@url=$$(.ci/postgres start) && trap '.ci/postgres stop' EXIT && \
	  echo "== the same suite on PostgreSQL ($$url)" && DATABASE_URL=$$url $(PY) -m pytest

bench: data
	$(PY) bench/run.py
