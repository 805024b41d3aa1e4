# The two set-up commands of the README, and a few more for maintainers.
#
# Python packages go into a virtual environment (.venv), so the set-up also works where
# the system's Python refuses pip (PEP 668), at the versions in requirements.lock (the ones
# the tests passed with; `make lock` refreshes it from pyproject.toml); npm packages into
# node_modules, from package-lock.json.  Both are reinstalled only when their lock changes.
# `make help` lists the targets.
VENV := .venv
PYTHON := $(VENV)/bin/python
export NO_MKDOCS_2_WARNING = 1
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_INSTALL = $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends

PIP_INSTALL = $(PYTHON) -m pip install --quiet --disable-pip-version-check
# The browser scripts' pure modules (overrides/src), tested by Node's own runner.
NODE_TEST = node --test --test-reporter=spec tests/node/

.PHONY: guide test test-fast lint typecheck lock help deps system-deps serve pdf bench

guide: deps  ## build the guide from the bundled bank into site/
	$(PYTHON) -m mkdocs build --strict

# The tests run on every core (pytest-xdist), longest files first (tests/long_first.py); a
# worker that runs out takes half of what another has left (worksteal), so neither waits
# idle behind the other's last long tests.  The sites many tests read are built once per run
# (tests/built_sites.py).  PYTHONDONTWRITEBYTECODE, where an environment sets it, is
# dropped: without cached bytecode pytest rewrites the asserts of every test module again in
# each worker, seconds of CPU each time.
PYTEST = env -u PYTHONDONTWRITEBYTECODE $(PYTHON) -m pytest -n auto --dist worksteal

# The whole suite runs one worker more than there are cores: its browser tests and builds
# wait on other processes (Chromium, Node beside MkDocs), and a core left idle meanwhile is
# time lost (on 2 cores: 6 min 54 s with three workers, 7 min 28 s with two).
test: deps system-deps  ## the whole suite (node tests of the scripts; unit, golden, site, slow and browser tests; pytest --run-long adds the long fuzzing)
	$(NODE_TEST)
	PYTEST_XDIST_AUTO_NUM_WORKERS=$${PYTEST_XDIST_AUTO_NUM_WORKERS:-$$(( $$(nproc) + 1 ))} $(PYTEST)

test-fast: deps  ## the edit-test loop: tests/node, tests/unit and tests/site without a browser or a slow test (a site build)
	$(NODE_TEST)
	$(PYTEST) -m "not browser and not slow" tests/unit tests/site

lint: deps  ## ruff, import contracts and eslint: style, imports, layers, likely bugs (pyproject.toml, eslint.config.js)
	$(PYTHON) -m ruff check
	$(VENV)/bin/lint-imports
	node_modules/.bin/eslint

typecheck: deps  ## mypy over generator/, tests/ and benchmarks/; tsc over the scripts (overrides/src) and tests/node
	$(PYTHON) -m mypy
	node_modules/.bin/tsc --noEmit

lock: $(VENV)/.installed  ## re-resolve requirements.lock from pyproject.toml (newest versions allowed; commit it)
	$(PYTHON) -m uv pip compile --quiet --universal --python-version 3.11 --extra pdf --extra test --extra dev \
		--output-file requirements.lock pyproject.toml

help:  ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F ':.*## ' '{ printf "  make %-12s %s\n", $$1, $$2 }'

deps: $(VENV)/.installed node_modules/.package-lock.json  ## Python and npm packages

$(VENV)/bin/python:
	python3 -m venv $(VENV) || { $(SUDO) apt-get update -qq && $(APT_INSTALL) python3-venv && python3 -m venv $(VENV); }

# The locked versions first, then the project itself on top without resolving again.
$(VENV)/.installed: requirements.lock pyproject.toml $(VENV)/bin/python
	$(PIP_INSTALL) -r requirements.lock
	$(PIP_INSTALL) --no-deps -e .
	touch $@

node_modules/.package-lock.json: package.json package-lock.json
	command -v npm >/dev/null || { $(SUDO) apt-get update -qq && $(APT_INSTALL) nodejs npm; }
	npm ci --no-audit --no-fund --loglevel=error

system-deps:  ## Debian's Chromium, CJK fonts and poppler, for browser tests and PDFs
	@if command -v chromium >/dev/null && command -v pdftotext >/dev/null && fc-list 2>/dev/null | grep -q "Noto Sans CJK"; then \
		echo "chromium, fonts-noto-cjk and poppler-utils are installed"; \
	else \
		$(SUDO) apt-get update -qq && $(APT_INSTALL) chromium fonts-noto-cjk poppler-utils; \
	fi

pdf: deps system-deps  ## chapter PDFs (practice and answer editions) into site/pdf/
	$(PYTHON) -m generator pdf

bench: deps system-deps  ## every benchmark in benchmarks/, then one table of their figures and targets
	$(PYTHON) -m benchmarks.summary

serve: deps  ## build the guide and preview it on http://127.0.0.1:8000/, offline app included
	$(PYTHON) -m generator serve
