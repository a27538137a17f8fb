# Two commands a fresh clone needs: `make lab` (open the notebooks) and `make test` (run every test).
# Both create .venv on first use and are safe to re-run.
PYTHON3 ?= python3
VENV := .venv
PYTHON := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: lab lab-reset test notebooks bench lite games

$(STAMP): pyproject.toml
	$(PYTHON3) -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --upgrade pip
	$(PYTHON) -m pip install --quiet -e '.[notebook,test]'
	touch $(STAMP)

# `make lab` opens a working copy of the course in workshop/ (made on first use, git-ignored), so running
# and editing notebooks never changes the committed ones nbval checks; `make lab-reset` makes it afresh.
# Options pass through: make lab LAB_ARGS="--no-browser --port 8899". As root (Docker, CI, many lab
# machines) --allow-root is added.
LAB_ARGS ?=
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
WORKSHOP := workshop

$(WORKSHOP):
	mkdir -p $(WORKSHOP)
	cp -n notebooks/*.ipynb $(WORKSHOP)/

# The copies are trusted (they are the project's own), so their saved pictures show rather than text reprs.
lab: $(STAMP) $(WORKSHOP)
	cp -n notebooks/*.ipynb $(WORKSHOP)/
	$(VENV)/bin/jupyter trust $(WORKSHOP)/*.ipynb > /dev/null
	$(VENV)/bin/jupyter lab $(WORKSHOP)/ $(ROOT_FLAG) $(LAB_ARGS)

lab-reset:
	rm -rf $(WORKSHOP)
	$(MAKE) $(WORKSHOP)

test: $(STAMP)
	$(PYTHON) -m pytest -ra

notebooks: $(STAMP)
	$(PYTHON) scripts/refresh_notebooks.py
	$(PYTHON) scripts/update_readme.py

bench: $(STAMP)
	for script in benchmarks/*.py; do $(PYTHON) $$script || exit 1; done

# The whole-game tester at full size (500 random and 200 scripted games per game and setting).
games: $(STAMP)
	$(PYTHON) benchmarks/whole_game_tester.py

# The no-install workshop: a JupyterLite site in build/lite (README, "No install (JupyterLite)").
# Its build tools live in their own environment, .venv-lite, pinned in lite/requirements.txt.
LITE_VENV := .venv-lite
LITE_STAMP := $(LITE_VENV)/.installed

$(LITE_STAMP): lite/requirements.txt
	$(PYTHON3) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(LITE_VENV)/bin/python -m pip install --quiet -r lite/requirements.txt
	touch $(LITE_STAMP)

lite: $(LITE_STAMP)
	$(LITE_VENV)/bin/python scripts/build_lite.py
