# The two commands a newcomer needs: `make lab` and `make test`. Both create .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[test,dev]'
	touch $@ $(VENV)/.installed

lab: $(VENV)/.installed
	$(BIN)/jupyter lab $(ROOT_FLAG) --notebook-dir=notebooks

test: $(VENV)/.installed-test
	$(BIN)/ruff check euchre_learn tests benchmarks tools conftest.py
	$(BIN)/mypy euchre_learn
	$(BIN)/pytest
	$(BIN)/pytest --nbval -o addopts="--strict-markers --strict-config -p no:cacheprovider" notebooks exercises

bench: $(VENV)/.installed-test
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info
