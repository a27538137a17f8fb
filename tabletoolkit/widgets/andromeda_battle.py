"""Views for the Andromeda's Edge battle notebooks: live exact odds, a dice x aim heat map, the
deciding die, the rerolled die, roll-off odds and the battle stepper. Thin views over the library.

CSS hooks (for the browser tests): ``tt-battle-explorer``, ``tt-dice``, ``tt-aim``, ``tt-energy``,
``tt-team``, ``tt-team-mode``, ``tt-add-side``, ``tt-remove-side``, ``tt-battle-odds-result``,
``tt-deciding-die``, ``tt-heat-map``, ``tt-heat-map-result``, ``tt-reroll``, ``tt-reroll-result``,
``tt-start-player``, ``tt-start-player-result``; the designer's panel (``battle_odds_designer``) adds the variant
controls' ``tt-variant-…`` hooks.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ..andromeda.battle import load_battle_example
from ..andromeda.odds import battle_odds, start_player_odds, team_roll_off_odds
from ..andromeda.variant import RULEBOOK, AndromedaVariant
from ..engine import InvalidInput, run
from ..engine import svg
from ..engine.numbers import percent_text, probability_text
from ..prob import latex_fraction, rerolled_die
from .stepper import Stepper

MAX_PARTICIPANTS = 5  # four players and one pirate side (A-F1)
TEAM_CHOICES = ("own side", "team 1", "team 2")
_BAR_COLOURS = ("yellow", "blue", "line", "green", "purple")
"""Each side's bar colour in the odds table (names of the one palette, ``engine.svg``)."""
ODDS_BAR = 160
"""The odds table's bar for a certain win, in px."""
DECIDING_BAR = 360
"""The deciding-die picture's bar for a certain win, in px (with the side names, it fits a projector's column)."""

# The rulebook's battle example (战斗举例): yellow 6 dice aim 3, blue 3 dice + 2 energy aim 2,
# the Saucerian Abductor with invented dice (A-R14).
EXAMPLE = (("yellow", 6, 3, 0), ("blue", 3, 2, 2), ("pirate", 3, 1, 0))


# ---------------------------------------------------------------------------------------------
# Live battle odds


class ParticipantRow(widgets.HBox):
    """One participant's controls: dice, aim, energy and (in team mode) a team."""

    def __init__(self, name: str, dice: int = 3, aim: int = 1, energy: int = 0, variant: AndromedaVariant = RULEBOOK):
        self.name = name
        self.label = widgets.HTML(f"<b>{html.escape(name)}</b>", layout=widgets.Layout(width="80px"))
        style = {"description_width": "initial"}
        self.dice = widgets.IntSlider(value=dice, min=0, max=variant.dice_cap, description="dice", style=style)
        self.aim = widgets.IntSlider(value=aim, min=1, max=variant.aim_cap, description="aim", style=style)
        self.energy = widgets.IntSlider(value=energy, min=0, max=variant.dice_cap, description="energy", style=style)
        self.team = widgets.Dropdown(options=TEAM_CHOICES, value="own side", description="team", style=style,
                                     layout=widgets.Layout(width="170px", display="none"))
        for control, css in ((self.dice, "tt-dice"), (self.aim, "tt-aim"), (self.energy, "tt-energy"), (self.team, "tt-team")):
            control.add_class(css)
        super().__init__([self.label, self.dice, self.aim, self.energy, self.team])
        self.add_class("tt-participant")

    @property
    def rolled_dice(self) -> int:
        """Dice plus energy (+1 die each); the odds cap the total as the rules say."""
        return self.dice.value + self.energy.value


class BattleOddsExplorer(widgets.VBox):
    """Participants with dice, aim and energy; the exact odds and the deciding die update live."""

    def __init__(self, participants=EXAMPLE, variant: AndromedaVariant = RULEBOOK):
        self.variant = variant
        self._quiet = False
        self.rows_box = widgets.VBox()
        self.team_mode = widgets.Checkbox(value=False, description="2v2 team mode (teammates pool their dice)", indent=False,
                                         layout=widgets.Layout(width="auto"), style={"description_width": "initial"})
        self.add_button = widgets.Button(description="Add participant", icon="plus")
        self.remove_button = widgets.Button(description="Remove last", icon="minus")
        self.result = widgets.HTMLMath()
        self.breakdown = widgets.HTML()
        for widget, css in ((self.team_mode, "tt-team-mode"), (self.add_button, "tt-add-side"),
                            (self.remove_button, "tt-remove-side"), (self.result, "tt-battle-odds-result"),
                            (self.breakdown, "tt-deciding-die")):
            widget.add_class(css)
        self.add_button.on_click(lambda _: self.add_participant())
        self.remove_button.on_click(lambda _: self.remove_participant())
        self.team_mode.observe(lambda _: self._team_mode_changed(), names="value")
        self.rows: list[ParticipantRow] = []
        for name, dice, aim, energy in participants:
            self._append(ParticipantRow(name, dice, aim, energy, variant))
        self.heading = widgets.HTML()
        super().__init__([
            self.heading,
            self.rows_box,
            widgets.HBox([self.add_button, self.remove_button, self.team_mode], layout=widgets.Layout(flex_flow="row wrap")),
            self.result,
            self.breakdown,
        ])
        self.add_class("tt-battle-explorer")
        self._refresh_rows()

    def set_variant(self, variant: AndromedaVariant) -> None:
        """Recompute under another variant (its caps bound the sliders); one recompute."""
        with self._one_recompute():
            self.variant = variant
            for row in self.rows:
                row.dice.max = row.energy.max = variant.dice_cap
                row.aim.max = variant.aim_cap

    def _append(self, row: ParticipantRow) -> None:
        for control in (row.dice, row.aim, row.energy, row.team):
            control.observe(lambda _: self._changed(), names="value")
        self.rows.append(row)

    def _changed(self) -> None:
        """A control moved: recompute, unless the view itself is moving several controls."""
        if not self._quiet:
            self.recompute()

    @contextmanager
    def _one_recompute(self) -> Iterator[None]:
        """Controls moved inside the block recompute nothing; the block ends with one recompute."""
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False
        self.recompute()

    def add_participant(self) -> None:
        if len(self.rows) >= MAX_PARTICIPANTS:
            return
        self._append(ParticipantRow(f"side {len(self.rows) + 1}", 3, 1, 0, self.variant))
        self._refresh_rows()

    def remove_participant(self) -> None:
        if len(self.rows) > 2:
            self.rows.pop()
            self._refresh_rows()

    def _team_mode_changed(self) -> None:
        """Team mode on: players without a team join the smaller team (at most two each); a pirate never does."""
        with self._one_recompute():
            if self.team_mode.value:
                for row in self.rows:
                    if row.team.value == "own side" and row.name != "pirate":
                        sizes = {t: sum(r.team.value == t for r in self.rows) for t in TEAM_CHOICES[1:]}
                        smaller = min(sizes, key=lambda team: sizes[team])
                        if sizes[smaller] < 2:
                            row.team.value = smaller
            for row in self.rows:
                row.team.layout.display = "" if self.team_mode.value else "none"

    def _refresh_rows(self) -> None:
        self.rows_box.children = tuple(self.rows)
        self.add_button.disabled = len(self.rows) >= MAX_PARTICIPANTS
        self.remove_button.disabled = len(self.rows) <= 2
        for row in self.rows:
            row.team.layout.display = "" if self.team_mode.value else "none"
        self.recompute()

    def sides(self) -> tuple[list[str], list[Any]]:
        """Side names and sides as ``battle_odds`` takes them (teams pooled in team mode)."""
        names: list[str] = []
        sides: list[Any] = []
        teams: dict[str, int] = {}
        for row in self.rows:
            member = (row.rolled_dice, row.aim.value)
            team = row.team.value if self.team_mode.value else "own side"
            if team == "own side":
                names.append(row.name)
                sides.append(member)
            elif team in teams:
                index = teams[team]
                names[index] += f" + {row.name}"
                sides[index] = [*sides[index], member] if isinstance(sides[index], list) else [sides[index], member]
            else:
                teams[team] = len(sides)
                names.append(f"{team}: {row.name}")
                sides.append([member])
        return names, sides

    def recompute(self) -> None:
        self.heading.value = (f"<b>Participants</b> (dice from weapons and developments; energy buys +1 die each; at most "
                              f"{self.variant.dice_cap} dice, aim at most {self.variant.aim_cap})")
        names, sides = self.sides()
        if len(sides) < 2:
            self.result.value = "<p class='tt-note'>A battle needs two or more opposing sides: put someone on another team.</p>"
            self.breakdown.value = ""
            return
        try:
            odds = battle_odds(sides, names, self.variant)
        except InvalidInput as refused:
            self.result.value = f"<p class='tt-note'>{html.escape(str(refused))}</p>"
            self.breakdown.value = ""
            return
        self.result.value = odds_table(odds) + "".join(f"<p class='tt-note'>{html.escape(n)}</p>" for n in self.wasted_energy())
        self.breakdown.value = deciding_die_svg(odds)

    def wasted_energy(self) -> list[str]:
        """Energy that buys no die (past the cap): the odds cap it, a battle refuses the payment."""
        cap = self.variant.dice_cap
        return [
            f"{row.name}: of {row.energy.value} energy only {max(0, cap - row.dice.value)} buys a die (cap {cap}); "
            f"in a battle the payment is refused (andromeda.battle.preparation.dice_cap)."
            for row in self.rows
            if row.energy.value and row.rolled_dice > cap
        ]


def dice_words(side) -> str:
    """A side's dice in words: ``6 at aim 3`` for one roller, ``3 at aim 1 + 2 at aim 2`` for a team."""
    return " + ".join(f"{roller.dice} at aim {roller.aim}" for roller in side) or "no dice"


def fraction_html(p: Fraction) -> str:
    """An exact fraction that may break after its slash, so a long one takes its numerator's width, not both."""
    numerator, slash, denominator = str(p).partition("/")
    return f"{numerator}{slash}<wbr>{denominator}" if slash else numerator


FITS = "max-width:100%"
"""A table as wide as its content but never wider than its box."""
BREAKS = "overflow-wrap:anywhere"
"""A cell whose longest number may break anywhere as a last resort (a narrow box), instead of overflowing."""


def odds_table(odds) -> str:
    """Each side's exact win chance with a bar, and the chance of no winner."""
    rows = []
    for index, (name, side, p) in enumerate(zip(odds.names, odds.sides, odds.wins)):
        colour = _BAR_COLOURS[index % len(_BAR_COLOURS)]
        rows.append(
            f"<tr><td>{html.escape(name)}</td><td>{dice_words(side)}</td>"
            f"<td style='{BREAKS}' class='tt-fraction'>{p}</td><td>{percent_text(p)}</td>"
            f"<td><div style='background:{svg.colour(colour)};height:12px;width:{float(p) * ODDS_BAR:.1f}px'></div></td></tr>"
        )
    rows.append(
        f"<tr><td>no winner</td><td>tie for first: everyone loses</td><td style='{BREAKS}' class='tt-fraction'>"
        f"{odds.no_winner}</td><td>{percent_text(odds.no_winner)}</td><td></td></tr>"
    )
    notes = "".join(f"<p class='tt-note'>{html.escape(n)}</p>" for n in odds.notes)
    return (
        f"<table class='tt-odds-table' style='{FITS}'><tr><th>side</th><th>dice</th><th>P(win), exact</th>"
        "<th>≈ percent</th><th></th></tr>" + "".join(rows) + f"</table>{notes}"
    )


def deciding_die_svg(odds) -> str:
    """Stacked bars: each side's win split by the die position that decided it; below, the same as a table with one
    row per die position and one column per side, each chance as percent over its exact fraction (broken after the
    slash), so five sides, or teams of twelve pooled dice, fit a projector's notebook column."""
    rows = odds.by_deciding_die
    depth = max((i + 1 for row in rows for i, p in enumerate(row) if p), default=1)
    shades = [svg.mix("green", "black", 0.35), "green", *(svg.mix("green", "white", k / 5) for k in range(1, 5))]
    left = 16 + max(svg.text_width(name, 14) for name in odds.names)   # room for the longest side name, never cut
    bar = DECIDING_BAR
    height = 30 + 30 * len(rows)
    legend = ", ".join(f"die {d + 1}" for d in range(min(depth, len(shades))))
    foot = f"bar length = P(win); dark to light: {legend}"
    title = "Which die decided the win (1 = the highest die)"
    width = max(left + bar + 16, svg.text_width(foot, 13) + 12, svg.text_width(title, 14) + 12)
    out: list[svg.Element] = [svg.text(4, 18, title, font_weight="bold")]
    for index, (name, row) in enumerate(zip(odds.names, rows)):
        y = 30 + 30 * index
        out.append(svg.text(4, y + 15, name))
        x = float(left)
        for position, p in enumerate(row[:depth]):
            length = float(p) * bar
            if length <= 0:
                continue
            shade = shades[min(position, len(shades) - 1)]
            out.append(svg.element("rect", svg.title(f"die {position + 1}: {probability_text(p)}"), x=x, y=y, width=length,
                                   height=20, fill=shade))
            if length > 20:
                out.append(svg.text(x + length / 2, y + 15, str(position + 1), anchor="middle",
                                    fill="white" if position < 2 else "ink", font_size=13))
            x += length
    out.append(svg.text(4, height + 16, foot, fill="line", font_size=13))
    picture = svg.svg(width, height + 26, *out, style="max-width:100%", font_family="sans-serif", font_size=14).render()
    head = "".join(f"<th>{html.escape(name)}</th>" for name in odds.names)
    body = "".join(
        f"<tr><th>die {d + 1}</th>" + "".join(
            f"<td style='{BREAKS}'>{percent_text(row[d])}<br><span class='tt-fraction' style='color:{svg.colour('line')}'>"
            f"{fraction_html(row[d])}</span></td>" if d < len(row) and row[d]
            else "<td>—</td>" for row in rows) + "</tr>"
        for d in range(depth)
    )
    return (picture + f"<div style='{FITS}'><table class='tt-deciding-table' style='{FITS}'>"
            f"<tr><th>decided by</th>{head}</tr>{body}</table></div>")


def battle_odds_explorer(participants=EXAMPLE, variant: AndromedaVariant = RULEBOOK) -> BattleOddsExplorer:
    """Controls per participant and the live exact odds (default: the rulebook's battle example)."""
    return BattleOddsExplorer(participants, variant)


def battle_odds_designer(participants=EXAMPLE, names=("dice_cap", "aim_cap", "team_dice_cap")) -> widgets.VBox:
    """Change a rule, watch the odds follow: the variant controls (``widgets.exercise``) over the battle constants
    ``names`` and a battle-odds explorer recomputed under the chosen variant. ``.controls`` and ``.explorer``."""
    from .exercise import variant_controls

    explorer = BattleOddsExplorer(participants, RULEBOOK)
    controls = variant_controls(RULEBOOK, on_change=explorer.set_variant, names=names)
    box = widgets.VBox([controls, explorer])
    box.controls, box.explorer = controls, explorer
    return box


# ---------------------------------------------------------------------------------------------
# Heat map: your win chance over dice x aim


def heat_map_svg(opponents: list[tuple[int, int]], variant: AndromedaVariant = RULEBOOK) -> tuple[str, dict[tuple[int, int], Fraction]]:
    """Your side's exact win chance for every dice (1..cap) and aim (1..cap) against ``opponents``."""
    grid = {
        (dice, aim): battle_odds([(dice, aim), *opponents], variant=variant).wins[0]
        for dice in range(1, variant.dice_cap + 1)
        for aim in range(1, variant.aim_cap + 1)
    }
    cell, left, top = 64, 70, 40
    against = "; ".join(f"{d} {'die' if d == 1 else 'dice'} at aim {a}" for d, a in opponents)
    title = f"P(you win) against {against}"
    foot = "darker = more likely; hover a cell for the exact fraction"
    width = max(left + cell * variant.dice_cap + 10, svg.text_width(title, 14) + 12, svg.text_width(foot, 14) + 12)
    height = top + cell * variant.aim_cap + 30
    out: list[svg.Element] = [svg.text(4, 16, title, font_weight="bold")]
    for dice in range(1, variant.dice_cap + 1):
        out.append(svg.text(left + cell * (dice - 1) + cell / 2, top - 6, f"{dice} dice", anchor="middle"))
    for aim in range(1, variant.aim_cap + 1):
        y = top + cell * (aim - 1)
        out.append(svg.text(left - 8, y + cell / 2 + 4, f"aim {aim}", anchor="end"))
        for dice in range(1, variant.dice_cap + 1):
            p = grid[(dice, aim)]
            x = left + cell * (dice - 1)
            out.append(svg.element("rect", svg.title(f"{dice} dice, aim {aim}: {probability_text(p)}"), x=x, y=y,
                                   width=cell - 2, height=cell - 2, fill=svg.mix("white", "blue", float(p) * 0.85)))
            out.append(svg.text(x + cell / 2 - 1, y + cell / 2 + 5, percent_text(p, 0), anchor="middle",
                                fill="white" if p > Fraction(1, 2) else "ink", font_weight="bold"))
    out.append(svg.text(4, height - 8, foot, fill="line"))
    return svg.svg(width, height, *out, font_family="sans-serif", font_size=14, class_="tt-heat").render(), grid


class HeatMapExplorer(widgets.VBox):
    """One or two opponents set by sliders; the dice x aim heat map of your win chance updates."""

    def __init__(self, opponents=((5, 2), (3, 1)), variant: AndromedaVariant = RULEBOOK):
        self.variant = variant
        self.opponent_controls = []
        rows = []
        style = {"description_width": "initial"}
        for index, (dice, aim) in enumerate(opponents):
            d = widgets.IntSlider(value=dice, min=0, max=variant.dice_cap, description=f"opponent {index + 1} dice", style=style)
            a = widgets.IntSlider(value=aim, min=1, max=variant.aim_cap, description=f"opponent {index + 1} aim", style=style)
            d.add_class("tt-heat-dice")
            a.add_class("tt-heat-aim")
            d.observe(lambda _: self.recompute(), names="value")
            a.observe(lambda _: self.recompute(), names="value")
            self.opponent_controls.append((d, a))
            rows.append(widgets.HBox([d, a]))
        self.picture = widgets.HTML()
        self.picture.add_class("tt-heat-map")
        self.result = widgets.HTML()
        self.result.add_class("tt-heat-map-result")
        self.grid: dict[tuple[int, int], Fraction] = {}
        super().__init__([*rows, self.picture, self.result])
        self.recompute()

    def recompute(self) -> None:
        opponents = [(d.value, a.value) for d, a in self.opponent_controls]
        self.picture.value, self.grid = heat_map_svg(opponents, self.variant)
        best = self.grid[(self.variant.dice_cap, self.variant.aim_cap)]
        one_die = self.grid[(1, 1)]
        self.result.value = (
            f"<p>With 1 die at aim 1 you win with probability <b class='tt-fraction'>{one_die}</b> ≈ {percent_text(one_die)}; "
            f"with {self.variant.dice_cap} dice at aim {self.variant.aim_cap}, <b class='tt-fraction'>{best}</b> "
            f"≈ {percent_text(best)}.</p>"
        )


def heat_map_explorer(opponents=((5, 2), (3, 1)), variant: AndromedaVariant = RULEBOOK) -> HeatMapExplorer:
    return HeatMapExplorer(opponents, variant)


# ---------------------------------------------------------------------------------------------
# The rerolled die


class RerollExplorer(widgets.VBox):
    """An aim and a number of rerolls: the face probabilities, approaching 1/(7 - a)."""

    def __init__(self, aim: int = 3, rerolls: int = 1, variant: AndromedaVariant = RULEBOOK):
        style = {"description_width": "initial"}
        self.aim = widgets.IntSlider(value=aim, min=1, max=variant.aim_cap, description="aim", style=style)
        self.rerolls = widgets.IntSlider(value=rerolls, min=0, max=10, description="rerolls", style=style)
        self.aim.add_class("tt-reroll-aim")
        self.rerolls.add_class("tt-reroll")
        self.result = widgets.HTMLMath()
        self.result.add_class("tt-reroll-result")
        for control in (self.aim, self.rerolls):
            control.observe(lambda _: self.recompute(), names="value")
        super().__init__([widgets.HBox([self.aim, self.rerolls]), self.result])
        self.recompute()

    def recompute(self) -> None:
        aim, rerolls = self.aim.value, self.rerolls.value
        finite = rerolled_die(aim, rerolls=rerolls)
        limit = rerolled_die(aim)
        cells = "".join(
            f"<tr><td>{v}</td><td>{probability_text(finite[v])}</td><td>{probability_text(limit[v])}</td></tr>" for v in range(1, 7)
        )
        self.result.value = (
            f"<p>Aim {aim}, at most {rerolls} rerolls: a face at or above the aim has probability "
            f"$\\sum_{{k=0}}^{{{rerolls}}} \\left(\\tfrac{{{aim - 1}}}{{6}}\\right)^k \\tfrac{{1}}{{6}} = "
            f"{latex_fraction(finite[6])}$; rerolling until it fits gives "
            f"$\\frac{{1}}{{7-{aim}}} = {latex_fraction(limit[6])}$.</p>"
            f"<table class='tt-reroll-table'><tr><th>face</th><th>P, at most {rerolls} rerolls</th>"
            f"<th>P, until it fits</th></tr>{cells}</table>"
        )


def reroll_explorer(aim: int = 3, rerolls: int = 1, variant: AndromedaVariant = RULEBOOK) -> RerollExplorer:
    return RerollExplorer(aim, rerolls, variant)


# ---------------------------------------------------------------------------------------------
# Start-player roll-off


class StartPlayerExplorer(widgets.VBox):
    """Players 2..4 (or the 2v2 team roll-off): exact roll-off odds."""

    def __init__(self, players: int = 4, teams: bool = False, variant: AndromedaVariant = RULEBOOK):
        self.variant = variant
        self._quiet = False
        self.players = widgets.IntSlider(value=players, min=2, max=4, description="players", style={"description_width": "initial"})
        self.teams = widgets.Checkbox(value=teams, description="2v2: teams pool their dice", indent=False,
                                      layout=widgets.Layout(width="auto"), style={"description_width": "initial"})
        self.players.add_class("tt-start-player")
        self.teams.add_class("tt-start-teams")
        self.result = widgets.HTMLMath()
        self.result.add_class("tt-start-player-result")
        for control in (self.players, self.teams):
            control.observe(lambda _: self._changed(), names="value")
        super().__init__([widgets.HBox([self.players, self.teams]), self.result])
        self.recompute()

    def _changed(self) -> None:
        if not self._quiet:
            self.recompute()

    def recompute(self) -> None:
        if self.teams.value:
            self._quiet = True  # the 2v2 roll-off is for four players: setting the slider is no new action
            try:
                self.players.value = 4
            finally:
                self._quiet = False
            self.players.disabled = True
            odds = team_roll_off_odds(self.variant)
            who = "Two teams of two pool 12 dice each"
        else:
            self.players.disabled = False
            odds = start_player_odds(self.players.value, self.variant)
            who = f"{self.players.value} players roll {odds.dice} dice each"
        ties = ", ".join(f"{m} tied: {probability_text(p)}" for m, p in odds.tie_sizes.items() if m > 1)
        self.result.value = (
            f"<p>{who}. The first roll has a clear winner with probability "
            f"<b class='tt-fraction'>{odds.decided_first_roll}</b> ≈ {percent_text(odds.decided_first_roll)} "
            f"(ties for first: {ties}). Tied {'teams' if self.teams.value else 'players'} roll again (A-R1): "
            f"each starts with probability <b class='tt-fraction'>{odds.seats[0]}</b> ≈ {percent_text(odds.seats[0])}; expected rolls "
            f"≈ {float(odds.expected_rolls):.6f}.</p>"
        )


def start_player_explorer(players: int = 4, teams: bool = False, variant: AndromedaVariant = RULEBOOK) -> StartPlayerExplorer:
    return StartPlayerExplorer(players, teams, variant)


# ---------------------------------------------------------------------------------------------
# The battle stepper


def example_battle_stepper(variant: AndromedaVariant = RULEBOOK) -> Stepper:
    """The rulebook's 战斗举例 stepped through (pirate dice and faces invented, A-R14)."""
    example = load_battle_example()
    return Stepper(run(example.run_steps(variant)), banner=f"{example.title} — steps 2 to 6")



def battle_rule_designer(setup, faces, names=("full_tie_beats_pirate", "aim_cap")) -> widgets.VBox:
    """Change a rule, fight the same battle again: the variant controls (``widgets.exercise``) over ``names`` and the
    battle of ``setup`` with the forced die ``faces``, its result and damage steps shown under the chosen variant (a
    set-up the changed rule refuses says why). ``.controls``, ``.result``; hooks ``tt-battle-rule-result`` and the
    controls' ``tt-variant-…``."""
    from ..andromeda.battle import battle
    from ..engine import IllegalAction, Rng
    from .exercise import rule_explorer

    result = widgets.HTML()
    result.add_class("tt-battle-rule-result")

    def fight(variant: AndromedaVariant) -> None:
        try:
            fought = run(battle(setup, rng=Rng.forced(list(faces)), variant=variant))
        except (IllegalAction, InvalidInput) as refused:
            result.value = f"<p class='tt-note'>Under this rule the battle is refused: {html.escape(str(refused))}</p>"
            return
        shown = [step for step in fought.steps if step.title == "Result" or step.title.endswith(": damage")]
        result.value = "<ul>" + "".join(f"<li><b>{html.escape(step.title)}</b>: {html.escape(step.text)}</li>" for step in shown) + "</ul>"

    return rule_explorer(RULEBOOK, names, fight, result, "Change a rule, fight the battle again")
