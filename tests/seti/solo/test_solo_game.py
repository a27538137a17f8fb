"""The solo game end to end: the rival's turn procedure and a seeded full game as a golden transcript.

Regenerate the golden file after an intended change (e.g. edited sample data) with:
    TT_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest -q -p no:randomly tests/seti/solo/test_solo_game.py
and review the diff of tests/seti/solo/golden/solo_4stars_seed7.txt before committing it.
"""

import hashlib
import os
from dataclasses import replace
from pathlib import Path

import pytest

import tabletoolkit
from tabletoolkit.engine import IllegalAction, Rng, run
from tabletoolkit.seti.milestones import mark_gold_tile
from tabletoolkit.seti.solo import RIVAL, YOU, rival_turn, setup_solo, your_options, your_turn
from tabletoolkit.seti.solo.objectives import Event
from tabletoolkit.seti.solo.rival import add_data
from tabletoolkit.seti.probes import launch
from tabletoolkit.seti.solo.table import end_of_round_stack

GOLDEN = Path(__file__).parent / "golden" / "solo_4stars_seed7.txt"
SOURCES = GOLDEN.with_suffix(".sources")
DATA = Path(tabletoolkit.__file__).parent / "seti" / "data"
# the game reads these data files (its own and the other SETI phases'): a change in any of them is a
# reason to regenerate the golden transcript
DATA_FILES = ("solo_actions.toml", "solo_boards.toml", "solo_objectives.toml", "solar_system.toml", "sectors.toml",
              "sample_cards.toml", "techs.toml", "gold_tiles.toml", "species_sample.toml")


def data_digests():
    return "".join(f"{name} {hashlib.sha256((DATA / name).read_bytes()).hexdigest()[:16]}\n" for name in DATA_FILES)


def fresh(stars=4, seed=7):
    return run(setup_solo(stars, seed)).result


@pytest.mark.phase("seti.solo")
def test_the_phase_is_registered_with_its_notebook():
    phase = tabletoolkit.phase("seti.solo")
    assert phase.notebook == "seti_solo_rival.ipynb"
    assert phase.section == "单人游戏"


@pytest.mark.phase("seti.solo")
def test_seeded_full_game_matches_the_golden_transcript():
    played = tabletoolkit.phase("seti.solo").run(stars=4, seed=7)
    text = played.transcript() + "\n"
    if os.environ.get("TT_REGENERATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
        SOURCES.write_text(data_digests(), encoding="utf-8")
    changed = [line.split()[0] for line in set(data_digests().splitlines()) - set(SOURCES.read_text().splitlines())]
    assert text.splitlines() == GOLDEN.read_text(encoding="utf-8").splitlines(), (
        f"data files changed since the golden game was recorded: {sorted(changed)}; if intended, regenerate "
        "(see this module's docstring)" if changed else "the game differs from the golden transcript")
    final = played.final_state
    assert final.over and final.round == 5
    assert played.steps[-1].data["winner"] == (YOU if final.you.score > final.rival.score else RIVAL)


@pytest.mark.phase("seti.solo")
def test_rival_skips_impossible_actions_with_reasons():
    game = fresh()
    rival = replace(game.rival, deck=("S.1",), publicity=4)  # analyze / launch / tech 6 / orbit-land
    game = replace(game, rival=rival, table=launch(game.table, RIVAL, free=True, ignore_limit=True))
    steps = run(rival_turn(game, Rng(0))).steps
    assert steps[0].title == "Rival reveals S.1"
    assert steps[1].text == "Top action impossible: its computer is not full (0 of 6); next: launch."
    assert steps[2].text == "Action 2 impossible: it already has a probe on Earth; next: tech for 6 publicity."
    assert steps[3].text.startswith("Action 3 impossible: it has 4 publicity, the tech costs 6; next: 3 moves to Saturn")
    assert steps[4].title.startswith("Rival flies to ")


@pytest.mark.phase("seti.solo")
def test_rival_analyzes_with_a_full_computer_and_passes_with_an_empty_deck():
    game = fresh()
    full, _ = add_data(replace(game.rival, deck=("S.1",)), 6)
    after = run(rival_turn(replace(game, rival=full), Rng(0))).result
    assert after.rival.computer == 0 and after.rival.discard == () and after.rival.revealed == "S.1"
    passing = run(rival_turn(replace(after, rival=replace(after.rival, deck=())), Rng(0)))
    assert passing.steps[0].title == "Rival passes"
    assert passing.result.passed == (RIVAL,)
    assert passing.result.rival.progress == after.rival.progress + 1  # the end-of-round card
    assert passing.result.table.solar.rotations == after.table.solar.rotations + 1  # it passed first


def test_your_refused_action_names_the_reason_and_changes_nothing():
    game = replace(fresh(), to_move=YOU)
    refused = {o.action: o for o in your_options(game) if not o.legal}
    assert refused["orbit:Mars"].reason == "no probe of yours in space"
    waiting = {o.action: o for o in your_options(replace(game, to_move=RIVAL))}
    assert not any(o.legal for o in waiting.values()) and waiting["launch"].reason == "it is not your turn"
    assert waiting["launch"].refusing_rule == "seti.solo.not_your_turn"
    with pytest.raises(IllegalAction) as error:
        run(your_turn(game, "orbit:Mars", Rng(0)))
    assert error.value.rule == "seti.solo.orbit" and error.value.section == "绕行星运行"
    assert game.table.solar.placements == () and game.you.credits == 4


def test_conversion_refused_without_two_of_a_kind_and_state_unchanged():
    from tabletoolkit.seti.solo import convert

    game = fresh()
    poor = replace(game, to_move=YOU).with_player(replace(game.you, energy=1))
    with pytest.raises(IllegalAction) as error:
        run(convert(poor, "energy>credits", Rng(0)))
    assert error.value.rule == "seti.solo.convert"
    assert poor.you.energy == 1 and poor.you.credits == game.you.credits


def test_end_a_tie_is_not_your_win_and_unfinished_objectives_score_five_each():
    from tabletoolkit.seti.solo.game import end_of_round

    game = fresh()
    unfinished = game.objectives.unfinished
    last = replace(game, table=replace(game.table, round=5), rival=replace(game.rival, score=40 - 5 * unfinished)).with_player(replace(game.you, score=40))
    ended = run(end_of_round(last, Rng(0)))
    assert ended.result.over and ended.result.rival.score == 40
    assert ended.steps[-1].data["winner"] == RIVAL
    assert ended.steps[-1].text.endswith("The rival wins (a tie is not a win for you).")


def test_payment_after_a_round_comes_before_income():
    from tabletoolkit.seti.solo.game import end_of_round

    game = fresh()
    steps = run(end_of_round(replace(game, table=replace(game.table, round=1)), Rng(0))).steps
    assert [s.title for s in steps] == ["Pay objectives after round 1", "Between rounds"]
    assert steps[0].text.startswith("After round 1 you pay 1 completed objective: 0 paid (none), 1 missing → the rival takes 3 progress.")


def test_your_gold_tile_scores_by_the_multiplayer_rules_the_rival_claims_only_first_spaces():
    from tabletoolkit.seti.solo.you import your_gold_lines

    game = fresh()
    techs_tile = next(t for t in game.table.gold_tiles if t.id == "I")
    table = mark_gold_tile(mark_gold_tile(game.table, RIVAL, "I"), YOU, "I")
    game = replace(game, table=table).with_player(replace(game.you, techs=frozenset({"PT1", "TT1", "CT1", "PT2"})))
    (line,) = your_gold_lines(game)
    second_value = techs_tile.value_at(1)
    sets = 1 if techs_tile.side == "a" else 2  # side A: one set of all three types; side B: two pairs
    assert (line.count, line.each, line.vp) == (sets, second_value, sets * second_value)
    assert next(t for t in table.gold_tiles if t.id == "I").marks == (RIVAL, YOU)


def test_scoring_your_gold_tiles_draws_no_card_of_the_game_being_played():
    """The gold tiles are scored on the game's own table: scoring deals no card (a whole game's chance events were
    offered 65-card draws)."""
    from tabletoolkit.seti.cards import drawing
    from tabletoolkit.seti.solo.you import your_gold_lines

    class NoDraw:
        def draw(self, pool):
            raise AssertionError(f"a card of the game in play was drawn from {len(pool)}")

    game = fresh()
    table = mark_gold_tile(game.table, YOU, "I")
    with drawing(NoDraw()):
        assert len(your_gold_lines(replace(game, table=table))) == 1


def test_a_preferred_objective_takes_the_trigger_when_it_fits():
    from tabletoolkit.seti.solo import material
    from tabletoolkit.seti.solo.you import mark_objectives
    from tabletoolkit.seti.solo.objectives import Event, Objectives

    tiles = material().objectives
    objectives, _ = Objectives(stack=(tiles["I-6"], tiles["II-1"], tiles["III-1"])).end_of_turn()
    game = replace(fresh(), objectives=objectives)
    after = run(mark_objectives(game, [Event("launch")], prefer="III-1")).result
    assert [o.marked for o in after.objectives.face_up] == [(False,), (False, False), (True, False)]
    default = run(mark_objectives(game, [Event("launch")], prefer="I-4")).result  # I-4 not face up: first that fits
    assert default.objectives.face_up[0].marked == (True,) and default.objectives.completed == ()
    ended = run(mark_objectives(game, [Event("launch")], end_of_turn=True)).result  # replaced at the end of your turn
    assert ended.objectives.completed == ("I-6",)


def one_action_card(action):
    from tabletoolkit.seti.solo.data import ActionCard

    return ActionCard("T.1", "basic", "left", (action,), sample=True)


@pytest.mark.phase("seti.solo")
def test_rival_discards_a_probe_tech_to_land_on_a_moon_leftmost_by_the_arrow():
    from tabletoolkit.seti.solo.data import RivalAction
    from tabletoolkit.seti.solo.turn import play_card

    game = fresh()
    mars = game.table.solar.layout.planets["Mars"]
    game = replace(game, rival=replace(game.rival, techs=("PT2", "CT1")), table=launch(game.table, RIVAL, free=True, ignore_limit=True))
    card = one_action_card(RivalAction("orbit_land", moves=12, planets=("Mars",), prefer="orbit"))
    steps = run(play_card(game, card, Rng(0))).steps
    after = steps[-1].state
    assert steps[-1].title == f"Rival lands on {mars.moons[0].name}"
    assert after.rival.techs == ("CT1",)
    assert after.table.solar.placements[-1].moon == mars.moons[0].name
    assert after.table.solar.probes_of(RIVAL) == ()


@pytest.mark.phase("seti.solo")
def test_rival_discards_a_telescope_tech_for_an_extra_card_row_signal():
    from tabletoolkit.seti.solo.data import RivalAction
    from tabletoolkit.seti.solo.turn import play_card

    game = replace(fresh(), rival=replace(fresh().rival, techs=("TT3",)))
    card = one_action_card(RivalAction("telescope", signals=("earth",)))
    steps = run(play_card(game, card, Rng(0))).steps
    titles = [s.title for s in steps]
    assert titles[0] == "Rival discards a telescope tech"
    assert sum(1 for t in titles if t.startswith("Rival signals in")) == 2  # Earth + the extra card-row signal
    assert steps[-1].state.rival.techs == ()
    assert len(steps[-1].state.table.discard) == len(game.table.discard) + 1


def test_free_actions_card_corners_and_buying_a_card():
    from tabletoolkit.seti.solo import free_action, free_options

    game = replace(fresh(), to_move=YOU)
    catalog = tuple(game.table.cards.values())
    data_card = next(c.id for c in catalog if c.corner == "data")
    move_card = next(c.id for c in catalog if c.corner == "move")
    game = game.with_player(replace(game.you, hand=(data_card, move_card)))
    options = {o.action: o for o in free_options(game)}
    assert options[f"corner:{data_card}"].legal
    assert not options[f"corner:{move_card}"].legal
    assert options[f"corner:{move_card}"].reason == "a move needs a probe of yours in space"
    with pytest.raises(IllegalAction) as refused:
        run(free_action(game, f"corner:{move_card}", Rng(0)))
    assert refused.value.rule == "seti.solo.corner" and game.free_moves == 0 and len(game.you.hand) == 2
    after = run(free_action(game, f"corner:{data_card}", Rng(0))).result
    assert after.you.data == game.you.data + 1 and after.you.hand == (move_card,)
    assert after.table.discard[-1] == data_card
    bought = run(free_action(game, "buy:row0", Rng(0))).result
    assert bought.you.publicity == game.you.publicity - 3
    assert bought.you.hand[-1] == game.table.card_row[0]
    assert bought.table.card_row[0] == game.table.deck[0]  # the row refills at once
    poor = game.with_player(replace(game.you, publicity=2))
    with pytest.raises(IllegalAction) as error:
        run(free_action(poor, "buy:deck", Rng(0)))
    assert (error.value.rule, error.value.section) == ("seti.free_actions.buy_publicity", "购买卡牌") and poor.you.publicity == 2


def test_a_move_corner_gives_a_free_move_spent_on_a_move_or_a_flight_this_turn():
    from tabletoolkit.seti.solo import free_action, free_options
    from tabletoolkit.seti.solo.you import flight

    game = replace(fresh(), to_move=YOU)
    move_card = next(c.id for c in game.table.cards.values() if c.corner == "move")
    game = replace(game, table=launch(game.table, YOU, free=True, ignore_limit=True)).with_player(replace(game.you, hand=(move_card,), energy=5))
    assert {o.action: o for o in free_options(game)}[f"corner:{move_card}"].legal
    moved = run(free_action(game, f"corner:{move_card}", Rng(0))).result
    assert moved.free_moves == 1 and moved.you.hand == () and moved.table.discard[-1] == move_card
    probe, route = flight(moved, "Mars")
    assert route.moves >= 1
    flown = run(your_turn(moved, "orbit:Mars", Rng(0))).result
    assert flown.you.energy == 5 - (route.moves - 1) - game.variant.orbit_energy  # one move paid by the corner
    assert flown.free_moves == 0

    earth = moved.table.solar.earth
    step = next(o for o in free_options(moved) if o.action.startswith(f"move:{probe.id}:") and o.legal
                and "asteroid" not in o.reason)  # leaving an asteroid field takes two moves
    assert "paid with 1 free move(s)" in step.reason
    stepped = run(free_action(moved, step.action, Rng(0))).result
    assert stepped.free_moves == 0 and stepped.you.energy == 5  # the free move paid it
    assert stepped.table.solar.probe(probe.id).space != earth
    again = {o.action: o for o in free_options(stepped)}
    back = f"move:{probe.id}:{earth.ring},{earth.sector}"
    assert again[back].legal and "paid with 1 energy" in again[back].reason
    home = run(free_action(stepped, back, Rng(0))).result
    assert home.you.energy == 4 and home.table.solar.probe(probe.id).space == earth


def test_unused_free_moves_lapse_when_you_end_your_turn():
    game = replace(fresh(), to_move=YOU, free_moves=2, main_action="launch")
    steps = run(your_turn(game, "end", Rng(0)))
    assert steps[0].text == "Your turn ends. Your 2 unused free move(s) lapse."
    assert steps.result.free_moves == 0 and steps.result.main_action is None


def test_workshop_variants_change_the_rival_end_bonus_and_the_unpaid_progress():
    from tabletoolkit.seti.solo.game import end_of_round
    from tabletoolkit.seti.variant import RULEBOOK

    game = fresh()
    kind = replace(game, table=replace(game.table, variant=RULEBOOK.but(solo_unfinished_objective_vp=0, solo_unpaid_objective_progress=1)))
    ended = run(end_of_round(replace(kind, table=replace(kind.table, round=5)), Rng(0))).result
    assert ended.rival.score == game.rival.score
    paid = run(end_of_round(replace(kind, table=replace(kind.table, round=2)), Rng(0))).steps[0]
    assert paid.text.startswith("After round 2 you pay 2 completed objectives: 0 paid (none), 2 missing → the rival takes 2 progress.")


def test_milestones_active_player_first_then_the_other_neutral_last_several_at_once():
    from tabletoolkit.seti.solo.turn import milestones

    game = fresh()
    game = replace(game, rival=replace(game.rival, score=31, revealed="S.1")).with_player(replace(game.you, score=26))
    steps = run(milestones(game, RIVAL)).steps
    titles = [s.title for s in steps]
    assert titles[:4] == ["Gold milestone 25", "Gold milestone 25", "Neutral milestone 20", "Neutral milestone 30"]
    assert steps[0].text.startswith("The rival reaches 25 VP") and steps[1].text.startswith("You reach 25 VP")
    assert steps[2].text.startswith("The rival passed 20 VP") and steps[3].text.startswith("The rival passed 30 VP")
    # S.1's decision arrow points left: the leftmost gold tile's first space; you take the best value left
    after = steps[3].state
    assert after.rival.gold == (after.table.gold_tiles[0].id,)
    assert dict(after.checked) == {YOU: 26, RIVAL: 31}
    again = run(milestones(after, YOU)).steps
    assert not any(s.title.startswith(("Gold", "Neutral")) for s in again)  # nothing new was crossed


def test_milestones_are_the_variants_as_the_multiplayer_milestones_count_them():
    """The thresholds and the neutral markers on them are the variant's (a two-player table's markers), crossed as
    the multiplayer milestones count them (``milestones.thresholds_crossed``: only the highest when not all trigger)."""
    from tabletoolkit.seti.solo.turn import milestones
    from tabletoolkit.seti.variant import RULEBOOK

    variant = replace(RULEBOOK, gold_milestones=(20, 45, 70), neutral_milestones=(15, 25), all_thresholds_trigger=False)
    game = run(setup_solo(4, seed=3, variant=variant)).result
    assert game.table.neutral == ((15, 2), (25, 2))
    game = replace(game, rival=replace(game.rival, score=26, revealed="S.1")).with_player(replace(game.you, score=21))
    titles = [s.title for s in run(milestones(game, YOU)).steps]
    assert titles[:4] == ["Gold milestone 20", "Gold milestone 20", "Neutral milestone 15", "Neutral milestone 25"]


def test_your_gold_tile_is_the_one_you_chose_else_the_best_value_left():
    from tabletoolkit.seti.solo import free_action, free_options
    from tabletoolkit.seti.solo.turn import milestones

    game = replace(fresh(), to_move=YOU)
    last = game.table.gold_tiles[-1]
    options = {o.action: o for o in free_options(game) if o.action.startswith("gold:")}
    assert sorted(options) == sorted(f"gold:{t.id}" for t in game.table.gold_tiles) and all(o.legal for o in options.values())
    chosen = run(free_action(game, f"gold:{last.id}", Rng(0))).result
    assert chosen.gold_choice == last.id
    assert {o.action: o for o in free_options(chosen)}[f"gold:{last.id}"].reason == "already your choice for your next gold milestone"
    crossed = run(milestones(chosen.with_player(replace(chosen.you, score=26)), YOU))
    assert crossed.steps[0].text.startswith(f"You reach 25 VP and mark gold tile {last.id} (")
    assert crossed.steps[0].text.endswith(": your choice).")
    after = crossed.result
    assert YOU in next(t for t in after.table.gold_tiles if t.id == last.id).marks and after.gold_choice is None
    marked = {o.action: o for o in free_options(after)}[f"gold:{last.id}"]
    assert not marked.legal and marked.reason == "you marked this tile already: one mark a tile"
    default = run(milestones(game.with_player(replace(game.you, score=26)), YOU)).steps[0]
    assert default.text.endswith("the best value left on a tile you have not marked; choose another with gold:<tile>).")


def test_your_landing_costs_three_two_with_an_orbiter_one_less_with_pt2():
    from tabletoolkit.seti.solar import Probe
    from tabletoolkit.seti.solo.shared import arrival, arrival_verdict, flight, rival_settle

    def land_energy(game, planet):
        game = replace(game, table=launch(game.table, YOU, free=True, ignore_limit=True)).with_player(replace(game.you, energy=20))
        return arrival_verdict(arrival(game, planet, flight(game, planet)), None, orbit=False).cost["energy"]

    game = fresh()
    assert land_energy(game, "Mars") == 3
    flown = game.table.solar.next_probe  # the rival's probe, flown off Earth
    orbited = rival_settle(game, Probe(flown, RIVAL, game.table.solar.earth), "Mars", "orbit")[0]
    assert land_energy(orbited, "Mars") == 2
    assert land_energy(orbited.with_player(replace(orbited.you, techs=frozenset({"PT2"}))), "Mars") == 1


def test_a_pushed_probe_gives_its_owner_the_publicity_even_on_the_rivals_turn():
    from tabletoolkit.seti.solar import rotation_example
    from tabletoolkit.seti.solo.state import rotate_solar

    game = fresh()
    solar, _ = rotation_example().rotated()  # the example's second rotation pushes green's probe (+1 publicity)
    game = replace(game, table=replace(game.table, solar=solar))
    after, text = rotate_solar(game)
    assert text == "The solar system rotates (disc 2): green's probe pushed (+1 publicity). You gain 1 publicity."
    assert after.you.publicity == game.you.publicity + 1
    assert after.triggers == (Event("visit", "comet"),)  # pushed onto a comet: a visit (push_is_visit, S-F12)
    no_visit = replace(game, table=replace(game.table, variant=game.variant.but(push_is_visit=False)))
    assert rotate_solar(no_visit)[0].triggers == ()


def test_a_push_of_your_probe_into_asteroids_pays_your_pt3_publicity_as_in_the_multiplayer_rotation():
    from tabletoolkit.seti.solar import Layout, Probe, SolarSystem, Space
    from tabletoolkit.seti.solo.state import rotate_solar

    # The rotation tests' layout with asteroids on disc 2 at ring 1, sector 5; a probe of yours sits in disc
    # 1's cut-out at sector 4, and disc 1's wall pushes it into the asteroids (研究科技 · 旋转太阳系).
    text = (Path(__file__).parents[1] / "solar_test_layout.toml").read_text(encoding="utf-8").replace(
        "  { ring = 2, position = 0, planet = \"Earth\" },",
        "  { ring = 1, position = 5, asteroid = true },\n  { ring = 2, position = 0, planet = \"Earth\" },",
    )
    solar = SolarSystem(Layout.from_toml(text), probes=(Probe(1, YOU, Space(1, 4)), Probe(2, RIVAL, Space(1, 4))),
                        next_probe=3)
    game = fresh()
    game = replace(game, table=replace(game.table, solar=solar),
                   rival=replace(game.rival, techs=("PT3",))).with_player(replace(game.you, techs=frozenset({"PT3"})))
    after, text = rotate_solar(game)
    assert after.table.solar.probe(1).space == Space(1, 5) and after.table.solar.contents(Space(1, 5)).asteroid
    assert after.you.publicity == game.you.publicity + 1  # PT #03: entering asteroids pays 1 publicity (S-F10)
    assert after.rival.publicity == game.rival.publicity  # the rival's techs give it no ability (使用科技板块)
    assert text.startswith("The solar system rotates (disc 1): green's probe pushed (+1 publicity), white's probe pushed.")
    # Without PT #03, or under the variant where a push pays only the printed icon, nothing is gained.
    assert rotate_solar(game.with_player(replace(game.you, techs=frozenset())))[0].you.publicity == game.you.publicity
    literal = replace(game, table=replace(game.table, variant=game.variant.but(pt3_on_push=False)))
    assert rotate_solar(literal)[0].you.publicity == game.you.publicity


def test_passing_ends_your_turn_so_a_threshold_reached_meanwhile_completes_its_objective():
    from tabletoolkit.seti.solo import material
    from tabletoolkit.seti.solo.objectives import Objectives

    tiles = material().objectives
    objectives, _ = Objectives(stack=(tiles["I-1"], tiles["I-4"], tiles["I-6"], tiles["II-2"])).end_of_turn()
    game = replace(fresh(), objectives=objectives, to_move=YOU).with_player(replace(fresh().you, score=16))
    passing = run(your_turn(game, "pass", Rng(0)))
    stack = end_of_round_stack(game.table, 1)
    assert [s.title for s in passing.steps] == ["You pass"] and passing.result.taking
    assert passing.steps[0].text.endswith(f"Choose a card from round 1's end-of-round stack: {', '.join(stack)}.")
    assert [o.action for o in your_options(passing.result)] == [f"take:{card}" for card in dict.fromkeys(stack)]
    steps = run(your_turn(passing.result, f"take:{stack[1]}", Rng(0))).steps
    assert [s.title for s in steps] == ["You take an end-of-round card", "Objectives"]
    assert steps[-1].state.you.hand[-1] == stack[1] and not steps[-1].state.taking
    assert end_of_round_stack(steps[-1].state.table, 1) == (stack[0], stack[2])
    assert steps[-1].state.objectives.completed == ("I-1",)
    assert [o.tile.id for o in steps[-1].state.objectives.face_up] == ["I-4", "I-6", "II-2"]


@pytest.mark.phase("seti.solo")
def test_score_sources_add_up_to_the_final_scores():
    from tabletoolkit.seti.solo import score_sources

    played = tabletoolkit.phase("seti.solo").run(stars=1, seed=0)
    sources = score_sources(played.steps)
    start, final = played.steps[0].state, played.final_state
    assert sum(row[1] for row in sources.rows) == final.you.score - start.you.score
    assert sum(row[2] for row in sources.rows) == final.rival.score - start.rival.score
    assert all(row[1] == 0 for row in sources.rows if row[0].startswith("单人游戏 · 对手的行动"))
    assert "<th>where the VP came from</th>" in sources._repr_html_()


def test_flying_to_a_planet_with_no_probe_in_space_is_refused_by_its_rule():
    from tabletoolkit.engine import result_of
    from tabletoolkit.seti.solo.shared import fly_and_arrive

    game = run(setup_solo(1, 1)).result                      # no probe launched yet
    with pytest.raises(IllegalAction) as refused:
        result_of(fly_and_arrive(game, "Mars", None, True))
    assert refused.value.rule == "seti.solo.no_flight" and "no flight to Mars" in refused.value.reason
