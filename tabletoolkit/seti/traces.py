"""Life traces (``seti.traces``) and discovering a species (``seti.discovery``).

Under each of the two hidden species lie three discovery spaces (pink, yellow, blue: 1 publicity and
5 VP each) and an overflow area per colour (3 VP, allowed even while a space is free, S-F15). A wildcard
trace counts as any colour. Neutral markers go only to discovery spaces. When a species' three
discovery spaces are full it is discovered after the turn (after milestones): the board flips, every
player marker on those spaces earns the species' reward, and the species board's spaces open.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from ..engine.frozen import replace

from ..engine.errors import InvalidInput
from ..engine.registry import register_phase
from ..engine.steps import Procedure, Step
from .game import Decisions, Option, SetiGame
from .rewards import TRACE_COLOURS, TRACE_KINDS, Reward
from .species import Species

SECTION = "标记生命痕迹"
DISCOVERY = "发现外星物种 · 发现"
NEUTRAL = "neutral"
SLOT_NAMES = ("A", "B")
FILL = {"pink": "#e85a9b", "yellow": "#f2c230", "blue": "#3f8fd8"}


@dataclass(frozen=True)
class Mark:
    """A marker on a trace space: whose (a colour or ``"neutral"``) and the trace colour it counts as."""

    owner: str
    colour: str


@dataclass(frozen=True)
class AlienSlot:
    """One face-down species with its discovery spaces, overflow areas and (once revealed) board spaces."""

    species: Species
    discovery: tuple[Mark | None, ...] = (None, None, None)  # pink, yellow, blue
    overflow: tuple[Mark, ...] = ()
    discovered: bool = False
    board: tuple[Mark | None, ...] = ()
    deck: tuple[str, ...] = ()  # the species' alien cards still to take, top first

    @property
    def complete(self) -> bool:
        return all(self.discovery)


@dataclass(frozen=True)
class Spot:
    """Where a trace can go: slot 0/1 (species A/B), area and index (colour index or board space)."""

    slot: int
    area: str  # "discovery", "overflow" or "species"
    index: int

    def __str__(self) -> str:
        what = TRACE_COLOURS[self.index] if self.area != "species" else f"space {self.index + 1}"
        return f"{SLOT_NAMES[self.slot]} {self.area} {what}"


@dataclass(frozen=True)
class LifeBoard:
    """The two species slots at the edge of the planet board."""

    slots: tuple[AlienSlot, ...]

    def with_slot(self, index: int, slot: AlienSlot) -> "LifeBoard":
        return LifeBoard(self.slots[:index] + (slot,) + self.slots[index + 1:])

    def marks(self, owner: str, slot: int | None = None) -> tuple[Mark, ...]:
        """Every mark of ``owner`` (discovery, overflow and species spaces), of one slot if given."""
        found = []
        for number, alien in enumerate(self.slots):
            if slot is not None and number != slot:
                continue
            found += [mark for mark in alien.discovery + alien.board if mark and mark.owner == owner]
            found += [mark for mark in alien.overflow if mark.owner == owner]
        return tuple(found)

    def traces(self, owner: str) -> dict[str, int]:
        """How many traces of each colour ``owner`` has marked (overflow included)."""
        counts = {colour: 0 for colour in TRACE_COLOURS}
        for mark in self.marks(owner):
            counts[mark.colour] += 1
        return counts

    def _repr_svg_(self) -> str:
        width, height = 520, 200
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" class="tt-seti-life" '
                 'font-family="sans-serif" font-size="11">']
        for number, alien in enumerate(self.slots):
            x0 = 10 + number * 260
            title = alien.species.name if alien.discovered else f"species {SLOT_NAMES[number]} (face down)"
            parts.append(f'<rect x="{x0}" y="5" width="250" height="190" rx="8" fill="#1d2a44"/>')
            parts.append(f'<text x="{x0 + 8}" y="22" fill="white">{html.escape(title)}</text>')
            for index, colour in enumerate(TRACE_COLOURS):
                cx, mark = x0 + 45 + index * 80, alien.discovery[index]
                parts.append(f'<circle cx="{cx}" cy="55" r="22" fill="{FILL[colour]}" stroke="white" stroke-width="2"/>')
                parts.append(f'<text x="{cx}" y="59" text-anchor="middle" fill="black">'
                             f'{html.escape(mark.owner if mark else "5 VP")}</text>')
                overflow = [m.owner for m in alien.overflow if m.colour == colour]
                parts.append(f'<rect x="{cx - 30}" y="88" width="60" height="30" rx="4" fill="none" stroke="{FILL[colour]}"/>')
                parts.append(f'<text x="{cx}" y="107" text-anchor="middle" fill="white">'
                             f'{html.escape(", ".join(overflow) if overflow else "3 VP")}</text>')
            if alien.discovered:
                for index, space in enumerate(alien.species.spaces):
                    mark = alien.board[index]
                    cx = x0 + 22 + index * 41
                    parts.append(f'<rect x="{cx - 18}" y="135" width="36" height="36" rx="4" '
                                 f'fill="{FILL[space.colours[0]]}" stroke="white"/>')
                    parts.append(f'<text x="{cx}" y="157" text-anchor="middle" fill="black">'
                                 f'{html.escape(mark.owner[:5] if mark else str(index + 1))}</text>')
            else:
                parts.append(f'<text x="{x0 + 8}" y="160" fill="#aab">board spaces open at discovery</text>')
        parts.append("</svg>")
        return "".join(parts)


def new_life_board(species: tuple[Species, Species]) -> LifeBoard:
    return LifeBoard(tuple(AlienSlot(one, deck=tuple(card.id for card in one.cards)) for one in species))


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


def spot_reward(game: SetiGame, spot: Spot) -> Reward:
    """What marking ``spot`` gives."""
    variant = game.variant
    if spot.area == "discovery":
        return Reward(vp=variant.discovery_space_vp, publicity=variant.discovery_space_publicity)
    if spot.area == "overflow":
        return Reward(vp=variant.overflow_vp)
    return game.life.slots[spot.slot].species.spaces[spot.index].reward


def legal_spots(game: SetiGame, trace: str) -> tuple[Option, ...]:
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
            elif alien.board[index] is not None:
                board_spots.append(Option(spot, False, f"already marked ({alien.board[index].owner})",
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


def mark_trace(game: SetiGame, colour: str, trace: str, spot: Spot) -> tuple[SetiGame, str]:
    """``colour`` marks a ``trace`` at ``spot`` and gains its reward; refusals raise ``IllegalAction``."""
    game.seat(colour)
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
    game = replace(game, life=game.life.with_slot(spot.slot, alien))
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
    spot = decisions.choose("trace_spot", options, colour)
    game, gained = mark_trace(game, colour, trace, spot)
    why = {"discovery": "a discovery space", "overflow": "an overflow space (3 VP)",
           "species": "a space on the discovered species' board"}[spot.area]
    yield Step(f"Mark {spot}", f"{colour} marks {why} and gains {gained}.", SECTION if spot.area != "overflow"
               else "溢出区域", game, {"spot": str(spot)})
    return game


def place_neutral(game: SetiGame) -> tuple[SetiGame, Spot | None]:
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
        alien = replace(alien, discovered=True, board=(None,) * len(species.spaces))
        game = replace(game, life=game.life.with_slot(number, alien))
        label = " (sample data, invented)" if species.sample else ""
        yield Step(f"Flip species {SLOT_NAMES[number]}", f"All three discovery spaces are marked: the board flips "
                   f"to show {species.name}{label}. Its rule sheet: {species.rules}", DISCOVERY, game,
                   {"species": species.name})
        for index, mark in enumerate(alien.discovery):
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
