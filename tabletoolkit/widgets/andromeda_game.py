"""Views for the Andromeda's Edge game notebooks: final scoring, developments, the return turn, events.

Thin: each control calls the library and shows its answer as widget values with CSS-class hooks.
"""

from __future__ import annotations

import html
from dataclasses import replace
from typing import Callable

import ipywidgets as widgets

from ..andromeda.catalog import TRACKS, load_catalog
from ..andromeda.develop import development_vp
from ..andromeda.events import event_peek
from ..andromeda.goods import Goods
from ..andromeda.return_turn import activation_options
from ..andromeda.scoring import score_player
from ..andromeda.state import Game
from ..andromeda.variant import RULEBOOK
from ..engine import run


def _labelled(control: widgets.Widget, css: str) -> widgets.Widget:
    control.add_class(css)
    if getattr(control, "description", "") and hasattr(control.style, "description_width"):
        control.style.description_width = "initial"      # a label never truncates ("Activate …")
        if isinstance(control, widgets.Checkbox):
            control.layout.width = "auto"
    return control


def _verdict_words(verdict: str) -> str:
    """A phase's verdict for people: "✔ legal", or "✘" and the reason, its rule id only as a small detail."""
    if verdict == "legal":
        return "✔ legal"
    rule, _, reason = verdict.partition(": ")
    return f"✘ {html.escape(reason or rule)} <small style='color:#666'>({html.escape(rule)})</small>"


def _live(show: Callable[..., None], children: list[widgets.Widget], **parts: widgets.Widget) -> widgets.VBox:
    """A box of ``children`` that re-runs ``show`` whenever a control among ``parts`` changes; ``parts``
    become attributes of the box (the notebooks' and tests' handles)."""
    for control in parts.values():
        if isinstance(control, widgets.ValueWidget) and not isinstance(control, widgets.HTML):
            control.observe(show, names="value")
    show()
    box = widgets.VBox(children)
    for name, part in parts.items():
        setattr(box, name, part)
    return box


def scoring_explorer(game: Game, colour: str) -> widgets.VBox:
    """Final scoring of one player under the rulebook's rulings or their alternatives (A-F9, A-R9, A-R10).
    Hooks: ``tt-and-track-vp``, ``tt-and-dev-table``, ``tt-and-civ-reading`` (dropdowns),
    ``tt-and-score-chain`` (the running totals), ``tt-and-score-sheet`` (the table)."""
    track_vp = _labelled(widgets.Dropdown(options=[("board data (A-F9)", "board"), ("the text's value lists", "text")],
                                          value="board", description="Track VP"), "tt-and-track-vp")
    dev_table = _labelled(widgets.Dropdown(options=[("card backs (A-R9)", "card_back"), ("the text's ★1/★2/★4", "text")],
                                           value="card_back", description="Developments"), "tt-and-dev-table")
    civ = _labelled(widgets.Dropdown(options=[("ruling A-R10", "ruling"), ("literal line items", "literal")],
                                     value="ruling", description="Civ modules"), "tt-and-civ-reading")
    chain = _labelled(widgets.HTML(), "tt-and-score-chain")
    sheet_view = _labelled(widgets.HTML(), "tt-and-score-sheet")

    def show(_=None) -> None:
        variant = RULEBOOK.but(track_vp=track_vp.value, development_vp=dev_table.value, civilization_modules=civ.value)
        sheet = score_player(game, colour, variant=variant)
        chain.value = f"<b>{colour}</b>: " + " → ".join(str(v) for v in sheet.chain[:7]) + f" (final {sheet.total} VP)"
        sheet_view.value = sheet._repr_html_()

    return _live(show, [widgets.HBox([track_vp, dev_table, civ]), chain, sheet_view],
                 track_vp=track_vp, dev_table=dev_table, civ=civ, chain=chain, sheet=sheet_view)


def development_vp_explorer(game: Game, region: str, kind: str, neighbour: str, colour: str) -> widgets.VBox:
    """How a development's VP change with the leaders standing next to it (A-F8, capped at 10).
    Hooks: ``tt-and-leaders`` (slider: ``colour`` leaders on ``neighbour``), ``tt-and-dev-vp``."""
    start = game.region(neighbour).leaders[colour]
    slider = _labelled(widgets.IntSlider(value=start, min=0, max=9, description=f"{colour} on {neighbour}",
                                         style={"description_width": "initial"}), "tt-and-leaders")
    result = _labelled(widgets.HTML(), "tt-and-dev-vp")

    def show(_=None) -> None:
        where = game.region(neighbour)
        leaders = Goods.of({**where.leaders.as_dict(), colour: slider.value})
        score = development_vp(game.with_region(replace(where, leaders=leaders)), region, kind)
        result.value = f"A {kind} on {html.escape(region)} scores <b>{score.vp} VP</b>: {html.escape(score.explain())}"

    return _live(show, [slider, result], slider=slider, result=result)


def activation_explorer(game: Game, colour: str) -> widgets.VBox:
    """Which modules a given ship (or 1 energy) may activate at the start of a return turn.
    Hooks: ``tt-and-activator`` (dropdown), ``tt-and-activation-verdicts`` (one line per module)."""
    player = game.player(colour)
    choices = [f"{s.id} ({s.where.replace('region:', 'on ')})" for s in player.ships if s.where != "supply"] + ["1 energy"]
    values = [s.id for s in player.ships if s.where != "supply"] + ["energy"]
    picker = _labelled(widgets.Dropdown(options=list(zip(choices, values)), value=values[0], description="Activate with"),
                       "tt-and-activator")
    verdicts = _labelled(widgets.HTML(), "tt-and-activation-verdicts")

    def show(_=None) -> None:
        rows = "".join(f"<tr><td>{html.escape(name)}</td><td>{_verdict_words(verdict)}</td></tr>"
                       for name, verdict in activation_options(game, colour, picker.value).items())
        verdicts.value = f"<table class='tt-verdicts'><tr><th>module</th><th>verdict</th></tr>{rows}</table>"

    return _live(show, [picker, verdicts], picker=picker, verdicts=verdicts)


def event_peek_explorer(unseen: tuple[str, ...] | None = None) -> widgets.VBox:
    """The exact chance that the next event scores the track you want, with and without a nebula peek.
    Hooks: ``tt-and-peek-track`` (dropdown), ``tt-and-peek-odds`` (result)."""
    catalog = load_catalog()
    deck = tuple(unseen) if unseen is not None else tuple(card.name for card in catalog.events)
    picker = _labelled(widgets.Dropdown(options=list(TRACKS), value="supremacy", description="Wanted track"), "tt-and-peek-track")
    result = _labelled(widgets.HTML(), "tt-and-peek-odds")

    def show(_=None) -> None:
        order = [picker.value] + [t for t in TRACKS if t != picker.value]
        odds = run(event_peek(deck, order)).result
        after, before = odds["after"][picker.value], odds["before"][picker.value]
        result.value = (f"P(next event scores {picker.value}) with a peek = <b class='tt-fraction'>{after}</b> "
                        f"≈ {float(after):.3f}; without = {before} ≈ {float(before):.3f}")

    return _live(show, [picker, result], picker=picker, result=result)


def launch_explorer(game: Game, colour: str) -> widgets.VBox:
    """Where each ship in ``colour``'s launch bay may launch now, every region with its verdict.
    Hooks: ``tt-and-launch-ship`` (dropdown), ``tt-and-launch-verdicts`` (the table)."""
    from ..andromeda.table import launch_options

    names = {rid: name for name, rid in game.region_ids}
    bay = [s.id for s in game.player(colour).ships_at("bay")]
    picker = _labelled(widgets.Dropdown(options=bay, value=bay[0], description="Ship"), "tt-and-launch-ship")
    verdicts = _labelled(widgets.HTML(), "tt-and-launch-verdicts")

    def show(_=None) -> None:
        options = launch_options(game, colour, picker.value)
        legal = sorted(names[v.region] for v in options.verdicts if v.rule == "legal")
        refused = "".join(f"<tr><td>{html.escape(names[v.region])}</td><td>{html.escape(v.reason)} "
                          f"<small style='color:#666'>({html.escape(v.rule)})</small></td></tr>"
                          for v in options.verdicts if v.rule != "legal")
        verdicts.value = (f"<p><b>{picker.value}</b> may launch to {len(legal)} regions: {html.escape(', '.join(legal))}</p>"
                          f"<table class='tt-verdicts'><tr><th>refused</th><th>why (rule)</th></tr>{refused}</table>")

    return _live(show, [picker, verdicts], picker=picker, verdicts=verdicts)


def optional_rules_explorer(colours: tuple[str, ...] = ("yellow", "blue", "green", "purple"), seed: int = 2) -> widgets.VBox:
    """A seeded set-up with the optional rules switched on or off, walked through ``optional_rules``.
    Hooks: ``tt-and-special`` (dropdown: no special regions, Quasars, Vortices), ``tt-and-2v2`` (checkbox:
    teams of neighbours), ``tt-and-destiny`` (checkbox), ``tt-and-optional-steps`` (what each rule does here)."""
    from ..andromeda.optional import optional_rules
    from ..andromeda.setup import set_up
    from ..engine import Rng

    special = _labelled(widgets.Dropdown(options=[("no special regions", ""), ("2 Quasars", "quasar"), ("2 Vortices", "vortex")],
                                         value="", description="Special"), "tt-and-special")
    teams_box = _labelled(widgets.Checkbox(value=False, description="2v2 teams"), "tt-and-2v2")
    destiny_box = _labelled(widgets.Checkbox(value=False, description="destiny cards"), "tt-and-destiny")
    steps = _labelled(widgets.HTML(), "tt-and-optional-steps")

    def show(_=None) -> None:
        teams = ({c: ("sun", "sun", "sea", "sea")[i] for i, c in enumerate(colours)} if teams_box.value and len(colours) == 4
                 else None)
        game = run(set_up(colours, Rng(seed), special=special.value or None, teams=teams,
                          destiny={c: 0 for c in colours} if destiny_box.value else None)).result
        tour = run(optional_rules(game, teams=teams))
        rows = "".join(f"<tr><td><b>{html.escape(step.title)}</b></td><td>{html.escape(step.text)}</td></tr>"
                       for step in tour.steps)
        steps.value = f"<p>{html.escape(game.active)} starts.</p><table class='tt-verdicts'>{rows}</table>"

    return _live(show, [widgets.HBox([special, teams_box, destiny_box]), steps],
                 special=special, teams=teams_box, destiny=destiny_box, steps=steps)


def variant_table(players: int = 2, seed: int = 7, seats: dict | None = None, names: tuple[str, ...] = (),
                  css: str = "tt-table-variant") -> widgets.VBox:
    """Change a rule, then play: the variant controls (``widgets.exercise``) over ``names`` and a table of a new
    seeded game under the chosen variant; every accepted change starts that game again under the new rules.
    ``.controls`` and ``.table`` are the parts (``.table`` is replaced on a change). Hooks: the variant controls'
    ``tt-variant-…`` classes and the table's ``tt-table-…`` classes with ``css``."""
    from .. import new_game
    from .exercise import variant_controls
    from .table import table

    box = widgets.VBox()

    def start(variant) -> None:
        box.table = table(new_game("andromeda", players=players, seed=seed, variant=variant), seats, css=css)
        box.children = (box.controls, box.table)

    box.controls = variant_controls(RULEBOOK, on_change=start, names=names or None)
    start(RULEBOOK)
    return box


def placement_explorer(game: Game, letter: str, names: tuple[str, ...] = ("s_class_for_named_class", "fallback_nebula")) -> widgets.VBox:
    """Where the pirate an event names would land on ``game``'s board, every region with its exact chance
    (fraction and percent), under the pirate-placement constants chosen in the variant controls (the rulebook's
    to start with).
    ``.controls``, ``.result``; hooks ``tt-and-placement`` (the result) and the controls' ``tt-variant-…``."""
    from ..andromeda.pirates import NOT_PLACED, arrival, placement_odds
    from ..andromeda.placing import _ids, pirate_cards, pirate_pieces
    from ..engine.numbers import probability_text
    from .exercise import rule_explorer

    catalog = load_catalog()
    card = pirate_cards(catalog)[letter]
    board, pieces = pirate_pieces(game, catalog)
    supply = max(0, catalog.limits["s_class_figures"] - sum(1 for c, _ in game.pirates if c == "S"))
    region_names = {rid: name for name, rid in _ids(game).items()}
    result = _labelled(widgets.HTML(), "tt-and-placement")

    def show(variant) -> None:
        who = arrival(board, pieces, card, s_supply=supply, variant=variant)
        odds = placement_odds(board, pieces, card, s_supply=supply, variant=variant)
        rows = "".join(f"<tr><td>{html.escape('stays on its card' if rid == NOT_PLACED else region_names.get(rid, rid))}</td>"
                       f"<td>{probability_text(p)}</td></tr>" for rid, p in odds.items())
        result.value = (f"<p><b>{html.escape(who.reason)}</b>: {who.figures} figure(s) of class {html.escape(who.pirate_class)}.</p>"
                        f"<table class='tt-verdicts'><tr><th>lands in</th><th>chance</th></tr>{rows}</table>")

    return rule_explorer(RULEBOOK, names, show, result, "Change a pirate-placement rule")


def development_rules_explorer(game: Game, region: str, kind: str, colour: str,
                               names: tuple[str, ...] = ("development_vp_cap", "development_vp")) -> widgets.VBox:
    """Change a development rule and see what a development is worth: the VP ``colour``'s ``kind`` on
    ``region`` scores when built (the cap of A-F8), and every development's end-game VP by level (A-R9),
    both under the constants chosen in the variant controls.
    ``.controls``, ``.result``; hooks ``tt-and-dev-rules`` (the result) and the controls' ``tt-variant-…``."""
    from ..andromeda.scoring import development_end_vp
    from .exercise import rule_explorer

    kinds = sorted(load_catalog().development_vp)
    result = _labelled(widgets.HTML(), "tt-and-dev-rules")

    def show(variant) -> None:
        built = development_vp(game, region, kind, variant=variant)
        rows = "".join(f"<tr><td>{html.escape(k)}</td>"
                       + "".join(f"<td>{development_end_vp(k, level, variant=variant)}</td>" for level in (1, 2, 3))
                       + "</tr>" for k in kinds)
        result.value = (f"<p>{html.escape(colour)}'s {html.escape(kind)} on {html.escape(region)} scores "
                        f"<b class='tt-and-dev-built'>{built.vp} VP</b> when built: {html.escape(built.explain())}</p>"
                        f"<p>At the end of the game a {html.escape(kind)} at level 3 scores "
                        f"<b class='tt-and-dev-end'>{development_end_vp(kind, 3, variant=variant)} VP</b>; every "
                        "development by the highest development level its owner reached:</p>"
                        "<table class='tt-verdicts'><tr><th>development</th><th>level 1</th><th>level 2</th>"
                        f"<th>level 3</th></tr>{rows}</table>")

    return rule_explorer(RULEBOOK, names, show, result, "Change a development rule")


DAMAGED_STEP = "3 damaged modules"  # the final-scoring step that charges damaged modules


def scoring_rules_explorer(game: Game, colour: str, names: tuple[str, ...] = ("damaged_module_penalty",),
                           repaired: Game | None = None) -> widgets.VBox:
    """Change a final-scoring rule and see ``colour``'s final score follow: the running total and the score
    sheet under the constants chosen in the variant controls. With ``repaired`` (the same game after a repair),
    instead what that repair is worth in final scoring under the rule (the damaged-modules step before and after).
    ``.controls``, ``.result``; hooks ``tt-and-scoring-rules`` (the result) and the controls' ``tt-variant-…``."""
    from .exercise import rule_explorer

    result = _labelled(widgets.HTML(), "tt-and-scoring-rules")

    def show(variant) -> None:
        sheet = score_player(game, colour, variant=variant)
        if repaired is None:
            result.value = (f"<p><b>{html.escape(colour)}</b> scores <b class='tt-and-final'>{sheet.total} VP</b> at the "
                            "end: " + " → ".join(str(v) for v in sheet.chain) + "</p>" + sheet._repr_html_())
            return
        damaged, fixed = (next(line for line in score_player(g, colour, variant=variant).lines if line.step == DAMAGED_STEP)
                          for g in (game, repaired))
        result.value = (f"<p>As {html.escape(colour)}'s station stands, final scoring takes <b>{-damaged.delta} VP</b> for "
                        f"its damaged modules ({html.escape(damaged.detail)}); after the repair it takes {-fixed.delta} VP. "
                        f"The repair is worth <b class='tt-and-repair-worth'>{fixed.delta - damaged.delta} VP</b> at the end "
                        "of the game.</p>")

    return rule_explorer(RULEBOOK, names, show, result, "Change a scoring rule")
