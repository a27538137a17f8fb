"""Views over the SETI game phases: gold tiles explored, milestones for a score change, the Mariner 10
mission driven by visits, and a whole game's option picked by its words. Every
number comes from ``tabletoolkit.seti``."""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import replace

import ipywidgets as widgets

from ..engine.errors import InvalidInput
from ..engine.steps import result_of, run
from ..seti import Decisions, new_game
from ..seti.milestones import crossed
from ..seti.missions import play_card, report_event
from ..seti.scoring import gold_lines, with_holdings
from ..seti.variant import RULEBOOK, SetiVariant
from .exercise import rule_explorer, shown_controls

ORDINALS = ("1st", "2nd", "3rd", "4th")
RIVALS = ("orange", "blue", "purple")
WIDE = widgets.Layout(width="auto")  # a button as wide as its words: labels never cut off


def _classed(widget: widgets.Widget, css: str) -> widgets.Widget:
    """``widget`` with the CSS class the browser tests find it by."""
    widget.add_class(css)
    return widget


def gold_tile_explorer() -> widgets.VBox:
    """Sliders for what green holds, a side and a chooser position per tile: each tile's VP, explained.
    ``.set_variant(variant)`` scores under other rules (``gold_rules_explorer`` puts the controls above)."""
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
                                          description=f"{tile.id} {tile.name}", style={"description_width": "initial"})
        sides[tile.id].add_class(f"tt-seti-side-{tile.id}")
        positions[tile.id] = widgets.Dropdown(options=[(f"{o} to mark it", n) for n, o in enumerate(ORDINALS)], value=0)
        positions[tile.id].add_class(f"tt-seti-position-{tile.id}")
    result = _classed(widgets.HTML(), "tt-seti-gold-result")
    rules = {"variant": game.variant}

    def show(_=None) -> None:
        v = {label: slider.value for label, slider in sliders.items()}
        held = with_holdings(
            replace(game, variant=rules["variant"]), "green",
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

    def set_variant(variant: SetiVariant) -> None:
        rules["variant"] = variant
        show()

    box.set_variant = set_variant
    return box


def milestone_explorer(players: int = 2, before: int = 18, after: int = 27) -> widgets.VBox:
    """Score before and after a turn: which gold and neutral milestones that turn triggers.
    ``.set_variant(variant)`` deals the game under other rules (``milestone_rules_explorer`` puts the controls
    above)."""
    dealt = {"game": new_game(("green",) + RIVALS[:players - 1], seed=0)}
    before_slider = widgets.IntSlider(value=before, min=0, max=140, description="score before", style={"description_width": "initial"})
    after_slider = widgets.IntSlider(value=after, min=0, max=140, description="score after", style={"description_width": "initial"})
    before_slider.add_class("tt-seti-score-before")
    after_slider.add_class("tt-seti-score-after")
    result = _classed(widgets.HTML(), "tt-seti-milestones")

    def show(_=None) -> None:
        game = dealt["game"]
        board = replace(game.player("green"), milestone_score=before_slider.value, score=after_slider.value)
        state = game.with_player(board)
        gold = crossed(state, 0, state.variant.gold_milestones)
        neutral = crossed(state, 0, state.variant.neutral_milestones)
        markers = dict(state.neutral)
        parts = [f"gold: {', '.join(map(str, gold))} — mark {len(gold)} gold tile(s)" if gold else "gold: none"]
        parts.append("neutral: " + (", ".join(f"{t} ({markers[t]} neutral marker(s) there)" for t in neutral)
                                    if neutral else "none"))
        if after_slider.value > 100 and before_slider.value >= max(state.variant.gold_milestones):
            parts.append("above 100 the milestones do not trigger again (S-F20)")
        result.value = "<br>".join(html.escape(part) for part in parts)

    before_slider.observe(show, names="value")
    after_slider.observe(show, names="value")
    show()
    box = widgets.VBox([before_slider, after_slider, result])
    box.before, box.after, box.result = before_slider, after_slider, result

    def set_variant(variant: SetiVariant) -> None:
        dealt["game"] = new_game(("green",) + RIVALS[:players - 1], seed=0, variant=variant)
        show()

    box.set_variant = set_variant
    return box


def mariner_explorer() -> widgets.VBox:
    """Green has just played Mariner 10: visit Mercury or Venus, covering a circle or leaving it."""
    name = "Mariner 10 Mission"
    start = new_game(("green", "orange"), seed=0)
    green = start.player("green")
    start = start.with_player(replace(green, hand=green.hand + (name,)))
    start = result_of(play_card(start, "green", name))
    state = {"game": start}
    cover = _classed(widgets.Checkbox(value=True, description="cover a circle when a visit allows it", indent=False,
                                      layout=widgets.Layout(width="auto")), "tt-seti-cover")
    buttons = {}
    for planet in ("Mercury", "Venus"):
        button = widgets.Button(description=f"Visit {planet}", layout=WIDE)
        button.add_class(f"tt-seti-visit-{planet.lower()}")
        buttons[planet] = button
    reset = _classed(widgets.Button(description="Start again", layout=WIDE), "tt-seti-reset")
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


def choice_named(game, words: str):
    """The choice of ``game``'s legal option that reads ``words`` (or the one legal option starting with
    them), so a notebook can play a whole game's turn as a person reads it; bad words are refused with the
    options that were legal."""
    legal = game.options().legal
    exact = [option for option in legal if option.text == words]
    found = exact or [option for option in legal if option.text.startswith(words)]
    if len(found) != 1:
        near = [option.text for option in legal]
        raise InvalidInput("words", words, f"{'no' if not found else 'more than one'} legal option reads so; legal now: {near}")
    return found[0].choice


def milestone_rules_explorer(players: int = 2, before: int = 18, after: int = 27,
                             names: tuple[str, ...] = ("gold_milestones", "neutral_milestones", "all_thresholds_trigger")
                             ) -> widgets.VBox:
    """Change a milestone rule: the milestone explorer (``milestone_explorer``) on a game dealt under the chosen
    constants. ``.controls`` and the explorer's ``.before``, ``.after``, ``.result``."""
    box = widgets.VBox()
    box.add_class("tt-seti-milestone-rules")
    explorer = milestone_explorer(players, before, after)
    box.before, box.after, box.result = explorer.before, explorer.after, explorer.result
    box.controls = shown_controls(RULEBOOK, names, explorer.set_variant, "Change a milestone rule")
    box.children = (box.controls, explorer)
    return box


def gold_rules_explorer(names: tuple[str, ...] = ("fourth_gold_chooser",),
                        marked: Mapping[str, int] | None = None) -> widgets.VBox:
    """Change a gold-tile rule: the gold tile explorer (``gold_tile_explorer``) scoring under the chosen constants,
    with green marking each tile in ``marked`` at that position (0 = first, 3 = fourth).
    ``.controls`` and the explorer's parts (``.sliders``, ``.sides``, ``.positions``, ``.result``)."""
    box = widgets.VBox()
    box.add_class("tt-seti-gold-rules")
    explorer = gold_tile_explorer()
    for tile, position in (marked or {}).items():
        explorer.positions[tile].value = position
    box.sliders, box.sides, box.positions, box.result = explorer.sliders, explorer.sides, explorer.positions, explorer.result
    box.controls = shown_controls(RULEBOOK, names, explorer.set_variant, "Change a gold-tile rule")
    box.children = (box.controls, explorer)
    return box


def push_rules_explorer(sky, mission: int = 0, rotations: int = 2) -> widgets.VBox:
    """Change the push reading (``push_is_visit``): ``rotations`` rotations of ``sky`` under the chosen constant,
    then what is owed is settled; whether the pushed probe's visit fires mission ``mission`` (its circles and
    its owner's score). ``.controls``, ``.result``; hooks ``tt-seti-push-result`` and the controls' ``tt-variant-…``."""
    from ..seti.game import advance_rotation
    from ..seti.turns import settle_pending

    result = _classed(widgets.HTML(), "tt-seti-push-result")
    active = sky.players[sky.active].colour

    def show(variant) -> None:
        game = replace(sky, variant=variant)
        texts = []
        for _ in range(rotations):
            steps = run(advance_rotation(game))
            game = steps.result
            texts += [step.text for step in steps]
        owed = game.pending
        game = result_of(settle_pending(game, active, Decisions()))
        held = game.missions[mission]
        owner = held.owner
        circles = ", ".join("covered" if done else "open" for done in held.covered)
        pushes = [text for text in texts if "push" in text.lower()] or texts[-1:]
        result.value = (f"<p>{html.escape(' '.join(pushes))}</p><p>Owed after the rotations: "
                        f"{html.escape(', '.join(what for _, _, what in owed) or 'nothing')}.</p>"
                        f"<p><b>{html.escape(game.card(held.card).name)}</b>: circle(s) {circles} · "
                        f"<b class='tt-seti-push-verdict'>{'complete' if held.completed else 'not complete'}</b> · "
                        f"{html.escape(owner)} has {game.player(owner).score} VP.</p>")

    return rule_explorer(RULEBOOK, ("push_is_visit",), show, result, "Change a rule: is a push a visit?")


def probe_rules_explorer(state, colour: str,
                         names: tuple[str, ...] = ("orbit_credits", "orbit_energy", "first_orbiter_vp", "land_energy",
                                                   "land_energy_with_orbiter")) -> widgets.VBox:
    """Change an orbit or landing rule: ``colour``'s orbit and landing options on ``state`` (a ``Flight``), each
    with its cost and reward or the reason it is refused, under the chosen constants.
    ``.controls``, ``.result``; hooks ``tt-seti-probe-options`` and the controls' ``tt-variant-…``."""
    from ..seti.probes import land_probe, landing_options, orbit_options, orbit_planet

    result = _classed(widgets.HTML(), "tt-seti-probe-options")
    carry_out = {"orbit": orbit_planet, "land": land_probe}

    def row(flight, option) -> str:
        where = f"{option.target} (moon of {option.planet})" if option.planet else str(option.target)
        if not option.legal:
            return (f"<tr><td>{html.escape(option.action)} {html.escape(where)}</td><td colspan='2'>refused: "
                    f"{html.escape(option.reason)} <small style='color:#666'>({html.escape(option.rule or '')})</small>"
                    "</td></tr>")
        cost = ", ".join(f"{amount} {kind.rstrip('s') if amount == 1 else kind}"
                         for kind, amount in option.cost.items() if amount) or "nothing"
        after = result_of(carry_out[option.action](flight, option.probe))
        gained = after.player(colour).score - flight.player(colour).score
        return (f"<tr><td>{html.escape(option.action)} {html.escape(where)}</td><td>{html.escape(cost)}</td>"
                f"<td><b>{gained} VP</b></td></tr>")

    def show(variant) -> None:
        flight = replace(state, variant=variant)
        rows = "".join(row(flight, option) for option in orbit_options(flight, colour) + landing_options(flight, colour))
        result.value = (f"<table class='tt-verdicts'><tr><th>{html.escape(colour)} may</th><th>paying</th>"
                        f"<th>and scores</th></tr>{rows}</table>")

    return rule_explorer(state.variant, names, show, result, "Change an orbit or landing rule")
