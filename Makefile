# Two commands a fresh clone needs: `make lab` (open the notebooks) and `make test` (run every test).
# Both create .venv on first use and are safe to re-run.
PYTHON3 ?= python3
VENV := .venv
PYTHON := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: lab test notebooks bench

$(STAMP): pyproject.toml
	$(PYTHON3) -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --upgrade pip
	$(PYTHON) -m pip install --quiet -e '.[notebook,test]'
	touch $(STAMP)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab notebooks/

test: $(STAMP)
	$(PYTHON) -m pytest -ra

notebooks: $(STAMP)
	$(PYTHON) scripts/refresh_notebooks.py
	$(PYTHON) scripts/update_readme.py

bench: $(STAMP)
	for script in benchmarks/*.py; do $(PYTHON) $$script || exit 1; done
