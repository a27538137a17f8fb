"""Research (``seti.tech``): 6 publicity, rotate the solar system first, take a tech you do not own,
2 VP for the first taker of each stack, the tech's bonus, the tile on your board.

The twelve techs are data (``data/techs.toml``). A card may grant research of one type for free; it
still rotates, even when you already own all four techs of that type.
"""

from __future__ import annotations

from ..engine.frozen import replace
from typing import Callable, Protocol

from ..engine.errors import IllegalAction, InvalidInput
from ..engine.registry import register_phase
from ..engine.steps import Procedure, Step
from .computer import install_computer_tech, sample_layout
from .game import Decisions, Option, SetiGame, advance_rotation, next_disc
from .player import Boards
from .tech_board import TECH_KINDS, TechBoard
from .variant import SetiVariant

SECTION = "研究科技"


class ResearchTable(Boards, Protocol):
    """What the research verdicts read of a game (a ``SetiGame``, the solo game's table too; a computer's slots
    read no more than a board): the boards, the tech board and the variant."""

    @property
    def techs(self) -> TechBoard: ...

    @property
    def variant(self) -> SetiVariant: ...


def legal_techs(game: ResearchTable, colour: str, kind: str | None = None) -> tuple[Option, ...]:
    """Every tech with "legal" or the rule refusing it to ``colour`` (of ``kind`` only, if given)."""
    board = game.player(colour)
    options = []
    for stack in game.techs.stacks:
        tech = stack.tech
        if kind is not None and tech.kind != kind:
            options.append(Option(tech.id, False, f"the card grants a {kind} tech, not a {tech.kind} tech",
                                  "seti.tech.wrong_type", SECTION))
        elif tech.id in board.techs:
            options.append(Option(tech.id, False, f"{colour} already owns {tech.name}", "seti.tech.owned", SECTION))
        elif stack.tiles == 0:
            options.append(Option(tech.id, False, f"no {tech.name} tile is left", "seti.tech.empty", SECTION))
        else:
            options.append(Option(tech.id, True))
    return tuple(options)


def research_refusal(game: ResearchTable, colour: str, techs: tuple[Option, ...] | None = None) -> IllegalAction | None:
    """Why ``colour`` cannot research as a main action now (6 publicity, a tech left to take), or ``None``;
    ``techs`` is ``legal_techs`` when already worked out."""
    board = game.player(colour)
    if board.publicity < game.variant.research_publicity:
        return IllegalAction("seti.tech.publicity", f"{colour} has {board.publicity} publicity; research costs "
                             f"{game.variant.research_publicity}.", SECTION)
    if not any(option.legal for option in (techs if techs is not None else legal_techs(game, colour))):
        return IllegalAction("seti.tech.none_left", f"{colour} owns every tech there is to take.", SECTION)
    return None


@register_phase("seti.tech", title="Research a tech", section=SECTION, notebook="seti_round.ipynb")
def research(
    game: SetiGame,
    colour: str,
    decisions: Decisions | None = None,
    *,
    granted_kind: str | None = None,
    rotate: Callable[[SetiGame], Procedure] = advance_rotation,
) -> Procedure:
    """Research as a main action (pay 6 publicity) or as a card's effect (``granted_kind``: free,
    limited to that type). Returns the game after it; the tech's bonus actions wait in ``pending``."""
    decisions = decisions or Decisions()
    variant = game.variant
    board = game.player(colour)
    if granted_kind is not None and granted_kind not in TECH_KINDS:
        raise InvalidInput("granted_kind", granted_kind, f"one of {TECH_KINDS}")
    options = legal_techs(game, colour, granted_kind)
    if granted_kind is None:
        refusal = research_refusal(game, colour, options)
        if refusal is not None:
            raise refusal
        board = replace(board, publicity=board.publicity - variant.research_publicity)
        game = game.with_player(board)
        yield Step("Pay 6 publicity", f"{colour} moves the publicity marker down {variant.research_publicity} "
                   f"spaces, to {board.publicity}.", SECTION, game, {"publicity": board.publicity})
    else:
        yield Step(f"A card grants a {granted_kind} tech", "Research from a card's effect costs no publicity; "
                   "the choice is limited to that type.", SECTION, game)
    disc = next_disc(game)
    yield Step("Rotate the solar system first", f"Before choosing a tech, the solar system rotates: disc {disc} "
               "turns.", f"{SECTION} · 旋转太阳系", game, {"disc": disc})
    game = yield from rotate(game)
    if not any(option.legal for option in options):
        yield Step("Nothing to take", f"{colour} already owns all four {granted_kind} techs, so that part of the "
                   "effect is ignored; the rotation still happened.", SECTION, game)
        return game
    tech_id, game = yield from decisions.ask(game, "tech", lambda now: legal_techs(now, colour, granted_kind), colour)
    stack = game.techs.stack(tech_id)
    first = stack.two_point
    game = replace(game, techs=game.techs.taken(tech_id))
    board = game.player(colour)
    board = replace(board, techs=board.techs | {tech_id}, score=board.score + (variant.first_tech_vp if first else 0))
    game = game.with_player(board)
    yield Step(
        f"Take {stack.tech.name}",
        f"{colour} takes the top {stack.tech.name} tile ({stack.tech.kind} tech: {stack.tech.ability})"
        + (f" and, as the first taker, discards the 2-point tile for {variant.first_tech_vp} VP." if first
           else "; the 2-point tile is already gone."),
        SECTION, game, {"tech": tech_id, "first taker": first},
    )
    game, gained = game.grant(colour, stack.tech.bonus)
    yield Step("The tech's bonus", f"Bonus ({stack.tech.bonus_source}): {gained}.", SECTION, game,
               {"bonus": stack.tech.bonus.describe()})
    if stack.tech.kind == "computer":
        position, game = yield from decisions.ask(game, "computer_slot", lambda now: computer_slots(now, colour, tech_id),
                                                  colour)
        board, placed = install_computer_tech(game.player(colour), tech_id, position)
        game = game.with_player(board)
        yield Step("Place the tile", f"The tile is flipped and goes in a free computer-tech slot: {placed}",
                   f"{SECTION} · 计算机科技", game, {"slot": position})
        return game
    yield Step("Place the tile", f"The tile is flipped and goes in its own {stack.tech.kind}-tech slot.", SECTION, game)
    return game


def computer_slots(game: Boards, colour: str, tech_id: str) -> tuple[Option, ...]:
    """The computer's tech slots with "legal" or why ``tech_id`` cannot go there (the computer module's rules)."""
    board = game.player(colour)
    options = []
    for position in sample_layout().tech_slots:
        try:
            install_computer_tech(board, tech_id, position)
        except IllegalAction as refused:
            options.append(Option(position, False, refused.reason, refused.rule, refused.section))
        else:
            options.append(Option(position))
    return tuple(options)
