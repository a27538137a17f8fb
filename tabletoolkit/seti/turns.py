"""Turns and rounds: ``seti.turn``, ``seti.pass`` and ``seti.income``.

A turn is one main action plus free actions (before, during or after it). Then, between turns,
milestones resolve, then discoveries; then the next player clockwise who has not passed takes a turn.
Passing: hand down to 4 (alien cards not counted), the first passer rotates the solar system (in round
5 too, then the rotation marker is discarded), and in rounds 1–4 an end-of-round card. When everyone
has passed the round ends: income, the start player marker moves left, the rotation reminder goes on
the next round's stack. After round 5 the game ends and ``seti.end`` scores it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from ..engine.frozen import replace
from typing import Callable, Sequence

from ..engine.errors import IllegalAction, InvalidInput
from ..engine.registry import register_phase
from ..engine.steps import Procedure, Step
from .free_actions import FREE_ACTIONS, FreeAction, free_actions
from ..engine.rng import Rng
from .game import Decisions, Option, SetiGame, advance_rotation, drawing_with, next_disc
from .main_actions import scan_option, CARD_SIGNAL, PLANET_SIGNAL, Analyze, Land, Launch, Orbit, Scan, card_landing, card_signal, planet_signal
from .milestones import resolve_milestones
from .missions import SECTION as PLAY_SECTION, check_card_actions, play_card, report_event, trigger_options
from .computer import sample_layout
from .probes import land_cost, landing_options, launch_option, launch_probe, orbit_options, probe_limit
from .tech import research, research_refusal
from .traces import place_trace, resolve_discoveries
from .player import with_income

TURN = "游戏概述 · 回合结构"
ROUND = "游戏概述 · 轮次结构"
PASS = "弃权不行动"
INCOME = "轮次之间"
Rotate = Callable[[SetiGame], Procedure]


@dataclass(frozen=True)
class PlayCard:
    """Main action: play ``card`` from hand (``seti.cards``)."""

    card: str

    def procedure(self, game: SetiGame, colour: str, decisions: Decisions, rotate: Rotate) -> Procedure:
        return play_card(game, colour, self.card, decisions, rotate=rotate)


@dataclass(frozen=True)
class Research:
    """Main action: research a tech for 6 publicity (``seti.tech``); the choice goes through decisions."""

    def procedure(self, game: SetiGame, colour: str, decisions: Decisions, rotate: Rotate) -> Procedure:
        return research(game, colour, decisions, rotate=rotate)


@dataclass(frozen=True)
class Pass:
    """Main action: pass for the rest of the round (``seti.pass``)."""

    def procedure(self, game: SetiGame, colour: str, decisions: Decisions, rotate: Rotate) -> Procedure:
        return pass_turn(game, colour, decisions, rotate=rotate)


@dataclass(frozen=True)
class OtherAction:
    """Main action owned by another phase (launch, orbit, land, scan, analyze), given as a procedure
    ``(game, colour) -> Procedure`` or a plain function ``(game, colour) -> game``."""

    name: str
    run: Callable[[SetiGame, str], "SetiGame | Procedure"]
    section: str

    def procedure(self, game: SetiGame, colour: str, decisions: Decisions, rotate: Rotate) -> Procedure:
        outcome = self.run(game, colour)
        if isinstance(outcome, SetiGame):
            yield Step(self.name, f"{colour}: {self.name}.", self.section, outcome)
            return outcome
        return (yield from outcome)


MainAction = PlayCard | Research | Pass | Launch | Orbit | Land | Scan | Analyze | OtherAction
MAIN_ACTIONS = (PlayCard, Research, Pass, Launch, Orbit, Land, Scan, Analyze, OtherAction)


def legal_main_actions(game: SetiGame, *, plain_scan: bool = True) -> tuple[Option, ...]:
    """Every main action the active player could take now, each "legal" or with the refusing rule:
    each card in hand, research, the probe actions, a scan (with the first row card; not with ``plain_scan=False``,
    for a caller that lists every scan itself), analyze, pass."""
    colour, variant = game.active_colour, game.variant
    board = game.player(colour)
    options = []

    def check(choice: MainAction, rule: str, section: str, **cost: int) -> Option:
        refused = board.shortfall(rule, section, **cost)
        return Option(choice) if refused is None else Option(choice, False, refused.reason, refused.rule, refused.section)

    for name in board.hand:
        card = game.card(name)
        unplayable = _unhandled_actions(card)
        if unplayable is not None:
            options.append(Option(PlayCard(name), False, unplayable.reason, unplayable.rule, unplayable.section))
            continue
        options.append(check(PlayCard(name), "seti.cards.cost", PLAY_SECTION, credits=card.price))
    refusal = research_refusal(game, colour)
    options.append(Option(Research()) if refusal is None else
                   Option(Research(), False, refusal.reason, refusal.rule, refusal.section))
    if game.solar is not None:
        for found in (launch_option(game, colour),) + orbit_options(game, colour) \
                + landing_options(game, colour):
            probe = found.probe if found.probe is not None else 0
            choice: MainAction
            if found.action == "launch":
                choice = Launch()
            elif found.action == "orbit":
                choice = Orbit(probe)
            else:
                planet = game.solar.contents(game.solar.probe(found.probe).space).planet if found.probe else None
                choice = Land(probe, None if found.target == planet else found.target)
            options.append(Option(choice, found.legal, found.reason, found.rule, found.section))
    if plain_scan and game.sectors is not None and game.solar is not None:
        options.append(scan_option(game, colour))
    top = len(sample_layout().top)
    if board.computer.filled < top:
        options.append(Option(Analyze(), False, f"Only {board.computer.filled} of the {top} top spaces hold data; "
                              "analyzing needs the whole top row.", "seti.analyze.top_row_not_full", "分析数据"))
    else:
        options.append(check(Analyze(), "seti.analyze.energy", "分析数据", energy=variant.analyze_energy))
    options.append(Option(Pass()))
    return tuple(options)


def legal_main_choices(game: SetiGame) -> list[MainAction]:
    """The legal choices of ``legal_main_actions(game, plain_scan=False)``, in its order, by the same checks without
    the refusals' words (what a policy choosing among them needs): a card in hand whose actions are carried out
    and whose price is paid, research, a launch under the probe limit, an orbit or a landing (planet or moon)
    paid where the probe is, analyze with the top row full, pass."""
    colour, variant = game.active_colour, game.variant
    board = game.player(colour)
    credits, energy, publicity = board.credits, board.energy, board.publicity
    paying = energy >= 0 and publicity >= 0  # what a cost in credits alone asks of the rest (``shortfall``)
    found: list[MainAction] = []
    for name in board.hand:
        card = game.card(name)
        if paying and credits >= card.price and _unhandled_actions(card) is None:
            found.append(PlayCard(name))
    if research_refusal(game, colour) is None:
        found.append(Research())
    solar = game.solar
    if solar is not None:
        probes = solar.probes_of(colour)
        if len(probes) < probe_limit(board, variant) and credits >= variant.launch_credits:
            found.append(Launch())
        at = [(probe, solar.contents(probe.space).planet) for probe in probes]
        earth, planets = solar.layout.earth, solar.layout.planets
        if credits >= variant.orbit_credits and energy >= variant.orbit_energy:
            found += [Orbit(probe.id) for probe, planet in at if planet is not None and planet != earth]
        for probe, planet in at:
            if planet is None or planet == earth:
                continue
            cost = land_cost(solar, planet, board.techs, variant)
            if energy < cost:
                continue
            found.append(Land(probe.id, None))
            if planet in planets and "PT4" in board.techs:
                found += [Land(probe.id, moon.name) for moon in planets[planet].moons if not solar.landers(planet, moon.name)]
    if board.computer.filled >= len(sample_layout().top) and energy >= variant.analyze_energy and credits >= 0 \
            and publicity >= 0:
        found.append(Analyze())
    found.append(Pass())
    return found


_UNHANDLED: dict[int, tuple[object, IllegalAction | None]] = {}


def _unhandled_actions(card: object) -> IllegalAction | None:
    """``check_card_actions``'s refusal of ``card`` (its effect's actions no phase carries out), or ``None``:
    decided by the card's data alone, so worked out once per card."""
    known = _UNHANDLED.get(id(card))
    if known is None or known[0] is not card:
        try:
            check_card_actions(card)
            refusal = None
        except IllegalAction as refused:
            refusal = refused.with_traceback(None)
        if len(_UNHANDLED) > 4096:
            _UNHANDLED.clear()
        known = _UNHANDLED[id(card)] = (card, refusal)
    return known[1]


def _hand_down(game: SetiGame, colour: str, decisions: Decisions) -> tuple[SetiGame, tuple[str, ...]]:
    limit = game.variant.hand_limit
    discarded: list[str] = []
    while len(game.player(colour).hand) > limit:
        board = game.player(colour)
        name = decisions.choose("discard", tuple(Option(card) for card in board.hand), colour)
        hand = list(board.hand)
        hand.remove(name)
        game = replace(game.with_player(replace(board, hand=tuple(hand))), discard=game.discard + (name,))
        discarded.append(name)
    return game, tuple(discarded)


@register_phase("seti.pass", title="Pass", section=PASS, notebook="seti_round.ipynb")
def pass_turn(game: SetiGame, colour: str, decisions: Decisions | None = None, *, rotate: Rotate = advance_rotation) -> Procedure:
    """The three steps of passing, with no free actions among them (S-F16)."""
    decisions = decisions or Decisions()
    seat = game.seat(colour)
    if seat in game.passed:
        raise IllegalAction("seti.pass.already", f"{colour} has already passed this round.", PASS)
    game, discarded = yield from decisions.carry_out(partial(_hand_down, game, colour, decisions))
    board = game.player(colour)
    yield Step("1. Hand down to 4", (f"{colour} discards {', '.join(discarded)}" if discarded else f"{colour} keeps "
               f"all {len(board.hand)} cards") + f"; alien cards ({len(board.alien_cards)}) do not count toward the "
               f"limit of {game.variant.hand_limit}.", PASS, game, {"hand": len(board.hand)})
    first = not game.passed
    if first:
        disc = next_disc(game)
        last = game.round >= game.variant.rounds
        game = replace(game, rotation_marker="discarded" if last else "beside the stacks")
        yield Step("2. First to pass: rotate", f"{colour} is the first to pass this round: the rotation marker comes "
                   f"off the stack and the solar system rotates (disc {disc})."
                   + (" This is the last round: the marker is then discarded." if last else ""), PASS, game, {"disc": disc})
        game = yield from rotate(game)
    else:
        yield Step("2. No rotation", f"{colour} is not the first to pass: no rotation.", PASS, game)
    if game.round - 1 < len(game.end_of_round):
        game = yield from settle_held(game, decisions)
        stack = game.end_of_round[game.round - 1]
        options = tuple(Option(card) for card in stack) + (Option(HOLD, True, "legal: hold the stack and choose once "
                                                                         "the next player passes (弃权不行动 · 注意)"),)
        choice = yield from decisions.carry_out(partial(decisions.choose, "end_of_round_card", options, colour))
        if choice == HOLD:
            game = replace(game, holding=game.holding + (seat,))
            yield Step("3. Holding the end-of-round cards", f"{colour} holds round {game.round}'s stack of {len(stack)} "
                       "and chooses when the next player passes (or when the round ends): the choice is still "
                       f"{colour}'s first.", PASS, game, {"held": len(stack)})
        else:
            game = _take_end_of_round(game, colour, choice)
            yield Step("3. End-of-round card", f"{colour} chooses {game.card(choice).name} from round {game.round}'s "
                       f"stack of {len(stack)} (the earlier you pass, the more to choose from).", PASS, game,
                       {"card": choice})
    else:
        yield Step("3. No end-of-round card", f"Round {game.round} has no end-of-round stack.", PASS, game)
    game = replace(game, passed=game.passed + (seat,))
    return game


HOLD = "hold"
#: A card's launch that says it ignores the probe limit: for that launch only (FAQ).
IGNORING_LIMIT = "launch ignoring the probe limit"


def _take_end_of_round(game: SetiGame, colour: str, card: str) -> SetiGame:
    stack_index = game.round - 1
    rest = list(game.end_of_round[stack_index])
    rest.remove(card)
    stacks = game.end_of_round[:stack_index] + (tuple(rest),) + game.end_of_round[stack_index + 1:]
    board = game.player(colour)
    return replace(game.with_player(replace(board, hand=board.hand + (card,))), end_of_round=stacks)


def settle_held(game: SetiGame, decisions: Decisions) -> Procedure:
    """Players holding the end-of-round stack choose now, in the order they passed (弃权不行动 · 注意: you may
    hold the cards until others pass before making the final choice)."""
    for seat in game.holding:
        colour = game.players[seat].colour
        stack = game.end_of_round[game.round - 1]
        options = tuple(Option(card) for card in stack)
        choice = yield from decisions.carry_out(partial(decisions.choose, "end_of_round_card", options, colour))
        game = _take_end_of_round(game, colour, choice)
        yield Step("Held end-of-round card chosen", f"{colour}, who held the stack, now chooses "
                   f"{game.card(choice).name} of {len(stack)}.", PASS, game, {"card": choice})
    return replace(game, holding=())


def next_round(game: SetiGame) -> SetiGame:
    """The next round begins (轮次之间): the start player marker moves to the left (the next seat), who plays
    first; nobody has passed; the rotation marker goes on the round's end-of-round stack (beside the board in the
    last round, which has none)."""
    start = (game.start_seat + 1) % len(game.players)
    return replace(game, start_seat=start, active=start, passed=(), round=game.round + 1,
                   rotation_marker=f"on round {game.round + 1}'s end-of-round stack" if game.round < len(game.end_of_round)
                   else "beside the board: the last round has no end-of-round stack")


@register_phase("seti.income", title="Between rounds: income", section=INCOME, notebook="seti_round.ipynb")
def between_rounds(game: SetiGame, decisions: Decisions | None = None) -> Procedure:
    """Income for everyone (start card and tucked cards), the start player moves left, the reminder."""
    decisions = decisions or Decisions()
    variant = game.variant
    for board in game.players:
        colour = board.colour
        board, cards, tucked = with_income(board, variant)
        game = game.with_player(board)
        game, drawn = yield from decisions.carry_out(partial(game.gain_cards, colour, cards))
        yield Step(f"1. Income: {colour}", f"{colour}'s start card pays {variant.income_credits} credits, "
                   f"{variant.income_energy} energy and {variant.income_cards} random card from the deck (S-F7); tucked "
                   f"cards add {tucked['credits']} credits, {tucked['energy']} energy, {tucked['cards']} cards. "
                   f"Drawn: {', '.join(drawn) or 'none'}.", INCOME, game,
                   {"credits": game.player(colour).credits, "energy": game.player(colour).energy})
    game = next_round(game)
    start = game.start_seat
    yield Step("2. The start player marker moves", f"{game.players[start].colour}, on the left, starts round "
               f"{game.round}.", INCOME, game)
    yield Step("3. Rotation reminder", f"The rotation marker goes {game.rotation_marker}: the first to pass will "
               "rotate" + (", and then discard it." if game.round == game.variant.rounds else "."), INCOME, game)
    return game


def settle_pending(game: SetiGame, colour: str, decisions: Decisions) -> Procedure:
    """Carry out what is owed at once, for ``colour`` first and then clockwise (a sector won on a scan
    can reward another player): actions from effects at no standard cost (a free launch, a card's
    landing or signal), then visits checked against triggered missions, life traces (marked one by one)
    and cards (from the deck). Moves wait for the next ``Move`` this turn (unused ones lapse at its
    end), tucks for the player's ``Tuck`` free action."""
    if not game.pending:
        return game
    for seat in game.clockwise_from(game.seat(colour)):
        owner = game.players[seat].colour
        for item in game.owed(owner, "action"):
            what = item[2]
            if what.split(" ", 1)[0] == "launch" and game.solar is not None:
                game = game.settle(*item)
                option = launch_option(game, owner, free=True, ignore_limit=what == IGNORING_LIMIT)
                if option.legal:
                    game = yield from launch_probe(game, owner, free=True, ignore_limit=what == IGNORING_LIMIT)
                else:
                    yield Step("No free launch", f"{owner} cannot launch: {option.reason} [{option.rule}] — this part "
                               "of the effect is lost.", option.section, game, {"rule": option.rule})
            elif what == "land":
                game = yield from card_landing(game.settle(*item), owner, decisions)
            elif what == CARD_SIGNAL:
                game = yield from card_signal(game.settle(*item), owner, decisions)
            elif what.startswith(PLANET_SIGNAL):
                game = yield from planet_signal(game.settle(*item), owner, what)
        for item in game.owed(owner, "event"):
            game = game.settle(*item)
            if any(option.legal and option.choice for option in trigger_options(game, owner, item[2])):
                game = yield from report_event(game, owner, item[2], decisions)
        for item in game.owed(owner, "trace"):
            trace = item[2].split(" ", 1)[0]
            game = yield from place_trace(game.settle(*item), owner, trace, decisions)
        for item in game.owed(owner, "random_cards"):
            count = int(item[2].split(" ", 1)[0])
            game, drawn = game.settle(*item).gain_cards(owner, count)
            yield Step("Cards gained", f"{owner} takes {', '.join(drawn) or 'nothing (the deck is empty)'} from "
                       "the deck.", CARDS, game)
        for item in game.owed(owner, "cards"):
            game = game.settle(*item)
            for _ in range(int(item[2].split(" ", 1)[0])):
                game = yield from take_a_card(game, owner, decisions)
    game = yield from resolve_owed_sectors(game, colour, decisions)
    left = [f"{owner}: {kind} {what}" for owner, kind, what in game.pending]
    if left:
        yield Step("Still owed", f"Still owed: {'; '.join(left)} (a move is spent by the next Move this turn at no "
                   "energy; a tuck by the Tuck free action).", TURN, game)
    return game


CARDS = "获取卡牌的其他方式"
DECK = "deck"


def card_sources(game: SetiGame) -> tuple[Option, ...]:
    """Where a card a reward gives may come from: the deck top or each card-row place (从卡牌行或牌组顶部)."""
    places = tuple(Option(index, True, f"legal: {card} from the card row (refilled at once)")
                   for index, card in enumerate(game.card_row) if card is not None)
    return (Option(DECK, True, "legal: the deck top, unseen"),) + places


def take_a_card(game: SetiGame, colour: str, decisions: Decisions) -> Procedure:
    """``colour`` takes one card a reward gives, from the card row or the deck top: their choice."""
    if not any(game.card_row) and not game.deck and not game.discard:
        yield Step("No card left", f"{colour} would take a card, but deck, row and discard pile are empty.", CARDS, game)
        return game
    source, game = yield from decisions.ask(game, "card_source", card_sources, colour)
    game, taken = game.gain_cards(colour, 1, () if source == DECK else (source,))
    where = "the deck top" if source == DECK else "the card row (the place refills at once)"
    yield Step("A card from the row or the deck", f"{colour} takes {', '.join(taken) or 'nothing'} from {where}.",
               CARDS, game, {"source": source})
    return game


def resolve_owed_sectors(game: SetiGame, colour: str, decisions: Decisions) -> Procedure:
    """Sectors completed by signals from effects, once the action is done, in the order the active player
    chooses (完成主要行动后，按任意顺序解算所有已完成的扇区; S-R7)."""
    from .main_actions import resolve_sector_now

    while True:
        owed = [item for item in game.pending if item[1] == "sector"]
        if not owed:
            return game
        numbers = sorted({int(item[2]) for item in owed})
        if len(numbers) == 1:
            number = numbers[0]
        else:
            number, game = yield from decisions.ask(game, "resolve_sector", lambda now: tuple(
                Option(n, True, f"legal: {now.sectors.sector(n).name} resolves next") for n in numbers), colour)
        for item in owed:
            if int(item[2]) == number:
                game = game.settle(*item)
        game = yield from resolve_sector_now(game, item[0], number)


def lapse_moves(game: SetiGame, colour: str) -> Procedure:
    """Moves gained this turn and not spent lapse when the turn ends (they are free actions of this turn), and
    so do tucks owed for income icons and not taken."""
    moves = game.owed(colour, "action")
    unused = [item for item in moves if item[2] == "move"]
    for item in unused:
        game = game.settle(*item)
    if unused:
        yield Step("Unused moves lapse", f"{colour} leaves {len(unused)} move(s) unused: they lapse with the turn.",
                   TURN, game, {"moves": len(unused)})
    tucks = [item for item in game.pending if item[1] == "tuck"]
    for item in tucks:
        game = game.settle(*item)
    if tucks:
        owners = sorted({item[0] for item in tucks})
        yield Step("Untaken tucks lapse", f"{', '.join(owners)} did not tuck a card for {len(tucks)} income icon(s) "
                   "gained this turn: a tuck is taken when the icon is gained (玩家设置 · 增加收入), so it lapses with "
                   "the turn.", "玩家设置 · 增加收入", game, {"tucks": len(tucks)})
    return game


@register_phase("seti.turn", title="A turn and what follows it", section=TURN, notebook="seti_round.ipynb")
def take_turn(
    game: SetiGame,
    main: MainAction,
    free: Sequence[FreeAction] = (),
    after: Sequence[FreeAction] = (),
    decisions: Decisions | None = None,
    *,
    rotate: Rotate = advance_rotation,
    rng: Rng | None = None,
) -> Procedure:
    """The active player's turn: ``free`` actions, the main action, ``after`` free actions; then
    milestones, discoveries and the next turn (or the round's end: income, or the game's end). A deck
    that runs out is reshuffled with ``rng`` (the caller's seeded Rng, so ``Rng.forced`` reaches it)."""
    if rng is not None:
        with drawing_with(rng):
            return (yield from take_turn(game, main, free, after, decisions, rotate=rotate))
    if not isinstance(main, MAIN_ACTIONS):
        raise InvalidInput("main", main, "a main action: " + ", ".join(kind.__name__ for kind in MAIN_ACTIONS))
    for name, actions in (("free", free), ("after", after)):
        if isinstance(actions, (str, bytes)) or not isinstance(actions, Sequence):
            raise InvalidInput(name, actions, "a sequence of free actions (possibly empty)")
        for action in actions:
            if not isinstance(action, FREE_ACTIONS):
                raise InvalidInput(name, action, "a free action: " + ", ".join(kind.__name__ for kind in FREE_ACTIONS))
    decisions = decisions or Decisions()
    if game.over:
        raise IllegalAction("seti.turn.over", "the game is over.", "游戏结束")
    colour = game.active_colour
    if isinstance(main, Pass) and after:
        raise IllegalAction("seti.pass.no_free_actions", "no free actions among or after the steps of passing.", PASS)
    name = main.name if isinstance(main, OtherAction) else type(main).__name__
    yield Step(f"Round {game.round}: {colour}'s turn", f"{colour} takes one main action ({name}) plus any free "
               "actions.", TURN, game)
    if free:
        game = yield from free_actions(game, colour, free)
        game = yield from settle_pending(game, colour, decisions)
    game = yield from main.procedure(game, colour, decisions, rotate)
    game = yield from settle_pending(game, colour, decisions)
    if after:
        game = yield from free_actions(game, colour, after)
        game = yield from settle_pending(game, colour, decisions)
    return (yield from end_turn(game, colour, decisions))


def end_turn(game: SetiGame, colour: str, decisions: Decisions) -> Procedure:
    """What follows a turn: unused moves and tucks lapse; milestones, then discoveries (and, S-R10, the
    milestones a reward settled between turns crosses, at once); then the next player, or the round's end
    (held end-of-round cards chosen, the left-over card discarded, S-R13; income, or the game's end)."""
    game = yield from lapse_moves(game, colour)
    yield Step("Between turns", "The turn is over. Milestones resolve first, then discoveries; no free actions now.",
               ROUND, game)
    game = yield from resolve_milestones(game, decisions)
    game = yield from resolve_discoveries(game)
    for _ in range(len(game.players) * 3):
        if not game.pending and not _milestone_due(game):
            break
        if game.pending:
            game = yield from settle_pending(game, colour, decisions)
            game = yield from lapse_moves(game, colour)
        if game.variant.between_turn_milestones != "at once" or not _milestone_due(game):
            break
        yield Step("A milestone crossed between turns", "A reward settled between turns took a player past a "
                   "milestone: it resolves at once, before the next turn (S-R10).", "里程碑", game)
        game = yield from resolve_milestones(game, decisions)
        game = yield from resolve_discoveries(game)
    following = game.next_active()
    if following is not None:
        game = replace(game, active=following)
        yield Step("Next player", f"{game.active_colour} is next (players who passed are skipped).", ROUND, game)
        return game
    yield Step("The round ends", f"Everyone has passed: round {game.round} is over.", ROUND, game)
    game = yield from settle_held(game, decisions)
    game = yield from leftover_end_of_round(game)
    if game.round >= game.variant.rounds:
        game = replace(game, over=True)
        yield Step("The game ends", f"After round {game.round} comes the final scoring (seti.end).", "游戏结束", game)
        return game
    return (yield from between_rounds(game, decisions))


def _milestone_due(game: SetiGame) -> bool:
    thresholds = game.variant.gold_milestones + game.variant.neutral_milestones
    return any(board.milestone_score < t <= board.score for board in game.players for t in thresholds)


def leftover_end_of_round(game: SetiGame) -> Procedure:
    """The end-of-round card left once everyone has taken one goes to the discard pile (S-R13; variant
    ``end_of_round_leftover``: or out of the game)."""
    index = game.round - 1
    if index >= len(game.end_of_round) or not game.end_of_round[index]:
        return game
    left = game.end_of_round[index]
    stacks = game.end_of_round[:index] + ((),) + game.end_of_round[index + 1:]
    if game.variant.end_of_round_leftover == "discard":
        game = replace(game, end_of_round=stacks, discard=game.discard + left)
        text = f"{', '.join(left)} left over from round {game.round}'s stack: discarded (S-R13)."
    else:
        game = replace(game, end_of_round=stacks)
        text = f"{', '.join(left)} left over from round {game.round}'s stack: out of the game (variant)."
    yield Step("The left-over end-of-round card", text, PASS, game, {"cards": left})
    return game



@dataclass(frozen=True)
class Turn:
    """One turn's plan: free actions before, the main action, free actions after."""

    main: MainAction
    free: tuple[FreeAction, ...] = ()
    after: tuple[FreeAction, ...] = ()


def play(
    game: SetiGame,
    turns: Sequence[Turn | MainAction],
    decisions: Decisions | None = None,
    *,
    rotate: Rotate = advance_rotation,
    rng: Rng | None = None,
) -> Procedure:
    """Several turns in a row, each taken by the player whose turn it is (a bare main action is a turn
    without free actions); reshuffles use ``rng`` when given."""
    decisions = decisions or Decisions()
    for turn in turns:
        plan = turn if isinstance(turn, Turn) else Turn(turn)
        game = yield from take_turn(game, plan.main, plan.free, plan.after, decisions, rotate=rotate, rng=rng)
    return game
