"""Views for the Andromeda's Edge board notebook: launches, raids, escalation, board measures.

Thin: each control rebuilds its inputs and asks the library (``andromeda.launch``, ``pirates``,
``escalation``); answers are widget values with CSS-class hooks for the browser tests.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import ipywidgets as widgets

from ..andromeda.board import Board, Pieces, Ship
from ..andromeda.escalation import battle_happens, escalation_options, factions_in
from ..andromeda.launch import BaseAccess, launch_ship, legal_launches
from ..andromeda.pirates import PirateCard, pirate_raid, raid, raid_options
from ..engine import InvalidInput, Run, run
from ..engine.citations import citation_html
from .stepper import Stepper

SHIP_KINDS = (("transport", "transport"), ("fighter", "fighter"), ("science vessel", "science_vessel"), ("heavy cruiser", "heavy_cruiser"))
SPECIAL_CHOICES = (("none", "none"), ("2 Quasars", "quasar"), ("2 Vortices", "vortex"))


def _hook(control: widgets.Widget, css: str) -> widgets.Widget:
    control.add_class(css)
    if getattr(control, "description", "") and hasattr(control.style, "description_width"):
        control.style.description_width = "initial"      # a label never truncates ("Activate …")
        if isinstance(control, widgets.Checkbox):
            control.layout.width = "auto"
    return control


def _region_list(board: Board, ids: Sequence[str]) -> str:
    return ", ".join(html.escape(board.regions[r].label) for r in ids) or "none"


def launch_explorer(
    board: Board,
    pieces: Pieces,
    *,
    players: Sequence[str] = ("yellow", "blue", "green"),
    player: str = "yellow",
) -> widgets.VBox:
    """Pick a player, a ship (type, range, abilities), energy and what the player could pay for; see
    every legal launch region highlighted and every refused one listed with its rule.

    Hooks: ``tt-launch-player``, ``tt-launch-ship``, ``tt-launch-range``, ``tt-launch-voyage``,
    ``tt-launch-assault``, ``tt-launch-jump``, ``tt-launch-energy``, ``tt-launch-special``,
    ``tt-launch-resources``, ``tt-launch-maximus``, ``tt-launch-odessa``, ``tt-launch-developments``
    (controls); ``tt-launch-board`` (picture), ``tt-launch-summary``, ``tt-launch-refusals`` (results).
    """
    who = _hook(widgets.Dropdown(options=list(players), value=player, description="Player"), "tt-launch-player")
    kind = _hook(widgets.Dropdown(options=SHIP_KINDS, value="heavy_cruiser", description="Ship"), "tt-launch-ship")
    reach = _hook(widgets.IntSlider(value=1, min=0, max=5, description="Range"), "tt-launch-range")
    voyage = _hook(widgets.Checkbox(value=False, description="Voyage"), "tt-launch-voyage")
    assault = _hook(widgets.Checkbox(value=False, description="Assault"), "tt-launch-assault")
    jump = _hook(widgets.Checkbox(value=True, description="Jump"), "tt-launch-jump")
    energy = _hook(widgets.IntSlider(value=0, min=0, max=6, description="Energy"), "tt-launch-energy")
    special = _hook(widgets.ToggleButtons(options=SPECIAL_CHOICES, value="none", description="Special"), "tt-launch-special")
    resources = _hook(widgets.IntSlider(value=0, min=0, max=8, description="Resources"), "tt-launch-resources")
    maximus = _hook(widgets.Checkbox(value=False, description="can gain a Maximus module"), "tt-launch-maximus")
    odessa = _hook(widgets.Checkbox(value=False, description="can gain an Odessa module"), "tt-launch-odessa")
    developments = _hook(widgets.SelectMultiple(options=["observatory", "factory", "spaceport", "city", "obelisk"],
                                                description="can afford", rows=5), "tt-launch-developments")
    picture = _hook(widgets.HTML(), "tt-launch-board")
    summary = _hook(widgets.HTML(), "tt-launch-summary")
    refusals = _hook(widgets.HTML(), "tt-launch-refusals")
    box = widgets.VBox()

    def show(_=None) -> None:
        current = board.with_special_regions(special.value)
        ship = Ship(kind.value, owner=who.value, range=reach.value, voyage=voyage.value, assault=assault.value, jump=jump.value)
        access = BaseAccess(resources.value, maximus.value, odessa.value, frozenset(developments.value))
        options = legal_launches(current, pieces, ship, energy=energy.value, access=access)
        box.board, box.options = current, options
        picture.value = options.view()._repr_svg_()
        jumps = [v.region for v in options.verdicts if v.legal and v.jump]
        direct = [r for r in options.legal if r not in jumps]
        kind_text = "First launch" if options.first else "Subsequent launch"
        summary.value = (
            f"<b>{kind_text}</b> for {html.escape(str(ship))}: <b class='tt-launch-count'>{len(options)} legal</b> — "
            f"{_region_list(current, direct)}"
            + (f"; by Jump ({options[jumps[0]].energy} energy): {_region_list(current, jumps)}" if jumps else "")
        )
        rows = "".join(
            f"<tr><td>{html.escape(current.regions[v.region].label)}</td><td>{html.escape(v.reason)} "
            f"<small style='color:#666'>({html.escape(v.rule)})</small></td><td>{citation_html(v.section)}</td></tr>"
            for v in options.refused if current.regions[v.region].kind != "empty"
        )
        refusals.value = ("<table class='tt-refusal-table'><tr><th>region</th><th>why not (rule)</th><th>rulebook</th></tr>"
                          f"{rows}</table>")

    controls = (who, kind, reach, voyage, assault, jump, energy, special, resources, maximus, odessa, developments)
    for control in controls:
        control.observe(show, names="value")
    show()
    box.children = [
        widgets.HBox([who, kind, reach]), widgets.HBox([voyage, assault, jump, energy]), special,
        widgets.HBox([resources, widgets.VBox([maximus, odessa]), developments]), summary, picture, refusals,
    ]
    for name, control in zip(("player", "kind", "range", "voyage", "assault", "jump", "energy", "special", "resources",
                              "maximus", "odessa", "developments"), controls):
        setattr(box, name, control)
    box.picture, box.summary, box.refusals = picture, summary, refusals
    return box


def raid_explorer(board: Board, pieces: Pieces, cards: Mapping[str, PirateCard], *, active: str | None = None) -> widgets.VBox:
    """Pick the active region (and the raider when there is a choice): which pirates may raid, and why.

    Hooks: ``tt-raid-active``, ``tt-raid-choice`` (controls); ``tt-raid-board``, ``tt-raid-verdicts``,
    ``tt-raid-result`` (results).
    """
    regions = [(board.regions[r].label, r) for r in sorted(board.regions) if board.regions[r].kind not in ("empty", "quasar")]
    place = _hook(widgets.Dropdown(options=regions, value=board.key(active) if active else regions[0][1], description="Active"), "tt-raid-active")
    choice = _hook(widgets.Dropdown(options=[("—", "")], value="", description="Raider"), "tt-raid-choice")
    picture = _hook(widgets.HTML(), "tt-raid-board")
    verdicts = _hook(widgets.HTML(), "tt-raid-verdicts")
    result_view = _hook(widgets.HTML(), "tt-raid-result")
    box = widgets.VBox()

    def choices(_=None) -> None:
        """A new active region: offer its raiders (preselected when there is no real choice)."""
        options = raid_options(board, pieces, place.value, cards)
        with choice.hold_sync():
            choice.unobserve(show, names="value")
            choice.options = [("—", "")] + [(f"class {c}", c) for c in options.choices]
            choice.value = options.choices[0] if len(options.choices) == 1 or options.swarm else ""
            choice.observe(show, names="value")
        show()

    def show(_=None) -> None:
        options = raid_options(board, pieces, place.value, cards)
        box.options = options
        verdicts.value = options.table()
        name = html.escape(board.regions[options.active].name)
        if not options.choices:
            picture.value = options.view()._repr_svg_()
            result_view.value = f"<b>No raid</b> on {name}: no pirate may raid it."
            return
        if not choice.value:
            picture.value = options.view()._repr_svg_()
            result_view.value = f"The active player must choose the raider: {', '.join(options.choices)}."
            return
        done = raid(board, pieces, options.active, cards, choice.value)
        picture.value = board.svg(done.pieces, {options.active: "active"})
        came = ", ".join(f"{n}× {c} from {html.escape(board.regions[r].name)}" for r, c, n in done.raiders)
        result_view.value = f"<b>Class {done.chosen} raids {name}</b>: {came}."

    place.observe(choices, names="value")
    choice.observe(show, names="value")
    choices()
    box.children = [widgets.HBox([place, choice]), result_view, picture, verdicts]
    box.active, box.choice, box.picture, box.verdicts, box.result = place, choice, picture, verdicts, result_view
    return box


def escalation_explorer(board: Board, pieces: Pieces, turn_order: Sequence[str], *, active: str, active_player: str) -> widgets.VBox:
    """For a battle in ``active``: which ships of which players may join, in turn order, and how.

    Hooks: ``tt-escalation-active``, ``tt-escalation-player``, ``tt-escalation-energy`` (energy each
    player holds); ``tt-escalation-board``, ``tt-escalation-summary``, ``tt-escalation-verdicts``.
    """
    regions = [(board.regions[r].label, r) for r in sorted(board.regions) if board.regions[r].kind not in ("empty", "quasar")]
    place = _hook(widgets.Dropdown(options=regions, value=board.key(active), description="Battle in"), "tt-escalation-active")
    who = _hook(widgets.Dropdown(options=list(turn_order), value=active_player, description="Active"), "tt-escalation-player")
    energy = _hook(widgets.IntSlider(value=0, min=0, max=4, description="Energy each"), "tt-escalation-energy")
    picture = _hook(widgets.HTML(), "tt-escalation-board")
    summary = _hook(widgets.HTML(), "tt-escalation-summary")
    verdicts = _hook(widgets.HTML(), "tt-escalation-verdicts")
    box = widgets.VBox()

    def show(_=None) -> None:
        options = escalation_options(board, pieces, place.value, turn_order, who.value, {p: energy.value for p in turn_order})
        box.options = options
        picture.value = options.view()._repr_svg_()
        verdicts.value = options.table()
        name = html.escape(board.regions[options.active].name)
        if not battle_happens(pieces, options.active):
            there = factions_in(pieces, options.active)
            present = f"only {html.escape(there[0])} is there" if there else "nobody is there"
            summary.value = f"<b>No battle</b> in {name}: {present}."
            return
        parts = []
        for player in options.order:
            mine = [v for v in options.of(player) if v.legal]
            jumps = sum(1 for v in mine if v.jump)
            parts.append(f"{html.escape(player)} {len(mine)}" + (f" ({jumps} by Jump)" if jumps else ""))
        summary.value = (f"<b>Battle in {name}</b> ({', '.join(map(html.escape, factions_in(pieces, options.active)))}). "
                         f"Ships that may join, in turn order: {'; '.join(parts)}.")

    for control in (place, who, energy):
        control.observe(show, names="value")
    show()
    box.children = [widgets.HBox([place, who, energy]), summary, picture, verdicts]
    box.active, box.player, box.energy, box.picture, box.summary, box.verdicts = place, who, energy, picture, summary, verdicts
    return box


def board_designer(text: str) -> widgets.VBox:
    """Edit a board file's TOML and press Apply: the picture and the graph measures follow.

    Hooks: ``tt-board-text``, ``tt-board-apply`` (controls); ``tt-board-picture``,
    ``tt-board-measures``, ``tt-board-error`` (results: a bad file shows the entry at fault).
    """
    editor = _hook(widgets.Textarea(value=text, rows=14, layout=widgets.Layout(width="100%")), "tt-board-text")
    apply = _hook(widgets.Button(description="Apply"), "tt-board-apply")
    picture = _hook(widgets.HTML(), "tt-board-picture")
    measures = _hook(widgets.HTML(), "tt-board-measures")
    error = _hook(widgets.HTML(), "tt-board-error")
    box = widgets.VBox()

    def show(_=None) -> None:
        try:
            board = Board.from_toml(editor.value)
        except InvalidInput as problem:
            error.value = f"<b>Not applied</b>: <code>{html.escape(problem.field)}</code> — {html.escape(problem.reason)}"
            return
        box.board = board
        error.value = ""
        picture.value = board.svg()
        measures.value = board.measures()._repr_html_()

    apply.on_click(show)
    show()
    box.children = [editor, apply, error, picture, measures]
    box.editor, box.apply, box.picture, box.measures, box.error = editor, apply, picture, measures, error
    return box


def launch_turn_stepper(
    board: Board,
    pieces: Pieces,
    ship: Ship,
    region: str,
    cards: Mapping[str, PirateCard],
    *,
    energy: int = 0,
    access: BaseAccess | None = None,
    choice: str | None = None,
) -> Stepper:
    """A stepper through launch-turn step 1 (``andromeda.launch``) then step 3 (``andromeda.raid``)."""
    launched = run(launch_ship(board, pieces, ship, region, energy=energy, access=access), phase="andromeda.launch")
    raided = run(pirate_raid(board, launched.result.pieces, launched.result.region, cards, choice), phase="andromeda.raid")
    both = Run(launched.steps + raided.steps, raided.result, None)
    return Stepper(both, banner="andromeda.launch then andromeda.raid — launch turn steps 1 and 3 (发射回合)")


__all__ = [
    "board_designer",
    "escalation_explorer",
    "launch_explorer",
    "launch_turn_stepper",
    "raid_explorer",
]


def launch_rule_designer(board: Board, pieces: Pieces, ship: Ship, *, energy: int = 0,
                         names: Sequence[str] = ("launch_range_from", "jump_energy", "empty_spaces_in_paths")) -> widgets.VBox:
    """Change a launch rule, see where ``ship`` may launch: the variant controls (``widgets.exercise``) over ``names``
    and the board with every region's verdict under the chosen variant. ``.controls``, ``.summary``, ``.picture``;
    hooks ``tt-launch-rule-summary``, ``tt-launch-rule-picture`` and the controls' ``tt-variant-…``."""
    from ..andromeda.variant import RULEBOOK
    from .exercise import variant_controls

    summary = _hook(widgets.HTML(), "tt-launch-rule-summary")
    picture = _hook(widgets.HTML(), "tt-launch-rule-picture")

    def show(variant) -> None:
        options = legal_launches(board, pieces, ship, energy=energy, variant=variant)
        summary.value = (f"<p><b>{len(options.legal)} legal</b>: {html.escape(_region_list(board, options.legal))}</p>")
        picture.value = options.picture_svg()

    controls = variant_controls(RULEBOOK, on_change=show, names=names, title="Change a launch rule")
    show(RULEBOOK)
    box = widgets.VBox([controls, summary, picture])
    box.controls, box.summary, box.picture = controls, summary, picture
    return box
