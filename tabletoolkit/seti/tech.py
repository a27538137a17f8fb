"""Research (``seti.tech``): 6 publicity, rotate the solar system first, take a tech you do not own,
2 VP for the first taker of each stack, the tech's bonus, the tile on your board.

The twelve techs are data (``data/techs.toml``). A card may grant research of one type for free; it
still rotates, even when you already own all four techs of that type.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from ..engine.frozen import replace
from typing import Callable

from ..engine.errors import IllegalAction, InvalidInput
from ..engine.registry import register_phase
from ..engine.steps import Procedure, Step
from ..engine.data import parse_toml
from .computer import install_computer_tech, sample_layout
from .game import Decisions, Option, SetiGame, advance_rotation, read_data, next_disc
from .rewards import Reward

SECTION = "研究科技"
TECH_KINDS = ("probe", "telescope", "computer")
TILES_PER_STACK = 4  # 设置 ⑨ 科技: 4 matching tiles per tech


@dataclass(frozen=True)
class Tech:
    """One of the twelve techs: its id (``PT1``), type, ability, research bonus and where it comes from."""

    id: str
    kind: str
    name: str
    ability: str
    bonus: Reward
    bonus_source: str


def load_techs(text: str | None = None) -> tuple[Tech, ...]:
    """The techs from TOML text (default: the shipped ``techs.toml``); bad entries raise ``InvalidInput``."""
    raw = parse_toml(text if text is not None else read_data("techs.toml"), "techs.toml")
    techs = []
    for index, entry in enumerate(raw.get("tech", [])):
        where = f"tech[{index}]"
        for key in ("id", "kind", "name", "ability", "bonus_source"):
            if not isinstance(entry.get(key), str) or not entry[key]:
                raise InvalidInput(f"{where}.{key}", entry.get(key), "a non-empty text")
        if entry["kind"] not in TECH_KINDS:
            raise InvalidInput(f"{where}.kind", entry["kind"], f"one of {TECH_KINDS}")
        techs.append(Tech(entry["id"], entry["kind"], entry["name"], entry["ability"],
                          Reward.parse(entry.get("bonus"), f"{where}.bonus"), entry["bonus_source"]))
    ids = [tech.id for tech in techs]
    if len(set(ids)) != len(ids):
        raise InvalidInput("tech ids", ids, "every tech id appears once")
    return tuple(techs)


@dataclass(frozen=True)
class TechStack:
    tech: Tech
    tiles: int = TILES_PER_STACK
    two_point: bool = True


@dataclass(frozen=True)
class TechBoard:
    """The tech board: one stack per tech, each with its 2-point tile until the first taker."""

    stacks: tuple[TechStack, ...]

    @classmethod
    def fresh(cls, techs: tuple[Tech, ...] | None = None) -> "TechBoard":
        return cls(tuple(TechStack(tech) for tech in (techs or load_techs())))

    def stack(self, tech_id: str) -> TechStack:
        for stack in self.stacks:
            if stack.tech.id == tech_id:
                return stack
        raise InvalidInput("tech", tech_id, f"no such tech; techs: {[s.tech.id for s in self.stacks]}")

    def taken(self, tech_id: str) -> "TechBoard":
        return TechBoard(tuple(
            replace(stack, tiles=stack.tiles - 1, two_point=False) if stack.tech.id == tech_id else stack
            for stack in self.stacks
        ))

    def _repr_html_(self) -> str:
        cells = []
        for kind in TECH_KINDS:
            row = "".join(
                f"<td title='{html.escape(s.tech.ability)}'><b>{s.tech.name}</b><br>{s.tiles} left"
                f"{'<br>+2 VP tile' if s.two_point else ''}</td>"
                for s in self.stacks if s.tech.kind == kind
            )
            cells.append(f"<tr><th>{kind}</th>{row}</tr>")
        return f"<table class='tt-seti-techs'>{''.join(cells)}</table>"


def legal_techs(game: SetiGame, colour: str, kind: str | None = None) -> tuple[Option, ...]:
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
        if board.publicity < variant.research_publicity:
            raise IllegalAction("seti.tech.publicity", f"{colour} has {board.publicity} publicity; research costs "
                                f"{variant.research_publicity}.", SECTION)
        if not any(option.legal for option in options):
            raise IllegalAction("seti.tech.none_left", f"{colour} owns every tech there is to take.", SECTION)
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
    tech_id = decisions.choose("tech", options, colour)
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
        position = decisions.choose("computer_slot", computer_slots(game, colour, tech_id), colour)
        board, placed = install_computer_tech(game.player(colour), tech_id, position)
        game = game.with_player(board)
        yield Step("Place the tile", f"The tile is flipped and goes in a free computer-tech slot: {placed}",
                   f"{SECTION} · 计算机科技", game, {"slot": position})
        return game
    yield Step("Place the tile", f"The tile is flipped and goes in its own {stack.tech.kind}-tech slot.", SECTION, game)
    return game


def computer_slots(game: SetiGame, colour: str, tech_id: str) -> tuple[Option, ...]:
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
