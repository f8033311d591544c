# The two commands of the README: `make serve` and `make test`.
# Both set up what they need on a fresh Debian machine with Python 3.11.
# `make dev` is Django's development server (DEBUG on); `make serve-prod` is for deployments.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1:8000

WORKERS ?= 4

.PHONY: serve dev serve-prod test test-postgres setup data chromium nginx bench lint

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

# The offline search's runtime (Pyodide from the npm registry, Whoosh's wheels from PyPI, each checked
# against its pinned hash) into var/offline/, served with the static files: judge/offline/vendor.py.
# npm comes from Debian when missing.
OFFLINE_RUNTIME := var/offline/VERSION
$(OFFLINE_RUNTIME): $(VENV)/.installed judge/offline/vendor.py
	command -v npm >/dev/null || (apt-get update && apt-get install -y npm)
	$(PY) manage.py vendor_offline
	touch $@

setup: $(VENV)/.installed $(OFFLINE_RUNTIME)

# Database, rules, index: everything the site shows comes from fixtures/.
data: setup
	$(PY) manage.py migrate --noinput
	$(PY) manage.py import_rules fixtures/rules/*.txt --ruleset fr-1
	$(PY) manage.py rebuild_index
	$(PY) manage.py load_library
	$(PY) manage.py load_exercises
	$(PY) manage.py demo_account

# The production stack on the embedded default, for a tournament on this machine: nginx (Debian's
# package) on $(HOST) holding slow clients and serving the static files, in front of gunicorn with
# $(WORKERS) workers on a Unix socket (judge/guard/serve.py, deploy/nginx.conf), DEBUG off, SQLite in
# WAL mode, the secret key generated once into var/secret_key (mode 0600), plain HTTP on loopback only
# (ARBITRE_LOOPBACK=1: no HTTPS redirect, loopback host names), the demo account's password on the login page (ARBITRE_DEMO=1).
SERVE_ENV := DJANGO_DEBUG=0 ARBITRE_LOOPBACK=1 ARBITRE_DEMO=1
serve: data nginx
	$(SERVE_ENV) $(PY) manage.py collectstatic --noinput -v0
	$(SERVE_ENV) $(PY) -m judge.guard.serve --listen $(HOST) --workers $(WORKERS)

# Debian's nginx, the front proxy of `make serve` (started by it on $(HOST), never as a system service).
nginx:
	command -v nginx >/dev/null || test -x /usr/sbin/nginx || (apt-get update && apt-get install -y --no-install-recommends nginx-light)

# Django's development server: DEBUG on (its debug pages), code reloaded on save.
dev: data
	ARBITRE_DEMO=1 $(PY) manage.py runserver $(HOST)

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

# Every test on SQLite, then again on a throwaway PostgreSQL server on loopback every test that reaches
# the database: not the browser ones (they drive pages whose data paths the other tests already cover
# on both databases; run them there too with `make test-postgres PGMARK=`), nor the system ones (their
# own lane: servers, nginx, Redis, two nodes on PostgreSQL, kills, fuzzing), nor the engine's
# (tests/engine: pure Python, no database; `make test-postgres PGIGNORE=` runs them too).
# The quick passes run as two processes at the same time, one a core, then the system lane: see .ci/test.
test: setup chromium nginx
	@.ci/test

PGMARK ?= not browser and not system
PGIGNORE ?= tests/engine
test-postgres: setup
	@url=$$(.ci/postgres start) && trap '.ci/postgres stop' EXIT && \
	  echo "== the suite on PostgreSQL ($$url)" && DATABASE_URL=$$url $(PY) -m pytest $(if $(PGMARK),-m "$(PGMARK)") \
	  $(foreach d,$(PGIGNORE),--ignore=$(d))

bench: data
	$(PY) bench/run.py

# Ruff (lint and format check) on the tree, mypy on the engine (settings in pyproject.toml).
lint: setup
	$(PY) -m pip install --quiet -e '.[lint]'
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy
