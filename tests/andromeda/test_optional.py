"""Optional rules (可选规则): special regions, destiny cards, 2v2."""

from dataclasses import replace

import pytest

from tabletoolkit.andromeda.examples import scoring_example
from tabletoolkit.andromeda.goods import Goods
from tabletoolkit.andromeda.effects import vortex_rewards
from tabletoolkit.andromeda.optional import battle_needed, deal_destiny, team_final_scoring, transfer
from tabletoolkit.andromeda.scoring import score_player
from tabletoolkit.andromeda.state import Moon, Player, Region, core_station, fleet
from tabletoolkit.engine import IllegalAction, InvalidInput, Rng, run

TEAMS = {"yellow": "sun", "green": "sun", "blue": "sea", "purple": "sea"}


def four_players():
    game = scoring_example()
    extra = tuple(Player(c, modules=core_station(), vp=50, tracks=Goods.of(science=1)) for c in ("green", "purple"))
    return replace(game, players=(game.players[0], extra[0], game.players[1], extra[1]))


def test_special_regions_score_adjacent_developments_after_development_step():
    game = scoring_example()
    game = replace(game, regions=game.regions + (Region("Vortex of Power", "vortex", printed=Goods.of(vp=3)),),
                   links=(("Vortex of Power", "Cinder"), ("Vortex of Power", "Bazaar")))
    sheet = score_player(game, "yellow")
    assert [line.step for line in sheet.lines][:3] == ["1 progress tracks", "2 developments", "special regions"]
    assert sheet.lines[2].delta == 6 and sheet.total == 165 + 6


def test_vortex_pays_at_the_start_of_the_turn_once_per_vortex():
    game = scoring_example()
    yellow = game.player("yellow")
    game = replace(game, regions=game.regions + (Region("Vortex", "vortex", reward=Goods.of(energy=2)),))
    game = game.with_player(replace(yellow, ships=tuple(replace(s, where="region:Vortex") if s.kind == "transport" else s
                                                        for s in yellow.ships)))
    after, paid = vortex_rewards(game, "yellow")
    assert paid == ("Vortex",) and after.player("yellow").resources["energy"] == yellow.resources["energy"] + 2


def test_destiny_goals_need_the_highest_or_tied_marker():
    game = scoring_example()
    yellow = game.player("yellow")
    game = game.with_player(replace(yellow, destiny=(("Sample destiny", "industry", 5), ("Sample destiny", "science", 4))))
    blue = game.player("blue")
    game = game.with_player(replace(blue, tracks=blue.tracks + Goods.of(science=10)))
    destiny = next(line for line in score_player(game, "yellow").lines if line.step == "destiny")
    assert destiny.delta == 5                       # highest on industry; blue is higher on science
    kept = deal_destiny([(f"card {i}", (("science", 3), ("commerce", 2))) for i in range(4)], ("yellow", "blue"),
                        {"blue": 1}, Rng(2))
    assert len(kept["yellow"]) == 2 and kept["yellow"][0][1:] == ("science", 3)
    with pytest.raises(InvalidInput):
        deal_destiny([("only", ())], ("yellow", "blue"), {}, Rng(0))


def test_no_battle_among_teammates():
    assert not battle_needed(["yellow", "green"], TEAMS)
    assert battle_needed(["yellow", "green"], TEAMS, pirates=1)
    assert battle_needed(["yellow", "blue"], TEAMS)


def test_transfers_between_teammates_once_per_turn():
    game = four_players()
    game = game.with_player(replace(game.player("green"), moons=(Moon(Goods.of(ice=1)),)))
    after = transfer(game, "yellow", "green", "resource", "energy", TEAMS)
    assert after.player("green").resources["energy"] == 1
    after = transfer(game, "green", "yellow", "moon", 0, TEAMS)
    assert after.player("yellow").moons == (Moon(Goods.of(ice=1)),)
    for args, rule in ((("yellow", "blue", "resource", "energy"), "andromeda.optional.not_teammates"),
                       (("green", "purple", "resource", "energy"), "andromeda.optional.not_teammates")):
        with pytest.raises(IllegalAction) as refused:
            transfer(game, *args, TEAMS)
        assert refused.value.rule == rule
    with pytest.raises(IllegalAction) as refused:
        transfer(game, "yellow", "green", "resource", "energy", TEAMS, used_this_turn=True)
    assert refused.value.rule == "andromeda.optional.transfer_used"


@pytest.mark.phase("andromeda.optional")
def test_team_score_is_the_sum():
    result = run(team_final_scoring(four_players(), TEAMS))
    sheets = result.result["sheets"]
    assert result.result["teams"] == {"sun": sheets["yellow"].total + sheets["green"].total,
                                      "sea": sheets["blue"].total + sheets["purple"].total}
    assert sheets["yellow"].total == 165
    with pytest.raises(InvalidInput):
        run(team_final_scoring(four_players(), {"yellow": "sun"}))


@pytest.mark.phase("andromeda.optional")
def test_optional_rules_vortex_reward_at_turn_start_and_quasar_detour():
    from tabletoolkit.andromeda.optional import optional_rules
    from tabletoolkit.andromeda.setup import set_up

    game = run(set_up(("yellow", "blue"), Rng(2), special="vortex")).result
    yellow = game.player(game.active)
    ships = (replace(yellow.ships[0], where="region:Vortex of Power"),) + yellow.ships[1:]
    game = game.with_player(replace(yellow, ships=ships))
    tour = run(optional_rules(game))
    reward = game.region("Vortex of Power").reward
    assert tour.result["game"].player(game.active).resources == yellow.resources + reward   # once, for the one Vortex
    assert [s.title for s in tour.steps][:3] == ["Optional rules in play", "Special regions", "Vortex at the start of the turn"]
    quasars = run(set_up(("yellow", "blue"), Rng(2), special="quasar")).result
    detour = next(s for s in run(optional_rules(quasars)).steps if s.title.startswith("Quasar I:"))
    assert detour.data["through"] == 2 and detour.data["around"] > 2     # two neighbours of the Quasar, kept apart
    ids = dict(quasars.region_ids)
    path = quasars.board.path(ids[detour.data["from"]], ids[detour.data["to"]])
    assert ids["Quasar I"] not in path and len(path) == detour.data["around"] + 1


@pytest.mark.phase("andromeda.optional")
def test_optional_rules_2v2_battles_and_team_scoring():
    from tabletoolkit.andromeda.optional import optional_rules

    game = four_players()
    game = replace(game, regions=game.regions + (Region("Nebula 3", "nebula", die=3),))
    for colour in ("yellow", "green"):                       # teammates share a nebula: no battle
        ships = tuple(replace(s, where="region:Nebula 3") if s.id == "transport-1" else s for s in fleet(colour))
        game = game.with_player(replace(game.player(colour), ships=ships))
    tour = run(optional_rules(game, teams=TEAMS))
    teams_step = next(s for s in tour.steps if s.title.startswith("2v2"))
    assert "Nebula 3: yellow + green → no battle (teammates only)" in teams_step.text
    sheets = tour.result["sheets"]
    assert tour.result["teams"]["sun"] == sheets["yellow"].total + sheets["green"].total
    with pytest.raises(InvalidInput):
        run(optional_rules(game, teams={"yellow": "sun", "green": "sun", "blue": "sea"}))


@pytest.mark.phase("andromeda.optional")
def test_optional_rules_destiny_goals_highest_or_tied():
    from tabletoolkit.andromeda.optional import optional_rules

    game = scoring_example()                         # yellow above blue (5 everywhere) on science
    yellow, blue = game.player("yellow"), game.player("blue")
    game = game.with_player(replace(yellow, destiny=(("Sample: The Cure", "science", 5), ("Sample: The Cure", "commerce", 3))))
    game = game.with_player(replace(blue, tracks=blue.tracks + Goods.of(commerce=7)))      # blue at the top of commerce (12)
    goals = next(s for s in run(optional_rules(game)).steps if s.title == "Destiny goals now").text
    assert "science" in goals and "met, 5 VP" in goals and "commerce" in goals and "not met" in goals
    destiny_line = next(line for line in score_player(game, "yellow").lines if line.step == "destiny")
    assert destiny_line.delta == 5


@pytest.mark.phase("andromeda.optional")
def test_vortex_pays_at_the_start_of_each_turn_once_per_vortex():
    from tabletoolkit.andromeda.scoring import end_turn

    game = run(set_up_vortices()).result
    nxt = game.turn_order_from(game.active)[1]
    player = game.player(nxt)
    ships = (replace(player.ships[0], where="region:Vortex of Power"), replace(player.ships[1], where="region:Vortex of Power"),
             replace(player.ships[2], where="region:Vortex of Brilliance")) + player.ships[3:]
    game = game.with_player(replace(player, ships=ships))
    started = run(end_turn(game)).result
    power, brilliance = game.region("Vortex of Power").reward, game.region("Vortex of Brilliance").reward
    assert started.player(nxt).resources == player.resources + power + brilliance      # two ships on one: paid once


def set_up_vortices():
    from tabletoolkit.andromeda.setup import set_up

    return set_up(("yellow", "blue"), Rng(2), special="vortex")
