"""The game contract on a toy game: options, chance, apply, the driver, playthroughs, policies and the tester."""

from __future__ import annotations

import gc
import pickle
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

import pytest

import tabletoolkit as tt
from tabletoolkit import CHANCE, IllegalAction, InvalidInput, Option, Options, Outcome, Rng, Step
from tabletoolkit.engine.game import Game
from tabletoolkit.engine.play import drive
from tabletoolkit.engine.tester import CheckReport, _check_one
from tabletoolkit.engine.policies import RandomPolicy


@dataclass(frozen=True, repr=False)
class Race(Game):
    """Two seats race to 3 points: on a turn roll a coin (1 or 2 points, 1/3 and 2/3) or rest; never jump."""

    points: tuple[int, int] = (0, 0)
    turn: int = 0
    rolling: bool = False
    seed: int = 0
    broken: bool = False  # lists "rest" as legal but refuses it (for the tester to catch)
    steps: tuple[Step, ...] = field(default=(), compare=False)

    game_id = "race"
    section = "race rules"
    end_section = "race end"

    @property
    def seats(self):
        return ("A", "B")

    @property
    def over(self):
        return max(self.points) >= 3

    @property
    def to_move(self):
        return None if self.over else CHANCE if self.rolling else self.seats[self.turn]

    def __repr__(self):
        return f"<Race {self.points} turn {self.turn}{' rolling' if self.rolling else ''}>"

    def _decision_options(self):
        def check(choice):
            if choice == "jump":
                raise IllegalAction("race.no_jump", "Nobody jumps in a race.", "race rules")

        return Options.checked(["roll", "rest", "jump"], check, lambda c: {"cost": "1 turn"})

    def _chance_outcomes(self):
        return {1: Fraction(1, 3), 2: Fraction(2, 3)}

    def _resolve(self, choice: Any):
        if self.rolling:
            points = list(self.points)
            points[self.turn] += choice
            return replace(self, points=tuple(points), rolling=False, turn=1 - self.turn,
                           steps=(Step("Coin", f"{self.seats[self.turn]} scores {choice}.", "race rules"),))
        if choice == "rest" and self.broken:
            raise IllegalAction("race.tired", "Too tired to rest.", "race rules")
        if choice == "roll":
            return replace(self, rolling=True, steps=(Step("Roll", "The coin is tossed.", "race rules"),))
        return replace(self, turn=1 - self.turn, steps=(Step("Rest", "Nothing happens.", "race rules"),))

    def _final(self):
        ranking = tuple(sorted(self.seats, key=lambda s: -self.points[self.seats.index(s)]))
        return Outcome(tuple(zip(self.seats, self.points)), ranking, ranking[:1])


def test_options_are_one_collection_of_legal_and_refused_choices():
    options = Race().options()
    assert len(options) == 3 and [o.choice for o in options] == ["roll", "rest", "jump"]
    assert "roll" in options and "jump" not in options and "fly" not in options and [] not in options
    assert options.choices() == ("roll", "rest")
    (jump,) = options.refused
    assert (jump.rule, jump.reason, jump.section, jump.cost) == ("race.no_jump", "Nobody jumps in a race.", "race rules", "1 turn")
    assert options.get("jump") is jump and options.get(jump) is jump
    html = options._repr_html_()
    assert "tt-option-refused" in html and "Nobody jumps in a race." in html and html.count("tt-option-legal") == 2
    assert str(jump) == "jump (1 turn) — refused: Nobody jumps in a race. [race.no_jump; race rules]"


def test_options_hold_only_options():
    for bad in (["roll"], 5, [Option([1])]):
        with pytest.raises(InvalidInput) as caught:
            Options(bad)
        assert caught.value.field == "options"


def test_apply_returns_a_new_state_and_a_refusal_changes_nothing():
    game = Race()
    after = game.apply("roll")
    assert game.to_move == "A" and after.to_move is CHANCE and after.steps[0].title == "Roll"
    with pytest.raises(IllegalAction) as caught:
        game.apply("jump")
    assert (caught.value.rule, caught.value.section) == ("race.no_jump", "race rules")
    for garbage in ("fly", None, [1], {"a": 1}):
        with pytest.raises(IllegalAction) as caught:
            game.apply(garbage)
        assert caught.value.rule == "engine.not_offered" and "roll" in caught.value.reason
    assert game == Race()


def test_a_chance_event_offers_its_exact_outcomes():
    rolling = Race().apply("roll")
    assert rolling.chance() == {1: Fraction(1, 3), 2: Fraction(2, 3)}
    assert [(o.choice, o.probability) for o in rolling.options()] == [(1, Fraction(1, 3)), (2, Fraction(2, 3))]
    with pytest.raises(IllegalAction) as caught:
        Race().chance()
    assert caught.value.rule == "engine.not_chance"
    with pytest.raises(IllegalAction):
        rolling.apply(3)


def test_outcome_only_once_over_and_nothing_after_it():
    with pytest.raises(IllegalAction) as caught:
        Race().outcome()
    assert caught.value.rule == "engine.not_over"
    done = Race(points=(3, 1))
    assert done.outcome().winners == ("A",) and done.options() == Options()
    with pytest.raises(IllegalAction) as caught:
        done.apply("roll")
    assert caught.value.rule == "engine.game_over"


def test_rng_pick_draws_with_exactly_the_given_odds():
    odds = {"a": Fraction(1, 4), "b": Fraction(3, 4)}
    draws = [Rng(seed).pick(odds) for seed in range(400)]
    assert 60 <= draws.count("a") <= 140
    assert Rng.forced(["b", "a"]).pick(odds) == "b"
    with pytest.raises(InvalidInput):
        Rng.forced(["c"]).pick(odds)
    with pytest.raises(InvalidInput):
        Rng(0).pick({})


def test_play_drives_the_game_to_its_end_and_the_same_seed_replays_the_same_game():
    played = tt.play(Race(seed=3), {"A": tt.policies.first_legal})
    assert played.over and played.final.outcome().winners
    assert all(move.mover in ("A", "B", CHANCE) for move in played)
    assert tt.play(Race(seed=3), {"A": tt.policies.first_legal}).transcript() == played.transcript()
    again = tt.replay(played.start, played.choices)
    assert again.final == played.final and again.transcript() == played.transcript()
    text = played.transcript()
    assert text.splitlines()[0] == "# race · seats A, B · seed 3 · rulebook variant"
    assert "  refused: jump (1 turn) — Nobody jumps in a race. [race.no_jump; race rules]" in text
    assert "  outcomes: 1 1/3 ≈ 0.3333 | 2 2/3 ≈ 0.6667" in text


def test_forced_chance_makes_the_game_teachable():
    played = tt.play(Race(), {"A": tt.policies.first_legal, "B": tt.policies.first_legal}, rng=Rng.forced([2, 2, 1]))
    assert played.final.points == (3, 2)


@pytest.mark.parametrize("policies, field", [
    ({"C": tt.policies.first_legal}, "policies"), ({"A": "roll"}, "policies['A']"),
])
def test_bad_policies_are_named(policies, field):
    with pytest.raises(InvalidInput) as caught:
        tt.play(Race(), policies)
    assert caught.value.field == field


def test_a_policy_that_raises_or_chooses_what_is_refused_is_named():
    def broken(game):
        raise KeyError("oops")

    with pytest.raises(InvalidInput) as caught:
        tt.play(Race(), {"A": broken})
    assert caught.value.field == "policies['A']" and "KeyError" in caught.value.reason
    with pytest.raises(InvalidInput) as caught:
        tt.play(Race(), {"A": lambda game: "jump"})
    assert "Nobody jumps" in caught.value.reason


def test_play_pauses_the_cycle_collector_only_while_it_drives_a_game():
    seen = []

    def watching(game):
        seen.append(gc.isenabled())
        return tt.policies.first_legal(game)

    assert gc.isenabled()
    tt.play(Race(), {"A": watching})
    assert seen and not any(seen) and gc.isenabled()
    with pytest.raises(InvalidInput):
        tt.play(Race(), {"A": lambda game: "jump"})
    assert gc.isenabled()
    gc.disable()
    try:
        tt.replay(Race(), ["roll", 2])
        assert not gc.isenabled()  # a caller's own pause is left as it was
    finally:
        gc.enable()


def test_drive_hands_out_the_moves_play_keeps_one_by_one_and_checks_its_arguments_at_once():
    policies = {"A": tt.policies.first_legal}
    played = tt.play(Race(seed=3), policies)
    driven = drive(Race(seed=3), policies)
    first = next(driven)
    assert (first.before, first.mover, first.choice, first.after) == tuple(
        getattr(played[0], name) for name in ("before", "mover", "choice", "after"))
    rest = list(driven)
    assert tuple(move.choice for move in [first] + rest) == played.choices and rest[-1].after == played.final
    assert [move.probability for move in rest] == [move.probability for move in played.moves[1:]]
    assert len(list(drive(Race(seed=3), policies, max_steps=2))) == 2
    for args, kwargs, field_name in ((("race",), {}, "game"), ((Race(), {"C": tt.policies.first_legal}), {}, "policies"),
                                     ((Race(),), {"max_steps": -1}, "max_steps"), ((Race(),), {"rng": 7}, "rng")):
        with pytest.raises(InvalidInput) as caught:
            drive(*args, **kwargs)  # before any move is asked for
        assert caught.value.field == field_name
    with pytest.raises(InvalidInput) as caught:
        list(drive(Race(), {"A": lambda game: "jump"}))
    assert caught.value.field == "policies['A']" and "Nobody jumps" in caught.value.reason


def test_an_option_is_a_frozen_value():
    option = Option("roll", cost="1 turn", group="Move")
    assert option == Option("roll", True, None, None, None, "1 turn", None, "Move") and hash(option) == hash(Option("roll", cost="1 turn", group="Move"))
    assert option != Option("roll", cost="2 turns", group="Move")
    assert pickle.loads(pickle.dumps(option)) == option
    with pytest.raises(AttributeError):
        option.legal = False  # type: ignore[misc]
    with pytest.raises(AttributeError):
        option.note = "x"  # type: ignore[attr-defined]


def test_play_checks_its_other_arguments():
    for kwargs, field in (({"max_steps": -1}, "max_steps"), ({"rng": 7}, "rng")):
        with pytest.raises(InvalidInput) as caught:
            tt.play(Race(), **kwargs)
        assert caught.value.field == field
    with pytest.raises(InvalidInput):
        tt.play("race")


def test_policies():
    assert RandomPolicy(5)(Race()) in ("roll", "rest")
    assert [RandomPolicy(5)(Race()) for _ in range(3)] == [RandomPolicy(5)(Race())] * 3
    assert tt.policies.replaying(["rest"])(Race()) == "rest"
    with pytest.raises(InvalidInput):
        tt.policies.replaying([])(Race())
    with pytest.raises(InvalidInput):
        tt.policies.random("x")
    assert callable(tt.policies.scripted("merchants"))


def test_the_chance_marker_is_one_object_even_pickled():
    assert pickle.loads(pickle.dumps(CHANCE)) is CHANCE and repr(CHANCE) == "CHANCE"


def test_pickling_a_state_leaves_out_what_was_worked_out_of_it():
    game = Race()
    before = pickle.dumps(game)
    game.options()
    assert pickle.dumps(game) == before


def test_the_tester_finds_a_listed_legal_option_that_apply_refuses():
    report = CheckReport("race")
    ok = _check_one(Race(broken=True), {"A": tt.policies.first_legal, "B": tt.policies.first_legal}, Rng(0), 100,
                    __import__("random").Random(0), 1.0, "race", report)
    assert not ok and "listed-legal 'rest' was refused" in report.defects[0]


def test_the_tester_passes_a_sound_game_and_counts_what_it_did():
    report = CheckReport("race")
    assert _check_one(Race(), {"A": RandomPolicy(1), "B": RandomPolicy(2)}, Rng(0), 100,
                      __import__("random").Random(0), 1.0, "race", report)
    assert report.applies > 0 and not report.defects


def test_the_registered_games_and_bad_ids():
    assert "merchants" in tt.games()
    with pytest.raises(InvalidInput) as caught:
        tt.new_game(None)
    assert caught.value.field == "game"
    with pytest.raises(InvalidInput) as caught:
        tt.new_game("merchants", seed=True)
    assert caught.value.field == "seed"


def test_check_game_plays_registered_games_and_catches_a_transcript_that_changes_between_runs(monkeypatch):
    from tabletoolkit.engine import game as registry
    from tabletoolkit.engine.tester import check_game

    runs = iter(range(10**6))

    @dataclass(frozen=True, repr=False)
    class Drifting(Race):
        made: int = 0

        def __repr__(self):
            return f"<Race made {self.made}>"

    monkeypatch.setitem(registry._GAMES, "race", registry.GameInfo("race", "Race", lambda seed=0: Race(seed=seed)))
    sound = check_game("race", range(3), probe=1.0)
    assert sound.ok and sound.ended == 3
    monkeypatch.setitem(registry._GAMES, "race", registry.GameInfo("race", "Race", lambda seed=0: Drifting(seed=seed, made=next(runs))))
    drifting = check_game("race", range(1), probe=1.0)
    assert not drifting.ok and "the same seed gave another transcript" in drifting.defects[0]


def test_check_game_reports_a_game_that_raises_while_its_seed_is_played_twice(monkeypatch):
    from tabletoolkit.engine import game as registry
    from tabletoolkit.engine.tester import check_game

    @dataclass(frozen=True, repr=False)
    class Broken(Race):
        def _resolve(self, choice):
            raise KeyError("a bug in the game")

    monkeypatch.setitem(registry._GAMES, "race", registry.GameInfo("race", "Race", lambda seed=0: Broken(seed=seed)))
    report = check_game("race", range(2), probe=0.0)
    assert not report.ok
    assert "playing the seed twice raised KeyError" in report.defects[0]
    assert report.games == 2, "the seeded games are still played and reported after the failed pre-check"


def test_setting_combinations_leave_out_what_a_game_refuses():
    from tabletoolkit.engine.game import setting_combinations

    assert setting_combinations("merchants") == ({"players": 2}, {"players": 3}, {"players": 4})
    andromeda = setting_combinations("andromeda")
    assert {"players": 4, "teams": True} in andromeda and {"players": 2, "teams": True} not in andromeda


def test_an_outcome_shows_its_tie_break_as_a_sentence_under_the_table_not_in_a_narrow_caption():
    tied = Outcome((("Ada", 30), ("Bea", 30)), ("Bea", "Ada"), ("Bea",), "ties go to the earliest arrival at the Dock")
    shown = tied._repr_html_()
    assert "<caption>" not in shown
    assert shown.endswith("</table><p class='tt-tie-break'>ties go to the earliest arrival at the Dock</p></div>")
    assert "<tr><td>1</td><td>Bea</td><td>30</td><td>winner</td></tr>" in shown
    plain = Outcome((("Ada", 31), ("Bea", 30)), ("Ada", "Bea"), ("Ada",))._repr_html_()
    assert plain.startswith("<table class='tt-outcome'>") and "tt-tie-break" not in plain
