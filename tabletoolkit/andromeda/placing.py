"""Pirates placed on a game (海盗 · 放置新海盗): the pirate-placement phase run on a ``Game``.

Placement depends on the board and the pirates only (A-F5: player ships never matter), so this module needs
neither ships nor tracks: the event phase places its pirate through it without importing the table layer.
"""

from __future__ import annotations

from typing import Mapping

from ..engine import InvalidInput, Rng
from ..engine.frozen import replace
from .board import ALLIANCE_BASES, Board, Pieces
from .catalog import Catalog, load_catalog
from ..prob import Distribution
from .pirates import NOT_PLACED, PirateCard, arrival, place_pirate, placement_odds
from .state import Game
from .variant import RULEBOOK, AndromedaVariant


def _ids(game: Game) -> dict[str, str]:
    """Region name -> board region id (a game without a laid board uses its names as ids, see ``board_of``); read,
    never changed, by its callers: the one of the last ids met is shared."""
    if game.board is None:
        return {r.name: r.name for r in game.regions}
    if _IDS[0] is not game.region_ids:
        _IDS[:] = [game.region_ids, dict(game.region_ids)]
    return _IDS[1]


#: The region ids last met (the very tuple a set-up game keeps) and their mapping.
_IDS: list = [None, {}]


def board_of(game: Game, catalog: Catalog | None = None) -> Board:
    """The board the rules run on: the laid board of a set-up game, or, for a game built by hand without
    one, a board made from its regions and links (region names as ids) so the same board rules apply."""
    from .board import Region as BoardRegion

    if game.board is not None:
        return game.board
    catalog = catalog or load_catalog()
    keys = {name: key for key, name in ALLIANCE_BASES.items()}
    regions, slot = [], 0
    for r in game.regions:
        if r.kind == "slot":
            slot += 1
            regions.append(BoardRegion(r.name, "empty", r.name, slot=slot))
        elif r.kind == "planet":
            regions.append(BoardRegion(r.name, "planet", r.name, development=catalog.planet(r.planet).type if r.planet else None))
        elif r.kind == "alliance_base":
            regions.append(BoardRegion(r.name, "alliance_base", r.name, base=keys.get(r.name)))
        else:
            regions.append(BoardRegion(r.name, r.kind, r.name, dice=(r.die,) if r.die else ()))
    return Board(regions, game.links, title="the game's regions")


def pirate_pieces(game: Game, catalog: Catalog | None = None) -> tuple[Board, Pieces]:
    """The board (``board_of``) with the pirates standing on it (all that placement looks at)."""
    ids = _ids(game)
    pirates: dict[str, str] = {}
    for letter, where in game.pirates:
        pirates[ids[where]] = pirates.get(ids[where], "") + letter
    return board_of(game, catalog), Pieces.of(pirates=pirates)


def place_pirate_in_game(game: Game, letter: str, rng: Rng, *, cards: Mapping[str, PirateCard] | None = None,
                         s_figures: int | None = None, catalog: Catalog | None = None,
                         variant: AndromedaVariant = RULEBOOK):
    """The pirate-placement phase (海盗 · 放置新海盗) run on the game, its steps shown with the game's state:
    the named class, or S-class figures at that class's card region when it is already on the board
    (A-F6); the card's start region (a fixed region such as the Development Office, or a random nebula by
    die); a region holding another class falls back to a random pirate-free nebula. ``cards`` default to
    the catalog's pirate cards, ``s_figures`` (S-class figures in the game) to the ``[limits]`` table."""
    catalog = catalog or load_catalog()
    cards = cards if cards is not None else pirate_cards(catalog)
    if letter not in cards:
        raise InvalidInput("cards", sorted(cards), f"no pirate card for class {letter}")
    total = catalog.limits["s_class_figures"] if s_figures is None else s_figures  # the box's figures, unless given
    names = {rid: name for name, rid in _ids(game).items()}
    board, pieces = pirate_pieces(game, catalog)
    on_board = sum(1 for c, _ in game.pirates if c == "S")
    placing = place_pirate(board, pieces, cards[letter], rng, s_supply=max(0, total - on_board), variant=variant)
    steps = []
    while True:
        try:
            steps.append(next(placing))
        except StopIteration as done:
            result = done.value
            break
    placed = replace(game, pirates=tuple((c, names[where]) for where, c in result.pieces.pirates))
    for step in steps[:-1]:
        yield replace(step, state=game)
    if steps:
        yield replace(steps[-1], state=placed)
    if result.region is None:
        return placed, "it stays on its card"
    return placed, f"{result.figures} class-{result.pirate_class} figure(s) in {names[result.region]}"


def s_class_supply(game: Game, catalog: Catalog | None = None) -> int:
    """S-class figures not on the board (the ``[limits]`` table's figures less those standing on it)."""
    catalog = catalog or load_catalog()
    return max(0, catalog.limits["s_class_figures"] - sum(1 for letter, _ in game.pirates if letter == "S"))


def placement_in_game(game: Game, letter: str, *, variant: AndromedaVariant = RULEBOOK,
                      catalog: Catalog | None = None) -> Distribution[str]:
    """The exact chance of each region (by name; ``pirates.NOT_PLACED`` when it stays on its card) receiving
    the pirate(s) an event card naming class ``letter`` brings to this game (A-F6)."""
    cards = pirate_cards(catalog)
    if letter not in cards:
        raise InvalidInput("letter", letter, f"a pirate class with a card: {sorted(cards)}")
    names = {rid: name for name, rid in _ids(game).items()}
    board, pieces = pirate_pieces(game, catalog)
    odds = placement_odds(board, pieces, cards[letter], s_supply=s_class_supply(game, catalog), variant=variant)
    return odds.map(lambda where: names.get(where, where))


def place_pirate_at(game: Game, letter: str, region: str, *, variant: AndromedaVariant = RULEBOOK,
                    catalog: Catalog | None = None) -> tuple[Game, str]:
    """The pirate(s) an event card naming class ``letter`` brings, placed in ``region`` (the outcome of the
    placement's chance event, ``placement_in_game``; ``pirates.NOT_PLACED``: it stays on its card)."""
    odds = placement_in_game(game, letter, variant=variant, catalog=catalog)
    if region not in odds.outcomes():
        raise InvalidInput("region", region, f"where this card's pirate can arrive: {sorted(odds.outcomes())}")
    board, pieces = pirate_pieces(game, catalog)
    who = arrival(board, pieces, pirate_cards(catalog)[letter], s_supply=s_class_supply(game, catalog), variant=variant)
    if region == NOT_PLACED:
        return game, f"{who.reason}; it stays on its card (no region is free for it)"
    added = tuple((who.pirate_class, region) for _ in range(who.figures))
    return replace(game, pirates=game.pirates + added), f"{who.reason}: {who.figures} figure(s) in {region}"


def pirate_cards(catalog: Catalog | None = None) -> dict[str, PirateCard]:
    """The game's pirate cards by class letter, with the values the board rules read (range, start)."""
    catalog = catalog or load_catalog()
    return {letter: PirateCard(c.name, letter, c.range, c.start) for letter, c in catalog.pirates.items()}




__all__ = ["board_of", "pirate_cards", "pirate_pieces", "place_pirate_at", "place_pirate_in_game", "placement_in_game", "s_class_supply"]
