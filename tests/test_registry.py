"""The phase registry against the phase map, the notebooks and the tests."""

import inspect
import re
from pathlib import Path

import tabletoolkit
from tabletoolkit.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent


def _phase_markers() -> set[str]:
    marked = set()
    for path in TESTS.rglob("test_*.py"):
        marked.update(re.findall(r"mark\.phase\(\s*[\"']([a-z_.]+)[\"']", path.read_text(encoding="utf-8")))
    return marked


def test_phase_map_has_the_56_ids_once_each():
    ids = [entry.id for entry in tabletoolkit.phase_map()]
    assert len(ids) == 56 == len(set(ids))
    assert {entry.game for entry in tabletoolkit.phase_map()} == {"andromeda", "seti", "merchants"}


def test_every_registered_phase_is_complete():
    for phase in tabletoolkit.phases():
        assert phase.title and phase.section, phase.id
        assert inspect.isgeneratorfunction(phase.procedure), f"{phase.id}: a phase procedure yields its steps"


def test_every_registered_phase_has_a_notebook_that_names_it():
    for phase in tabletoolkit.phases():
        notebook = ROOT / "notebooks" / phase.notebook
        assert notebook.exists(), f"{phase.id}: notebook {phase.notebook} does not exist"
        assert phase.id in notebook.read_text(encoding="utf-8"), f"{phase.id}: {phase.notebook} never names it"


def test_every_registered_phase_has_a_test_that_drives_it():
    marked = _phase_markers()
    missing = [phase.id for phase in tabletoolkit.phases() if phase.id not in marked]
    assert not missing, f"phases with no test marked @pytest.mark.phase(id): {missing}"


def test_phase_lookup_explains_what_is_missing():
    import pytest

    with pytest.raises(tabletoolkit.InvalidInput, match="no such phase id"):
        tabletoolkit.phase("andromeda.nothing")


def test_cli_prints_the_map_with_coverage(capsys):
    assert main([]) == 0
    printed = capsys.readouterr().out
    for entry in tabletoolkit.phase_map():
        assert entry.id in printed
    covered = len(tabletoolkit.phases())
    assert printed.rstrip().endswith(f"{covered} of 56 phases covered")


def test_cli_filters_by_game(capsys):
    main(["--game", "merchants"])
    lines = [line for line in capsys.readouterr().out.splitlines() if line.strip()]
    merchants_ids = {e.id for e in tabletoolkit.phase_map() if e.game == "merchants"}
    assert {line.split()[0] for line in lines[:-1]} == merchants_ids
