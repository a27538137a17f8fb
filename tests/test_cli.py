"""The command line: ``tabletoolkit`` prints the phase map; ``tabletoolkit sweep`` writes a sweep's table."""

from __future__ import annotations

import pytest

from tabletoolkit.__main__ import main, parse_policies, parse_variant

pd = pytest.importorskip("pandas")


def test_a_sweep_writes_its_table_to_csv_with_a_progress_line(tmp_path, capsys):
    out = tmp_path / "loans.csv"
    code = main(["sweep", "merchants", "--players", "2", "--games", "3", "--seed", "5", "--serial",
                 "--variant", "one loan: loan_markers=1", "--out", str(out)])
    assert code == 0
    table = pd.read_csv(out)
    assert len(table) == 2 * 3 * 2 and list(table["variant"].unique()) == ["rulebook", "one loan"]
    assert sorted(table["seed"].unique()) == [5, 6, 7] and {"score", "winner", "turns"} <= set(table.columns)
    captured = capsys.readouterr()
    assert "merchants sweep: 6/6 games (100%)" in captured.err
    assert captured.out.startswith("6 games, 12 rows -> ")


def test_the_same_sweep_as_parquet_with_a_summary(tmp_path, capsys):
    out = tmp_path / "t.parquet"
    code = main(["sweep", "merchants", "--players", "2", "--games", "2", "--serial", "--policy", "scripted",
                 "--out", str(out), "--summary", "--quiet"])
    assert code == 0
    table = pd.read_parquet(out)
    assert len(table) == 4 and set(table["policy"]) == {"scripted"}
    captured = capsys.readouterr()
    assert "Win rate by seat" in captured.out and "Game length" in captured.out and captured.err == ""


@pytest.mark.parametrize("argv, words", [
    (["--games", "0"], "games=0"),
    (["--variant", "x: no_such=1"], "no such MerchantsVariant constant"),
    (["--variant", "x: loan_markers"], "name=value"),
    (["--policy", "clever"], "policies='clever'"),
])
def test_bad_input_is_named_and_exits_2(tmp_path, capsys, argv, words):
    code = main(["sweep", "merchants", "--players", "2", "--serial", "--quiet", "--out", str(tmp_path / "t.csv"), *argv])
    assert code == 2 and words in capsys.readouterr().err


def test_the_table_is_a_csv_or_parquet_file(tmp_path, capsys):
    assert main(["sweep", "merchants", "--games", "1", "--out", str(tmp_path / "t.txt")]) == 2
    assert "a .csv or .parquet file" in capsys.readouterr().err


def test_variant_and_policy_words():
    assert parse_variant("cheap: loan_markers=1; end_may=80") == ("cheap", {"loan_markers": 1, "end_may": 80})
    assert parse_variant("ownership_limits=(4, 4, 4, 4)") == ("ownership_limits=(4, 4, 4, 4)",
                                                              {"ownership_limits": (4, 4, 4, 4)})
    assert parse_policies([]) is None and parse_policies(["scripted"]) == "scripted"
    assert parse_policies(["Ada=scripted", "1=first_legal"]) == {"Ada": "scripted", 1: "first_legal"}


def test_the_phase_map_is_still_the_default(capsys):
    assert main([]) == 0
    assert "phases covered" in capsys.readouterr().out
