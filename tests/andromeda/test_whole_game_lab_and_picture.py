"""The whole game's transcript, its measures and exact questions for the lab, its picture, and two repairs from
one module."""

from fractions import Fraction

import pytest

from tabletoolkit.andromeda.goods import Goods
from tabletoolkit.andromeda.return_turn import Activate
from tabletoolkit.andromeda.state import Moon, StationModule
from tabletoolkit.andromeda.whole_game import AndromedaGame, Returning, make
from tabletoolkit.engine import CHANCE, Rng
from tabletoolkit.engine.frozen import replace
from tabletoolkit.engine.play import play
from tabletoolkit.engine.policies import RandomPolicy


def dealt(game, seed=0):
    """The game at its first turn: every player keeps the first faction dealt, the decks' cards drawn by chance."""
    rng = Rng(seed)
    while game.to_move is CHANCE or game.pending:
        game = game.apply(rng.pick(game.chance()) if game.to_move is CHANCE else game.options().legal[0].choice)
    return game


@pytest.fixture(scope="module")
def finished():
    return play(make(seed=3, players=3))


def test_the_transcript_counts_each_menu_and_keeps_every_choice_draw_and_step():
    played = play(make(seed=5, players=2), max_steps=80)
    text = played.transcript()
    lines = text.splitlines()
    assert not any(line.startswith("  refused:") or line.startswith("  legal (") for line in lines)
    moves = [line for line in lines if line.startswith("[")]
    assert len(moves) == 80
    assert sum(line.startswith("  chose: ") or line.startswith("  drawn (") for line in lines) == 80
    # a turn's menu: the legal launches by group, the refused ones by rule
    turn = next(line for line in lines if line.startswith("  options: launch"))
    assert "andromeda.launch.voyage" in turn and "refused" in turn
    # a draw keeps its exact chance as fraction and percent
    draw = next(line for line in lines if line.startswith("  drawn ("))
    assert "≈" in draw and "%" in draw and "one of" in draw
    # the steps are all there
    assert sum(len(move.steps) for move in played.moves) == sum(line.startswith("    · ") for line in lines)


def test_measures_of_a_finished_game(finished):
    game = finished.final
    assert game.over
    measured = game.measures()
    seats = set(game.seats)
    assert measured["turns"] == game.turns > 0
    assert measured["battles"] == len(game.battles)
    assert sum(measured["first_player"].values()) == 1 and measured["first_player"][game.starter] == 1
    assert sum(measured["battles_fought"].values()) >= measured["battles"] >= max(measured["battles_won"].values())
    for name in ("battles_fought", "battles_won", "ships_on_board", "developments", "track_science", "track_supremacy"):
        assert set(measured[name]) == seats and all(isinstance(v, int) for v in measured[name].values())
    assert measured["track_industry"] == {p.colour: p.track("industry") for p in game.table.players}
    # every battle that reached a result is counted once, with its fighters and winners
    results = sum(1 for move in finished.moves for step in move.steps if step.title == "Result")
    assert results == measured["battles"]


def test_exact_questions_battle_and_roll_offs():
    questions = {q.name: q for q in AndromedaGame.exact_questions()}
    assert set(questions) == {"battle", "roll_off", "team_roll_off"}
    even = questions["battle"].answer(dice=1, aim=1, rival_dice=1, rival_aim=1)
    assert even == {"side": Fraction(15, 36), "rival": Fraction(15, 36), "no winner": Fraction(6, 36)}
    for point in ({"dice": 6, "aim": 5}, {"dice": 2, "aim": 3, "rival_dice": 5}):
        assert sum(questions["battle"].answer(**point).values()) == 1
    assert questions["roll_off"].answer(players=3) == {f"seat {i}": Fraction(1, 3) for i in (1, 2, 3)}
    assert questions["team_roll_off"].answer() == {"team 1": Fraction(1, 2), "team 2": Fraction(1, 2)}
    assert dict(questions["roll_off"].grid) == {"players": (2, 3, 4)}


def test_the_game_draws_its_board_with_the_ships_on_it():
    game = dealt(make(seed=2, players=3))
    picture = game._repr_svg_()
    assert picture.startswith("<svg") and picture.rstrip().endswith("</svg>")
    for colour in game.seats:
        assert colour in picture
    rng, policy = Rng(2), RandomPolicy(2)
    while not any(s.on_board for p in game.table.players for s in p.ships):
        game = game.apply(rng.pick(game.chance()) if game.to_move is CHANCE else policy(game))
    assert game._repr_svg_() != picture


def test_a_module_giving_two_repairs_offers_each_pair_of_repairs_in_a_return_turn():
    game = dealt(make(seed=0, players=2))
    table, colour = game.table, game.table.active
    player = table.player(colour)
    repair_moon = Moon(Goods.of(repair=1, titanium=1))
    modules = tuple(replace(m, damage=1) if m.name in ("Treasury", "Architect") else m for m in player.modules)
    ship = player.ships_at("bay")[0]
    region = next(r.name for r in table.regions if r.kind == "planet")
    player = replace(player.with_ship(replace(ship, where=f"region:{region}")),
                     modules=modules + (StationModule("Dynamic Mechanism", moon=repair_moon),))
    game = replace(game, table=table.with_player(player), pending=(Returning(),))
    both = Activate("Dynamic Mechanism", ship.id, repairs=(("module", "Treasury"), ("module", "Architect")))
    options = game.options()
    assert both in options
    # a module repaired once cannot take a second marker off; "nothing" is refused while something is damaged
    assert Activate("Dynamic Mechanism", ship.id, repairs=(("module", "Treasury"), ("module", "Treasury"))) not in [
        o.choice for o in options]
    nothing = options.get(Activate("Dynamic Mechanism", ship.id, repairs=(("module", "Treasury"), ("nothing", None))))
    assert nothing is not None and not nothing.legal and nothing.rule == "andromeda.repair.something_to_repair"
    after = game.apply(both)
    repaired = after.table.player(colour)
    assert repaired.module("Architect").damage == 0 and repaired.module("Treasury").damage == 0
    assert repaired.resources["titanium"] == player.resources["titanium"] + 1


def test_at_the_end_of_a_turn_another_player_holding_a_moon_may_insert_it_before_the_next_turn():
    from tabletoolkit.andromeda.whole_game import Detailing, Discarding, Responding

    game = dealt(make(seed=0, players=3))
    table, active = game.table, game.table.active
    other, third = table.turn_order_from(active)[1:]
    holder = table.player(other)
    table = table.with_player(replace(holder, moons=(Moon(Goods.of(ice=1, vp=1)),)))
    game = replace(game, table=table, pending=(Discarding(),))
    game = game.apply(("end turn",))
    assert isinstance(game.pending[-1], Responding) and game.to_move == other    # the third player holds nothing
    options = game.options()
    assert ("pass",) in options
    insert = next(o for o in options.legal if dict(o.choice[1:]).get("action") == "insert_moon")
    refused = {dict(o.choice[1:])["action"] for o in options if o.choice[:1] == ("free",) and not o.legal}
    assert not {"discard_moon", "recruit"} & {dict(o.choice[1:])["action"] for o in options.legal if o.choice[:1] == ("free",)}
    assert refused <= {"play_tactics", "insert_moon"}
    game = game.apply(insert.choice)
    if isinstance(game.pending[-1], Detailing):
        game = game.apply(next(o.choice for o in game.options().legal if "tactical_ops" in str(o.choice)))
    assert not game.table.player(other).moons
    assert game.table.player(other).tactical_ops == Moon(Goods.of(ice=1, vp=1))
    assert isinstance(game.pending[-1], Responding)          # still their moment: nothing more to do but let it end
    game = game.apply(("pass",))
    while game.to_move is CHANCE:
        game = game.apply(Rng(0).pick(game.chance()))
    assert game.table.active == other and not any(isinstance(f, Responding) for f in game.pending)


def _first_state(players, seeds, found):
    """The first state of seeded random play (seed by seed) where ``found(game)`` holds."""
    for seed in seeds:
        game, rng, policy = make(seed=seed, players=players), Rng(seed), RandomPolicy(seed)
        while not game.over:
            if found(game):
                return game
            game = game.apply(rng.pick(game.chance()) if game.to_move is CHANCE else policy(game))
    raise AssertionError("no such state in these seeds")


def test_bargain_for_safe_passage_ends_the_battle_and_moves_the_ship_where_its_owner_says():
    from tabletoolkit.andromeda.whole_game import Diplomacy

    def offered(game):
        return (game.pending and isinstance(game.pending[-1], Diplomacy) and not game.pending[-1].offer
                and any(o.legal and o.choice[:2] == ("diplomacy", "Bargain for Safe Passage") for o in game.options()))

    game = _first_state(3, range(4), offered)
    frame, colour = game.pending[-1], game.to_move
    choice = next(o.choice for o in game.options().legal if o.choice[:2] == ("diplomacy", "Bargain for Safe Passage"))
    _, card, kind, place = choice
    assert game.table.region(place).kind in ("planet", "alliance_base") and place != frame.region
    before = game.table.player(colour)
    after = game.apply(choice)
    player = after.table.player(colour)
    assert player.tactics.count(card) == before.tactics.count(card) - 1 and card in after.table.tactics_discard
    assert sum(1 for s in player.ships if s.kind == kind and s.where == f"region:{place}") == \
        sum(1 for s in before.ships if s.kind == kind and s.where == f"region:{place}") + 1
    assert not any(isinstance(f, Diplomacy) for f in after.pending)
    assert any("ends the battle" in step.text for step in after.steps)
    assert not any(step.title == "Result" for step in after.steps)          # no dice are rolled


def test_after_hailing_frequencies_each_player_in_the_battle_may_end_it():
    from tabletoolkit.andromeda.whole_game import Diplomacy

    def offered(game):
        return (game.pending and isinstance(game.pending[-1], Diplomacy) and not game.pending[-1].offer
                and ("diplomacy", "Hailing Frequencies") in game.options())

    game = _first_state(3, range(6), offered)
    colour = game.to_move
    vp = game.table.player(colour).vp
    asked = game.apply(("diplomacy", "Hailing Frequencies"))
    frame = asked.pending[-1]
    assert isinstance(frame, Diplomacy) and frame.offer and asked.to_move == frame.offer[0]
    assert [o.choice for o in asked.options().legal if o.choice[:1] != ("free",)] == [("end battle",), ("fight on",)]
    ended = asked.apply(("end battle",))
    assert not any(isinstance(f, Diplomacy) for f in ended.pending)
    assert ended.table.player(colour).vp > vp                      # 1 VP per opposing ship, kept though the battle ends
    assert any(f"{frame.offer[0]} takes the offer" in step.text for step in ended.steps)


def test_in_2v2_the_turns_first_module_bought_at_a_field_may_go_to_the_teammate():
    from tabletoolkit.andromeda.whole_game import Activating, FieldDiscard

    def at_field(game):
        frame = game.pending[-1] if game.pending else None
        return (isinstance(frame, Activating) and frame.region in ("Maximus Field", "Odessa Field")
                and any(o.legal and dict(o.choice).get("first_to") for o in game.options()))

    game = None
    for seed in range(6):
        try:
            game = _first_state_2v2(seed, at_field)
            break
        except AssertionError:
            continue
    assert game is not None
    colour = game.table.active
    option = next(o for o in game.options().legal if dict(o.choice).get("first_to") and len(dict(o.choice)["modules"]) == 2)
    mate = dict(option.choice)["first_to"]
    first, second = dict(option.choice)["modules"]
    assert mate != colour and game.table.team_of(mate) == game.table.team_of(colour)
    assert f"{mate} gains the first module instead" in option.text
    after = game.apply(option.choice)
    assert first in [m.name for m in after.table.player(mate).modules]
    assert second in [m.name for m in after.table.player(colour).modules]
    assert after.module_gained
    assert not any(isinstance(f, (Activating, FieldDiscard)) for f in after.pending)


def _first_state_2v2(seed, found):
    game, rng, policy = make(seed=seed, players=4, teams=True), Rng(seed), RandomPolicy(seed)
    while not game.over:
        if found(game):
            return game
        game = game.apply(rng.pick(game.chance()) if game.to_move is CHANCE else policy(game))
    raise AssertionError("no such state")
