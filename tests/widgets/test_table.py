"""The table widget, headless: press its buttons, read what it shows, compare with the game contract."""

import html
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import ClassVar

import pytest

import tabletoolkit as tt
from tabletoolkit.engine import Step
from tabletoolkit.engine.numbers import percent_text, probability_text
from tabletoolkit.widgets import table
from tabletoolkit.widgets.table import NO_SUGGESTION


def merchants(seed=7, players=3):
    return tt.new_game("merchants", players=players, seed=seed)


def labels(view):
    return [button.description for _, button in view.option_buttons]


def press(view, words):
    """Click the legal option's button whose words (without the cost) are ``words``."""
    option = view.game.options().get(words)
    assert option is not None and option.legal, f"{words!r} is not a legal option now"
    button = dict(view.option_buttons)[option.choice]
    button.click()


def to_market_draw(view):
    """Ada moves on to the Market and replaces the ace: a draw from the market deck is due."""
    press(view, "move and act: visit the Market")
    press(view, "replace ace")
    assert view.game.to_move is tt.CHANCE


# --- a small game of its own: the table knows only the contract --------------------------------------------
@dataclass(frozen=True)
class Coins(tt.Game):
    """Two seats add 1 or 2 to a pile in turn; after each addition a coin flip may add 1 more. Over at 5."""

    seats: tuple = ("North", "South")
    seed: int = 0
    total: int = 0
    turn: int = 0
    flipping: bool = False
    points: tuple = (0, 0)
    steps: tuple = ()

    game_id: ClassVar[str] = "coins"
    section: ClassVar[str] = "coin rules"
    end_section: ClassVar[str] = "coin rules · end"

    @property
    def over(self):
        return self.total >= 5

    @property
    def to_move(self):
        return None if self.over else tt.CHANCE if self.flipping else self.seats[self.turn % 2]

    def _decision_options(self):
        two = (tt.Option("add two", group="Add", cost="2 coins") if self.total < 3 else
               tt.Option("add two", False, "coins.too_near", "Two is too many this near the end.", "coin rules · adding",
                         cost="2 coins", group="Add"))
        return tt.Options([tt.Option("add one", group="Add", cost="1 coin"), two])

    def _chance_outcomes(self):
        return {"heads": Fraction(1, 3), "tails": Fraction(2, 3)}

    def _resolve(self, choice):
        if self.flipping:
            extra = 1 if choice == "heads" else 0
            step = Step("Flip", f"The coin shows {choice}: {extra} more.", "coin rules · flipping")
            return replace(self, total=self.total + extra, flipping=False, turn=self.turn + 1, steps=(step,))
        n = 1 if choice == "add one" else 2
        seat = self.turn % 2
        points = tuple(p + n if i == seat else p for i, p in enumerate(self.points))
        step = Step("Add", f"{self.seats[seat]} adds {n}.", "coin rules · adding")
        return replace(self, total=self.total + n, flipping=True, points=points, steps=(step,))

    def _final(self):
        ranking = tuple(sorted(self.seats, key=lambda s: -self.points[self.seats.index(s)]))
        return tt.Outcome(tuple(zip(self.seats, self.points)), ranking, (ranking[0],))


# --- who is to move, the options --------------------------------------------------------------------------
def test_a_new_table_shows_the_mover_the_picture_and_the_legal_options_as_buttons():
    game = merchants()
    view = table(game, {"Bea": "scripted", "Cy": "random"})
    assert view.game is game and view.history == (game,) and view.position == 0
    assert view.mover.value == "<b>Ada is to move (a person).</b>"
    assert view.seats_html.value == "Seats: Ada (person) · Bea (bot: steady merchant) · Cy (bot: random, seed 9)"
    assert view.picture.value == game._repr_svg_()
    assert labels(view) == [o.text + (f" ({o.cost})" if o.cost else "") for o in game.options().legal]
    assert labels(view)[0] == "act here: buy a Kestrel (10 credits)"
    assert [b.disabled for _, b in view.option_buttons] == [False] * len(game.options().legal)
    assert view.draw_button.disabled and view.bot_button.disabled and view.undo_button.disabled
    assert "Set up</b>: 3 merchants (Ada, Bea, Cy) start with 30 credits" in view.log_html.value
    assert view.outcome_html.value == "<i>The game is not over yet.</i>"
    assert "tt-table" in view._dom_classes
    assert "tt-table-option-move-and-act-visit-the-market" in view.option_buttons[4][1]._dom_classes


def test_options_are_grouped_and_refused_ones_show_their_reason_and_rule():
    view = table(merchants())
    groups = [w.value for w in view.options_box.children if "tt-table-group" in w._dom_classes]
    assert groups == ["<b>Act here</b>", "<b>Move on and act</b>", "<b>Other</b>"]
    press(view, "move and act: visit the Market")
    assert view.game.steps[0].title == "Turn 1: Ada moves to the Market"
    leave = view.game.options().get("leave the Market")
    assert not leave.legal
    refused = "".join(w.value for w in view.refused)
    assert (f"leave the Market — <i>{html.escape(leave.reason)}</i> <small>[<span class='tt-citation'>"
            f"<span class='tt-citation-heading' lang='ja'>{leave.section}</span> — <span class='tt-citation-gloss'>"
            f"The Market</span></span>; rule merchants.market.no_action]</small>") in refused
    assert "<i>Refinery cards are not available until a player has left the Dock.</i>" in refused
    assert "leave the Market" not in labels(view)  # refused: no button


def test_a_chance_event_shows_the_exact_odds_before_the_draw_and_the_draw_is_seeded():
    game = merchants()
    view = table(game)
    to_market_draw(view)
    at_draw = view.game
    odds = at_draw.chance()
    assert view.mover.value == "<b>A chance event: its outcome is drawn with the exact odds shown below.</b>"
    assert view.option_buttons == [] and not view.draw_button.disabled and view.ask_button.disabled
    assert view.draw_button.button_style == "warning"  # the one thing to press now
    for outcome, p in odds.items():
        row = f"<tr><td>{at_draw.describe_outcome(outcome)}</td><td><b>{p}</b></td><td>{percent_text(p)}</td></tr>"
        assert row in view.odds.value
    assert odds["cargo_pod"] == Fraction(2, 9) and "<td>Cargo Pod (gear, cost 4)</td><td><b>2/9</b></td><td>22.22%</td>" in view.odds.value
    drawn = tt.Rng(game.seed).pick(odds)  # the table's Rng(seed) gives its first pick
    view.draw_button.click()
    assert view.history[-2] is at_draw and view.moves[-1].choice == drawn
    assert f"drawn: <b>{at_draw.describe_outcome(drawn)}</b> — chance {probability_text(odds[drawn])}" in view.log_html.value
    assert "Refill the market row</b>" in view.log_html.value and ("[<span class='tt-citation'><span class='tt-citation-heading' lang='ja'>マーケット</span> — "
                                                                  "<span class='tt-citation-gloss'>The Market</span></span>]") in view.log_html.value
    assert view.odds.value == "<small style='color:#888'>No chance event now.</small>"
    assert view.draw_button.disabled and view.draw_button.button_style == ""


def test_undo_restores_the_previous_state_exactly_and_a_new_move_truncates_the_future():
    view = table(merchants())
    press(view, "act here: buy a kestrel")
    press(view, "act here: buy a mule")
    assert view.position == 2 and len(view.history) == 3
    after_one = view.history[1]
    view.undo_button.click()
    assert view.game is after_one and view.position == 1 and view.time.value == 1
    assert view.mover.value == "<b>Bea is to move (a person).</b>" and view.picture.value == after_one._repr_svg_()
    assert "Move 1</b> · Ada chose <b>act here: buy a Kestrel</b>" in view.log_html.value
    assert not view.redo_button.disabled
    view.redo_button.click()
    assert view.position == 2 and view.game is view.history[2] and view.redo_button.disabled
    view.time.value = 0  # the slider travels too
    assert view.game is view.start and view.undo_button.disabled
    view.time.value = 1
    press(view, "move and do nothing")  # a new move from an earlier state: the old future is gone
    assert len(view.history) == 3 and view.position == 2 and view.time.max == 2
    assert view.history[1] is after_one and view.moves[-1].choice == view.history[1].options().get("move and do nothing").choice
    assert view.playthrough.choices == tuple(m.choice for m in view.moves)
    assert view.playthrough.final is view.game


def test_a_bot_moves_when_asked_and_auto_play_moves_bots_until_a_person_decides():
    game = merchants()
    view = table(game, {"Bea": "scripted", "Cy": "scripted"})
    press(view, "act here: buy a kestrel")
    assert view.game.to_move == "Bea" and view.mover.value == "<b>Bea is to move (a bot: steady merchant).</b>"
    assert all(button.disabled for _, button in view.option_buttons) and view.ask_button.disabled
    expected = tt.policies.scripted("merchants")(view.game)
    view.bot_button.click()
    assert view.moves[-1].mover == "Bea" and view.moves[-1].choice == expected and view.game.to_move == "Cy"
    view.auto_bots.value = True  # switched on at a bot's turn: the bots move at once
    assert view.game.to_move == "Ada" and view.moves[-1].mover == "Cy"
    press(view, "move and act: visit the Market")
    assert view.game.to_move == "Ada"
    before = len(view.moves)
    view.choose("Ada's garbage")  # not an option: refused with the contract's reason, nothing changes
    assert len(view.moves) == before and "engine.not_offered" in view.message.value


def test_auto_draw_draws_chance_events_after_a_move_with_their_odds_in_the_log():
    view = table(merchants(), auto_draw=True)
    to_ask = view.game
    press(view, "move and act: visit the Market")
    at_market = view.game
    odds = at_market.apply(at_market.options().get("replace ace").choice).chance()
    press(view, "replace ace")
    assert view.game.to_move == "Ada" and view.moves[-1].mover is tt.CHANCE and to_ask is view.start
    drawn = view.moves[-1].choice
    assert view.moves[-1].probability == odds[drawn]
    assert f"drawn: <b>{view.moves[-1].before.describe_outcome(drawn)}</b> — chance {odds[drawn]} ≈" in view.log_html.value


def test_ask_a_bot_suggests_a_move_without_playing_it():
    game = merchants()
    view = table(game)
    assert list(view.ask_which.options) == [("random bot", "random"), ("first-option bot", "first_legal"),
                                            ("scripted bot", "scripted")]
    assert view.suggestion.value == NO_SUGGESTION  # the line has words before anyone asks, so it is on screen
    view.ask_which.value = "scripted"
    view.ask_button.click()
    chosen = game.options().get(tt.policies.scripted("merchants")(game)).text
    assert view.suggestion.value.startswith(f"<span class='tt-table-suggested'>The scripted bot would choose: <b>{chosen}</b>")
    assert view.game is game and view.moves == []
    assert view.ask_bot("first_legal") == game.legal()[0]
    assert view.suggestion.value.startswith("<span class='tt-table-suggested'>The first-option bot would choose: ")
    view.choose(game.legal()[0])
    assert view.suggestion.value == NO_SUGGESTION  # a move clears the old suggestion back to the line's own words


def test_a_whole_game_of_bots_plays_to_the_end_and_shows_the_outcome_of_the_game():
    game = merchants()
    view = table(game, {seat: "scripted" for seat in game.seats}, css="tt-table-bots")
    assert "tt-table-bots" in view._dom_classes and not view.to_end_button.disabled
    view.to_end_button.click()
    final = view.game
    assert final.over and view.mover.value == "<b>The game is over.</b>"
    outcome = final.outcome()
    assert view.outcome_html.value == f"<b class='tt-table-result'>{html.escape(str(outcome))}</b>" + outcome._repr_html_()
    assert " wins" in view.outcome_html.value and view.to_end_button.disabled and view.option_buttons == []
    # the same game tt.play plays: the table's Rng(seed) draws what the driver draws
    played = tt.play(game, {seat: tt.policies.scripted("merchants") for seat in game.seats})
    assert view.playthrough.transcript() == played.transcript()
    assert "earlier move(s)" in view.log_html.value  # the log keeps the latest moves only


def test_random_bots_are_seeded_per_seat_and_replay_as_tt_play_does():
    game = merchants(seed=3, players=2)
    view = table(game, {seat: "random" for seat in game.seats})
    view.play_bots_to_end()
    played = tt.play(game, {seat: tt.policies.random(3 + index) for index, seat in enumerate(game.seats)})
    assert view.game.over and view.playthrough.transcript() == played.transcript()


def test_hot_seat_with_a_bot_stops_for_each_person():
    view = table(merchants(players=2), {"Bea": "first_legal"}, auto_bots=True)
    press(view, "move and do nothing")
    assert view.moves[-1].mover == "Bea" and view.game.to_move == "Ada"
    view.play_bots_to_end()  # a person is to decide: nothing to play
    assert view.moves[-1].mover == "Bea"


def test_any_game_on_the_contract_plays_at_the_table():
    game = Coins()
    view = table(game, {"South": "first_legal"})
    assert view.title.value == "<b>coins</b> · seed 0 · state 0 of 0"
    assert view.picture.value == f"<pre>{html.escape(repr(game))}</pre>"  # no picture: its repr
    assert [value for _, value in view.ask_which.options] == ["random", "first_legal"]  # no scripted player here
    assert labels(view) == ["add one (1 coin)", "add two (2 coins)"]
    press(view, "add two")
    assert "<td>heads</td><td><b>1/3</b></td><td>33.33%</td>" in view.odds.value
    view.draw()
    assert view.game.to_move == "South"
    view.bot_move()
    view.draw()
    assert view.game.to_move == "North" and view.game.total >= 3
    refused = "".join(w.value for w in view.refused)
    assert ("add two (2 coins) — <i>Two is too many this near the end.</i> <small>[<span class='tt-citation'>"
            "<span class='tt-citation-heading'>coin rules · adding</span></span>; rule coins.too_near]</small>") in refused
    view.auto_draw.value = True
    view.auto_bots.value = True
    while not view.game.over:
        press(view, "add one")
    outcome = view.game.outcome()
    assert html.escape(str(outcome)) in view.outcome_html.value


def test_a_bot_whose_policy_fails_is_reported_not_raised():
    def broken(game):
        raise ValueError("no idea")

    view = table(merchants(players=2), {"Ada": broken, "Bea": lambda game: "nonsense"})
    view.bot_move()
    assert view.message.value == "<span class='tt-table-note'>The bot for Ada raised ValueError: no idea</span>"
    assert view.moves == []
    view.choose(view.game.legal()[0])
    assert view.message.value.startswith("<span class='tt-table-note'>This is not a person&#x27;s decision.")


@pytest.mark.parametrize("players, field", [
    ({"Zed": "scripted"}, "players"),
    ({"Ada": "clever"}, "players['Ada']"),
    ({"Ada": 42}, "players['Ada']"),
    (["Ada"], "players"),
])
def test_bad_players_are_refused_with_a_typed_error_naming_them(players, field):
    with pytest.raises(tt.InvalidInput) as refused:
        table(merchants(), players)
    assert refused.value.field == field


def test_a_table_needs_a_game():
    with pytest.raises(tt.InvalidInput) as refused:
        table("merchants")
    assert refused.value.field == "game"


def test_a_table_with_rules_deals_a_new_game_under_the_changed_rules():
    from tabletoolkit.merchants import RULEBOOK
    from tabletoolkit.widgets.table import table_with_rules

    view = table_with_rules(lambda rules: tt.new_game("merchants", players=3, seed=7, variant=rules), RULEBOOK,
                            names=["loan_markers"], players={"Cy": "scripted"})
    first = view.table
    assert view.table.game.variant == RULEBOOK and view.children == (view.rules, first)
    view.rules.set("loan_markers", 3)
    assert view.table is not first and view.table.game.variant.loan_markers == 3 and view.variant.loan_markers == 3
    assert view.table.game.to_move == "Ada" and view.children[1] is view.table


def test_the_state_line_reads_as_words_not_a_repr_in_angle_brackets():
    game = merchants()
    view = table(game)
    assert repr(game).startswith("<")
    assert view.where.value == f"<small style='color:#666'>{html.escape(repr(game)[1:-1])}</small>"
