# Two commands a fresh clone needs: `make lab` (open the notebooks) and `make test` (run every test).
# Both create .venv on first use and are safe to re-run.
PYTHON3 ?= python3
VENV := .venv
PYTHON := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: fuzz-large lab lab-reset test notebooks bench lite games check-notebooks restore-notebooks

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
# A copy older than its committed notebook is named, with the way to refresh it.
lab: $(STAMP) $(WORKSHOP) check-notebooks
	cp -n notebooks/*.ipynb $(WORKSHOP)/
	@for notebook in notebooks/*.ipynb; do copy=$(WORKSHOP)/$${notebook#notebooks/}; \
	    if [ "$$notebook" -nt "$$copy" ]; then echo "note: $$copy is older than $$notebook ('make lab-reset' makes the working copy afresh; its changes are lost)"; fi; done
	$(VENV)/bin/jupyter trust $(WORKSHOP)/*.ipynb > /dev/null
	$(VENV)/bin/jupyter lab $(WORKSHOP)/ $(ROOT_FLAG) $(LAB_ARGS)

# A notebook run or edited in notebooks/ itself (not the workshop copy) is rewritten by autosave and the checkout
# is dirty: `make lab` and `make test` say so, and `make restore-notebooks` puts the committed notebooks back.
check-notebooks:
	@if [ -d .git ] && command -v git > /dev/null && ! git diff --quiet -- notebooks/; then \
	    echo "note: notebooks/ differs from the last commit: $$(git diff --name-only -- notebooks/ | tr '\n' ' ')"; \
	    echo "      'make restore-notebooks' puts the committed notebooks back (the changes there are lost)."; fi

restore-notebooks:
	git restore --source=HEAD --staged --worktree -- notebooks/

lab-reset:
	rm -rf $(WORKSHOP)
	$(MAKE) $(WORKSHOP)

test: $(STAMP) check-notebooks
	$(PYTHON) -m mypy
	$(PYTHON) -m pytest -ra

notebooks: $(STAMP)
	$(PYTHON) scripts/refresh_notebooks.py
	$(PYTHON) scripts/update_readme.py

# The large hostile-input run: 10,000 generated inputs per entry point, every data file mutated.
fuzz-large: $(STAMP)
	$(PYTHON) benchmarks/fuzz_large.py

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
