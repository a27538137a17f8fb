"""The table: play any whole game on the game contract in a notebook, people and bots at one table.

A thin view over the contract and nothing else (``to_move``, ``options()``, ``chance()``, ``apply``,
``steps``, ``outcome()``, the policies): it knows no particular game, decides no rule, and every text it
shows about the game comes from the library's objects. Chance is drawn from a seeded ``Rng(game.seed)``
the table keeps, so the same clicks give the same game (and a table of bots draws what ``tt.play``
draws).

Hooks (CSS classes) for the browser tests: ``tt-table`` (the box), ``tt-table-title``, ``tt-table-seats``,
``tt-table-picture``, ``tt-table-mover``, ``tt-table-where``, ``tt-table-message``, ``tt-table-options``,
``tt-table-group`` (a group's heading), ``tt-table-option`` (each legal option's button, also
``tt-table-option-<its words>``), ``tt-table-refused`` (refused options with their reasons),
``tt-table-odds`` (the exact odds at a chance event), ``tt-table-draw``, ``tt-table-auto-draw``,
``tt-table-bot``, ``tt-table-auto-bots``, ``tt-table-bots-to-end``, ``tt-table-ask``,
``tt-table-ask-which``, ``tt-table-suggestion``, ``tt-table-undo``, ``tt-table-redo``, ``tt-table-time``
(the slider over the states played), ``tt-table-log``, ``tt-table-outcome``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from ..engine import policies as _policies
from ..engine.errors import InvalidInput, RulesError
from ..engine.game import CHANCE, Game, game_info
from ..engine.numbers import percent_text, probability_text
from ..engine.play import Move, Playthrough
from ..engine.rng import Rng

PERSON = "person"
POLICY_NAMES = ("random", "first_legal", "scripted")
BOT_WORDS = {"random": "random bot", "first_legal": "first-option bot", "scripted": "scripted bot"}  # menu words
MAX_MOVES = 20_000  # a bound on one press of "Play bots to the end", as ``tt.play`` has
LOG_MOVES = 12  # the log shows at most this many of the latest moves
# The suggestion line's words while no bot has been asked: the line keeps its place on screen (an empty HTML
# widget is drawn with no height, so the place where a suggestion appears would not be seen, nor found)
NO_SUGGESTION = ("<small class='tt-table-no-suggestion' style='color:#888'>"
                 "Ask a bot: its suggestion for the person to move appears here (nothing is played).</small>")


def _css(words: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", words.lower()).strip("-")
    return slug[:48].rstrip("-") or "option"


def picture_html(game: Any) -> str:
    """The game's picture: its ``_repr_svg_`` if it has one, else its ``_repr_html_``, else its repr."""
    for method in ("_repr_svg_", "_repr_html_"):
        render = getattr(game, method, None)
        shown = render() if render is not None else None
        if shown:
            return shown
    return f"<pre>{html.escape(repr(game))}</pre>"


def _policy_name(policy: Callable[[Game], Any]) -> str:
    """A bot's name as people read it: ``steady_captain`` → ``steady captain``, ``random(3)`` → ``random, seed 3``."""
    name = getattr(policy, "__name__", None) or repr(policy)
    return re.sub(r"^random\((\d+)\)$", r"random, seed \1", name).replace("_", " ")


class Table(widgets.VBox):
    """Play a whole game: the picture, who is to move, the options, the odds before a draw, the step log,
    undo and time travel, bots, and the outcome at the end (see the module docstring for the hooks).

    ``players`` maps a seat to ``"person"``, a policy name (``"random"``, ``"first_legal"``,
    ``"scripted"``) or a policy (any callable ``game -> choice``); a seat not named is a person.
    ``.game`` is the state on show, ``.history`` every state played so far (the start first),
    ``.position`` the index of the state on show and ``.playthrough`` the moves up to it.
    """

    def __init__(self, game: Game, players: Mapping[str, Any] | None = None, *, auto_draw: bool = False,
                 auto_bots: bool = False, css: str | None = None):
        if not isinstance(game, Game):
            raise InvalidInput("game", game, "the table plays a game made by tabletoolkit.new_game")
        self.start = game
        self.bots = self._resolve_players(game, players)
        self.rng = Rng(getattr(game, "seed", 0))
        self.moves: list[Move] = []
        self.position = 0
        self._log_from = 0
        self._moving = False

        self.title = widgets.HTML()
        self.seats_html = widgets.HTML()
        self.picture = widgets.HTML()
        self.mover = widgets.HTML()
        self.where = widgets.HTML()
        self.message = widgets.HTML()
        self.options_box = widgets.VBox()
        # The options are drawn anew at every state: their buttons, headings and rows share one layout and one
        # style each, so a state on show sends the browser one model per button rather than three.
        self._option_layout = widgets.Layout(width="auto")
        self._option_style = widgets.ButtonStyle()
        self._row_layout = widgets.Layout(flex_flow="row wrap")
        self._text_layout = widgets.Layout()
        self._text_style = HTMLStyle()
        self.option_buttons: list[tuple[Any, widgets.Button]] = []
        self.refused: list[widgets.HTML] = []
        self.odds = widgets.HTML()
        self.draw_button = widgets.Button(description="Draw", tooltip="Draw the chance event's outcome, with the odds shown")
        self.auto_draw = widgets.Checkbox(value=auto_draw, description="auto-draw chance events", indent=False,
                                          layout=widgets.Layout(width="auto"))
        self.bot_button = widgets.Button(description="Bot moves", tooltip="The bot whose turn it is makes its move")
        self.auto_bots = widgets.ToggleButton(value=auto_bots, description="auto-play bots",
                                              tooltip="Bots move by themselves when it is their turn")
        self.to_end_button = widgets.Button(description="Play bots to the end",
                                            tooltip="Bots move and chance is drawn until a person is to decide or the game ends")
        which = [(BOT_WORDS[name], name) for name in POLICY_NAMES if name != "scripted" or self._has_scripted()]
        self.ask_which = widgets.Dropdown(options=which, value=which[-1][1], layout=widgets.Layout(width="auto"),
                                          tooltip="Which bot to ask")
        self.ask_button = widgets.Button(description="Ask a bot", tooltip="What would this bot choose? (a suggestion only)")
        self.suggestion = widgets.HTML(NO_SUGGESTION)
        self.undo_button = widgets.Button(description="◀ Undo", tooltip="Back one state")
        self.redo_button = widgets.Button(description="Redo ▶", tooltip="Forward one state (as it was played)")
        self.time = widgets.IntSlider(value=0, min=0, max=0, description="State", continuous_update=False)
        self.log_html = widgets.HTML()
        self.outcome_html = widgets.HTML()
        for widget, name in ((self.title, "title"), (self.seats_html, "seats"), (self.picture, "picture"),
                             (self.mover, "mover"), (self.where, "where"), (self.message, "message"),
                             (self.options_box, "options"), (self.odds, "odds"), (self.draw_button, "draw"),
                             (self.auto_draw, "auto-draw"), (self.bot_button, "bot"), (self.auto_bots, "auto-bots"),
                             (self.to_end_button, "bots-to-end"), (self.ask_which, "ask-which"),
                             (self.ask_button, "ask"), (self.suggestion, "suggestion"), (self.undo_button, "undo"),
                             (self.redo_button, "redo"), (self.time, "time"), (self.log_html, "log"),
                             (self.outcome_html, "outcome")):
            widget.add_class(f"tt-table-{name}")

        self.draw_button.on_click(lambda _: self.draw())
        self.bot_button.on_click(lambda _: self.bot_move())
        self.to_end_button.on_click(lambda _: self.play_bots_to_end())
        self.ask_button.on_click(lambda _: self.ask_bot())
        self.undo_button.on_click(lambda _: self.undo())
        self.redo_button.on_click(lambda _: self.redo())
        self.time.observe(self._travelled, names="value")
        self.auto_draw.observe(lambda _: self._switched(), names="value")
        self.auto_bots.observe(lambda _: self._switched(), names="value")

        for button in (self.bot_button, self.auto_bots, self.to_end_button, self.ask_button):
            button.layout.width = "auto"
        chance_row = widgets.HBox([self.draw_button, self.auto_draw])
        bot_row = widgets.HBox([self.bot_button, self.auto_bots, self.to_end_button, self.ask_which, self.ask_button],
                               layout=widgets.Layout(flex_flow="row wrap"))
        time_row = widgets.HBox([self.undo_button, self.time, self.redo_button])
        super().__init__([self.title, self.seats_html, self.picture, self.mover, self.outcome_html, self.where,
                          self.message, self.options_box, self.odds, chance_row, bot_row, self.suggestion, time_row,
                          self.log_html])
        self.add_class("tt-table")
        if css:
            self.add_class(css)
        self._advance()
        self._show()

    # --- who plays ----------------------------------------------------------------------------------
    def _has_scripted(self) -> bool:
        try:
            return game_info(self.start.game_id).scripted is not None
        except InvalidInput:
            return False

    @staticmethod
    def _resolve_players(game: Game, players: Mapping[str, Any] | None) -> dict[str, Callable[[Game], Any]]:
        if players is None:
            players = {}
        if not isinstance(players, Mapping):
            raise InvalidInput("players", players, "a mapping of seat to 'person', a policy name or a policy")
        unknown = sorted(str(seat) for seat in set(players) - set(game.seats))
        if unknown:
            raise InvalidInput("players", unknown, f"no such seat; the seats are {', '.join(game.seats)}")
        bots: dict[str, Callable[[Game], Any]] = {}
        for index, seat in enumerate(game.seats):
            who = players.get(seat, PERSON)
            if who is None or who == PERSON:
                continue
            if isinstance(who, str):
                if who not in POLICY_NAMES:
                    raise InvalidInput(f"players[{seat!r}]", who,
                                       f"'person', a policy name ({', '.join(POLICY_NAMES)}) or a policy")
                bots[seat] = _named_policy(who, game, index)
            elif callable(who):
                bots[seat] = who
            else:
                raise InvalidInput(f"players[{seat!r}]", who, "'person', a policy name or a policy (a function of the game)")
        return bots

    def is_bot(self, seat: Any) -> bool:
        return seat in self.bots

    # --- what is on show ----------------------------------------------------------------------------
    @property
    def history(self) -> tuple[Game, ...]:
        """Every state played so far, the start first (after an undo, the future is still here until a new move)."""
        return (self.start,) + tuple(move.after for move in self.moves)

    @property
    def game(self) -> Game:
        """The state on show."""
        return self.history[self.position]

    @property
    def playthrough(self) -> Playthrough:
        """The moves from the start to the state on show."""
        return Playthrough(self.start, tuple(self.moves[:self.position]))

    # --- moving -------------------------------------------------------------------------------------
    def choose(self, choice: Any) -> None:
        """A person's choice (an option's ``choice``) for the seat to move; applied, then bots and draws follow
        as the switches say."""
        game = self.game
        if game.over or game.to_move is CHANCE or self.is_bot(game.to_move):
            self.message.value = self._note(f"This is not a person's decision. {self._mover_words(game)}")
            return
        if self._apply(choice):
            self._advance()
        self._show()

    def draw(self) -> None:
        """Draw the chance event's outcome from the table's seeded Rng (the odds were shown before)."""
        if self.game.over or self.game.to_move is not CHANCE:
            self.message.value = self._note("Nothing is drawn now.")
            return
        self._start_batch()
        if self._draw_once():
            self._advance()
        self._show()

    def bot_move(self) -> None:
        """The bot whose turn it is makes its move."""
        game = self.game
        if game.over or not self.is_bot(game.to_move):
            self.message.value = self._note("It is not a bot's turn.")
            return
        self._start_batch()
        if self._bot_once():
            self._advance()
        self._show()

    def play_bots_to_end(self) -> None:
        """Bots move and chance is drawn until a person is to decide or the game is over."""
        self._start_batch()
        for _ in range(MAX_MOVES):
            game = self.game
            if game.over:
                break
            if game.to_move is CHANCE:
                done = self._draw_once()
            elif self.is_bot(game.to_move):
                done = self._bot_once()
            else:
                break
            if not done:
                break
        self._show()

    def ask_bot(self, name: str | None = None) -> Any:
        """What a bot (``random``, ``first_legal`` or ``scripted``) would choose for the seat to move: shown as a
        suggestion, not played. Returns the choice (``None`` when there is nothing to suggest)."""
        game = self.game
        if game.over or game.to_move is CHANCE:
            self.suggestion.value = self._note("There is no decision to suggest. " + self._mover_words(game))
            return None
        name = name or self.ask_which.value
        try:
            policy = _named_policy(name, game, 0)
            choice = policy(game)
        except RulesError as error:
            self.suggestion.value = self._note(f"The {BOT_WORDS.get(name, name)} cannot suggest a move: {error}")
            return None
        option = game.options().get(choice)
        text = option.text if option is not None else str(choice)
        self.suggestion.value = (f"<span class='tt-table-suggested'>The {html.escape(BOT_WORDS.get(name, name))} would choose: "
                                 f"<b>{html.escape(text)}</b></span> <small>(a suggestion: nothing is played)</small>")
        return choice

    # --- time travel --------------------------------------------------------------------------------
    def go(self, position: int) -> None:
        """Show the state at ``position`` (0 is the start), clamped to the states played."""
        position = max(0, min(len(self.moves), int(position)))
        self.position = position
        self._log_from = max(0, position - 1)
        self.message.value = ""
        self.suggestion.value = NO_SUGGESTION
        self._show()

    def undo(self) -> None:
        """Back one state (exactly the state it was)."""
        self.go(self.position - 1)

    def redo(self) -> None:
        """Forward one state, as it was played."""
        self.go(self.position + 1)

    # --- inside ---------------------------------------------------------------------------------------
    def _start_batch(self) -> None:
        self._log_from = self.position
        self.message.value = ""
        self.suggestion.value = NO_SUGGESTION

    def _record(self, move: Move) -> None:
        del self.moves[self.position:]  # a new move from an earlier state: the old future is gone
        self.moves.append(move)
        self.position = len(self.moves)

    def _apply(self, choice: Any) -> bool:
        game = self.game
        self._start_batch()
        option = game.options().get(choice)
        choice = option.choice if option is not None else choice  # an option's words stand for its choice
        try:
            after = game.apply(choice)
        except RulesError as refusal:
            self.message.value = self._refusal_html(refusal)
            return False
        self._record(Move(game, game.to_move, choice, after))
        return True

    def _draw_once(self) -> bool:
        game = self.game
        odds = game.chance()
        outcome = self.rng.pick(odds)
        try:
            after = game.apply(outcome)
        except RulesError as refusal:
            self.message.value = self._refusal_html(refusal)
            return False
        self._record(Move(game, CHANCE, outcome, after, odds[outcome]))
        return True

    def _bot_once(self) -> bool:
        game = self.game
        seat = game.to_move
        try:
            choice = self.bots[seat](game)
            after = game.apply(choice)
        except RulesError as refusal:
            self.message.value = self._refusal_html(refusal, f"The bot for {seat} could not move: ")
            return False
        except Exception as error:  # a policy is user code: its failure is shown, not raised into the page
            self.message.value = self._note(f"The bot for {seat} raised {type(error).__name__}: {error}")
            return False
        self._record(Move(game, seat, choice, after))
        return True

    def _advance(self) -> None:
        """After a move: draw and let bots move as the switches say, until a person decides or it is over."""
        for _ in range(MAX_MOVES):
            game = self.game
            if game.over:
                return
            if game.to_move is CHANCE and self.auto_draw.value:
                done = self._draw_once()
            elif game.to_move is not CHANCE and self.is_bot(game.to_move) and self.auto_bots.value:
                done = self._bot_once()
            else:
                return
            if not done:
                return

    def _switched(self) -> None:
        if self.auto_draw.value or self.auto_bots.value:
            self._start_batch()
            self._advance()
        self._show()

    def _travelled(self, change: dict) -> None:
        if not self._moving and change["new"] != self.position:
            self.go(change["new"])

    @staticmethod
    def _note(text: str) -> str:
        return f"<span class='tt-table-note'>{html.escape(text)}</span>"

    @staticmethod
    def _refusal_html(refusal: RulesError, prefix: str = "") -> str:
        rule = html.escape(str(getattr(refusal, "rule", "")))
        section = _cited(str(getattr(refusal, "section", "")))
        reason = html.escape(str(getattr(refusal, "reason", refusal)))
        return (f"<span class='tt-table-refusal' style='color:#a00'>{html.escape(prefix)}{reason}</span> "
                f"<small style='color:#888'>[{section}; rule {rule}]</small>")

    def _mover_words(self, game: Game) -> str:
        if game.over:
            return "The game is over."
        if game.to_move is CHANCE:
            return "A chance event: its outcome is drawn with the exact odds shown below."
        seat = game.to_move
        if self.is_bot(seat):
            return f"{seat} is to move (a bot: {_policy_name(self.bots[seat])})."
        return f"{seat} is to move (a person)."

    # --- drawing the view -------------------------------------------------------------------------------
    def _show(self) -> None:
        game = self.game
        self._moving = True
        try:
            self.time.max = max(len(self.moves), 0)
            self.time.value = self.position
        finally:
            self._moving = False
        try:
            title = game_info(game.game_id).title
        except InvalidInput:
            title = game.game_id or type(game).__name__
        self.title.value = (f"<b>{html.escape(title)}</b> · seed {html.escape(str(getattr(self.start, 'seed', '')))} · "
                            f"state {self.position} of {len(self.moves)}")
        self.seats_html.value = "Seats: " + " · ".join(
            f"{html.escape(str(seat))} ({'bot: ' + html.escape(_policy_name(self.bots[seat])) if self.is_bot(seat) else 'person'})"
            for seat in game.seats)
        self.picture.value = picture_html(game)
        self.mover.value = f"<b>{html.escape(self._mover_words(game))}</b>"
        self.where.value = f"<small style='color:#666'>{html.escape(_state_words(game))}</small>"
        self._show_options(game)
        self._show_odds(game)
        person_due = not game.over and game.to_move is not CHANCE and not self.is_bot(game.to_move)
        self.draw_button.disabled = game.over or game.to_move is not CHANCE
        self.draw_button.button_style = "" if self.draw_button.disabled else "warning"
        self.bot_button.disabled = game.over or not self.is_bot(game.to_move)
        self.to_end_button.disabled = game.over or not self.bots
        self.ask_button.disabled = not person_due
        self.ask_which.disabled = not person_due
        self.undo_button.disabled = self.position == 0
        self.redo_button.disabled = self.position == len(self.moves)
        self.log_html.value = self._log_html(game)
        if game.over:
            outcome = game.outcome()
            self.outcome_html.value = (f"<b class='tt-table-result'>{html.escape(str(outcome))}</b>"
                                       + outcome._repr_html_())
        else:
            self.outcome_html.value = "<i>The game is not over yet.</i>"

    def _show_options(self, game: Game) -> None:
        self.option_buttons = []
        self.refused = []
        if game.over or game.to_move is CHANCE:
            self.options_box.children = ()
            return
        mine = not self.is_bot(game.to_move)
        rows: list[widgets.Widget] = []
        for group, options in game.options().groups().items():
            if group:
                heading = widgets.HTML(f"<b>{html.escape(group)}</b>", layout=self._text_layout, style=self._text_style)
                heading.add_class("tt-table-group")
                rows.append(heading)
            buttons = []
            for option in options:
                if not option.legal:
                    continue
                words = option.text + (f" ({option.cost})" if option.cost else "")
                button = widgets.Button(description=words, tooltip=str(option), disabled=not mine,
                                        layout=self._option_layout, style=self._option_style)
                button.add_class("tt-table-option")
                button.add_class(f"tt-table-option-{_css(option.text)}")
                button.on_click(lambda _, chosen=option.choice: self.choose(chosen))
                self.option_buttons.append((option.choice, button))
                buttons.append(button)
            if buttons:
                rows.append(widgets.HBox(buttons, layout=self._row_layout))
            refused = [option for option in options if not option.legal]
            if refused:
                items = "".join(
                    f"<li>{html.escape(o.text)}{' (' + html.escape(o.cost) + ')' if o.cost else ''} — "
                    f"<i>{html.escape(o.reason or '')}</i> <small>[{_cited(o.section or '')}; "
                    f"rule {html.escape(o.rule or '')}]</small></li>" for o in refused)
                shown = widgets.HTML(f"<div style='color:#888'>Refused:<ul>{items}</ul></div>", layout=self._text_layout,
                                     style=self._text_style)
                shown.add_class("tt-table-refused")
                self.refused.append(shown)
                rows.append(shown)
        self.options_box.children = tuple(rows)

    def _show_odds(self, game: Game) -> None:
        if game.over or game.to_move is not CHANCE:
            self.odds.value = "<small style='color:#888'>No chance event now.</small>"
            return
        odds = game.chance()
        rows = "".join(f"<tr><td>{html.escape(game.describe_outcome(outcome))}</td><td><b>{p}</b></td>"
                       f"<td>{percent_text(p)}</td></tr>" for outcome, p in odds.items())
        self.odds.value = (f"<div><b>Before the draw: {len(odds)} possible outcome(s), exact odds</b>"
                           f"<table class='tt-table-odds-table' style='text-align:left'><tr><th>outcome</th>"
                           f"<th>chance</th><th>percent</th></tr>{rows}</table></div>")

    def _log_html(self, game: Game) -> str:
        shown = self.moves[self._log_from:self.position]
        if not shown:
            return self._steps_html(game.steps, "<b>So far</b>")
        skipped = len(shown) - LOG_MOVES
        first = self._log_from + 1 + max(skipped, 0)
        parts = [f"<div><small>… {skipped} earlier move(s) (the playthrough's transcript has them all)</small></div>"
                 if skipped > 0 else ""]
        for number, move in enumerate(shown[-LOG_MOVES:], first):
            parts.append(self._steps_html(move.after.steps, f"<b>Move {number}</b> · {self._move_words(move)}"))
        return "".join(parts)

    def _move_words(self, move: Move) -> str:
        if move.mover is CHANCE:
            chance = f" — chance {probability_text(move.probability)}" if move.probability is not None else ""
            return f"drawn: <b>{html.escape(move.before.describe_outcome(move.choice))}</b>{chance}"
        option = move.before.options().get(move.choice)
        text = option.text if option is not None else str(move.choice)
        return f"{html.escape(str(move.mover))} chose <b>{html.escape(text)}</b>"

    @staticmethod
    def _steps_html(steps, heading: str) -> str:
        items = "".join(f"<li><b>{html.escape(step.title)}</b>: {html.escape(step.text)} "
                        f"<small style='color:#666'>[{_cited(step.section)}]</small></li>" for step in steps)
        return f"<div>{heading}<ul>{items}</ul></div>"


def _state_words(game: Game) -> str:
    """The game's one-line summary (its repr) without the angle brackets that mark a repr."""
    words = repr(game)
    return words[1:-1] if words.startswith("<") and words.endswith(">") else words


def _cited(section: str) -> str:
    """A section as people read it: the rulebook's words with their English gloss (HTML)."""
    from ..engine.citations import citation_html

    return citation_html(section) if section.strip() else ""


def _named_policy(name: str, game: Game, index: int) -> Callable[[Game], Any]:
    """The policy a name stands for: ``random`` is seeded by the game's seed (plus the seat's index, so two
    random seats differ), ``scripted`` is the game's own scripted player."""
    seed = getattr(game, "seed", 0)
    if name == "random":
        return _policies.random(seed + index)
    if name == "first_legal":
        return _policies.first_legal
    if name == "scripted":
        return _policies.scripted(game.game_id)
    raise InvalidInput("bot", name, f"one of {', '.join(POLICY_NAMES)}")


def table(game: Game, players: Mapping[str, Any] | None = None, *, auto_draw: bool = False, auto_bots: bool = False,
          css: str | None = None) -> Table:
    """A table to play ``game`` at (see ``Table``): ``players`` maps seats to ``"person"`` (the default, hot-seat),
    ``"random"``, ``"first_legal"``, ``"scripted"`` or a policy; ``css`` adds a class of your own to the box."""
    return Table(game, players, auto_draw=auto_draw, auto_bots=auto_bots, css=css)


def table_with_rules(make: Callable[[Any], Game], variant: Any, names: Sequence[str] | None = None,
                     players: Mapping[str, Any] | None = None, **options: Any) -> widgets.VBox:
    """A table under rules the class changes: a "change a rule" panel over ``variant`` (its constants ``names``, or
    all) above a table of ``make(variant)``; each change deals that new game afresh at a new table.

    ``.rules`` is the panel, ``.table`` the table on show (``tt-table-…`` hooks), ``.variant`` the rules in play.
    """
    from .exercise import variant_controls

    box = widgets.VBox()
    box.add_class("tt-table-with-rules")

    def deal(chosen: Any) -> None:
        box.variant = chosen
        box.table = table(make(chosen), players, **options)
        box.children = (box.rules, box.table)

    box.rules = variant_controls(variant, deal, names=names, title="Change a rule, then play: the game is dealt afresh")
    deal(variant)
    return box
