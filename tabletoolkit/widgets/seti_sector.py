"""Views for SETI's sectors, the computer and the card-row odds (``seti_sector_resolution.ipynb``).

Thin ipywidgets over ``tabletoolkit.seti``: every number shown comes from the library. CSS hooks:
``tt-sector-*`` (sector board), ``tt-computer-*`` (computer panel), ``tt-odds-*`` (card-row odds and the
predict-then-reveal question about them).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from fractions import Fraction

import ipywidgets as widgets

from ..engine import IllegalAction, InvalidInput, RulesError, run
from ..engine.numbers import percent_text, probability_text
from ..seti.card_odds import card_row_odds
from ..seti.computer import analyze, computer_svg, legal_placements, place_data
from ..seti.player import PlayerBoard
from ..seti.sector import Sector, explain_resolution, sector_svg
from ..seti.variant import RULEBOOK, SetiVariant
from .exercise import Exercise, predict_chance, variant_controls
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
        self.mark_button = widgets.Button(layout=widgets.Layout(width="auto"), description="Mark a signal", tooltip="Place the chosen player's marker")
        self.resolve_button = widgets.Button(layout=widgets.Layout(width="auto"), description="Resolve the sector", tooltip="Only a complete sector resolves")
        self.restart_button = widgets.Button(layout=widgets.Layout(width="auto"), description="Start over")
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
            button = widgets.Button(layout=widgets.Layout(width="auto"), description=f"Mark {name}", tooltip=f"Place one of {name}'s markers")
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
            self._show(f"Refused: {refusal.reason} ({refusal.rule})")
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
        self.place_button = widgets.Button(layout=widgets.Layout(width="auto"), description="Place a data")
        self.analyze_button = widgets.Button(layout=widgets.Layout(width="auto"), description="Analyze (1 energy)")
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
            text = f"Refused: {refusal.reason} ({refusal.rule})"
        except RulesError as error:
            text = f"Not possible: {error}"
        self._show(text)

    def analyze(self) -> None:
        try:
            steps = run(analyze(self.board))
        except IllegalAction as refusal:
            self._show(f"Refused: {refusal.reason} ({refusal.rule})")
            return
        self.board = steps.result.board
        self._show(" ".join(step.text for step in steps))

    def _show(self, text: str) -> None:
        self.picture.value = computer_svg(self.board)
        options = [(f"{space} — {placement_words(verdict)}", space) for space, verdict in legal_placements(self.board, self.board.colour)]
        legal = [space for space, verdict in legal_placements(self.board, self.board.colour) if verdict == "legal"]
        self.space.options = options
        self.space.value = legal[0] if legal else options[0][1]
        self.status.value = f"<p>{html.escape(text)}</p>"


def placement_words(verdict: str) -> str:
    """A placement verdict (``"legal"`` or ``"<rule>: <reason>"``) in words, the rule id last as a detail."""
    if verdict == "legal":
        return "legal"
    rule, _, reason = verdict.partition(": ")
    return f"refused: {reason.rstrip('.')} ({rule})"


def computer_panel(board: PlayerBoard, tuck: str | None = None) -> ComputerPanel:
    """A computer panel for ``board`` (see ``ComputerPanel``); ``tuck`` is the card tucked if asked."""
    return ComputerPanel(board, tuck)


def card_row_odds_explorer(counts: Mapping[str, int], colour: str | None = None, draws: int = 0,
                           variant: SetiVariant = RULEBOOK) -> widgets.VBox:
    """Pick a sector colour and further draws, and — a rule to change — how many cards the row shows
    (``card_row_size``, in the "change a rule" panel); the exact chance updates in place, as a fraction and a
    percent.

    Hooks: ``tt-odds-colour`` (dropdown), ``tt-odds-draws`` (slider), ``tt-odds-result`` (HTMLMath), and the
    panel's ``tt-variant-card-row-size``.
    """
    colours = list(counts)
    chooser = widgets.Dropdown(options=colours, value=colour or colours[0], description="Colour")
    chooser.add_class("tt-odds-colour")
    slider = widgets.IntSlider(value=draws, min=0, max=5, description="Draws")
    slider.add_class("tt-odds-draws")
    result = widgets.HTMLMath()
    result.add_class("tt-odds-result")
    box = widgets.VBox()

    def show(_=None) -> None:
        rules = box.rules.variant
        odds = run(card_row_odds(counts, chooser.value, draws=slider.value, variant=rules)).result
        result.value = (
            f"<p>The row of {rules.card_row_size}{_draws(slider.value)} offers a {html.escape(chooser.value)} card "
            f"with chance <b class='tt-fraction'>{html.escape(probability_text(odds.at_least_one))}</b></p>"
            f"<p>${odds.formula()} \\approx {percent_text(odds.at_least_one).replace('%', chr(92) + '%')}$</p>"
        )

    box.rules = variant_controls(variant, lambda _: show(), names=["card_row_size"])
    for control in (chooser, slider):
        control.observe(show, names="value")
    show()
    box.children = [widgets.HBox([chooser, slider]), result, box.rules]
    box.colour, box.draws, box.result = chooser, slider, result
    return box


def card_row_prediction(counts: Mapping[str, int], colour: str, css: str | None = None) -> Exercise:
    """Predict, then reveal: the chance (a percent guess) that the opening card row shows at least one
    ``colour`` card; the reveal says why adding the three cards' chances overcounts."""
    odds = run(card_row_odds(counts, colour)).result
    big, k, n = odds.size, odds.hits, odds.cards
    naive = Fraction(n * k, big)
    question = (f"The opening card row shows {n} cards of the game's {big}-card deck, {k} of them {html.escape(colour)}. "
                f"How likely is at least one {html.escape(colour)} card in the row?")
    explanation = (
        f"Exactly ${odds.formula()}$. A tempting shortcut adds the three cards' chances, "
        f"{n} × {k}/{big} = {html.escape(probability_text(naive))}: it counts every row with two or three "
        f"{html.escape(colour)} cards more than once. Counting the rows with <i>no</i> {html.escape(colour)} card "
        "and taking them away from all rows counts each row once.")
    return predict_chance(question, odds.at_least_one, explanation, css=css or "tt-odds-predict")


def _draws(count: int) -> str:
    return "" if not count else f" and the next {count} draw{'s' if count > 1 else ''}"


def scan_step_words(step, sky=None) -> str:
    """A scan step as a person reads it, its sector named by its star when ``sky`` is given."""
    def where(number: int) -> str:
        return f"{sky.sector(number).star}'s sector ({number})" if sky is not None else f"sector {number}"

    kind = type(step).__name__
    if kind == "EarthSignal":
        return ("a signal in Earth's sector" if step.sector is None
                else f"TT #01: the Earth signal next door, in {where(step.sector)}")
    if kind == "RowSignal":
        return f"discard row card {step.position + 1} for a signal in {where(step.sector)}"
    if kind == "HandSignal":
        return f"TT #02: discard hand card {step.card} for a signal in {where(step.sector)}"
    if kind == "MercurySignal":
        return "TT #03: 1 publicity for a signal in Mercury's sector"
    if kind == "ProbeBoost":
        return f"TT #04: 1 energy to {'launch a probe' if step.use == 'launch' else 'gain a move'}"
    raise InvalidInput("step", step, "a scan step (EarthSignal, RowSignal, HandSignal, MercurySignal, ProbeBoost)")


def scan_options_html(options, sky=None) -> str:
    """Every scan step with its verdict: legal, or the reason first and the rule id as a detail."""
    rows = []
    for step, verdict in options:
        if verdict == "legal":
            shown = "<td>legal</td><td></td>"
        else:
            rule, _, reason = verdict.partition(": ")
            shown = f"<td style='color:#888'>refused: {html.escape(reason or rule)}</td><td><small>{html.escape(rule)}</small></td>"
        rows.append(f"<tr><td>{html.escape(scan_step_words(step, sky))}</td>{shown}</tr>")
    return ("<table class='tt-scan-options'><tr><th>scan step</th><th>verdict</th><th>rule</th></tr>"
            + "".join(rows) + "</table>")


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
