# Two commands a newcomer needs: `make play` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play serve test lint typecheck pytest bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,plot]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/euchre play

serve: $(STAMP)
	$(BIN)/euchre serve

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples scripts
	$(BIN)/mypy
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/euchre bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
