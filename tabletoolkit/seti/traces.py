"""Life traces (``seti.traces``) and discovering a species (``seti.discovery``).

Under each of the two hidden species lie three discovery spaces (pink, yellow, blue: 1 publicity and
5 VP each) and an overflow area per colour (3 VP, allowed even while a space is free, S-F15). A wildcard
trace counts as any colour. Neutral markers go only to discovery spaces. When a species' three
discovery spaces are full it is discovered after the turn (after milestones): the board flips, every
player marker on those spaces earns the species' reward, and the species board's spaces open.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from ..engine.frozen import replace

from ..engine.errors import InvalidInput
from ..engine.registry import register_phase
from ..engine.steps import Procedure, Step
from .game import Decisions, Option, SetiGame
from .rewards import TRACE_COLOURS, TRACE_KINDS, Reward
from .life_board import NEUTRAL, SLOT_NAMES, LifeBoard, Mark, Spot
from .variant import SetiVariant

SECTION = "标记生命痕迹"
DISCOVERY = "发现外星物种 · 发现"


class LifeTable(Protocol):
    """What the trace spaces' verdicts and marks read of a game (a ``SetiGame``, the solo game's table too): the
    life-trace board and the variant. A table is a frozen dataclass with a ``life`` field."""

    @property
    def life(self) -> LifeBoard: ...

    @property
    def variant(self) -> SetiVariant: ...


Table = TypeVar("Table", bound=LifeTable)


def grant_from_species(game: SetiGame, colour: str, slot: int, reward: Reward) -> tuple[SetiGame, str]:
    """``game.grant`` for a reward a species gives: its alien cards come from that species' deck (top
    first) into ``colour``'s alien cards, which are not hand cards (S-F16)."""
    game, gained = game.grant(colour, replace(reward, alien_cards=0))
    alien = game.life.slots[slot]
    drawn = alien.deck[:reward.alien_cards]
    if reward.alien_cards:
        board = game.player(colour)
        game = game.with_player(replace(board, alien_cards=board.alien_cards + drawn))
        game = replace(game, life=game.life.with_slot(slot, replace(alien, deck=alien.deck[len(drawn):])))
        gained += f", alien card(s) {', '.join(drawn) or 'none'}" + (
            "" if len(drawn) == reward.alien_cards else f" ({reward.alien_cards - len(drawn)} not taken: the deck is empty)")
    return game, gained


def spot_reward(game: LifeTable, spot: Spot) -> Reward:
    """What marking ``spot`` gives."""
    variant = game.variant
    if spot.area == "discovery":
        return Reward(vp=variant.discovery_space_vp, publicity=variant.discovery_space_publicity)
    if spot.area == "overflow":
        return Reward(vp=variant.overflow_vp)
    return game.life.slots[spot.slot].species.spaces[spot.index].reward


def legal_spots(game: LifeTable, trace: str) -> tuple[Option, ...]:
    """Every trace space with "legal" or the refusing rule, for a trace of colour ``trace``."""
    if trace not in TRACE_KINDS:
        raise InvalidInput("trace", trace, f"one of {TRACE_KINDS}")
    fits = TRACE_COLOURS if trace == "any" else (trace,)
    options = []
    for number, alien in enumerate(game.life.slots):
        free_match = False
        for index, colour in enumerate(TRACE_COLOURS):
            spot, mark = Spot(number, "discovery", index), alien.discovery[index]
            if colour not in fits:
                options.append(Option(spot, False, f"a {trace} trace cannot mark a {colour} space",
                                      "seti.traces.colour", SECTION))
            elif mark is not None:
                options.append(Option(spot, False, f"already marked ({mark.owner})", "seti.traces.occupied", SECTION))
            else:
                free_match = True
                options.append(Option(spot))
        board_spots = []
        for index, space in enumerate(alien.species.spaces):
            spot = Spot(number, "species", index)
            if not alien.discovered:
                board_spots.append(Option(spot, False, "the species is not discovered yet", "seti.traces.hidden",
                                          "发现外星物种 · 深入研究"))
            elif not set(space.colours) & set(fits):
                board_spots.append(Option(spot, False, f"this space takes {space.label} traces",
                                          "seti.traces.colour", "发现外星物种 · 深入研究"))
            elif (taken := alien.board[index]) is not None:
                board_spots.append(Option(spot, False, f"already marked ({taken.owner})",
                                          "seti.traces.occupied", "发现外星物种 · 深入研究"))
            else:
                free_match = True
                board_spots.append(Option(spot))
        for index, colour in enumerate(TRACE_COLOURS):
            spot = Spot(number, "overflow", index)
            if colour not in fits:
                options.append(Option(spot, False, f"a {trace} trace cannot go to the {colour} overflow",
                                      "seti.traces.colour", "溢出区域"))
            elif free_match and not game.variant.overflow_anytime:
                options.append(Option(spot, False, "a matching space is still free (variant: overflow only when "
                                      "full)", "seti.traces.overflow_not_yet", "溢出区域"))
            else:
                options.append(Option(spot))
        options += board_spots
    return tuple(options)


def marked(game: Table, colour: str, trace: str, spot: Spot) -> Table:
    """The table with ``colour``'s marker for a ``trace`` at ``spot`` (a species board's space counts the
    trace's colour, the first it takes for a wildcard); refused spots raise ``IllegalAction``. Its reward is
    ``spot_reward``'s, the caller's to give."""
    offered = [option for option in legal_spots(game, trace) if option.choice == spot]
    if not offered:
        raise InvalidInput("spot", spot, "no such trace space")
    if not offered[0].legal:
        raise offered[0].refuse()
    alien = game.life.slots[spot.slot]
    if spot.area == "species":
        space = alien.species.spaces[spot.index]
        counted = trace if trace in space.colours else space.colours[0]
        board = alien.board[:spot.index] + (Mark(colour, counted),) + alien.board[spot.index + 1:]
        alien = replace(alien, board=board)
    elif spot.area == "discovery":
        spaces = alien.discovery[:spot.index] + (Mark(colour, TRACE_COLOURS[spot.index]),) + alien.discovery[spot.index + 1:]
        alien = replace(alien, discovery=spaces)
    else:
        alien = replace(alien, overflow=alien.overflow + (Mark(colour, TRACE_COLOURS[spot.index]),))
    return replace(game, life=game.life.with_slot(spot.slot, alien))


def mark_trace(game: SetiGame, colour: str, trace: str, spot: Spot) -> tuple[SetiGame, str]:
    """``colour`` marks a ``trace`` at ``spot`` and gains its reward; refusals raise ``IllegalAction``."""
    game.seat(colour)
    game = marked(game, colour, trace, spot)
    return grant_from_species(game, colour, spot.slot, spot_reward(game, spot))


@register_phase("seti.traces", title="Mark a life trace", section=SECTION, notebook="seti_milestones_and_discovery.ipynb")
def place_trace(game: SetiGame, colour: str, trace: str, decisions: Decisions | None = None) -> Procedure:
    """``colour`` marks one ``trace`` (pink, yellow, blue or any): the options, the choice, the reward."""
    decisions = decisions or Decisions()
    options = legal_spots(game, trace)
    legal = [str(option.choice) for option in options if option.legal]
    refused = [f"{option.choice} ({option.reason})" for option in options
               if not option.legal and option.rule not in ("seti.traces.colour", "seti.traces.hidden")]
    hidden = any(option.rule == "seti.traces.hidden" for option in options)
    yield Step(f"A {trace} life trace", f"{colour} may mark: {', '.join(legal)}."
               + (f" Refused: {'; '.join(refused)}." if refused else "")
               + (" An undiscovered species' own board is still closed." if hidden else ""), SECTION, game,
               {"options": len(options), "legal": len(legal)})
    spot, game = yield from decisions.ask(game, "trace_spot", lambda now: legal_spots(now, trace), colour)
    game, gained = mark_trace(game, colour, trace, spot)
    why = {"discovery": "a discovery space", "overflow": "an overflow space (3 VP)",
           "species": "a space on the discovered species' board"}[spot.area]
    yield Step(f"Mark {spot}", f"{colour} marks {why} and gains {gained}.", SECTION if spot.area != "overflow"
               else "溢出区域", game, {"spot": str(spot)})
    return game


def place_neutral(game: Table) -> tuple[Table, Spot | None]:
    """A neutral marker to the leftmost empty discovery space (A pink … B blue), or nowhere (S-F17)."""
    for number, alien in enumerate(game.life.slots):
        for index, mark in enumerate(alien.discovery):
            if mark is None:
                spaces = alien.discovery[:index] + (Mark(NEUTRAL, TRACE_COLOURS[index]),) + alien.discovery[index + 1:]
                return replace(game, life=game.life.with_slot(number, replace(alien, discovery=spaces))), \
                    Spot(number, "discovery", index)
    return game, None


@register_phase("seti.discovery", title="Discover a species", section=DISCOVERY,
                notebook="seti_milestones_and_discovery.ipynb")
def resolve_discoveries(game: SetiGame) -> Procedure:
    """After the turn and its milestones: discover every species whose three discovery spaces are full."""
    found = False
    for number, alien in enumerate(game.life.slots):
        if alien.discovered or not alien.complete:
            continue
        found = True
        species = alien.species
        game = replace(game, life=game.life.discovered(number))
        alien = game.life.slots[number]
        label = " (sample data, invented)" if species.sample else ""
        yield Step(f"Flip species {SLOT_NAMES[number]}", f"All three discovery spaces are marked: the board flips "
                   f"to show {species.name}{label}. Its rule sheet: {species.rules}", DISCOVERY, game,
                   {"species": species.name})
        for index, mark in enumerate(alien.discovery):
            if mark is None:  # pragma: no cover (a complete slot has every discovery space marked)
                continue
            if mark.owner == NEUTRAL:
                yield Step(f"{TRACE_COLOURS[index]} space: neutral", "A neutral marker earns nothing.", DISCOVERY, game)
                continue
            game, gained = grant_from_species(game, mark.owner, number, species.discovery_reward)
            yield Step(f"{TRACE_COLOURS[index]} space: {mark.owner}", f"{mark.owner} marked this discovery space "
                       f"and gains {gained}.", DISCOVERY, game)
        spaces = ", ".join(f"{space.label}: {space.reward.describe()}" for space in species.spaces)
        yield Step("The species board opens", f"From now on traces may mark the species board's own spaces "
                   f"({spaces}); neutral markers never go there.", "发现外星物种 · 深入研究", game)
    if not found:
        yield Step("No discovery", "No species has all three discovery spaces marked.", DISCOVERY, game)
    return game
