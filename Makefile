# Blossom: `make run` starts it with a demo tournament, `make test` runs every test.
# Works on a fresh clone with only Python 3.11 installed; nothing else is needed.

PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(VENV)/bin/pip --disable-pip-version-check -q
HOST   ?= 127.0.0.1
PORT   ?= 8000
PYTEST_ARGS ?=
JOBS        ?= 2   # test processes (pytest-xdist); JOBS=0 runs them in this process

.PHONY: run test install dev-install migrate demo lint format bench worker browser clean messages

$(VENV)/bin/python:
	@$(PYTHON) -c 'import sys; assert sys.version_info[:2] == (3, 11), "Blossom needs Python 3.11, found " + sys.version.split()[0]'
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(VENV)/bin/python
	$(PIP) install --upgrade pip==26.3
	$(PIP) install -e .
	@touch $@

$(VENV)/.dev-installed: pyproject.toml $(VENV)/.installed
	$(PIP) install -e ".[dev]"
	@touch $@

install: $(VENV)/.installed
dev-install: $(VENV)/.dev-installed

migrate: install
	$(PY) manage.py compile_catalogues -v0
	$(PY) manage.py migrate --noinput -v0

demo: migrate
	$(PY) manage.py demo

run: demo
	@$(PY) -m config.address $(HOST) $(PORT)
	$(PY) manage.py runserver $(HOST):$(PORT)

worker: install
	$(VENV)/bin/celery -A config worker --loglevel=info --concurrency=2

# Debian's Chromium for the browser tests (no browser downloads). Best effort here:
# without it the browser tests are skipped and say why; .ci/run requires it.
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing Debian's chromium for the browser tests..."; \
	    (apt-get install -y -q chromium >/dev/null 2>&1 || \
	     (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null 2>&1)) || \
	    echo "Could not install chromium; browser tests will be skipped."; \
	  else echo "No /usr/bin/chromium; browser tests will be skipped (apt-get install chromium)."; fi; \
	fi

test: dev-install browser
	$(VENV)/bin/lint-imports --no-cache
	$(PY) manage.py compile_catalogues
	$(PY) -m pytest -n $(JOBS) $(PYTEST_ARGS) || [ $$? -eq 5 ]

lint: dev-install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: dev-install
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

bench: install
	$(PY) bench/pairing.py
	$(PY) bench/standings.py
	$(PY) bench/mcmahon.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache staticfiles

# After marking new strings: refresh the catalogues from the code (needs GNU gettext's
# xgettext, only here; compiling them needs nothing but Python), then translate the
# new entries in locale/<language>/LC_MESSAGES/*.po.
MESSAGES_IGNORE := --ignore=.venv --ignore=pairing --ignore=tiebreaks --ignore=tests --ignore=bench --ignore=staticfiles --ignore=docs
messages: dev-install
	$(PY) manage.py makemessages -l fr -l de -l es --no-obsolete --add-location=file $(MESSAGES_IGNORE)
	$(PY) manage.py makemessages -d djangojs -l fr -l de -l es --no-obsolete --add-location=file $(MESSAGES_IGNORE)
