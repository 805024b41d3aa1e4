# The two set-up commands of the README, and a few more for maintainers.
#
# Python packages go into a virtual environment (.venv), so the set-up also works where
# the system's Python refuses pip (PEP 668); npm packages into node_modules.  Both are
# reinstalled only when their manifest changes.
VENV := .venv
PYTHON := $(VENV)/bin/python
export NO_MKDOCS_2_WARNING = 1
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_INSTALL = $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends

.PHONY: guide test deps system-deps serve pdf bench

guide: deps  ## build the guide from the bundled bank into site/
	$(PYTHON) -m mkdocs build --strict

test: deps system-deps  ## run the whole test suite (unit, golden, site and browser tests)
	$(PYTHON) -m pytest

deps: $(VENV)/.installed node_modules/.package-lock.json  ## Python and npm packages

$(VENV)/bin/python:
	python3 -m venv $(VENV) || { $(SUDO) apt-get update -qq && $(APT_INSTALL) python3-venv && python3 -m venv $(VENV); }

$(VENV)/.installed: pyproject.toml $(VENV)/bin/python
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -e '.[test]'
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

bench: deps system-deps  ## benchmarks: formulas, search, PDFs and scale (prints figures)
	for script in benchmarks/bench_*.py; do $(PYTHON) $$script || exit 1; done

serve: deps  ## build the guide and preview it on http://127.0.0.1:8000/, offline app included
	$(PYTHON) -m generator serve
