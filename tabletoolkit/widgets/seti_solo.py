"""Play SETI solo against the rival: your actions from a menu, the rival's turns stepped with reasons.

A thin view over ``tabletoolkit.seti.solo``. Your turn (回合结构): free actions at any time, one main
action, more free actions, then "End turn" (passing is a main action that ends your turn at once); the
rival's turns follow until it is your turn again. Test hooks (CSS classes): ``tt-solo-stars``,
``tt-solo-seed``, ``tt-solo-new`` (a new game), ``tt-solo-action`` (your legal main actions),
``tt-solo-play``, ``tt-solo-end`` (end your turn, once your main action is taken), ``tt-solo-turn``
(where you are in your turn), ``tt-solo-mark-on`` (which objective a trigger marks when several fit, S-F25),
``tt-solo-free`` and ``tt-solo-free-do`` (free actions: conversions, card corners, buying a card, placing
data, completing a mission, moving a probe, a scan's telescope steps), ``tt-solo-choice`` and
``tt-solo-choice-do`` (standing choices: holding or releasing a mission circle, the gold tile to mark
next), ``tt-solo-prev``, ``tt-solo-next``
(step through what happened), ``tt-solo-step-title``, ``tt-solo-step-text``, ``tt-solo-log`` (everything
since your last action), ``tt-solo-score``, ``tt-solo-objectives``, ``tt-solo-rival-board``,
``tt-solo-board``, ``tt-solo-cards`` (your hand, missions in front of you, tucked cards), ``tt-solo-refused`` (your refused actions with their reasons).
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..engine import Rng, run
from ..seti.solo import YOU, free_action, free_options, play_your_action, proceed, setup_solo, your_options
from ..seti.solo.state import owed_words
from ..seti.solo.you import STANDING_KINDS

LABELLED = {"description_width": "initial"}
MENU_WIDTH = "46em"  # wide enough to read an option and what it does


class SoloPlay(widgets.VBox):
    """A solo game you play from the notebook; everything updates in place."""

    def __init__(self, stars: int = 4, seed: int = 0):
        self.stars = widgets.Dropdown(options=[(f"{n}★", n) for n in range(1, 6)], value=stars,
                                      description="Difficulty", style=LABELLED)
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**6, description="Seed", style=LABELLED)
        self.new_button = widgets.Button(description="New game")
        self.action = widgets.Dropdown(description="Your action", style=LABELLED, layout=widgets.Layout(width=MENU_WIDTH))
        self.play_button = widgets.Button(description="Play it", button_style="primary")
        self.end_button = widgets.Button(description="End turn", button_style="warning")
        self.turn = widgets.HTML()
        self.mark_on = widgets.Dropdown(description="Mark tasks first on", style=LABELLED, layout=widgets.Layout(width=MENU_WIDTH))
        self.free = widgets.Dropdown(description="Free action", style=LABELLED, layout=widgets.Layout(width=MENU_WIDTH))
        self.free_button = widgets.Button(description="Do it")
        self.choice = widgets.Dropdown(description="Your standing choices", style=LABELLED, layout=widgets.Layout(width=MENU_WIDTH))
        self.choice_button = widgets.Button(description="Set it")
        self.prev_button = widgets.Button(description="◀ Earlier step")
        self.next_button = widgets.Button(description="Later step ▶")
        self.step_title = widgets.HTML()
        self.step_text = widgets.HTML()
        self.turn_log = widgets.HTML()
        self.score = widgets.HTML()
        self.objectives = widgets.HTML()
        self.cards = widgets.HTML()
        self.rival_board = widgets.HTML()
        self.board = widgets.HTML()
        self.refused = widgets.HTML()
        for widget, css in ((self.stars, "tt-solo-stars"), (self.seed, "tt-solo-seed"), (self.new_button, "tt-solo-new"),
                            (self.action, "tt-solo-action"), (self.play_button, "tt-solo-play"),
                            (self.end_button, "tt-solo-end"), (self.turn, "tt-solo-turn"),
                            (self.mark_on, "tt-solo-mark-on"), (self.free, "tt-solo-free"),
                            (self.free_button, "tt-solo-free-do"), (self.choice, "tt-solo-choice"),
                            (self.choice_button, "tt-solo-choice-do"), (self.prev_button, "tt-solo-prev"),
                            (self.next_button, "tt-solo-next"), (self.step_title, "tt-solo-step-title"),
                            (self.step_text, "tt-solo-step-text"), (self.turn_log, "tt-solo-log"), (self.score, "tt-solo-score"),
                            (self.objectives, "tt-solo-objectives"), (self.cards, "tt-solo-cards"), (self.rival_board, "tt-solo-rival-board"),
                            (self.board, "tt-solo-board"), (self.refused, "tt-solo-refused")):
            widget.add_class(css)
        self.new_button.on_click(lambda _: self.new_game(self.stars.value, self.seed.value))
        self.play_button.on_click(lambda _: self.play(self.action.value))
        self.end_button.on_click(lambda _: self.end_turn())
        self.free_button.on_click(lambda _: self.do_free(self.free.value))
        self.choice_button.on_click(lambda _: self.do_free(self.choice.value))
        self.prev_button.on_click(lambda _: self.show(self.shown - 1))
        self.next_button.on_click(lambda _: self.show(self.shown + 1))
        super().__init__([
            widgets.HBox([self.stars, self.seed, self.new_button]), self.score,
            self.turn, widgets.HBox([self.action, self.play_button, self.end_button]), self.mark_on,
            widgets.HBox([self.free, self.free_button]), widgets.HBox([self.choice, self.choice_button]),
            widgets.HBox([self.prev_button, self.next_button]), self.step_title, self.step_text, self.turn_log,
            self.rival_board, self.objectives, self.cards, self.board, self.refused,
        ])
        self.add_class("tt-solo")
        self.new_game(stars, seed)

    def new_game(self, stars: int, seed: int) -> None:
        """Set up a new game (the rival plays first if it is the start player)."""
        self.rng = Rng(seed)
        opening = run(setup_solo(stars, seed))
        start = run(proceed(opening.result, self.rng))
        self.game = start.result
        self.steps = list(opening.steps) + list(start.steps)
        self.since = 0
        self.shown = 0
        self._refresh()

    def play(self, action: str) -> None:
        """Play your action (a main action, a free action or ``end``); once your turn is over (you passed
        or ended it) the rival's turns follow; the step view jumps to your action."""
        if self.game.over or not action:
            return
        played = run(play_your_action(self.game, action, self.rng, prefer=self.mark_on.value))
        self._add(played)

    def end_turn(self) -> None:
        """End your turn after your main action and free actions; the rival's turns follow. Nothing
        happens while ending is not legal (the button is disabled then)."""
        if not self.end_button.disabled:
            self.play("end")

    def do_free(self, action: str) -> None:
        """A free action before or after your main action: a conversion, a card's corner, buying a card,
        placing data, completing a mission (its task marked on the objective chosen in "Mark tasks first
        on"), moving a probe one space, holding a mission circle for a later trigger or releasing it."""
        if self.game.over or not action:
            return
        self._add(run(free_action(self.game, action, self.rng, choose=self.mark_on.value)))

    def _add(self, played) -> None:
        self.since = len(self.steps)
        self.steps.extend(played.steps)
        self.game = played.result
        self.shown = self.since
        self._refresh()

    def show(self, index: int) -> None:
        self.shown = max(0, min(index, len(self.steps) - 1))
        self._show_step()

    def _show_step(self) -> None:
        step = self.steps[self.shown]
        self.step_title.value = (f"<b>Step {self.shown + 1} of {len(self.steps)}: {html.escape(step.title)}</b> "
                                 f"<small>({html.escape(step.section)})</small>")
        self.step_text.value = html.escape(step.text)
        self.prev_button.disabled = self.shown == 0
        self.next_button.disabled = self.shown == len(self.steps) - 1

    def _refresh(self) -> None:
        game = self.game
        options = your_options(game)
        yours = not game.over and game.to_move == YOU
        legal = [(labelled(o), o.action) for o in options if o.legal and o.action != "end"] if yours else []
        self.action.options = legal
        self.action.value = legal[0][1] if legal else None
        self.action.disabled = self.play_button.disabled = not legal
        self.end_button.disabled = not (yours and any(o.action == "end" and o.legal for o in options))
        self.turn.value = turn_status(game)
        self.mark_on.options = [("the first objective that fits", None)] + [
            (objective.describe(), objective.tile.id) for objective in game.objectives.face_up]
        self.mark_on.value = None
        free = free_options(game)
        for dropdown, button, standing in ((self.free, self.free_button, False), (self.choice, self.choice_button, True)):
            dropdown.options = [(labelled(o), o.action) for o in free
                                if o.legal and (o.action.partition(":")[0] in STANDING_KINDS) == standing] if yours else []
            dropdown.value = dropdown.options[0][1] if dropdown.options else None
            dropdown.disabled = button.disabled = not dropdown.options
        status = "Game over" if game.over else f"Round {game.round}"
        self.score.value = f"<b>{status}</b> · You {game.you.score} VP · Rival {game.rival.score} VP"
        if game.over:
            self.score.value += " · " + html.escape(self.steps[-1].text.split(". ")[-1])
        items = "".join(f"<li><b>{html.escape(s.title)}</b>: {html.escape(s.text)}</li>" for s in self.steps[self.since:])
        self.turn_log.value = f"<details open><summary>What happened since your last action</summary><ol>{items}</ol></details>"
        self.objectives.value = game.objectives._repr_html_() if game.objectives.face_up or game.objectives.stack else (
            "<i>No objectives at this difficulty.</i>")
        self.cards.value = your_cards_html(game)
        self.rival_board.value = game.rival._repr_svg_()
        self.board.value = game._repr_html_()
        refused = [o for o in options + free if not o.legal]
        self.refused.value = "<details><summary>Refused actions and why</summary><ul>" + "".join(
            f"<li>{html.escape(str(o))}</li>" for o in refused) + "</ul></details>"
        self._show_step()


def labelled(option) -> str:
    """A menu entry: the action and, when it says more than "legal", what it does."""
    return f"{option.action} ({option.reason.removeprefix('legal: ')})" if option.reason != "legal" else option.action


def turn_status(game) -> str:
    """Where you are in your turn: a choice to make first (an end-of-round card, what a reward left you),
    your main action still to take, or taken (free actions, then end your turn), with this turn's unused
    free moves."""
    if game.over:
        return "<i>The game is over.</i>"
    if game.to_move != YOU:
        return "<i>The rival is playing.</i>"
    moves = (f" You have {game.free_moves} free move(s) left (move a probe, a free action); they lapse when your turn ends."
             if game.free_moves else "")
    if game.taking:
        return "<b>You passed:</b> choose a card of this round's end-of-round stack (Your action)."
    if game.owed:
        return (f"<b>Yours to choose first:</b> {html.escape(owed_words(game.owed[0]))}"
                + (f" ({len(game.owed) - 1} more choice(s) after it)" if len(game.owed) > 1 else "") + " (Your action).")
    if game.main_action is None:
        return ("<b>Your turn:</b> take your main action (passing is one, and ends your turn); free actions "
                "before and after it." + moves)
    return (f"<b>Your main action this turn is taken</b> ({html.escape(game.main_action)}): free actions if you "
            "like, then end your turn." + moves)


def your_cards_html(game) -> str:
    """Your hand, the missions and end-game cards in front of you (a triggered mission with its circles
    covered and the circles you hold for a later trigger, S-F19), and your tucked income cards."""
    supply = game.table.supply

    def named(card_id: str) -> str:
        card = supply.card(card_id)
        return f"{html.escape(card_id)} ({card.price} cr, {html.escape(card.kind)})"

    circles = {m.card: m.covered for m in game.missions}

    def covered(card_id: str) -> str:
        marks = circles.get(card_id, ())
        if not marks:
            return ""
        held = sorted(index + 1 for card, index in game.held
                      if card == card_id and index < len(marks) and not marks[index])
        kept = (f", circle{'s' if len(held) > 1 else ''} {', '.join(map(str, held))} held" if held else "")
        return f" circles {sum(marks)}/{len(marks)}{kept}"

    done = list(game.completed_missions)
    front = []
    for card_id in game.in_play:  # copies of one card: the completed ones first
        front.append(named(card_id) + covered(card_id) + (" ✔ completed" if card_id in done else ""))
        if card_id in done:
            done.remove(card_id)
    return (f"<div><b>Your hand:</b> {', '.join(named(c) for c in game.you.hand) or '–'}<br>"
            f"<b>In front of you:</b> {', '.join(front) or '–'}<br>"
            f"<b>Tucked for income:</b> {', '.join(html.escape(kind) for kind in game.you.tucked) or '–'}</div>")


def solo_play(stars: int = 4, seed: int = 0) -> SoloPlay:
    """The solo game widget: a difficulty (1-5 stars) and a seed for the set-up and every shuffle."""
    return SoloPlay(stars, seed)
