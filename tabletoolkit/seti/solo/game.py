"""A whole solo game: you against the rival over five rounds (单人游戏, registered as ``seti.solo``).

Your side is a compact set of main actions on the shared table — launch, fly and orbit, fly and land,
scan, research, analyze, pass — with the rulebook's costs; each lists why it is refused when it is
(``your_options``), conversions as free actions, and your gold tiles scored at the end by the multiplayer
final scoring. Playing cards and missions belong to the multiplayer phases and are not offered here:
this module teaches the rival and the objectives.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Sequence

from ...engine.errors import IllegalAction, InvalidInput
from ...engine.registry import register_phase
from ...engine.rng import Rng
from ...engine.steps import Procedure, Step
from ..player import PlayerBoard
from ..routes import cheapest_route
from ..variant import RULEBOOK, SetiVariant
from .data import TECH_TYPES, TRACE_COLOURS, material
from .objectives import Event, setup_objectives
from .rival import advance, new_round_deck, setup_rival
from .choices import RouteOption
from .state import RIVAL, YOU, SoloGame, reward_colour, rotate_solar
from .table import setup_table
from .turn import milestones, resolve_sectors, rival_turn

SECTION = "单人游戏"
SECTION_SETUP = "单人游戏 · 设置"
SECTION_OBJECTIVES = "单人游戏 · 目标"
SECTION_END = "单人游戏 · 游戏结束"
NOTEBOOK = "seti_solo_rival.ipynb"


@dataclass(frozen=True)
class YourOption:
    """One of your main actions now: legal, or refused with the rule and the reason."""

    action: str
    legal: bool
    reason: str

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"


def setup_solo(stars: int, seed: int, variant: SetiVariant = RULEBOOK) -> Procedure:
    """Set up a solo game as a two-player game (S-F21): random start player (1 VP, the other 2), the
    rival's board and deck for the difficulty, the objective stack with three revealed."""
    rng = Rng(seed)
    table = setup_table(rng, variant)
    start = rng.choice((YOU, RIVAL))
    rival = setup_rival(stars, rng, start_score=1 if start == RIVAL else 2)
    objectives = setup_objectives(stars, rng)
    hand = tuple(table.supply.deck[:variant.start_cards])
    table = replace(table, supply=replace(table.supply, deck=table.supply.deck[variant.start_cards:]))
    you = PlayerBoard(YOU, score=1 if start == YOU else 2, publicity=variant.start_publicity,
                      credits=variant.start_credits, energy=variant.start_energy, hand=hand)
    game = SoloGame(table, rival, you, objectives, start=start, to_move=start, variant=variant)
    game = replace(game, checked=game.scores)
    counts = "no objectives (1 star)" if stars == 1 else (
        f"objectives {'/'.join(map(str, rival_counts(stars)))} of levels I/II/III, revealed: "
        + ", ".join(o.tile.id for o in objectives.face_up))
    yield Step("Set up", f"{stars}★ rival on board {rival.board.id}; its deck {', '.join(rival.deck)}; "
               f"start player: {'you' if start == YOU else 'the rival'} (1 VP, the other 2); {counts}.",
               SECTION_SETUP, game, {"start": start, "deck": rival.deck})
    return game


def rival_counts(stars: int) -> tuple[int, int, int]:
    return material().difficulties[stars].objectives


def probe_limit(game: SoloGame) -> int:
    """Probes you may have in space: 1, one more with PT #01 (发射一个探测器)."""
    return game.variant.probe_limit + (game.variant.pt1_extra_probes if "PT1" in game.you.techs else 0)


def flight(table, probe, planet: str):
    """Your flight: the cheapest route from your probe to ``planet`` (seti.routes); ``None`` if covered."""
    target = table.solar.planet_space(planet)
    if target is None:
        return None
    if probe.space == target:
        return RouteOption((probe.space,), 0, 0)
    return cheapest_route(table.solar, probe.space, planet)


def land_energy(game: SoloGame, planet: str) -> int:
    """Energy your landing costs: 3, or 2 with any orbiter at the planet; PT #02 takes 1 off (登陆行星或卫星)."""
    variant = game.variant
    orbited = not game.table.planet_spaces(planet).orbit_first_free
    cost = variant.land_energy_with_orbiter if orbited else variant.land_energy
    return max(0, cost - (variant.pt2_land_discount if "PT2" in game.you.techs else 0))


def your_options(game: SoloGame) -> tuple[YourOption, ...]:
    """Every main action you might take now, each legal or refused with its reason."""
    you, table, variant = game.you, game.table, game.variant
    options = []
    probes, limit = table.probes_of(YOU), probe_limit(game)
    launch_ok = len(probes) < limit and you.credits >= variant.launch_credits
    options.append(YourOption("launch", launch_ok, "legal" if launch_ok else f"{len(probes)} probe(s) in space: the limit is {limit}"
                              if len(probes) >= limit else f"needs {variant.launch_credits} credits (has {you.credits})"))
    probe = probes[0] if probes else None
    for planet in table.solar.layout.planets:
        route = flight(table, probe, planet) if probe else None
        moves = route.moves if route else 0
        for kind, credits, energy in (("orbit", variant.orbit_credits, variant.orbit_energy),
                                      ("land", 0, land_energy(game, planet))):
            action = f"{kind}:{planet}"
            if not probe:
                options.append(YourOption(action, False, "no probe of yours in space"))
            elif route is None:
                options.append(YourOption(action, False, f"{planet} is covered by a disc"))
            elif you.energy < moves + energy or you.credits < credits:
                options.append(YourOption(action, False, f"needs {moves} energy to fly and {credits} credit(s) + {energy} energy "
                                          f"(has {you.credits} credits, {you.energy} energy)"))
            else:
                options.append(YourOption(action, True, f"legal: {moves} move(s), then {credits} credit(s) + {energy} energy"))
    scan_ok = you.credits >= variant.scan_credits and you.energy >= variant.scan_energy
    for position, colour in enumerate(table.row_colours()):
        if colour == "none":
            options.append(YourOption(f"scan:{position}", False, "this card-row place is empty"))
            continue
        options.append(YourOption(f"scan:{position}", scan_ok, f"legal: Earth's sector and a {colour} sector" if scan_ok else
                                  f"needs {variant.scan_credits} credit and {variant.scan_energy} energy"))
    for tech, offer in table.tech_offers().items():
        ok = you.publicity >= variant.research_publicity and tech not in you.techs and offer.tiles_left > 0
        why = ("legal" + (" (+2 VP tile)" if offer.two_point_tile else "")) if ok else (
            "you hold it" if tech in you.techs else "no tile left" if not offer.tiles_left else
            f"needs {variant.research_publicity} publicity (has {you.publicity})")
        options.append(YourOption(f"research:{tech}", ok, why))
    analyze_ok = you.data >= variant.data_pool and you.energy >= variant.analyze_energy
    options.append(YourOption("analyze", analyze_ok, "legal" if analyze_ok else
                              f"needs {variant.data_pool} data (has {you.data}) and {variant.analyze_energy} energy"))
    options.append(YourOption("pass", True, "legal"))
    return tuple(options)


CONVERSIONS = ("cards>credits", "cards>energy", "credits>energy", "energy>credits", "credits>cards", "energy>cards")
SECTION_CONVERT = "资源转换"


def visits(table, spaces: Sequence) -> list[Event]:
    """Comets and asteroids entered on a flight (the tasks 访问小行星 / 访问彗星)."""
    events = []
    for space in spaces[1:]:
        contents = table.solar.contents(space)
        if contents.comet:
            events.append(Event("visit", "comet"))
        if contents.asteroid:
            events.append(Event("visit", "asteroid"))
    return events


def conversion_options(game: SoloGame) -> tuple[YourOption, ...]:
    """Free action (S-F4): 2 cards, 2 credits or 2 energy for 1 of another kind."""
    holdings = {"cards": len(game.you.hand), "credits": game.you.credits, "energy": game.you.energy}
    options = []
    for conversion in CONVERSIONS:
        give = conversion.split(">")[0]
        ok = holdings[give] >= 2 and game.to_move == YOU and not game.over
        options.append(YourOption(f"convert:{conversion}", ok, "legal: a free action" if ok else
                                  f"needs 2 {give} (has {holdings[give]})" if holdings[give] < 2 else "only on your turn"))
    return tuple(options)


def convert(game: SoloGame, conversion: str, rng: Rng) -> Procedure:
    """Pay 2 of one kind for 1 of another (S-F4); a card gained comes from the deck top."""
    offered = {o.action: o for o in conversion_options(game)}
    key = f"convert:{conversion}"
    if key not in offered:
        raise InvalidInput("conversion", conversion, f"one of {CONVERSIONS}")
    if not offered[key].legal:
        raise IllegalAction("seti.solo.convert", f"{key}: {offered[key].reason}", SECTION_CONVERT)
    give, get = conversion.split(">")
    you, table = game.you, game.table
    if give == "cards":
        paid, you = you.hand[:2], replace(you, hand=you.hand[2:])
        supply = table.supply
        for card in paid:
            supply = supply.discard_card(card)
        table = replace(table, supply=supply)
    else:
        you = replace(you, **{give: getattr(you, give) - 2})
    if get == "cards":
        supply, card = table.supply.draw(rng)
        table = replace(table, supply=supply)
        you = replace(you, hand=you.hand + ((card,) if card else ()))
    else:
        you = replace(you, **{get: getattr(you, get) + 1})
    game = replace(game, you=you, table=table)
    yield Step(f"You convert {give} to {get}", f"Free action: 2 {give} for 1 {get.rstrip('s') if get != 'energy' else get}.",
               SECTION_CONVERT, game)
    return game


SECTION_CORNER = "卡牌概述 · 自由行动"
SECTION_BUY = "购买卡牌"
CORNER_GAINS = {"publicity": "publicity", "data": "data"}


def free_options(game: SoloGame) -> tuple[YourOption, ...]:
    """Every free action now, legal or refused with its reason: conversions (S-F4), a hand card
    discarded for its corner, a card bought for 3 publicity (from the row or the deck)."""
    mine = game.to_move == YOU and not game.over
    options = list(conversion_options(game))
    for card_id in dict.fromkeys(game.you.hand):
        corner = game.table.supply.card(card_id).corner
        ok = mine and corner in CORNER_GAINS
        why = (f"legal: discard it for 1 {CORNER_GAINS[corner]}" if ok else "only on your turn" if not mine else
               f"its corner ({corner}) is not played by this compact side: your flights are planned whole")
        options.append(YourOption(f"corner:{card_id}", ok, why))
    cost = game.variant.buy_card_publicity
    for where in [f"row{i}" for i, c in enumerate(game.table.row_colours()) if c != "none"] + ["deck"]:
        ok = mine and game.you.publicity >= cost
        options.append(YourOption(f"buy:{where}", ok, "legal" if ok else "only on your turn" if not mine else
                                  f"needs {cost} publicity (has {game.you.publicity})"))
    return tuple(options)


def free_action(game: SoloGame, action: str, rng: Rng) -> Procedure:
    """Carry out one of ``free_options``; a refused one raises ``IllegalAction``, the game unchanged."""
    offered = {o.action: o for o in free_options(game)}
    if action not in offered:
        raise InvalidInput("free action", action, f"not a free action now; options: {sorted(offered)}")
    if not offered[action].legal:
        raise IllegalAction("seti.solo.free_action", f"{action}: {offered[action].reason}", SECTION)
    kind, _, what = action.partition(":")
    if kind == "convert":
        return (yield from convert(game, what, rng))
    you, table = game.you, game.table
    if kind == "corner":
        hand = list(you.hand)
        hand.remove(what)
        gained = CORNER_GAINS[table.supply.card(what).corner]
        you = replace(you, hand=tuple(hand))
        you = you.gain_publicity(1, game.variant)[0] if gained == "publicity" else you.gain_data(1, game.variant)[0]
        game = replace(game, you=you, table=replace(table, supply=table.supply.discard_card(what)))
        yield Step(f"You discard {what} for its corner", f"Free action: {what} is discarded for 1 {gained}.",
                   SECTION_CORNER, game)
        return game
    cost = game.variant.buy_card_publicity
    if what == "deck":
        supply, card = table.supply.draw(rng)
        source = "the deck top"
    else:
        supply, card, _ = table.supply.take_from_row(int(what[3:]), rng)
        source = "the card row (refilled at once)"
    you = replace(you, publicity=you.publicity - cost, hand=you.hand + ((card,) if card else ()))
    game = replace(game, you=you, table=replace(table, supply=supply))
    yield Step("You buy a card", f"Free action: {cost} publicity for {card or 'no card (deck and discard empty)'} from "
               f"{source}.", SECTION_BUY, game)
    return game


def your_turn(game: SoloGame, action: str, rng: Rng, choose: Sequence[str] = (), prefer: str | None = None) -> Procedure:
    """Carry out your main action ``action`` (one of ``your_options``); refused actions raise
    ``IllegalAction`` with the game unchanged. ``choose`` names objectives to mark, trigger by trigger;
    ``prefer`` names an objective to mark whenever a trigger fits it."""
    offered = {o.action: o for o in your_options(game)}
    if action not in offered:
        raise InvalidInput("action", action, f"not an action; options: {sorted(offered)}")
    if not offered[action].legal:
        raise IllegalAction("seti.solo.your_action", f"{action}: {offered[action].reason}", SECTION)
    kind, _, argument = action.partition(":")
    events: list[Event] = []
    you, table = game.you, game.table
    if kind == "pass":
        return (yield from your_pass(game, rng))
    if kind == "launch":
        you = replace(you, credits=you.credits - game.variant.launch_credits)
        game = replace(game, you=you, table=table.launch(YOU))
        text, events = f"You launch a probe ({game.variant.launch_credits} credits).", [Event("launch")]
    elif kind in ("orbit", "land"):
        probe = table.probes_of(YOU)[0]
        route = flight(table, probe, argument)
        cost = (game.variant.orbit_credits, game.variant.orbit_energy) if kind == "orbit" else (0, land_energy(game, argument))
        you = replace(you, energy=you.energy - route.moves - cost[1], credits=you.credits - cost[0],
                      orbiters=you.orbiters + (kind == "orbit"), landers=you.landers + (kind == "land"))
        table, items, said = table.without_probe(probe).settle(YOU, argument, kind)
        game = replace(game, you=you, table=table)
        game, notes = reward_colour(game, YOU, [("publicity", route.publicity)] + items)
        text = (f"You fly {route.moves} move(s) to {argument} ({route.moves} energy, {route.publicity} publicity) and "
                f"place {said}. " + " ".join(notes))
        events = [Event(kind)] + [Event("trace", colour) for key, colour in items if key == "trace"]
        events += visits(game.table, route.spaces)
    elif kind == "scan":
        game = replace(game, you=replace(you, credits=you.credits - game.variant.scan_credits,
                                         energy=you.energy - game.variant.scan_energy))
        table, card_id, colour = game.table.discard_from_row(int(argument), rng)
        notes = []
        for number in (table.earth_sector(), table.sky.of_colour(colour)[0]):
            table, gained = table.mark_signal(YOU, number)
            game = replace(game, table=table)
            game, gained_notes = reward_colour(game, YOU, [("data", gained.data), ("vp", gained.vp)])
            notes.append(f"a signal in {table.sky.sector(number).name}")
        text = f"You scan: {' and '.join(notes)} (card {card_id}, {colour}, discarded from the row)."
        events = [Event("signal"), Event("signal")]
    elif kind == "research":
        offer = table.tech_offers()[argument]
        game = replace(game, you=replace(you, publicity=you.publicity - game.variant.research_publicity))
        game, rotation = rotate_solar(game)
        game = replace(game, table=game.table.take_tech(argument), you=replace(game.you, techs=game.you.techs | {argument}))
        items = [(k, v) for k, v in offer.rewards.items() if k != "launch"]
        game, notes = reward_colour(game, YOU, items + ([("vp", 2)] if offer.two_point_tile else []))
        events = [Event("tech", TECH_TYPES[argument[:2]])]
        if "launch" in offer.rewards:
            if len(game.table.probes_of(YOU)) >= probe_limit(game):
                notes.append("Its free launch is lost: you are at your probe limit.")
            else:
                game = replace(game, table=game.table.launch(YOU))
                notes.append("Its bonus: a free launch, a probe of yours on Earth.")
                events.append(Event("launch"))
        text = f"You pay {game.variant.research_publicity} publicity. {rotation} You take {argument}." + (" " + " ".join(notes) if notes else "")
    else:  # analyze
        you = replace(you, energy=you.energy - game.variant.analyze_energy, data=0)
        game = replace(game, you=you)
        game, notes = reward_colour(game, YOU, [("trace", "blue")])
        text = "You analyze (1 energy; your computer clears). " + " ".join(notes)
        events = [Event("analyze"), Event("trace", "blue")]
    yield Step(f"You: {action}", text, SECTION, game, {"action": action})
    game = yield from resolve_sectors(game, YOU)
    game = yield from mark_objectives(game, events, choose, prefer)
    game = yield from milestones(game, YOU)
    return game


def mark_objectives(game: SoloGame, events: Sequence[Event], choose: Sequence[str] = (),
                    prefer: str | None = None) -> Procedure:
    """One trigger marks one task (S-F25): the objective named in ``choose`` (trigger by trigger), else
    ``prefer`` when the trigger fits it, else the first that fits. Thresholds mark when reached;
    completed objectives are replaced at the end of your turn."""
    objectives, notes = game.objectives, []
    choices = list(choose)
    for event in events:
        fitting = {tile for tile, _ in objectives.options(event)}
        pick = choices.pop(0) if choices else (prefer if prefer in fitting else None)
        if objectives.options(event):
            objectives, note = objectives.mark(event, pick)
            notes.append(note)
    objectives, reached = objectives.check_thresholds(game.you.score, game.you.publicity, game.you.data)
    objectives, replaced = objectives.end_of_turn()
    objectives, revealed = objectives.check_thresholds(game.you.score, game.you.publicity, game.you.data)
    notes += reached + replaced + revealed
    game = replace(game, objectives=objectives)
    if notes:
        yield Step("Objectives", " ".join(notes), SECTION_OBJECTIVES, game)
    return game


def your_pass(game: SoloGame, rng: Rng) -> Procedure:
    """Hand down to 4 (the cards drawn last are discarded), the first passer rotates, an end-of-round
    card in rounds 1-4 (弃权不行动; here the card goes to your hand)."""
    table, text = game.table, "You pass."
    limit = game.variant.hand_limit
    if len(game.you.hand) > limit:
        extra = game.you.hand[limit:]
        supply = table.supply
        for card in extra:
            supply = supply.discard_card(card)
        table = replace(table, supply=supply)
        game = replace(game, you=replace(game.you, hand=game.you.hand[:limit]))
        text += f" You discard down to {limit} cards ({', '.join(extra)})."
    if not game.passed:
        game, rotation = rotate_solar(replace(game, table=table))
        table = game.table
        text += f" You pass first: {rotation}"
    if game.round < game.variant.rounds:
        supply, card = table.supply.draw(rng)
        table = replace(table, supply=supply)
        game = replace(game, you=replace(game.you, hand=game.you.hand + ((card,) if card else ())))
        text += " You take an end-of-round card."
    game = replace(game, table=table, passed=game.passed + (YOU,))
    yield Step("You pass", text, "弃权不行动", game)
    return (yield from mark_objectives(game, ()))  # thresholds reached meanwhile; the end of your turn


def end_of_round(game: SoloGame, rng: Rng) -> Procedure:
    """Pay objectives (rounds 1-4, before income), income, the start player swaps, the rival's cards
    are reshuffled into a new deck (S-R8)."""
    variant = game.variant
    if game.round < variant.rounds:
        if game.rival.stars > 1:
            objectives, steps, text = game.objectives.pay(game.round, variant)
            rival, moved = advance(game.rival, steps)
            game = replace(game, objectives=objectives, rival=rival)
            yield Step(f"Pay objectives after round {game.round}", text + (" " + " ".join(moved) if moved else ""),
                       SECTION_OBJECTIVES, game)
        supply, drawn = game.table.supply.draw(rng)
        you = replace(game.you, credits=game.you.credits + variant.income_credits,
                      energy=game.you.energy + variant.income_energy, hand=game.you.hand + ((drawn,) if drawn else ()))
        start = RIVAL if game.start == YOU else YOU
        rival = new_round_deck(game.rival, rng, variant)
        game = replace(game, you=you, table=replace(game.table, supply=supply), rival=rival, start=start,
                       passed=(), round=game.round + 1, to_move=start)
        yield Step("Between rounds", f"Income: you gain {variant.income_credits} credits, {variant.income_energy} energy "
                   f"and a card. The start player is now {'the rival' if start == RIVAL else 'you'}. The rival's "
                   f"{len(rival.deck)} action cards are shuffled into a new deck: {', '.join(rival.deck)}.",
                   "轮次之间", game)
        return game
    lines = your_gold_lines(game)
    gold = sum(line.vp for line in lines)
    game = replace(game, you=replace(game.you, score=game.you.score + gold))
    told = "; ".join(f"{line.source}: {line.explains} {line.count} × {line.each} = {line.vp} VP" for line in lines)
    yield Step("Your gold tiles", (told + ".") if lines else "You marked no gold tile.", "金色计分板块", game, {"VP": gold})
    rival = game.rival
    unfinished = game.objectives.unfinished if rival.stars > 1 else 0
    bonus = unfinished * variant.solo_unfinished_objective_vp
    game = replace(game, rival=replace(rival, score=rival.score + bonus), over=True)
    you, them = game.you.score, game.rival.score
    verdict = "You win" if you > them else "The rival wins" + (" (a tie is not a win for you)" if you == them else "")
    yield Step("Game end", f"After 5 rounds: {unfinished} unfinished objective(s) give the rival {bonus} VP. "
               f"Final score: you {you}, rival {them}. {verdict}.", SECTION_END, game,
               {"you": you, "rival": them, "winner": YOU if you > them else RIVAL})
    return game


def your_gold_lines(game: SoloGame) -> tuple:
    """Your gold tiles scored by the multiplayer final scoring (``seti.scoring``) from your holdings:
    techs by type, life traces by colour, sector wins, orbiters and landers. The rival scores none (S-F24)."""
    from ..scoring import gold_lines, with_holdings
    from ..setup import new_game

    seti = replace(new_game([YOU, RIVAL], seed=0, variant=game.variant), gold_tiles=game.table.gold)
    techs = tuple(sum(1 for t in game.you.techs if TECH_TYPES[t[:2]] == kind) for kind in ("probe", "telescope", "computer"))
    table = game.table
    marks = [(colour, owner) for _, colour, owner in table.discovery] + [(c, o) for _, c, o in table.overflow]
    marks += [(table.species[s].spaces[n].colours[0], owner) for s, n, owner in table.board_marks]
    traces = tuple(sum(1 for c, owner in marks if c == colour and owner == YOU) for colour in TRACE_COLOURS)
    seti = with_holdings(seti, YOU, techs=techs, traces=traces, sector_wins=game.you.sector_wins,
                         orbiters=game.you.orbiters, landers=game.you.landers)
    return gold_lines(seti, YOU)


Policy = Callable[[SoloGame], str]


def scripted_player(game: SoloGame) -> str:
    """A simple fixed player for demonstrations and the golden game: analyze when possible, land or
    orbit the first reachable planet, launch, research a 2-point tech, scan the leftmost row card;
    short of energy it converts 2 cards (else 2 credits) into 1 energy; otherwise it passes."""
    options = your_options(game)
    legal = {o.action: o.reason for o in options if o.legal}
    if "analyze" in legal:
        return "analyze"
    for prefix in ("land:", "orbit:", "launch", "research:", "scan:"):
        for action, reason in legal.items():
            if action.startswith(prefix) and (prefix != "research:" or "2 VP" in reason):
                return action
    convertible = {o.action for o in conversion_options(game) if o.legal}
    if game.you.energy < game.variant.scan_energy:
        for conversion in ("convert:cards>energy", "convert:credits>energy"):
            if conversion in convertible and (conversion.endswith("cards>energy") or game.you.credits >= 3):
                return conversion
    return "pass"


@register_phase("seti.solo", title="Solo: you against the rival agency", section=SECTION, notebook=NOTEBOOK)
def solo_game(stars: int = 4, seed: int = 0, player: Policy = scripted_player, variant: SetiVariant = RULEBOOK) -> Procedure:
    """A whole solo game, every rival choice explained, your turns chosen by ``player``. Returns the
    final ``SoloGame``."""
    rng = Rng(seed)
    game = yield from setup_solo(stars, seed, variant)
    return (yield from proceed(game, rng, player))


def _after(game: SoloGame, colour: str) -> SoloGame:
    """Who moves next: the other player unless they passed; nobody when both have passed."""
    other = RIVAL if colour == YOU else YOU
    if other not in game.passed:
        return replace(game, to_move=other)
    return replace(game, to_move=None if colour in game.passed else colour)


def proceed(game: SoloGame, rng: Rng, player: Policy | None = None) -> Procedure:
    """Play on: rival turns and round ends, and your turns by ``player``; without a player, stop when
    it is your turn. Returns the game."""
    while not game.over:
        if game.to_move is None:
            game = yield from end_of_round(game, rng)
        elif game.to_move == RIVAL:
            game = _after((yield from rival_turn(game, rng)), RIVAL)
        elif player is not None:
            action = player(game)
            if action.split(":", 1)[0] in ("convert", "corner", "buy"):
                game = yield from free_action(game, action, rng)
            else:
                game = _after((yield from your_turn(game, action, rng)), YOU)
        else:
            return game
    return game


def play_your_action(game: SoloGame, action: str, rng: Rng, choose: Sequence[str] = (),
                     prefer: str | None = None) -> Procedure:
    """Your main action, then the rival's turns until it is your turn again (or the game ends)."""
    if game.to_move != YOU:
        raise IllegalAction("seti.solo.not_your_turn", "it is not your turn", SECTION)
    game = _after((yield from your_turn(game, action, rng, choose, prefer)), YOU)
    return (yield from proceed(game, rng))
