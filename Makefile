# Two commands a newcomer needs: `make play` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play serve test lint typecheck pytest bench clean

# The compiled build (hatch_build.py: mypyc where a C compiler is) installed apart: what
# play, serve, bench and the tests run; the editable install stays pure Python, so that
# an edit takes effect at once (.venv/bin/euchre runs it when PYTHONPATH is not set).
COMPILED := .compiled
COMPILED_STAMP := $(COMPILED)/.installed
SOURCES := $(shell find src -name '*.py') hatch_build.py pyproject.toml
# The engine's and solver's tests, run on the pure-Python path too.
PURE_TESTS := tests/engine/test_rules.py tests/engine/test_golden.py tests/engine/test_properties.py \
	tests/players/test_solver.py tests/players/test_solver_forms.py tests/engine/test_cards.py tests/engine/test_actions.py \
	tests/engine/test_forms.py tests/engine/test_forms_properties.py tests/engine/test_outcome.py \
	tests/engine/test_cards_forms.py tests/test_build.py \
	tests/players/test_search_forms.py::test_sampling_a_seven_handed_view_with_many_voids_needs_no_search

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,plot,rl,openspiel,jit,ray]'
	touch $(STAMP)

$(COMPILED_STAMP): $(STAMP) $(SOURCES)
	rm -rf $(COMPILED)
	$(BIN)/python -m pip install --quiet --no-deps --target $(COMPILED) .
	$(BIN)/python -c "import sys; sys.path.insert(0, '$(COMPILED)'); \
		from euchre.build import build_line; print('euchre:', build_line())"
	touch $(COMPILED_STAMP)

play: $(COMPILED_STAMP)
	PYTHONPATH=$(COMPILED) $(BIN)/euchre play

serve: $(COMPILED_STAMP)
	PYTHONPATH=$(COMPILED) $(BIN)/euchre serve

test: $(STAMP) $(COMPILED_STAMP)
	$(BIN)/ruff check src tests benchmarks examples scripts hatch_build.py
	$(BIN)/mypy
	PYTHONPATH=$(COMPILED) EUCHRE_EXPECT_BUILD=compiled $(BIN)/pytest tests README.md
	EUCHRE_EXPECT_BUILD=pure $(BIN)/pytest src/euchre $(PURE_TESTS)

bench: $(COMPILED_STAMP)
	PYTHONPATH=$(COMPILED) $(BIN)/euchre bench

clean:
	rm -rf $(VENV) $(COMPILED) .mypy_cache .pytest_cache .ruff_cache .hypothesis
