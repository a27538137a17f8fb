"""What a sweep found: the tidy table, the summaries a designer reads at a glance, plots, and any game again.

``SweepResult.table`` is a pandas DataFrame, one row per game and seat: ``variant, seed, seat, seat_index,
policy, score, rank, winner, winners`` (how many shared the win), ``first`` (this seat made the game's first
decision), ``applies`` and ``decisions`` (the game's length in applies of the contract, and in decisions alone),
then the game's own ``measures()`` and the designer's own ``measure``.

Summaries are ``LabTable``\\ s: ``.frame`` holds the numbers, the notebook shows them in words. Observed rates
read as the exact fraction of games with its percent (``7/20 ≈ 35.00%``) and a 95% Wilson interval; means
carry a 95% normal interval; ``compare`` pairs each game with the same seed under the baseline (common random
numbers), so the difference's interval is narrower than two separate sweeps would give.
"""

from __future__ import annotations

import html
import math
import numbers
from fractions import Fraction
from typing import Any

from ..engine.errors import InvalidInput
from ..engine.numbers import percent_text, probability_text
from ..engine.play import Playthrough, play

Z95 = 1.959963984540054  # the two-sided 95% point of the normal distribution
COLUMNS = ("variant", "seed", "seat", "seat_index", "policy", "score", "rank", "winner", "winners", "first", "applies",
           "decisions")


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (sound near 0 and 1, unlike the normal one)."""
    if trials <= 0:
        return (math.nan, math.nan)
    p = successes / trials
    scale = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / scale
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / scale
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exactly 0 and 1 at the ends, not a rounding away
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def mean_interval(values: Any, z: float = Z95) -> tuple[float, float, float]:
    """Mean, and its 95% normal interval (``nan`` bounds for fewer than two values)."""
    count = len(values)
    mean = float(values.mean()) if count else math.nan
    if count < 2:
        return (mean, math.nan, math.nan)
    half = z * float(values.std(ddof=1)) / math.sqrt(count)
    return (mean, mean - half, mean + half)


def _percent(value: float) -> str:
    return "?" if math.isnan(value) else percent_text(Fraction(value))


def _signed(value: float, digits: int = 2) -> str:
    return "?" if math.isnan(value) else f"{value:+.{digits}f}".replace("-", "−")


def _number(value: float, digits: int = 2) -> str:
    return "?" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{value:.{digits}f}"


class LabTable:
    """A summary: ``frame`` (numbers, a pandas DataFrame) and ``words`` (what a person reads), a title and a note."""

    def __init__(self, frame: Any, words: Any, title: str, note: str = ""):
        self.frame = frame
        self.words = words
        self.title = title
        self.note = note

    def __repr__(self) -> str:
        return f"{self.title}\n{self.words.to_string(index=False)}" + (f"\n{self.note}" if self.note else "")

    def _repr_html_(self) -> str:
        note = f"<p><small>{html.escape(self.note)}</small></p>" if self.note else ""
        return (f"<div class='tt-lab-table'><b>{html.escape(self.title)}</b>{note}"
                f"{self.words.to_html(index=False, escape=True, border=0)}</div>")


class SweepResult:
    """Every game of a sweep (``table``), how it was run, and the summaries and plots of it."""

    def __init__(self, plan: Any, seed: int, games: int, rows: list[dict[str, Any]], wall: float = 0.0, cpu: float = 0.0):
        self.plan = plan
        self.seed = seed
        self.games = games
        self.rows = rows
        self.wall = wall
        self.cpu = cpu
        self._table: Any = None

    # --- the table ------------------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.plan.game_id

    @property
    def variants(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.plan.variants)

    @property
    def table(self) -> Any:
        """One row per game and seat (a pandas DataFrame)."""
        if self._table is None:
            import pandas as pd

            frame = pd.DataFrame(self.rows)
            if frame.empty:
                frame = pd.DataFrame(columns=list(COLUMNS))
            frame["variant"] = pd.Categorical(frame["variant"], categories=list(self.variants), ordered=True)
            self._table = frame
        return self._table

    @property
    def measures(self) -> tuple[str, ...]:
        """The game's own measures (the columns after the common ones)."""
        return tuple(column for column in self.table.columns if column not in COLUMNS)

    @property
    def games_played(self) -> int:
        return len({(row["variant"], row["seed"]) for row in self.rows})

    def to_csv(self, path: Any) -> None:
        self.table.to_csv(path, index=False)

    def to_parquet(self, path: Any) -> None:
        self.table.to_parquet(path, index=False)

    # --- any game again -------------------------------------------------------------------------------
    def playthrough(self, seed: int, variant: str | None = None) -> Playthrough:
        """The game of ``seed`` (under ``variant``; the first by default), played again move by move."""
        variant = self.variants[0] if variant is None else variant
        if variant not in self.variants:
            raise InvalidInput("variant", variant, f"the sweep's variants are {', '.join(self.variants)}")
        # a seed read from the table is a numpy integer: any whole number is taken
        if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or not self.seed <= seed < self.seed + self.games:
            raise InvalidInput("seed", seed, f"the sweep played seeds {self.seed} to {self.seed + self.games - 1}")
        game = self.plan.make(variant, int(seed))
        return play(game, self.plan.seat_policies(game), max_steps=self.plan.max_steps)

    # --- summaries ------------------------------------------------------------------------------------
    def win_rates(self, by: str = "seat") -> LabTable:
        """How often each seat (or policy, or the value of any column, e.g. ``"first"``) won, per variant, with
        its 95% Wilson interval. A shared win counts as a win for each winner."""
        import pandas as pd

        key = self._group(by)
        rows, words = [], []
        for (variant, group), part in self.table.groupby(["variant", key], observed=True, sort=False):
            wins, games = int(part["winner"].sum()), len(part)
            low, high = wilson(wins, games)
            rows.append({"variant": variant, by: group, "games": games, "wins": wins, "rate": wins / games,
                         "low": low, "high": high})
            words.append({"variant": variant, by: group, "games": games,
                          "win rate": probability_text(Fraction(wins, games)),
                          "95% interval": f"{_percent(low)} – {_percent(high)}"})
        note = "Observed in the sweep (sampled), not exact; " if rows else ""
        return LabTable(pd.DataFrame(rows), pd.DataFrame(words), f"Win rate by {by}",
                        note + "a fair seat of n wins 1/n of games.")

    def scores(self, by: str = "seat") -> LabTable:
        """The score distribution of each seat (or policy, or any column's values) per variant: mean with its
        interval, spread, quartiles."""
        import pandas as pd

        key = self._group(by)
        rows, words = [], []
        for (variant, group), part in self.table.groupby(["variant", key], observed=True, sort=False):
            scores = part["score"].astype(float)
            mean, low, high = mean_interval(scores)
            quartiles = scores.quantile([0.25, 0.5, 0.75]).tolist()
            rows.append({"variant": variant, by: group, "games": len(part), "mean": mean, "low": low, "high": high,
                         "sd": float(scores.std(ddof=1)) if len(part) > 1 else math.nan, "min": scores.min(),
                         "q1": quartiles[0], "median": quartiles[1], "q3": quartiles[2], "max": scores.max()})
            words.append({"variant": variant, by: group, "games": len(part),
                          "mean (95% interval)": f"{_number(mean)} ({_number(low)} – {_number(high)})",
                          "median": _number(quartiles[1], 1), "middle half": f"{_number(quartiles[0], 1)} – {_number(quartiles[2], 1)}",
                          "range": f"{_number(scores.min(), 0)} – {_number(scores.max(), 0)}"})
        return LabTable(pd.DataFrame(rows), pd.DataFrame(words), f"Scores by {by}")

    def lengths(self, measure: str = "applies") -> LabTable:
        """How long the games ran under each variant (``applies``, ``decisions`` or a measure such as ``turns``)."""
        import pandas as pd

        self._column(measure)
        games = self.table.drop_duplicates(["variant", "seed"])
        rows, words = [], []
        for variant, part in games.groupby("variant", observed=True, sort=False):
            values = part[measure].astype(float)
            mean, low, high = mean_interval(values)
            rows.append({"variant": variant, "games": len(part), "mean": mean, "low": low, "high": high,
                         "min": values.min(), "median": values.median(), "max": values.max()})
            words.append({"variant": variant, "games": len(part),
                          f"mean {measure} (95% interval)": f"{_number(mean, 1)} ({_number(low, 1)} – {_number(high, 1)})",
                          "median": _number(values.median(), 1), "range": f"{_number(values.min(), 0)} – {_number(values.max(), 0)}"})
        return LabTable(pd.DataFrame(rows), pd.DataFrame(words), f"Game length ({measure})")

    def compare(self, measure: str = "winner", by: str | None = "seat", baseline: str | None = None) -> LabTable:
        """Each variant against ``baseline`` (the first by default): the mean difference in ``measure`` per seat
        (or policy, or any column's values; ``by=None``: per game, for a measure of the whole game such as
        ``turns``), paired game by game on the seed (common random numbers), with its 95% interval."""
        import pandas as pd

        self._column(measure)
        key = None if by is None else self._group(by)
        baseline = self.variants[0] if baseline is None else baseline
        if baseline not in self.variants:
            raise InvalidInput("baseline", baseline, f"the sweep's variants are {', '.join(self.variants)}")
        table = self.table.assign(value=self.table[measure].astype(float))
        pairs = ["seed", "seat"]
        if key is None:
            table, pairs = table.drop_duplicates(["variant", "seed"]).assign(game="every game"), ["seed"]
            key = "game"
        base = table[table["variant"] == baseline][pairs + ["value"]]
        rows, words = [], []
        win = measure == "winner"
        shown = (lambda v: "?" if math.isnan(v) else _percent(v) if v >= 0 else f"−{_percent(-v)}") if win else _signed
        for variant in self.variants:
            if variant == baseline:
                continue
            paired = table[table["variant"] == variant].merge(base, on=pairs, suffixes=("", "_base"))
            for group, part in paired.groupby(key, sort=False):
                mean, low, high = mean_interval(part["value"] - part["value_base"])
                if win:  # a difference of win rates lies between −100% and 100%
                    low, high = max(low, -1.0), min(high, 1.0)
                rows.append({"variant": variant, "baseline": baseline, key: group, "games": len(part),
                             "difference": mean, "low": low, "high": high})
                verdict = ("no clear difference" if math.isnan(low) or low <= 0 <= high
                           else "higher" if low > 0 else "lower")
                words.append({"variant": variant, key: group, "games": len(part), f"{measure} difference": shown(mean),
                              "95% interval": f"{shown(low)} – {shown(high)}", "reading": verdict})
        what = "win rate" if win else measure
        return LabTable(pd.DataFrame(rows), pd.DataFrame(words), f"Difference in {what} against {baseline}",
                        "Paired on the seed: each game is compared with the same deal and dice under the baseline.")

    def _group(self, by: str) -> str:
        if by not in self.table.columns:
            raise InvalidInput("by", by, f"a column of the table: {', '.join(map(str, self.table.columns))}")
        return by

    def _column(self, name: str) -> None:
        if name not in self.table.columns:
            raise InvalidInput("measure", name, f"the table's columns are {', '.join(map(str, self.table.columns))}")

    # --- plots ----------------------------------------------------------------------------------------
    def plot_win_rates(self, by: str = "seat", ax: Any = None) -> Any:
        """Win rate by seat (or policy), one bar per variant, with 95% intervals and the fair share marked."""
        found = self.win_rates(by).frame
        ax = _axes(ax)
        groups = list(dict.fromkeys(found[by]))
        width = 0.8 / max(1, len(self.variants))
        for number, variant in enumerate(self.variants):
            part = found[found["variant"] == variant].set_index(by).reindex(groups)
            xs = [index + (number - (len(self.variants) - 1) / 2) * width for index in range(len(groups))]
            ax.bar(xs, part["rate"], width, label=variant,
                   yerr=[(part["rate"] - part["low"]).clip(lower=0), (part["high"] - part["rate"]).clip(lower=0)], capsize=3)
        seats = len(self.plan.policies)
        ax.axhline(1 / seats, color="grey", linestyle="--", linewidth=1, label=f"fair share 1/{seats}")
        ax.set_xticks(range(len(groups)), [str(g) for g in groups])
        ax.set_ylabel("win rate")
        ax.set_title(f"{self.game_id}: win rate by {by} ({self.games} games per variant)")
        ax.legend()
        return ax.figure

    def plot_scores(self, ax: Any = None) -> Any:
        """Each variant's score distribution (all seats), as box plots."""
        ax = _axes(ax)
        table = self.table
        ax.boxplot([table[table["variant"] == v]["score"].astype(float) for v in self.variants])
        ax.set_xticks(range(1, len(self.variants) + 1), list(self.variants))
        ax.set_ylabel("score")
        ax.set_title(f"{self.game_id}: scores ({self.games} games per variant)")
        return ax.figure

    def plot_lengths(self, measure: str = "applies", ax: Any = None) -> Any:
        """Each variant's game length, as overlaid histograms."""
        self._column(measure)
        ax = _axes(ax)
        games = self.table.drop_duplicates(["variant", "seed"])
        for variant in self.variants:
            ax.hist(games[games["variant"] == variant][measure].astype(float), bins=20, alpha=0.5, label=variant)
        ax.set_xlabel(measure)
        ax.set_ylabel("games")
        ax.set_title(f"{self.game_id}: game length")
        ax.legend()
        return ax.figure

    def plot_compare(self, measure: str = "winner", by: str | None = "seat", baseline: str | None = None, ax: Any = None) -> Any:
        """The paired differences against the baseline with their 95% intervals (zero marked)."""
        found = self.compare(measure, by, baseline).frame
        ax = _axes(ax)
        labels = [f"{row['variant']} · {row[by or 'game']}" for _, row in found.iterrows()]
        spread = [(found["difference"] - found["low"]).clip(lower=0), (found["high"] - found["difference"]).clip(lower=0)]
        ax.errorbar(found["difference"], range(len(found)), xerr=spread, fmt="o", capsize=3)
        ax.axvline(0, color="grey", linewidth=1)
        ax.set_yticks(range(len(found)), labels)
        ax.set_xlabel(f"difference in {'win rate' if measure == 'winner' else measure}")
        ax.set_title(f"{self.game_id}: against {found['baseline'].iloc[0] if len(found) else baseline}")
        return ax.figure

    # --- pictures -------------------------------------------------------------------------------------
    def _header(self) -> str:
        policies = ", ".join(sorted(set(self.table["policy"]))) if len(self.table) else "none"
        speed = f"; {self.games_played / self.cpu:.1f} games per CPU-second" if self.cpu > 0 else ""
        return (f"{self.game_id} sweep: {self.games} games (seeds {self.seed}–{self.seed + self.games - 1}) under each of "
                f"{len(self.variants)} variant(s) ({', '.join(self.variants)}); policies {policies}{speed}")

    def __repr__(self) -> str:
        return f"<{self._header()}>"

    def _repr_html_(self) -> str:
        parts = [f"<div class='tt-sweep'><p>{html.escape(self._header())}</p>", self.win_rates()._repr_html_(),
                 self.lengths()._repr_html_(), "</div>"]
        return "".join(parts)


def _axes(ax: Any) -> Any:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    figure, ax = plt.subplots(figsize=(7, 4))
    return ax
