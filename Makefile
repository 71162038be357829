# The two commands a newcomer needs: `make lab` and `make test`. Both create .venv first.
# `make lab` serves the whole project (so the lessons' links to docs/rules.md and the exercises
# open) and opens the lessons' contents page, notebooks/index.ipynb: tools/lab.py says how (the
# real-browser test tests/browser/test_make_lab.py starts the server with that same script).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

LITE_VENV := .venv-lite

.PHONY: lab test bench clean app lite fuzz puzzles site

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[test,dev,site]'
	touch $@ $(VENV)/.installed $(VENV)/.installed-site

$(VENV)/.installed-site: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[site]'
	touch $@ $(VENV)/.installed

$(VENV)/.installed-app: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[app]'
	touch $@

# JupyterLite is built from a venv of its own (lite/requirements.txt; see lite/build.py).
$(LITE_VENV)/.installed: lite/requirements.txt
	$(PYTHON) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/pip install -q -r lite/requirements.txt
	touch $@

lab: $(VENV)/.installed
	$(BIN)/python tools/lab.py

test: $(VENV)/.installed-test $(LITE_VENV)/.installed
	bash tools/ensure_chromium.sh
	bash tools/ensure_postgres.sh
	bash tools/ensure_npm.sh
	bash tools/ensure_hub_proxy.sh
	$(BIN)/ruff check euchre_learn tests benchmarks tools conftest.py lite setup.py
	$(BIN)/mypy euchre_learn
	$(BIN)/lint-imports
	# two processes (pytest-xdist). --dist loadgroup is the suite's own scheduler (tests/groupkit.py,
	# not xdist's, whose xdist_group marks pytest 9.2 ignores): the tests that share a site build or
	# the browser tests' JupyterLab run on one worker, every other file whole on either. The 30
	# slowest tests are listed, to see where the time goes.
	$(BIN)/pytest -n 2 --dist loadgroup --durations=30
	# nbval on a clock running 50 times fast, as on a slow machine: no stored output may depend on
	# speed. Each notebook's cells run in order in one kernel on one worker (--dist loadscope).
	EUCHRE_LEARN_FAST_CLOCK=50 $(BIN)/pytest -n auto --dist loadscope --nbval -o addopts="--strict-markers --strict-config -p no:cacheprovider" notebooks exercises

# The practice quizzes and the table as Voilà apps, code hidden, nothing asked of a CDN:
# http://127.0.0.1:8866/ (euchre_learn/classroom/apps.py: the same command as `euchre-learn practice`)
app: $(VENV)/.installed-app
	$(BIN)/python -m euchre_learn.classroom.apps --port 8866

# A static JupyterLite site with the lessons and the euchre_learn wheel, in build/lite, that
# runs with no internet: Pyodide and every package come from the site itself. Downloads (npm,
# PyPI) happen here, once, into lite/.cache/offline. Serve it: python -m http.server -d build/lite
lite: $(LITE_VENV)/.installed
	bash tools/ensure_npm.sh
	$(LITE_VENV)/bin/python lite/build.py --out build/lite

# The course as a static web site, read without a kernel, in build/site: every lesson, exercise
# sheet (student version) and reference page, from the notebooks' stored outputs and widget
# state (Sphinx + MyST-NB; tools/site.py). Nothing on its pages comes from the web; the widgets'
# JavaScript is fetched from npm here, once. With `make lite` too, serve both:
# python -m http.server -d build 8000, then http://127.0.0.1:8000/site/ (docs/teaching.md).
site: $(VENV)/.installed-site
	bash tools/ensure_npm.sh
	$(BIN)/python tools/site.py --out build/site

# A few minutes by default; EUCHRE_BENCH_FULL=1 make bench runs the full sizes (the 500-decision
# review quality check, the 200-hand expert match, ...: an hour or more).
bench: $(VENV)/.installed-test
	$(BIN)/python -m benchmarks

# The fuzz suite (the public API: tests/engine/test_fuzz.py; the coach, puzzles and tournaments:
# tests/analysis/test_fuzz_coach.py; the class server: tests/classroom/server/test_fuzz.py;
# run by `make test` with a small budget) at ten times it.
fuzz: $(VENV)/.installed-test
	EUCHRE_FUZZ_EXAMPLES=120 $(BIN)/pytest -q tests/engine/test_fuzz.py tests/analysis/test_fuzz_coach.py tests/classroom/server/test_fuzz.py

clean:
	rm -rf $(VENV) $(LITE_VENV) build *.egg-info

# Mine the puzzles again (tools/mine_puzzles.py; hours on two cores): every core, then the package data,
# then positions dealt for the themes the games gave none of (about 15 minutes on two cores).
puzzles: $(VENV)/.installed
	$(BIN)/python tools/mine_puzzles.py mine --seed 13 --games 80
	$(BIN)/python tools/mine_puzzles.py mine --seed 14 --games 80 --phases play --raw build/puzzles-raw-play.jsonl
	$(BIN)/python tools/mine_puzzles.py build
	$(BIN)/python tools/mine_puzzles.py generate --seed generate --candidates 20
	$(BIN)/python tools/mine_puzzles.py generate --seed generate2 --candidates 40
	$(BIN)/python tools/mine_puzzles.py generate --seed generate3 --candidates 200
