"""The five progress tracks (进度轨道): VP by position and every special space.

A marker moves one space at a time; each space reached may carry an icon: an event space advances the
event marker, science exploration stacks give a token, industry upgrade spaces a ship upgrade (and a
free ship, A-F10), supremacy token spaces a token for the first to arrive (else 2 VP), commerce vaults
score at the end, civilization hand-limit spaces raise the limit and draw up to it at once.
"""

from __future__ import annotations


from ..engine import InvalidInput, Rng, Step, register_phase
from ..engine.steps import Procedure
from ..engine.frozen import replace
from .effects import advance_event, draw_tactics, gain_vp, track_vp
from .ships import apply_upgrade
from .goods import Goods
from .catalog import TRACKS, Catalog, load_catalog
from .state import Game, hand_limit
from .variant import RULEBOOK, AndromedaVariant

SECTION = "进度轨道"
SPECIFIC = {
    "science": "进度轨道 · 科学轨道",
    "industry": "进度轨道 · 工业轨道",
    "supremacy": "进度轨道 · 霸权轨道",
    "commerce": "进度轨道 · 商业轨道",
    "civilization": "进度轨道 · 文明轨道",
}
EVENT_SPACE = "进度轨道 · 事件区域"

__all__ = ["advance_track", "choice_at", "track_vp", "track_table"]


@register_phase("andromeda.tracks", title="Advance on a progress track", section=SECTION,
                notebook="andromeda_tracks_and_events.ipynb")
def advance_track(game: Game, colour: str, track: str, spaces: int = 1, *, catalog: Catalog | None = None,
                  variant: AndromedaVariant = RULEBOOK, exploration_pick: int | None = None, upgrade: str | None = None,
                  free_ship: bool | None = None, draw_to_limit: bool | None = None, rng: Rng | None = None) -> Procedure:
    """Move ``colour``'s marker ``spaces`` up ``track``, resolving each space reached.

    A space with a choice (``choice_at``) is decided by the player, never for them: the arguments give the
    decision for the first such space reached — ``upgrade`` the upgrade tile placed on an industry upgrade
    space (a ship type for a neutral tile, ``"faction:<type>"`` for the faction's own) and ``free_ship``
    whether to build that type free when one is unbuilt (A-F10); ``exploration_pick`` the index of the
    token kept from a science stack (looked at secretly: 任意拿取 1 个); ``draw_to_limit`` whether to draw up
    to a raised hand limit at once (the text says you may). A step onto a space whose choice is not given
    (or onto a second one) stops there and is owed (``Game.owed_track_steps``: colour, track, spaces left);
    calling again with the owed (colour, track, spaces) and the choice takes it.
    """
    catalog = catalog or load_catalog()
    if track not in TRACKS:
        raise InvalidInput("track", track, f"one of {TRACKS}")
    if isinstance(spaces, bool) or not isinstance(spaces, int) or spaces < 1:
        raise InvalidInput("spaces", spaces, "advance at least 1 space")
    chosen = False
    for name, value, home in (("upgrade", upgrade, "industry"), ("exploration_pick", exploration_pick, "science"),
                              ("free_ship", free_ship, "industry"), ("draw_to_limit", draw_to_limit, "civilization")):
        if value is not None and track != home:
            raise InvalidInput(name, value, f"a choice for the {home} track's special spaces, not {track}'s")
        chosen = chosen or value is not None
    if game.owed_track_steps and game.owed_track_steps[0] == (colour, track, spaces):
        game = replace(game, owed_track_steps=game.owed_track_steps[1:])     # the owed step, taken now
    board = catalog.track(track)
    for done in range(spaces):
        player = game.player(colour)
        here = player.track(track)
        if here < board.top and choice_at(track, here + 1, catalog) and not chosen:
            owed = game.owed_track_steps + ((colour, track, spaces - done),)
            game = replace(game, owed_track_steps=owed)
            yield Step("A choice on the track", f"{colour}'s next step on {track} reaches space {here + 1}, where they choose "
                       f"({choice_at(track, here + 1, catalog)}): the step waits for that decision.", SPECIFIC[track], game,
                       {"owed": (track, spaces - done)})
            return game
        if here >= board.top:
            yield Step("Top of the track", f"{colour} is at the top of {track} (space {board.top}): {spaces - done} step(s) "
                       "have nowhere to go and are lost; the effect that gave them still happens (the text is silent on "
                       "overflow; nothing carries over).", SPECIFIC[track], game, {"lost": spaces - done})
            break
        space = here + 1
        game = game.with_player(replace(player, tracks=player.tracks + _one(track)))
        notes = [f"{colour} moves to space {space} of {track} (worth {track_vp(track, space, catalog, variant)} VP at the end)."]
        if space in board.development_levels:
            notes.append(f"Development level {board.development_levels.index(space) + 1}: every {catalog.development_for_track(track)} "
                         f"{colour} owns will score at this level at the end.")
        yield Step(f"{track}: space {space}", " ".join(notes), SPECIFIC[track], game,
                   {"track": track, "space": space, "icons": board.special_at(space)})
        if choice_at(track, space, catalog):
            chosen = False                                  # the choice given is spent on this space
        if space in board.exploration:
            game = yield from _exploration(game, colour, space, exploration_pick)
        if space in board.upgrades:
            game, text = apply_upgrade(game, colour, upgrade, free_ship, catalog)
            yield Step("Ship upgrade space", text, SPECIFIC["industry"], game)
        if space in board.supremacy_tokens:
            game = yield from _supremacy(game, colour, space)
        for vault_space, per in board.vaults:
            if space == vault_space:
                yield Step("Vault reached", f"At the end {colour} scores {per} VP per unspent resource (highest vault reached).",
                           SPECIFIC["commerce"], game, {"vault": per})
        if any(space == limit_space for limit_space, _ in board.hand_limits):
            player = game.player(colour)
            new_limit = hand_limit(player, variant, catalog)
            drawn: tuple[str, ...] = ()
            if draw_to_limit is None:
                raise InvalidInput("draw_to_limit", None, "say whether to draw up to the raised hand limit (True or False)")
            if draw_to_limit:
                game, drawn = draw_tactics(game, colour, max(0, new_limit - len(player.tactics)), rng)
            how = (f"they draw {len(drawn)} tactics card(s) up to it at once" if draw_to_limit
                   else "they choose not to draw up to it")
            yield Step("Hand limit raised", f"{colour}'s hand limit is now {new_limit}; {how}.", SPECIFIC["civilization"], game,
                       {"drawn": drawn})
        if space in board.events:
            game = yield from advance_event(game, 1, catalog=catalog, variant=variant, reason=f"{colour} reached an event space on {track}")
    return game


def choice_at(track: str, space: int, catalog: Catalog | None = None) -> str:
    """What a player decides on reaching ``space`` of ``track`` ("" when nothing): which upgrade tile and
    whether to build the free ship (A-F10), which exploration token, whether to draw up to a raised hand limit."""
    catalog = catalog or load_catalog()
    board = catalog.track(track)
    if space in board.upgrades:
        return "which upgrade tile, and whether to build the free ship"
    if space in board.exploration:
        return "which exploration token to keep"
    if any(space == s for s, _ in board.hand_limits):
        return "whether to draw up to the raised hand limit"
    return ""



def _one(track: str):
    return Goods.of({track: 1})


def _exploration(game: Game, colour: str, space: int, pick: int | None) -> Procedure:
    stacks = dict(game.exploration_stacks)
    stack = stacks.get(space, ())
    if not stack:
        yield Step("Exploration stack empty", "No exploration token is left on this space.", SPECIFIC["science"], game)
        return game
    if isinstance(pick, bool) or not isinstance(pick, int) or not 0 <= pick < len(stack):
        raise InvalidInput("exploration_pick", pick, f"the index of one of the {len(stack)} tokens in the stack")
    token = stack[pick]
    stacks[space] = stack[:pick] + stack[pick + 1:]
    player = game.player(colour)
    game = replace(game, exploration_stacks=tuple(sorted(stacks.items())))
    game = game.with_player(replace(player, exploration=player.exploration + (token,)))
    yield Step("Exploration token", f"{colour} looks at the {len(stack)} tokens secretly and keeps one ({token}); "
               "it can be spent later as a free action.", SPECIFIC["science"], game, {"token": str(token)})
    return game


def _supremacy(game: Game, colour: str, space: int) -> Procedure:
    tokens = dict(game.supremacy_spaces)
    if space in tokens:
        token = tokens.pop(space)
        player = game.player(colour)
        game = replace(game, supremacy_spaces=tuple(sorted(tokens.items())))
        game = game.with_player(replace(player, supremacy_tokens=player.supremacy_tokens + (token,)))
        yield Step("Supremacy token", f"{colour} is first here and takes the supremacy token ({token}).", SPECIFIC["supremacy"], game)
    else:
        game = gain_vp(game, colour, 2)
        yield Step("Supremacy token gone", f"The token here is taken: {colour} gains 2 VP instead.", SPECIFIC["supremacy"], game)
    return game


def track_table(catalog: Catalog | None = None, variant: AndromedaVariant = RULEBOOK) -> str:
    """An HTML table of every track: VP per space and its icons (board data, labelled)."""
    import html

    catalog = catalog or load_catalog()
    rows = []
    for name in TRACKS:
        board = catalog.track(name)
        cells = "".join(
            f"<td title='{html.escape(', '.join(board.special_at(s)))}'>{track_vp(name, s, catalog, variant)}"
            f"{'<sup>' + html.escape(','.join(i[0] for i in board.special_at(s))) + '</sup>' if board.special_at(s) else ''}</td>"
            for s in range(board.top + 1))
        rows.append(f"<tr><th>{name}</th>{cells}</tr>")
    source = "board data calibrated to the scoring example (A-F9), sample" if variant.track_vp == "board" else "the text's value lists"
    return f"<table class='tt-tracks'><caption>VP per space, bottom → top ({source})</caption>{''.join(rows)}</table>"
