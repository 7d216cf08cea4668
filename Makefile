# Two commands a newcomer needs: `make play` and `make test` (docs/development.md).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play serve test lint typecheck pytest bench clean

# One editable install (pure Python: an edit takes effect at once), with the extras each
# target needs (pyproject.toml): playing needs none, the web table `web`, the checks all.
ALL_EXTRAS := web,postgres,clubs,rl,jit,ray,openspiel,plot,train,dev
PLAY_STAMP := $(VENV)/.installed
WEB_STAMP := $(VENV)/.installed-web
ALL_STAMP := $(VENV)/.installed-all

# The compiled build (hatch_build.py: mypyc where a C compiler is), what play, serve,
# bench and the tests run, with PYTHONPATH=.compiled: the package's sources as they are
# now (copied: cheap) with the extension modules built into .compiled-ext by `pip
# install --target`, which compiles again only when a source it compiles from changes
# (the compiled modules and what they import: `python hatch_build.py sources`) or the
# hook; after a change to pyproject.toml's [build-system], `make clean` first.
COMPILED := .compiled
COMPILED_STAMP := $(COMPILED)/.installed
EXT := .compiled-ext
EXT_STAMP := $(EXT)/.installed
EXT_SOURCES := $(shell $(PYTHON) hatch_build.py sources) hatch_build.py
SOURCES := $(shell find src -type f -not -path '*/__pycache__/*')

# pytest on every core (pytest-xdist, a test file to a worker: a file's fixtures are set
# up once), naming each skip and its reason; CI=true fails a run that skipped a test for a
# reason that does not hold in CI (tests/conftest.py).
PYTEST := $(BIN)/pytest -n auto --dist loadfile -rs

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(PLAY_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(WEB_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $@ $(PLAY_STAMP)

$(ALL_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[$(ALL_EXTRAS)]'
	touch $@ $(WEB_STAMP) $(PLAY_STAMP)

$(EXT_STAMP): $(EXT_SOURCES) | $(BIN)/python
	rm -rf $(EXT)
	$(BIN)/python -m pip install --quiet --no-deps --target $(EXT) .
	touch $@

$(COMPILED_STAMP): $(EXT_STAMP) $(SOURCES)
	$(BIN)/python hatch_build.py assemble $(EXT) $(COMPILED)
	PYTHONPATH=$(COMPILED) $(BIN)/python -c "from euchre.build import build_line; \
		print('euchre:', build_line())"
	touch $@

play: $(PLAY_STAMP) $(COMPILED_STAMP)
	PYTHONPATH=$(COMPILED) $(BIN)/euchre play

serve: $(WEB_STAMP) $(COMPILED_STAMP)
	PYTHONPATH=$(COMPILED) $(BIN)/euchre serve

test: lint typecheck pytest

lint: $(ALL_STAMP)
	$(BIN)/ruff check src tests benchmarks examples scripts hatch_build.py

typecheck: $(ALL_STAMP)
	$(BIN)/mypy

# The whole suite and every docstring example against the compiled build, then the
# compiled modules' tests (the engine's and the players') and every docstring example on
# the pure-Python path. mypyc keeps no docstrings, so pytest would find no examples in a
# compiled module (and refuse its source beside its extension module): tests/test_build.py
# runs those from their sources, against each build.
NOT_DOCTESTED := $(patsubst %,--ignore=$(COMPILED)/%,$(shell $(PYTHON) hatch_build.py compiled))
# The tests that need the cores to themselves, run alone after the others: the Ray
# executor's start a two-CPU Ray instance of their own, whose workers would compete with
# pytest's.
ALONE := tests/analysis/test_arena_ray.py

# The outside bots' own environment: euchre-cli 0.7.0's package is named `euchre` too, so
# it lives apart; the adapters' tests (tests/test_outside_bots.py) play through it.
OUTSIDE_STAMP := benchmarks/.venv-euchre-cli/.installed
$(OUTSIDE_STAMP): benchmarks/setup_outside_bots.sh
	bash benchmarks/setup_outside_bots.sh
	touch $@

# The PostgreSQL store's tests use a private server that scripts/with_postgres.sh starts
# for the main run (EUCHRE_TEST_POSTGRES; they skip where PostgreSQL is not installed).
pytest: $(ALL_STAMP) $(COMPILED_STAMP) $(OUTSIDE_STAMP)
	PYTHONPATH=$(COMPILED) EUCHRE_EXPECT_BUILD=compiled scripts/with_postgres.sh \
		$(PYTEST) tests README.md $(COMPILED)/euchre $(NOT_DOCTESTED) $(ALONE:%=--ignore=%)
	PYTHONPATH=$(COMPILED) EUCHRE_EXPECT_BUILD=compiled $(BIN)/pytest -rs $(ALONE)
	EUCHRE_EXPECT_BUILD=pure $(PYTEST) src/euchre tests/engine tests/players tests/test_build.py

bench: $(PLAY_STAMP) $(COMPILED_STAMP)
	PYTHONPATH=$(COMPILED) $(BIN)/euchre bench

clean:
	rm -rf $(VENV) $(COMPILED) $(EXT) .mypy_cache .pytest_cache .ruff_cache .hypothesis
