"""Set-up by player count (``seti.setup``): 设置 and 玩家设置.

Two hidden species, the solar system and sectors (their modules, passed in), the card row of 3, gold
tiles with a random side, neutral milestones (2 markers each at 20 and 30 for 1–2 players, 1 for 3,
none for 4), tech stacks with their 2-point tiles, end-of-round stacks of players + 1 cards, the
rotation marker; then each player: start score 1..4 in seat order from the start player, 4 publicity,
4 credits, 3 energy and 5 cards.
"""

from __future__ import annotations

from ..engine.frozen import replace
from typing import Any, Callable, Sequence

from ..engine.errors import InvalidInput
from ..engine.registry import register_phase
from ..engine.rng import Rng
from ..engine.steps import Procedure, Step, result_of
from .game import SetiGame
from .gold_tiles import GoldTile, load_gold_tiles, random_sides
from .cards import Card, deck_of, game_cards
from .player import PlayerBoard
from .sector import Sky
from .solar import random_setup
from .species import Species, load_species
from .tech_board import TechBoard, Tech
from .life_board import new_life_board
from .variant import RULEBOOK, SetiVariant

SECTION = "设置"
PLAYERS = "玩家设置"


def sample_sky(rng: Rng) -> Sky:
    """The sectors with their data, from the sector module's labelled sample (the order of the sector
    boards is part of the solar system's set-up)."""
    return Sky.sample()


@register_phase("seti.setup", title="Set up the game", section=SECTION, notebook="seti_round.ipynb")
def set_up(
    colours: Sequence[str],
    rng: Rng,
    variant: SetiVariant = RULEBOOK,
    *,
    start_seat: int = 0,
    cards: Sequence[Card] | None = None,
    species: Sequence[Species] | None = None,
    techs: Sequence[Tech] | None = None,
    gold_tiles: Sequence[GoldTile] | None = None,
    solar_setup: Callable[[Rng], Any] | None = random_setup,
    sector_setup: Callable[[Rng], Any] | None = sample_sky,
) -> Procedure:
    """Set up a game for ``colours`` in clockwise seat order (1–4; one player is the solo game's
    human, whose rival ``solo`` adds). Data defaults to the shipped files; the solar system and the
    sectors come from their modules (pass ``None`` to leave one out)."""
    if isinstance(colours, (str, bytes)) or not isinstance(colours, Sequence):
        raise InvalidInput("colours", colours, 'a sequence of 1 to 4 player colours, e.g. ["green", "orange"]')
    colours = tuple(colours)
    if not 1 <= len(colours) <= 4 or len(set(colours)) != len(colours) or not all(isinstance(c, str) and c for c in colours):
        raise InvalidInput("colours", colours, "1 to 4 different player colours")
    if not isinstance(start_seat, int) or not 0 <= start_seat < len(colours):
        raise InvalidInput("start_seat", start_seat, f"a seat 0..{len(colours) - 1}")
    count = len(colours)
    catalog = game_cards(cards)
    pool = tuple(species if species is not None else load_species())
    shuffled = rng.shuffled(pool)
    if len(shuffled) < 2:
        raise InvalidInput("species", pool, "two species are needed")
    hidden = (shuffled[0], shuffled[1])
    for one in hidden:  # the hidden species' alien cards join the catalog, not the deck
        catalog = game_cards(tuple(catalog.values()) + one.cards)
    board = TechBoard.fresh(tuple(techs) if techs is not None else None)
    game = SetiGame(players=(), cards=catalog, techs=board, gold_tiles=(), life=new_life_board(hidden),
                    variant=variant, seed=rng.seed or 0, start_seat=start_seat, active=start_seat)
    yield Step("1–2. Main board and two hidden species", f"The planet, solar-system and tech boards make the main "
               f"board. Two of the {len(pool)} species boards go face down in the slots: nobody knows them.",
               f"{SECTION} · 1 主版图, 2 外星人物种", game, {"species pool": len(pool)})
    if solar_setup is not None:
        game = replace(game, solar=solar_setup(rng))
    yield Step("3. The solar system", "The three discs and four sector boards are randomised (the solar-system "
               "module's set-up" + (")." if solar_setup else " — none given here, so no solar system is drawn)."),
               f"{SECTION} · 3 太阳系版图", game)
    game = replace(game, deck=rng.shuffled(deck_of(catalog)))
    game, row = game.draw(variant.card_row_size)
    game = replace(game, card_row=row)
    yield Step("4. The card row", f"The deck of {len(game.deck)} cards ({len(set(game.deck))} different) is shuffled and {len(row)} are dealt face up: "
               f"{', '.join(row)}.", f"{SECTION} · 4 卡牌行", game, {"row": row})
    if sector_setup is not None:
        game = replace(game, sectors=sector_setup(rng))
    yield Step("5–6. Supplies and data", "Credits and energy go beside the board; each star gets the data tokens "
               "that fill its data slots (the sector module's set-up).", f"{SECTION} · 5 数据", game)
    tiles = random_sides(tuple(gold_tiles) if gold_tiles is not None else load_gold_tiles(), rng)
    game = replace(game, gold_tiles=tiles)
    yield Step("7. Gold scoring tiles", "Each two-sided tile is placed with a random side up: "
               + ", ".join(f"{t.id} side {t.side.upper()}" for t in tiles) + ".", f"{SECTION} · ⑦ 金色计分板块", game)
    markers = variant.neutral_markers[count - 1]
    game = replace(game, neutral=tuple((threshold, markers) for threshold in variant.neutral_milestones))
    yield Step("8. Neutral milestones", f"With {count} player(s): {markers} neutral marker(s) above each of "
               + " and ".join(map(str, variant.neutral_milestones)) + (" (ignored in a 4-player game)." if markers == 0
                                                                         else "."), f"{SECTION} · ⑧ 中立里程碑", game,
               {"markers each": markers})
    yield Step("9. Techs", "Each of the 12 techs gets a stack of 4 tiles with a 2-point tile on top.",
               f"{SECTION} · ⑨ 科技", game)
    stacks = []
    for _ in range(variant.rounds - 1):
        game, stack = game.draw(count + 1)
        stacks.append(stack)
    game = replace(game, end_of_round=tuple(stacks), rotation_marker="on round 1's end-of-round stack")
    yield Step("10–11. End-of-round stacks and rotation marker", f"{len(stacks)} stacks of {count + 1} cards "
               "(players + 1), one for each round but the last; a rotation marker on the tech board and the "
               "reminder on round 1's stack.", f"{SECTION} · ⑩ 轮次结束卡牌, ⑪ 太阳系旋转指示物", game)
    players = []
    for order, seat in enumerate((start_seat + offset) % count for offset in range(count)):
        score = order + 1
        players.append((seat, PlayerBoard(colours[seat], score=score, publicity=variant.start_publicity,
                                          credits=variant.start_credits, energy=variant.start_energy,
                                          milestone_score=score)))
    game = replace(game, players=tuple(board for _, board in sorted(players, key=lambda pair: pair[0])))
    for seat in game.clockwise_from(start_seat):
        game, _ = game.gain_cards(colours[seat], variant.start_cards)
    yield Step("Players", "The start player scores 1, the next clockwise 2, and so on; everyone starts with "
               f"{variant.start_publicity} publicity, {variant.start_credits} credits, {variant.start_energy} energy "
               f"and {variant.start_cards} cards.", f"{PLAYERS} · 起始资源", game,
               {board.colour: board.score for board in game.players})
    return game


def new_game(colours: Sequence[str], seed: int = 0, variant: SetiVariant = RULEBOOK, **options: Any) -> SetiGame:
    """A set-up game without the steps: ``new_game(["green", "orange"], seed=3)``."""
    return result_of(set_up(colours, Rng(seed), variant, **options))
