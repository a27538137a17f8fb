"""The designer's lab: sweeps on a toy game and on Starship Merchants — exact rows, common random numbers, the same
table whoever plays it (serially, on local processes, on a local Dask cluster), summaries, exact answers, errors."""

from __future__ import annotations

import io
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest

import tabletoolkit as tt
from tabletoolkit import CHANCE, IllegalAction, InvalidInput, Options, Outcome, Step
from tabletoolkit.engine.frozen import replace
from tabletoolkit.engine.game import Game, _GAMES, register_game
from tabletoolkit.engine.policies import RandomPolicy
from tabletoolkit.engine.variants import Variant, constant
from tabletoolkit.lab import SweepFailed, exact, sweep
from tabletoolkit.lab.progress import TextProgress, choose, duration_text
from tabletoolkit.lab.results import wilson

pytest.importorskip("pandas")


# --- a toy game with a variant ----------------------------------------------------------------------------
@dataclass(frozen=True)
class DashVariant(Variant):
    target: int = constant(4, allowed=range(2, 9), section="dash rules", explains="Points that win the dash.")
    big_step: int = constant(2, allowed=(2, 3), section="dash rules", explains="Points of a lucky throw.")


@dataclass(frozen=True, repr=False)
class Dash(Game):
    """Two seats dash to ``target``: each turn throw a coin (1 point or ``big_step``, even odds) or wait."""

    variant: DashVariant = DashVariant()
    points: tuple[int, int] = (0, 0)
    turn: int = 0
    throwing: bool = False
    throws: tuple[int, int] = (0, 0)
    seed: int = 0
    steps: tuple[Step, ...] = field(default=(), compare=False)

    game_id = "dash"
    section = "dash rules"
    end_section = "dash end"

    @property
    def seats(self):
        return ("A", "B")

    @property
    def over(self):
        return max(self.points) >= self.variant.target

    @property
    def to_move(self):
        return None if self.over else CHANCE if self.throwing else self.seats[self.turn]

    def _decision_options(self):
        def check(choice):
            if choice == "fly":
                raise IllegalAction("dash.no_flying", "Nobody flies in a dash.", "dash rules")

        return Options.checked(["throw", "wait", "fly"], check)

    def _chance_outcomes(self):
        return {1: Fraction(1, 2), self.variant.big_step: Fraction(1, 2)}

    def _resolve(self, choice: Any):
        if self.throwing:
            points = list(self.points)
            points[self.turn] += choice
            return replace(self, points=tuple(points), throwing=False, turn=1 - self.turn, steps=())
        if choice == "throw":
            throws = list(self.throws)
            throws[self.turn] += 1
            return replace(self, throwing=True, throws=tuple(throws), steps=())
        return replace(self, turn=1 - self.turn, steps=())

    def _final(self):
        ranking = tuple(sorted(self.seats, key=lambda s: -self.points[self.seats.index(s)]))
        return Outcome(tuple(zip(self.seats, self.points)), ranking, ranking[:1])

    def measures(self):
        return {"turns": sum(self.throws), "throws": dict(zip(self.seats, self.throws))}


def make_dash(*, seed: int = 0, players: int = 2, variant: DashVariant = DashVariant()) -> Dash:
    if players != 2:
        raise InvalidInput("players", players, "a dash has 2 players")
    return Dash(variant=variant, seed=seed)


def thrower(game):
    return "throw"


def waits_at_seed_3(game):
    if game.seed == 3:
        raise RuntimeError("stage fright")
    return game.legal()[0]


@pytest.fixture
def dash():
    register_game("dash", title="Dash", make=make_dash)
    yield "dash"
    _GAMES.pop("dash", None)


# --- the table ---------------------------------------------------------------------------------------------
def test_a_sweep_gives_one_row_per_game_and_seat_exactly_as_the_games_played_alone(dash):
    result = sweep(dash, {"rulebook": DashVariant(), "long": {"target": 6}}, games=5, seed=10, executor="serial",
                   progress=False)
    table = result.table
    assert len(table) == 2 * 5 * 2 and result.games_played == 10
    assert list(table.columns[:12]) == ["variant", "seed", "seat", "seat_index", "policy", "score", "rank", "winner",
                                        "winners", "first", "applies", "decisions"]
    assert list(table[table["seed"] == 10]["first"]) == [True, False, True, False]  # A moves first in a dash
    assert result.measures == ("turns", "throws")
    for variant, target in (("rulebook", 4), ("long", 6)):
        for seed in range(10, 15):
            game = Dash(variant=DashVariant(target=target), seed=seed)
            played = tt.play(game, {"A": RandomPolicy(seed), "B": RandomPolicy(seed + 1)})
            rows = table[(table["variant"] == variant) & (table["seed"] == seed)]
            assert list(rows["score"]) == list(played.final.points)
            assert list(rows["winner"]) == [seat in played.outcome().winners for seat in ("A", "B")]
            assert set(rows["applies"]) == {len(played)}
            assert list(rows["throws"]) == list(played.final.throws) and set(rows["turns"]) == {sum(played.final.throws)}
    assert set(table["policy"]) == {"random"}


def test_common_random_numbers_two_names_for_one_variant_give_the_same_games(dash):
    result = sweep(dash, {"a": {}, "b": {"target": 4}}, games=8, executor="serial", progress=False)
    table = result.table
    first = table[table["variant"] == "a"].drop(columns="variant").reset_index(drop=True)
    second = table[table["variant"] == "b"].drop(columns="variant").reset_index(drop=True)
    assert first.equals(second)
    paired = result.compare("score")
    assert list(paired.frame["difference"]) == [0.0, 0.0] and set(paired.words["reading"]) == {"no clear difference"}


def longest_wait(played):
    """A designer's own measure: the most waits in a row by each seat."""
    best = {seat: 0 for seat in played.start.seats}
    run = dict(best)
    for move in played.moves:
        if move.mover in run:
            run[move.mover] = run[move.mover] + 1 if move.choice == "wait" else 0
            best[move.mover] = max(best[move.mover], run[move.mover])
    return {"longest wait": best, "moves": len(played)}


def test_a_designers_own_measure_becomes_columns_and_whole_game_measures_compare_per_game(dash):
    result = sweep(dash, {"rulebook": {}, "long": {"target": 6}}, games=6, measure=longest_wait, executor="serial",
                   progress=False)
    table = result.table
    assert result.measures == ("turns", "throws", "longest wait", "moves")
    for _, row in table.iterrows():
        played = result.playthrough(row["seed"], row["variant"])  # the table's own numpy integer
        assert row["longest wait"] == longest_wait(played)["longest wait"][row["seat"]]
        assert row["moves"] == row["applies"] == len(played)
    per_game = result.compare("turns", by=None).frame
    games = table.drop_duplicates(["variant", "seed"]).set_index(["variant", "seed"])["turns"]
    assert per_game["games"].tolist() == [6]
    assert per_game["difference"].iloc[0] == pytest.approx((games["long"] - games["rulebook"]).mean())
    with pytest.raises(InvalidInput) as caught:
        sweep(dash, games=2, measure="longest", executor="serial", progress=False)
    assert caught.value.field == "measure"
    with pytest.raises(InvalidInput) as caught:
        result.win_rates(by="colour")
    assert caught.value.field == "by"


def test_the_same_seed_deals_the_same_merchants_set_up_under_every_variant():
    result = sweep("merchants", {"rulebook": {}, "one loan": {"loan_markers": 1}}, players=2, games=2, seed=4,
                   executor="serial", progress=False)
    for seed in (4, 5):
        one, other = result.playthrough(seed, "rulebook"), result.playthrough(seed, "one loan")
        assert one.start.board.market_row == other.start.board.market_row
        assert one.start.board.known == other.start.board.known
        assert one.start.variant.loan_markers == 2 and other.start.variant.loan_markers == 1


def test_a_merchants_sweep_records_scores_and_the_games_own_measures_and_replays_any_game_by_its_seed():
    result = sweep("merchants", players=2, games=3, seed=7, policies="scripted", executor="serial", progress=False)
    table = result.table
    assert {"turns", "era", "ships", "refineries", "claimed", "loans", "triggered"} <= set(result.measures)
    for seed in (7, 8, 9):
        rows = table[table["seed"] == seed]
        played = result.playthrough(seed)
        assert played.over and list(rows["score"]) == [played.outcome().score(s) for s in ("Ada", "Bea")]
        assert rows["triggered"].sum() == 1 and set(rows["turns"]) == {played.final.board.turn}
    golden = tt.play(tt.new_game("merchants", players=2, seed=7),
                     {seat: tt.policies.scripted("merchants") for seat in ("Ada", "Bea")})
    assert list(table[table["seed"] == 7]["score"]) == [golden.outcome().score("Ada"), golden.outcome().score("Bea")]
    assert set(table["policy"]) == {"scripted"}


def moves_played(played):
    """A designer's measure of the whole playthrough: a sweep given one plays each game with ``play``."""
    return {"moves": len(played)}


@pytest.mark.parametrize("game_id, settings, policies", [
    ("merchants", {"players": 3}, "random"),
    ("merchants", {"players": 2}, "scripted"),
    ("seti", {"players": 2}, "random"),
    ("seti-solo", {"stars": 1}, "scripted"),
    ("andromeda", {"players": 2}, "random"),
])
def test_a_sweep_keeping_no_playthrough_gives_the_rows_of_the_whole_playthrough(game_id, settings, policies):
    kept = sweep(game_id, settings=settings, policies=policies, games=2, seed=3, measure=moves_played,
                 executor="serial", progress=False).table
    lean = sweep(game_id, settings=settings, policies=policies, games=2, seed=3, executor="serial", progress=False)
    assert lean.table.equals(kept.drop(columns="moves"))
    assert list(kept["moves"]) == list(kept["applies"])
    assert lean.playthrough(4).choices == tt.play(tt.new_game(game_id, seed=4, **settings),
                                                  lean.plan.seat_policies(tt.new_game(game_id, seed=4, **settings))).choices


def flies(game):
    return "fly"


@pytest.mark.parametrize("measure", [None, moves_played])
def test_a_refused_choice_and_a_game_too_long_are_named_as_play_names_them(dash, measure):
    with pytest.raises(InvalidInput) as alone:
        tt.play(Dash(), {"A": flies})
    with pytest.raises(SweepFailed) as caught:
        sweep(dash, games=1, policies={"A": flies}, measure=measure, executor="serial", progress=False)
    (_, seed, error), = caught.value.failures
    assert seed == 0 and (error.field, error.value, error.reason) == (alone.value.field, "fly", alone.value.reason)
    assert "the policy chose what the rules refuse" in error.reason and "dash.no_flying" in error.reason
    with pytest.raises(SweepFailed) as caught:
        sweep(dash, games=1, policies=thrower, max_steps=3, measure=measure, executor="serial", progress=False)
    (_, seed, error), = caught.value.failures
    assert (error.field, error.value, error.reason) == ("game", 0, "the game did not end within 3 applies")


# --- whoever plays it -----------------------------------------------------------------------------------------
SMALL = dict(variants={"rulebook": {}, "short": {"end_may": 60, "end_must": 90}}, players=2, games=3, seed=21,
             progress=False)


def test_serial_local_processes_and_a_local_dask_cluster_give_the_same_table():
    distributed = pytest.importorskip("distributed")
    serial = sweep("merchants", executor="serial", **SMALL).table
    with ProcessPoolExecutor(max_workers=2) as pool:
        processes = sweep("merchants", executor=pool, **SMALL).table
    pooled = sweep("merchants", workers=2, **{**SMALL, "games": 4}).table  # the sweep's own pool
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        dask = sweep("merchants", executor=client, **SMALL).table
    assert processes.equals(serial) and dask.equals(serial)
    assert pooled[pooled["seed"] < 24].reset_index(drop=True).equals(serial)


# --- summaries ----------------------------------------------------------------------------------------------------
def test_the_wilson_interval():
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.27753, abs=1e-5)
    assert wilson(0, 3)[0] == 0 and wilson(3, 3)[1] == 1
    low, high = wilson(5, 10)
    assert (low, high) == (pytest.approx(0.23659, abs=1e-5), pytest.approx(0.76341, abs=1e-5))


def test_win_rates_scores_lengths_read_in_words_with_their_intervals(dash):
    result = sweep(dash, games=20, executor="serial", progress=False)
    table = result.table
    wins = int(table[table["seat"] == "A"]["winner"].sum())
    rates = result.win_rates()
    a = rates.frame[rates.frame["seat"] == "A"].iloc[0]
    assert (a["games"], a["wins"], a["rate"]) == (20, wins, wins / 20)
    assert (a["low"], a["high"]) == wilson(wins, 20)
    assert rates.words.iloc[0]["win rate"] == tt.engine.numbers.probability_text(Fraction(wins, 20))
    assert "Observed in the sweep (sampled)" in rates._repr_html_()
    by_policy = result.win_rates(by="policy").frame
    assert list(by_policy["games"]) == [40] and by_policy["wins"].iloc[0] == 20
    scores = result.scores().frame
    assert scores[scores["seat"] == "B"]["mean"].iloc[0] == pytest.approx(table[table["seat"] == "B"]["score"].mean())
    lengths = result.lengths("turns").frame
    assert lengths["mean"].iloc[0] == pytest.approx(table.drop_duplicates("seed")["turns"].mean())
    assert "Win rate by seat" in result._repr_html_()


def test_plots_are_figures(dash):
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    result = sweep(dash, {"rulebook": {}, "long": {"target": 6}}, games=6, executor="serial", progress=False)
    for figure in (result.plot_win_rates(), result.plot_scores(), result.plot_lengths("turns"), result.plot_compare()):
        assert figure.axes and figure.axes[0].get_title()


# --- exact answers -----------------------------------------------------------------------------------------------
def test_the_lab_answers_the_bag_question_exactly_and_says_so():
    from tabletoolkit.merchants import load_data

    listed = exact("merchants")
    assert "explore" in list(listed.frame["question"])
    answer = exact("merchants", "explore", draws=1)
    bag = dict(load_data().bag)
    size = sum(bag.values())
    assert {row["outcome"][0][0]: row["probability"] for _, row in answer.frame.iterrows()} == \
        {kind: Fraction(n, size) for kind, n in bag.items() if n}
    assert "not sampled" in answer.note and "≈" in answer.words["probability"].iloc[0]
    two = exact("merchants", "explore", draws=[1, 2]).frame
    assert sum(two[two["draws"] == 2]["probability"]) == 1
    with pytest.raises(InvalidInput) as caught:
        exact("merchants", "battle")
    assert caught.value.field == "question"
    with pytest.raises(InvalidInput) as caught:
        exact("merchants", "explore", dice=3)
    assert caught.value.field == "grid"


# --- bad input --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, field", [
    (dict(games=0), "games"),
    (dict(games=-3), "games"),
    (dict(games=2.5), "games"),
    (dict(variants={"x": {"no_such_constant": 1}}), "variants['x']"),
    (dict(variants={"x": {"loan_markers": 99}}), "loan_markers"),
    (dict(variants={"x": 3}), "variants['x']"),
    (dict(variants={}), "variants"),
    (dict(policies="clever"), "policies"),
    (dict(policies={"Zed": "random"}), "policies"),
    (dict(players=9), "players"),
    (dict(settings={"colour": "red"}), "settings"),
    (dict(executor="cloud"), "executor"),
    (dict(progress="loud"), "progress"),
    (dict(seed="seven"), "seed"),
])
def test_bad_input_is_named(kwargs, field):
    with pytest.raises(InvalidInput) as caught:
        sweep("merchants", **{"games": 2, "players": 2, "executor": "serial", **kwargs})
    assert caught.value.field == field


def test_an_unknown_game_is_named():
    with pytest.raises(InvalidInput) as caught:
        sweep("chess", games=2)
    assert caught.value.field == "game"


def test_a_policy_that_raises_fails_the_sweep_with_every_finished_game_kept(dash):
    with pytest.raises(SweepFailed) as caught:
        sweep(dash, games=6, policies={"A": waits_at_seed_3}, executor="serial", progress=False)
    failed = caught.value
    assert isinstance(failed, InvalidInput) and failed.value == "rulebook, seed 3"
    assert "stage fright" in failed.reason
    assert failed.partial.games_played == 5 and sorted(set(failed.partial.table["seed"])) == [0, 1, 2, 4, 5]
    (variant, seed, error), = failed.failures
    assert (variant, seed) == ("rulebook", 3) and isinstance(error, InvalidInput) and error.field == "policies['A']"


def test_a_chunk_that_fails_on_another_process_keeps_the_other_chunks():
    with ProcessPoolExecutor(max_workers=2) as pool:
        with pytest.raises(SweepFailed) as caught:
            sweep("merchants", players=2, games=8, policies={"Ada": waits_at_seed_3}, executor=pool, progress=False)
    partial = caught.value.partial
    assert sorted(set(partial.table["seed"])) == [0, 1, 2, 4, 5, 6, 7]
    assert caught.value.failures[0][1] == 3


# --- progress ---------------------------------------------------------------------------------------------------
class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_the_text_progress_line_counts_games_and_estimates_the_time_left():
    clock, out = Clock(), io.StringIO()
    shown = TextProgress("dash", out, clock)
    shown.update(0, 20)
    clock.now += 5
    shown.update(10, 20)
    shown.update(11, 20)  # the same tenth as 10 of 20: a log is not written again
    clock.now += 5
    shown.update(20, 20)
    assert out.getvalue().splitlines() == ["dash: 0/20 games (0%) · about ? left",
                                           "dash: 10/20 games (50%) · 2.0 games/s · about 5 s left",
                                           "dash: 20/20 games (100%) · 2.0 games/s · done"]
    assert (duration_text(75.2), duration_text(4000), duration_text(None)) == ("1 min 15 s", "1 h 06 min", "?")


def test_a_sweep_reports_its_progress_to_any_display(dash):
    seen = []

    class Recorder:
        def update(self, done, total):
            seen.append((done, total))

        def close(self):
            seen.append("closed")

    sweep(dash, {"a": {}, "b": {}}, games=3, executor="serial", progress=Recorder())
    assert seen[0] == (0, 6) and seen[-2] == (6, 6) and seen[-1] == "closed"
    assert choose(False, "x").update(1, 2) is None


def test_the_notebook_bar_shows_done_of_total_and_the_same_words_as_the_terminal():
    pytest.importorskip("ipywidgets")
    from tabletoolkit.widgets.progress import NotebookProgress

    clock = Clock()
    bar = NotebookProgress("dash", TextProgress("dash", io.StringIO(), clock).line)
    bar.update(0, 20)
    clock.now += 5
    bar.update(10, 20)
    assert (bar.bar.value, bar.bar.max) == (10, 20)
    assert bar.status.value == "dash: 10/20 games (50%) · 2.0 games/s · about 5 s left"
    bar.close()
    assert bar.bar.bar_style == "success" and "tt-progress" in bar.box._dom_classes
