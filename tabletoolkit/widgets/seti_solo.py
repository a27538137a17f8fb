"""Play SETI solo against the rival at the table: a difficulty and a seed, then the whole game.

A thin view: the game is ``tt.new_game("seti-solo", stars=…, seed=…)`` on the game contract, played at the
table widget (``widgets.table``): your options with their verdicts, the rival's turns and the ends of rounds
played between your decisions, every draw a chance event with its exact odds. Changing the difficulty or the
seed — or a rule in the "change a rule" panel — does not touch the game on show: the view says so, and
**New game** deals the new one.

Hooks (CSS classes): ``tt-solo`` (the box), ``tt-solo-stars``, ``tt-solo-seed``, ``tt-solo-new``,
``tt-solo-notice`` (what the controls will deal, or what is on show), the "change a rule" panel's
``tt-variant-…`` hooks when rules are offered, and the table's own ``tt-table-…`` hooks inside it.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from ..engine.errors import InvalidInput
from ..engine.game import new_game
from ..seti.variant import RULEBOOK, SetiVariant
from .exercise import variant_controls
from .table import Table

GAME = "seti-solo"
STARS = range(1, 6)  # the five difficulty levels (单人游戏 · 难度等级)
LABELLED = {"description_width": "initial"}


class SoloTable(widgets.VBox):
    """Difficulty (1–5 stars) and seed controls over a table playing the solo game; ``.table`` is the table
    on show, ``.stars_shown`` and ``.seed_shown`` the settings of its game."""

    def __init__(self, stars: int = 1, seed: int = 0, players: Mapping[str, Any] | None = None,
                 auto_draw: bool = True, css: str | None = None, rules: Sequence[str] = ()):
        if isinstance(stars, bool) or stars not in STARS:
            raise InvalidInput("stars", stars, "a difficulty from 1 to 5 stars (单人游戏 · 难度等级)")
        self.players, self.auto_draw, self.css = players, auto_draw, css
        self.stars = widgets.Dropdown(options=[(f"{n}★", n) for n in STARS], value=stars,
                                      description="Difficulty", style=LABELLED)
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**6, description="Seed", style=LABELLED,
                                           layout=widgets.Layout(width="12em"))
        self.new_button = widgets.Button(description="New game", button_style="primary",
                                         tooltip="Deal a new solo game with this difficulty and seed",
                                         layout=widgets.Layout(width="auto"))
        self.notice = widgets.HTML()
        for widget, name in ((self.stars, "stars"), (self.seed, "seed"), (self.new_button, "new"),
                             (self.notice, "notice")):
            widget.add_class(f"tt-solo-{name}")
        self.stars.observe(lambda _: self._changed(), names="value")
        self.seed.observe(lambda _: self._changed(), names="value")
        self.new_button.on_click(lambda _: self.new_game())
        self.rules = variant_controls(RULEBOOK, lambda _: self._changed(), names=list(rules)) if rules else None
        self.controls = widgets.HBox([self.stars, self.seed, self.new_button],
                                     layout=widgets.Layout(flex_flow="row wrap"))
        self.variant_shown = RULEBOOK
        super().__init__([self.controls, self.notice])
        self.add_class("tt-solo")
        self.new_game()

    def new_game(self) -> None:
        """Deal the game the controls name and put it on the table (the old game is dropped)."""
        self.stars_shown, self.seed_shown = self.stars.value, self.seed.value
        self.variant_shown = self._variant()
        game = new_game(GAME, stars=self.stars_shown, seed=self.seed_shown, variant=self.variant_shown)
        self.table = Table(game, self.players, auto_draw=self.auto_draw, css=self.css)
        self.children = [self.controls] + ([self.rules] if self.rules else []) + [self.notice, self.table]
        self._changed()

    def _variant(self) -> SetiVariant:
        return self.rules.variant if self.rules else RULEBOOK

    def _changed(self) -> None:
        shown = f"{self.stars_shown}★, seed {self.seed_shown}" + (" with changed rules" if self.variant_shown.changes() else "")
        wanted = (self.stars.value, self.seed.value, self._variant())
        if wanted == (self.stars_shown, self.seed_shown, self.variant_shown):
            self.notice.value = f"<i>On the table: the solo game at {html.escape(shown)}.</i>"
        else:
            rules = " with changed rules" if self._variant().changes() else ""
            self.notice.value = (f"<b>Not dealt yet:</b> {self.stars.value}★, seed {self.seed.value}{rules} — press "
                                 f"<b>New game</b> to start it. The game on the table is still {html.escape(shown)}.")


def solo_table(stars: int = 1, seed: int = 0, players: Mapping[str, Any] | None = None, auto_draw: bool = True,
               css: str | None = None, rules: Sequence[str] = ()) -> SoloTable:
    """The solo game at the table, with its difficulty, seed and — ``rules``, names of SETI variant constants —
    a "change a rule" panel; every change waits for New game (see ``SoloTable``)."""
    return SoloTable(stars, seed, players, auto_draw, css, rules)
