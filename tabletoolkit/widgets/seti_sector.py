"""Views for SETI's sectors, the computer and the card-row odds (``seti_sector_resolution.ipynb``).

Thin ipywidgets over ``tabletoolkit.seti``: every number shown comes from the library. CSS hooks:
``tt-sector-*`` (sector board), ``tt-computer-*`` (computer panel), ``tt-odds-*`` (card-row odds).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import ipywidgets as widgets

from ..engine import IllegalAction, RulesError, run
from ..seti.card_odds import card_row_odds
from ..seti.computer import analyze, computer_svg, legal_placements, place_data
from ..seti.player import PlayerBoard
from ..seti.sector import Sector, explain_resolution, sector_svg
from .stepper import Stepper


class SectorBoard(widgets.VBox):
    """A sector drawn with its slots; mark signals for a chosen player, then resolve it step by step.

    ``picture`` (tt-sector-picture), ``player`` (tt-sector-player), ``mark_button`` (tt-sector-mark),
    ``player_buttons`` (one per player, tt-sector-mark-<player>: mark for that player at once), ``resolve_button`` (tt-sector-resolve), ``restart_button`` (tt-sector-restart), ``status``
    (tt-sector-status), ``resolution`` (tt-sector-resolution: the stepper once resolved).
    """

    def __init__(self, sector: Sector, players: Sequence[str]):
        self.start = sector
        self.sector = sector
        self.picture = widgets.HTML()
        self.player = widgets.Dropdown(options=list(players), value=players[0], description="Player")
        self.mark_button = widgets.Button(description="Mark a signal", tooltip="Place the chosen player's marker")
        self.resolve_button = widgets.Button(description="Resolve the sector", tooltip="Only a complete sector resolves")
        self.restart_button = widgets.Button(description="Start over")
        self.status = widgets.HTML()
        self.resolution = widgets.VBox()
        for widget, css in (
            (self.picture, "tt-sector-picture"), (self.player, "tt-sector-player"), (self.mark_button, "tt-sector-mark"),
            (self.resolve_button, "tt-sector-resolve"), (self.restart_button, "tt-sector-restart"),
            (self.status, "tt-sector-status"), (self.resolution, "tt-sector-resolution"),
        ):
            widget.add_class(css)
        self.player_buttons = {}
        for name in players:
            button = widgets.Button(description=f"Mark {name}", tooltip=f"Place one of {name}'s markers")
            button.add_class(f"tt-sector-mark-{name}")
            button.on_click(lambda _, name=name: self.mark(name))
            self.player_buttons[name] = button
        self.mark_button.on_click(lambda _: self.mark())
        self.resolve_button.on_click(lambda _: self.resolve())
        self.restart_button.on_click(lambda _: self.restart())
        controls = widgets.HBox([self.player, self.mark_button, self.resolve_button, self.restart_button])
        quick = widgets.HBox(list(self.player_buttons.values()))
        super().__init__([self.picture, quick, controls, self.status, self.resolution])
        self.add_class("tt-sector-board")
        self._show("Choose a player and mark signals; the sector resolves once its last data is replaced.")

    def mark(self, player: str | None = None) -> None:
        """Mark a signal for ``player`` (default: the one chosen in the dropdown)."""
        player = player or self.player.value
        self.sector, gained = self.sector.mark(player)
        if gained.overflow:
            text = f"{player} marks beyond the slots: overflow, no data, but it counts for the win."
        else:
            text = f"{player} takes the data from slot {gained.slot}" + (f" and scores {gained.vp} VP." if gained.vp else ".")
        if gained.completed:
            text += " The sector is complete: resolve it."
        self.resolution.children = ()
        self._show(text)

    def resolve(self) -> None:
        """Resolve the sector if complete (a stepper explains it), else say why not."""
        try:
            steps = run(explain_resolution(self.sector), phase="seti.sector")
        except IllegalAction as refusal:
            self._show(f"Refused ({refusal.rule}): {refusal.reason}")
            return
        result = steps.result
        self.resolution.children = (Stepper(steps, banner=f"Resolving {self.sector.name}"),)
        self.sector = result.sector
        second = result.second or "nobody"
        self._show(f"Winner: <b>{html.escape(result.winner)}</b>; second: <b>{html.escape(second)}</b>. "
                   "The sector is reset: step through the rules below.")

    def restart(self) -> None:
        self.sector = self.start
        self.resolution.children = ()
        self._show("Back to the start.")

    def _show(self, text: str) -> None:
        self.picture.value = sector_svg(self.sector)
        self.status.value = f"<p>{text}</p>"


def sector_board(star: str = "Barnard's Star", slots: int = 5, players: Sequence[str] = ("green", "purple", "orange")) -> SectorBoard:
    """An empty sector with buttons to mark signals and resolve it (see ``SectorBoard``)."""
    return SectorBoard(Sector(star=star, slots=slots), list(players))


class ComputerPanel(widgets.VBox):
    """A player's pool and computer: place data on a legal space, analyze when the top row is full.

    ``picture`` (tt-computer-picture), ``space`` (tt-computer-space: every space with its verdict),
    ``place_button`` (tt-computer-place), ``analyze_button`` (tt-computer-analyze), ``status``
    (tt-computer-status).
    """

    def __init__(self, board: PlayerBoard, tuck: str | None = None):
        self.board = board
        self.tuck = tuck
        self.picture = widgets.HTML()
        self.space = widgets.Dropdown(description="Space")
        self.place_button = widgets.Button(description="Place a data")
        self.analyze_button = widgets.Button(description="Analyze (1 energy)")
        self.status = widgets.HTML()
        for widget, css in (
            (self.picture, "tt-computer-picture"), (self.space, "tt-computer-space"), (self.place_button, "tt-computer-place"),
            (self.analyze_button, "tt-computer-analyze"), (self.status, "tt-computer-status"),
        ):
            widget.add_class(css)
        self.place_button.on_click(lambda _: self.place())
        self.analyze_button.on_click(lambda _: self.analyze())
        super().__init__([self.picture, widgets.HBox([self.space, self.place_button, self.analyze_button]), self.status])
        self.add_class("tt-computer-panel")
        self._show("Data fill the top row left to right; lower spaces sit on computer techs.")

    def place(self) -> None:
        space = self.space.value
        try:
            self.board, text, _ = place_data(self.board, space, active=self.board.colour,
                                             tuck=self.tuck if self.board.hand else None)
        except IllegalAction as refusal:
            text = f"Refused ({refusal.rule}): {refusal.reason}"
        except RulesError as error:
            text = f"Not possible: {error}"
        self._show(text)

    def analyze(self) -> None:
        try:
            steps = run(analyze(self.board))
        except IllegalAction as refusal:
            self._show(f"Refused ({refusal.rule}): {refusal.reason}")
            return
        self.board = steps.result.board
        self._show(" ".join(step.text for step in steps))

    def _show(self, text: str) -> None:
        self.picture.value = computer_svg(self.board)
        options = [(f"{space} — {verdict if verdict == 'legal' else 'refused: ' + verdict.split(':', 1)[0]}", space)
                   for space, verdict in legal_placements(self.board, self.board.colour)]
        legal = [space for space, verdict in legal_placements(self.board, self.board.colour) if verdict == "legal"]
        self.space.options = options
        self.space.value = legal[0] if legal else options[0][1]
        self.status.value = f"<p>{html.escape(text)}</p>"


def computer_panel(board: PlayerBoard, tuck: str | None = None) -> ComputerPanel:
    """A computer panel for ``board`` (see ``ComputerPanel``); ``tuck`` is the card tucked if asked."""
    return ComputerPanel(board, tuck)


def card_row_odds_explorer(counts: Mapping[str, int], colour: str | None = None, draws: int = 0) -> widgets.VBox:
    """Pick a sector colour and a number of further draws; the exact chance updates in place.

    Hooks: ``tt-odds-colour`` (dropdown), ``tt-odds-draws`` (slider), ``tt-odds-result`` (HTMLMath).
    """
    colours = list(counts)
    chooser = widgets.Dropdown(options=colours, value=colour or colours[0], description="Colour")
    chooser.add_class("tt-odds-colour")
    slider = widgets.IntSlider(value=draws, min=0, max=5, description="Draws")
    slider.add_class("tt-odds-draws")
    result = widgets.HTMLMath()
    result.add_class("tt-odds-result")

    def show(_=None) -> None:
        odds = run(card_row_odds(counts, chooser.value, draws=slider.value)).result
        result.value = (
            f"<p>The row of 3{_draws(slider.value)} "
            f"offers a {html.escape(chooser.value)} card with chance <b class='tt-fraction'>{odds.at_least_one}</b> "
            f"≈ {float(odds.at_least_one):.3f}</p><p>${odds.formula()}$</p>"
        )

    chooser.observe(show, names="value")
    slider.observe(show, names="value")
    show()
    box = widgets.VBox([widgets.HBox([chooser, slider]), result])
    box.colour, box.draws, box.result = chooser, slider, result
    return box


def _draws(count: int) -> str:
    return "" if not count else f" and the next {count} draw{'s' if count > 1 else ''}"


def variant_table(variant, names: Sequence[str]) -> str:
    """An HTML table of some of a variant's constants: value, rulebook value, source, meaning."""
    infos = {info.name: info for info in type(variant).constants()}
    rows = "".join(
        f"<tr><td><code>{html.escape(name)}</code></td><td>{html.escape(repr(getattr(variant, name)))}</td>"
        f"<td>{html.escape(repr(infos[name].rulebook))}</td><td>{html.escape(infos[name].section)}</td>"
        f"<td>{html.escape(infos[name].explains)}</td></tr>"
        for name in names
    )
    return ("<table class='tt-variant'><tr><th>constant</th><th>value</th><th>rulebook</th><th>source</th>"
            f"<th>what it changes</th></tr>{rows}</table>")
