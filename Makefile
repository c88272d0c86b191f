# `make play` and `make test` set everything up on a fresh machine (Python 3.11 + make).
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test lint bench bench-net bench-client tournament clean catalogues

# The compiled translation catalogues (.mo), rebuilt from their .po whenever one changes.
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard assets/locale/*/LC_MESSAGES/*.po))

# Rebuilt whenever pyproject.toml is newer than the venv's stamp.
$(VENV)/.stamp: pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "error: $(PYTHON) not found; install Python 3.11 or run 'make PYTHON=python3 ...'"; exit 1; }
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

%.mo: %.po $(VENV)/.stamp
	$(BIN)/python tools/catalogues.py compile $<

# Bring the .po files in line with the code's marked messages (then translate the new ones).
catalogues: $(VENV)/.stamp
	$(BIN)/python tools/catalogues.py update

play: $(VENV)/.stamp $(CATALOGUES)
	$(BIN)/spielabend $(ARGS)

lint: $(VENV)/.stamp
	$(BIN)/ruff check client netplay engines tests tools
	$(BIN)/mypy

test: $(VENV)/.stamp $(CATALOGUES) lint
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(VENV)/.stamp
	$(BIN)/python tools/bench_engines.py

bench-net: $(VENV)/.stamp
	$(BIN)/python tools/bench_net.py

# Bot strengths and decision times (docs/bots.md); e.g. make tournament ARGS="--game die_mauer --games 20"
tournament: $(VENV)/.stamp
	$(BIN)/python tools/tournament.py $(ARGS)

bench-client: $(VENV)/.stamp
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python tools/bench_client.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis tests/screenshots
