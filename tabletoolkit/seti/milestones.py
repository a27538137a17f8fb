"""Milestones (``seti.milestones``), resolved between turns: gold at 25/50/70, neutral at 20/30.

A player whose score reached or passed a gold threshold marks a gold scoring tile they have not marked
yet; the first to mark a tile takes its highest value, the next the second, and so on (a fourth takes
the lowest, S-R4). Several thresholds in one turn all trigger (S-R3). Players resolve clockwise from the
player whose turn just ended; neutral milestones come last and move one neutral marker to the leftmost
empty discovery space (S-F17). Scores are absolute: passing 100 triggers nothing again (S-F20).
"""

from __future__ import annotations

from ..engine.frozen import replace

from ..engine.errors import InvalidInput
from ..engine.registry import register_phase
from ..engine.steps import Procedure, Step
from .game import Decisions, Option, SetiGame
from .gold_tiles import gold_tiles_svg, load_gold_tiles  # noqa: F401  (read from here by the final-scoring notebook)
from .life_board import Spot
from .traces import place_neutral
from .variant import SetiVariant

SECTION = "里程碑"
GOLD = "里程碑 · 金色里程碑"
NEUTRAL = "里程碑 · 中立里程碑"
ORDER = "里程碑 · 多个里程碑"
def legal_gold_tiles(game: SetiGame, colour: str) -> tuple[Option, ...]:
    """Every gold tile with "legal" or why ``colour`` cannot mark it."""
    options = []
    for tile in game.gold_tiles:
        if colour in tile.marks:
            options.append(Option(tile.id, False, f"{colour} already marked tile {tile.id}", "seti.milestones.marked_twice", GOLD))
        else:
            value = tile.value_at(len(tile.marks), game.variant.fourth_gold_chooser)
            options.append(Option(tile.id, True, f"legal: {value} VP per set ({tile.face.explains})"))
    return tuple(options)


def mark_gold_tile(game: SetiGame, colour: str, tile_id: str) -> SetiGame:
    """``colour`` marks the tile ``tile_id`` (refused if already marked by them)."""
    offered = [option for option in legal_gold_tiles(game, colour) if option.choice == tile_id]
    if not offered:
        raise InvalidInput("tile", tile_id, f"no such gold tile; tiles: {[t.id for t in game.gold_tiles]}")
    if not offered[0].legal:
        raise offered[0].refuse()
    tiles = tuple(replace(t, marks=t.marks + (colour,)) if t.id == tile_id else t for t in game.gold_tiles)
    return replace(game, gold_tiles=tiles)


def move_neutral(game: SetiGame, threshold: int) -> tuple[SetiGame, Spot | None]:
    """The neutral milestone at ``threshold``: one of its markers moves to the leftmost empty discovery space
    (S-F17, ``traces.place_neutral``); nothing moves (``None``) when no marker is left there or every discovery
    space is full."""
    if not dict(game.neutral).get(threshold, 0):
        return game, None
    moved, spot = place_neutral(game)
    if spot is None:
        return game, None
    return replace(moved, neutral=tuple((t, n - 1 if t == threshold else n) for t, n in moved.neutral)), spot


def crossed(game: SetiGame, seat: int, thresholds: tuple[int, ...]) -> tuple[int, ...]:
    """Thresholds the player reached or passed since their milestones were last resolved."""
    board = game.players[seat]
    return thresholds_crossed(board.milestone_score, board.score, thresholds, game.variant)


def thresholds_crossed(before: int, score: int, thresholds: tuple[int, ...], variant: SetiVariant) -> tuple[int, ...]:
    """Thresholds a score of ``before`` reaching ``score`` reached or passed: all of them (S-R3), or only the
    highest when the variant says so (``all_thresholds_trigger``)."""
    hit = tuple(t for t in thresholds if before < t <= score)
    return hit if variant.all_thresholds_trigger else hit[-1:]


@register_phase("seti.milestones", title="Resolve milestones between turns", section=SECTION,
                notebook="seti_milestones_and_discovery.ipynb")
def resolve_milestones(game: SetiGame, decisions: Decisions | None = None) -> Procedure:
    """Gold milestones clockwise from the player whose turn just ended, then the neutral ones."""
    if all(board.milestone_score >= board.score for board in game.players):  # nobody scored since: nothing crossed
        yield Step("No milestone", "Nobody reached a milestone since the last check.", ORDER, game)
        return game
    decisions = decisions or Decisions()
    variant = game.variant
    order = game.clockwise_from(game.active)
    anything = False
    for seat in order:
        colour = game.players[seat].colour
        for threshold in crossed(game, seat, variant.gold_milestones):
            anything = True
            options = legal_gold_tiles(game, colour)
            if not any(option.legal for option in options):
                yield Step(f"{colour} passes {threshold}", f"{colour} has marked every gold tile: nothing to mark.", GOLD, game)
                continue
            if variant.gold_tile_optional:
                options = tuple(options) + (Option(None, True, "legal: mark no gold tile (variant gold_tile_optional)"),)
            tile_id = decisions.choose("gold_tile", options, colour)
            if tile_id is None:
                yield Step(f"{colour} passes {threshold}", f"{colour} marks no gold tile (optional in this variant).",
                           GOLD, game)
                continue
            tile = next(t for t in game.gold_tiles if t.id == tile_id)
            position = len(tile.marks)
            game = mark_gold_tile(game, colour, tile_id)
            value = tile.value_at(position, variant.fourth_gold_chooser)
            yield Step(
                f"{colour} reaches {threshold}: gold tile {tile_id}",
                f"{colour} ({game.players[seat].score} VP) marks gold tile {tile_id} ({tile.name}, side "
                f"{tile.side.upper()}) as chooser #{position + 1}: {value} VP per set at the end. "
                f"Players resolve clockwise from {game.active_colour}.",
                GOLD, game, {"tile": tile_id, "value": value},
            )
    for seat in order:
        colour = game.players[seat].colour
        for threshold in crossed(game, seat, variant.neutral_milestones):
            anything = True
            markers = dict(game.neutral).get(threshold, 0)
            if markers == 0:
                yield Step(f"Neutral milestone {threshold}", f"{colour} reaches {threshold}, but no neutral marker is "
                           "left there: no effect.", NEUTRAL, game)
                continue
            game, spot = move_neutral(game, threshold)
            if spot is None:
                yield Step(f"Neutral milestone {threshold}", f"{colour} reaches {threshold}, but all six discovery "
                           "spaces are full: no effect.", NEUTRAL, game)
                continue
            yield Step(f"Neutral milestone {threshold}", f"{colour} reaches {threshold}: a neutral marker moves to the "
                       f"leftmost empty discovery space, {spot}. Neutral milestones always resolve last.",
                       NEUTRAL, game, {"spot": str(spot)})
    if any(board.milestone_score < board.score for board in game.players):
        game = replace(game, players=tuple(board if board.milestone_score >= board.score else
                                           replace(board, milestone_score=board.score) for board in game.players))
    if not anything:
        yield Step("No milestone", "Nobody reached a milestone since the last check.", ORDER, game)
    return game
