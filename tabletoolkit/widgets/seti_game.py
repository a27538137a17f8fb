"""Views over the SETI game phases: gold tiles explored, milestones for a score change, the Mariner 10
mission driven by visits. Every number comes from ``tabletoolkit.seti``."""

from __future__ import annotations

import html
from dataclasses import replace

import ipywidgets as widgets

from ..engine.errors import RulesError
from ..engine.steps import result_of, run
from ..seti import Decisions, new_game
from ..seti.milestones import crossed
from ..seti.missions import play_card, report_event
from ..seti.scoring import gold_lines, with_holdings

ORDINALS = ("1st", "2nd", "3rd", "4th")
RIVALS = ("orange", "blue", "purple")


def _classed(widget: widgets.Widget, css: str) -> widgets.Widget:
    """``widget`` with the CSS class the browser tests find it by."""
    widget.add_class(css)
    return widget


def gold_tile_explorer() -> widgets.VBox:
    """Sliders for what green holds, a side and a chooser position per tile: each tile's VP, explained."""
    game = new_game(("green",) + RIVALS, seed=0)
    counts = {
        "probe techs": 2, "telescope techs": 1, "computer techs": 2, "completed missions": 3, "end-game cards": 1,
        "tucked credits": 3, "tucked energy": 1, "tucked cards": 2, "pink traces": 2, "yellow traces": 1,
        "blue traces": 1, "sector wins": 2, "orbiters + landers": 3,
    }
    sliders = {}
    for label, value in counts.items():
        slider = widgets.IntSlider(value=value, min=0, max=8, description=label, style={"description_width": "140px"})
        slider.add_class("tt-seti-" + label.replace(" ", "-").replace("+", "plus"))
        sliders[label] = slider
    sides, positions = {}, {}
    for tile in game.gold_tiles:
        sides[tile.id] = widgets.Dropdown(options=[("side A", "a"), ("side B", "b")], value="a",
                                          description=f"{tile.id} {tile.name}")
        sides[tile.id].add_class(f"tt-seti-side-{tile.id}")
        positions[tile.id] = widgets.Dropdown(options=[(f"{o} to mark it", n) for n, o in enumerate(ORDINALS)], value=0)
        positions[tile.id].add_class(f"tt-seti-position-{tile.id}")
    result = _classed(widgets.HTML(), "tt-seti-gold-result")

    def show(_=None) -> None:
        v = {label: slider.value for label, slider in sliders.items()}
        held = with_holdings(
            game, "green",
            techs=(min(4, v["probe techs"]), min(4, v["telescope techs"]), min(4, v["computer techs"])),
            completed_missions=v["completed missions"], endgame_cards=v["end-game cards"],
            tucked=(v["tucked credits"], v["tucked energy"], v["tucked cards"]),
            traces=(v["pink traces"], v["yellow traces"], v["blue traces"]),
            sector_wins=v["sector wins"], orbiters=v["orbiters + landers"],
        )
        tiles = tuple(replace(tile, side=sides[tile.id].value, marks=RIVALS[:positions[tile.id].value] + ("green",))
                      for tile in held.gold_tiles)
        lines = gold_lines(replace(held, gold_tiles=tiles), "green")
        rows = "".join(
            f"<tr><td>{html.escape(line.source)}</td><td>{html.escape(line.explains)}</td>"
            f"<td>{line.count} × {line.each}</td><td><b>{line.vp}</b></td></tr>" for line in lines
        )
        total = sum(line.vp for line in lines)
        result.value = (f"<table class='tt-seti-gold-table'><tr><th>tile</th><th>what counts</th><th>count × VP</th>"
                        f"<th>VP</th></tr>{rows}</table><p>Gold tiles together: <b class='tt-seti-gold-total'>{total} VP"
                        "</b></p>")

    for control in list(sliders.values()) + list(sides.values()) + list(positions.values()):
        control.observe(show, names="value")
    show()
    tile_rows = [widgets.HBox([sides[t.id], positions[t.id]]) for t in game.gold_tiles]
    box = widgets.VBox([widgets.HBox([widgets.VBox(list(sliders.values())), widgets.VBox(tile_rows)]), result])
    box.sliders, box.sides, box.positions, box.result = sliders, sides, positions, result
    return box


def milestone_explorer(players: int = 2, before: int = 18, after: int = 27) -> widgets.VBox:
    """Score before and after a turn: which gold and neutral milestones that turn triggers."""
    game = new_game(("green",) + RIVALS[:players - 1], seed=0)
    before = widgets.IntSlider(value=before, min=0, max=140, description="score before")
    after = widgets.IntSlider(value=after, min=0, max=140, description="score after")
    before.add_class("tt-seti-score-before")
    after.add_class("tt-seti-score-after")
    result = _classed(widgets.HTML(), "tt-seti-milestones")

    def show(_=None) -> None:
        board = replace(game.player("green"), milestone_score=before.value, score=after.value)
        state = game.with_player(board)
        gold = crossed(state, 0, state.variant.gold_milestones)
        neutral = crossed(state, 0, state.variant.neutral_milestones)
        markers = dict(state.neutral)
        parts = [f"gold: {', '.join(map(str, gold))} — mark {len(gold)} gold tile(s)" if gold else "gold: none"]
        parts.append("neutral: " + (", ".join(f"{t} ({markers[t]} neutral marker(s) there)" for t in neutral)
                                    if neutral else "none"))
        if after.value > 100 and before.value >= max(state.variant.gold_milestones):
            parts.append("above 100 the milestones do not trigger again (S-F20)")
        result.value = "<br>".join(html.escape(part) for part in parts)

    before.observe(show, names="value")
    after.observe(show, names="value")
    show()
    box = widgets.VBox([before, after, result])
    box.before, box.after, box.result = before, after, result
    return box


def mariner_explorer() -> widgets.VBox:
    """Green has just played Mariner 10: visit Mercury or Venus, covering a circle or leaving it."""
    name = "Mariner 10 Mission"
    start = new_game(("green", "orange"), seed=0)
    green = start.player("green")
    start = start.with_player(replace(green, hand=green.hand + (name,)))
    start = result_of(play_card(start, "green", name))
    state = {"game": start}
    cover = _classed(widgets.Checkbox(value=True, description="cover a circle when a visit allows it"), "tt-seti-cover")
    buttons = {}
    for planet in ("Mercury", "Venus"):
        button = widgets.Button(description=f"Visit {planet}")
        button.add_class(f"tt-seti-visit-{planet.lower()}")
        buttons[planet] = button
    reset = _classed(widgets.Button(description="Start again"), "tt-seti-reset")
    circles = _classed(widgets.HTML(), "tt-seti-mission-state")
    log = _classed(widgets.HTML(), "tt-seti-mission-log")

    def show(text: str = "") -> None:
        game = state["game"]
        mission = game.missions[-1]
        card = game.card(name)
        marks = ", ".join(f"{trigger.event.split(':')[1]}: {'covered' if done else 'open'}"
                          for trigger, done in zip(card.triggers, mission.covered))
        circles.value = (f"{marks} · {'complete' if mission.completed else 'not complete'} · green publicity "
                         f"{game.player('green').publicity}")
        log.value = html.escape(text)

    def visit(planet: str) -> None:
        answers = {} if cover.value else {"circle": [None]}
        steps = run(report_event(state["game"], "green", f"visit:{planet}", Decisions(answers)))
        state["game"] = steps.result
        show(steps[-1].text)

    buttons["Mercury"].on_click(lambda _: visit("Mercury"))
    buttons["Venus"].on_click(lambda _: visit("Venus"))

    def restart(_) -> None:
        state["game"] = start
        show("Mariner 10 is back in play with both circles open.")

    reset.on_click(restart)
    show("Green played Mariner 10 with a probe already at Mercury: nothing happens until a new visit.")
    box = widgets.VBox([widgets.HBox([buttons["Mercury"], buttons["Venus"], reset]), cover, circles, log])
    box.buttons, box.cover, box.reset, box.circles, box.message = buttons, cover, reset, circles, log
    return box


def _action_label(option) -> str:
    choice = option.choice
    name = type(choice).__name__
    if name == "PlayCard":
        return f"play {choice.card}"
    if name == "Orbit":
        return f"orbit with probe {choice.probe}"
    if name == "Land":
        return f"land probe {choice.probe}" + (f" on {choice.moon}" if choice.moon else "")
    if name == "Scan":
        return "scan: Earth's sector" + (f" + row card for sector {choice.steps[1].sector}" if len(choice.steps) > 1 else "")
    return {"Research": "research a tech", "Launch": "launch a probe", "Analyze": "analyze data", "Pass": "pass"}[name]


def play_explorer(players: tuple[str, ...] = ("green", "orange"), seed: int = 0) -> widgets.VBox:
    """Play a SETI game by choosing each turn's main action among the legal ones (other choices take
    the first legal option); every refused action is listed with its rule, the table updates in place."""
    from ..seti import final_scoring, take_turn
    from ..seti.turns import legal_main_actions

    start = new_game(players, seed=seed)
    state = {"game": start}
    status = _classed(widgets.HTML(), "tt-seti-turn-status")
    picker = _classed(widgets.Dropdown(description="main action", style={"description_width": "90px"},
                                       layout=widgets.Layout(width="480px")), "tt-seti-action")
    take = _classed(widgets.Button(description="Take this turn", button_style="primary"), "tt-seti-take-turn")
    restart = _classed(widgets.Button(description="Start again"), "tt-seti-restart")
    refused = _classed(widgets.HTML(), "tt-seti-refused")
    log = _classed(widgets.HTML(), "tt-seti-turn-log")
    table = _classed(widgets.HTML(), "tt-seti-table")

    def show(text: str = "") -> None:
        game = state["game"]
        log.value = text
        table.value = game._repr_html_()
        if game.over:
            result = run(final_scoring(game)).result
            status.value = f"<b>Game over.</b> Totals: {html.escape(str(result.totals))}; winner(s): {', '.join(result.winners)}"
            picker.options, take.disabled, refused.value = [], True, ""
            return
        options = legal_main_actions(game)
        status.value = f"<b>Round {game.round}: {html.escape(game.active_colour)} to play.</b>"
        picker.options = [(_action_label(o), index) for index, o in enumerate(options) if o.legal]
        picker.value = picker.options[0][1]
        take.disabled = False
        refused.value = "Not possible now: " + "; ".join(
            f"{html.escape(_action_label(o))} — {html.escape(o.reason)} <code>{o.rule}</code>" for o in options if not o.legal)

    def play_turn(_=None) -> None:
        game = state["game"]
        choice = legal_main_actions(game)[picker.value].choice
        try:
            steps = run(take_turn(game, choice))
        except RulesError as refusal:
            log.value = f"<b>Refused:</b> {html.escape(str(refusal))}"
            return
        state["game"] = steps.result
        items = "".join(f"<li><b>{html.escape(s.title)}</b>: {html.escape(s.text)}</li>" for s in steps)
        show(f"<ol>{items}</ol>")

    def again(_=None) -> None:
        state["game"] = start
        show()

    take.on_click(play_turn)
    restart.on_click(again)
    show()
    box = widgets.VBox([status, widgets.HBox([picker, take, restart]), refused, log, table])
    box.status, box.picker, box.take, box.restart, box.refused, box.turn_log, box.table = (
        status, picker, take, restart, refused, log, table)
    box.game = lambda: state["game"]
    return box
