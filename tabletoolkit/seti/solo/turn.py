"""The rival's turn: reveal the top action card and carry out the first possible action on it.

单人游戏 · 对手的回合: each action is checked in order; an impossible one is reported with its reason
("top action impossible: no probe on Earth; next: telescope"), the first possible one is carried out
with the reason for every choice. With an empty deck at the start of its turn the rival passes.
"""

from __future__ import annotations

from ...engine.frozen import replace
from typing import Any, Sequence

from ...engine.errors import InvalidInput
from ...engine.rng import Rng
from ...engine.steps import Procedure, Step
from .choices import (
    SECTION_MILESTONES,
    SECTION_ORBIT,
    SECTION_TECH,
    SECTION_TELESCOPE,
    TechOffer,
    choose_gold_tile,
    choose_landing,
    choose_planet,
    choose_row_card,
    choose_sector,
    choose_tech,
    rival_tech_rewards,
)
from .data import TRACE_COLOURS, ActionCard, RivalAction, material
from .objectives import Event
from .rival import SECTION_ANALYZE, advance, analyze, replace_revealed, reveal
from .shared import rival_passing, rival_settle
from .state import RIVAL, YOU, SoloGame, reward_colour, rotate_solar
from ..milestones import mark_gold_tile, move_neutral, thresholds_crossed
from ..probes import launch
from .table import (completed_sectors, earth_sector, flip_discovered, mark_signal, on_earth, planet_spaces, resolve,
                    reward_items, route_options, row_colours, sector_options, species_name, tech_offers, without_probe)

SECTION_TURN = "单人游戏 · 对手的回合"
SECTION_LAUNCH = "单人游戏 · 对手的行动 · 发射"
SECTION_DISCOVER = "单人游戏 · 物种发现"
SECTION_PASS = "单人游戏 · 弃权不行动"


def why_impossible(game: SoloGame, action: RivalAction) -> str | None:
    """The reason the rival cannot take ``action`` now, or ``None`` when it can."""
    rival, table = game.rival, game.table
    if action.kind == "analyze" and not rival.computer_full:
        return f"its computer is not full ({rival.computer} of {len(rival.board.computer)})"
    if action.kind == "launch" and on_earth(table, RIVAL):
        return "it already has a probe on Earth"
    if action.kind == "tech":
        if rival.publicity < action.publicity_cost:
            return f"it has {rival.publicity} publicity, the tech costs {action.publicity_cost}"
        choice = choose_tech(rival.board.track, rival.space, tech_offers(table), rival.techs)
        if not choice.possible:
            return choice.reason
    if action.kind == "orbit_land":
        if not on_earth(table, RIVAL):
            return "it has no probe on Earth"
        choice = choose_planet(action.planets, lambda p: route_options(table, p, action.moves, "left"), action.moves, "left")
        if not choice.possible:
            return choice.reason
    if action.kind == "discover" and len(game.discovered) < action.species:
        return f"the {'1st' if action.species == 1 else '2nd'} species is not discovered"
    return None


def rival_turn(game: SoloGame, rng: Rng) -> Procedure:
    """One rival turn (or its pass). Returns the game after it."""
    rival = game.rival
    if not rival.deck:
        return (yield from rival_pass(game))
    rival = reveal(rival)
    game = replace(game, rival=rival)
    if rival.revealed is None:  # pragma: no cover (reveal turns the deck's top card over)
        raise InvalidInput("rival", rival, "no action card revealed")
    card = material().cards[rival.revealed]
    lines = "; ".join(f"{i}. {a.describe()}" for i, a in enumerate(card.actions, 1))
    yield Step(f"Rival reveals {card.id}", f"Action card {card.id} (decision arrow: {card.arrow}): {lines}.",
               SECTION_TURN, game, {"card": card.id, "arrow": card.arrow})
    game = yield from play_card(game, card, rng)
    return (yield from milestones(game, RIVAL))


def play_card(game: SoloGame, card: ActionCard, rng: Rng) -> Procedure:
    """Try the card's actions top to bottom and carry out the first possible one."""
    for index, action in enumerate(card.actions):
        reason = why_impossible(game, action)
        if reason is None:
            return (yield from ACTIONS[action.kind](game, card, action, rng))
        following = card.actions[index + 1].describe() if index + 1 < len(card.actions) else "none"
        which = "Top action" if index == 0 else f"Action {index + 1}"
        yield Step(f"{which} impossible", f"{which} impossible: {reason}; next: {following}.", SECTION_TURN, game,
                   {"action": action.kind, "reason": reason})
    yield Step("No action possible", f"No action on {card.id} is possible (the rulebook says this cannot happen; "
               "with this sample card and board it did): the rival's turn ends.", SECTION_TURN, game)
    return game


def _analyze(game: SoloGame, card: ActionCard, action: RivalAction, rng: Rng) -> Procedure:
    rival, notes, table_items = analyze(game.rival, action.rewards, game.variant)
    game = replace(game, rival=rival)
    game, more = reward_colour(game, RIVAL, table_items, card.arrow)
    yield Step("Rival analyzes", "Its computer is full, so it analyzes. " + " ".join(notes + more), SECTION_ANALYZE, game)
    return game


def _launch(game: SoloGame, card: ActionCard, action: RivalAction, rng: Rng) -> Procedure:
    game = replace(game, table=launch(game.table, RIVAL, free=True, ignore_limit=True))
    game, notes = reward_colour(game, RIVAL, list(action.rewards.items()), card.arrow)
    yield Step("Rival launches", "No rival probe is on Earth: it places one there. " + " ".join(notes), SECTION_LAUNCH, game)
    return game


def _tech(game: SoloGame, card: ActionCard, action: RivalAction, rng: Rng) -> Procedure:
    game = replace(game, rival=replace(game.rival, publicity=game.rival.publicity - action.publicity_cost))
    game, rotation = rotate_solar(game)
    rival, table = game.rival, game.table
    paid = f"It pays {action.publicity_cost} publicity. " if action.publicity_cost else "A free tech. "
    choice = choose_tech(rival.board.track, rival.space, tech_offers(table), rival.techs)
    offer: TechOffer = tech_offers(table)[choice.value]
    table = replace(table, techs=table.techs.taken(choice.value))  # the tile, as the multiplayer research takes it
    rival = replace(rival, techs=rival.techs + (choice.value,))
    game = replace(game, rival=rival, table=table)
    rewards = list(rival_tech_rewards(offer).items()) + list(action.rewards.items())
    game, notes = reward_colour(game, RIVAL, rewards, card.arrow)
    skipped = [k for k in offer.rewards if k in ("launch", "data")]
    never = f" It never takes the tile's {' or '.join(skipped)} reward (S-F1)." if skipped else ""
    yield Step(f"Rival researches {choice.value}", f"{paid}{rotation} {choice.reason}{never} " + " ".join(notes),
               SECTION_TECH, game, {"tech": choice.value})
    return game


def _orbit_land(game: SoloGame, card: ActionCard, action: RivalAction, rng: Rng) -> Procedure:
    table = game.table
    choice = choose_planet(action.planets, lambda p: route_options(table, p, action.moves, card.arrow), action.moves, card.arrow)
    planet, route = choice.value
    probe = next(p for p in table.solar.probes_of(RIVAL) if p.space == table.solar.earth)
    game = replace(game, table=without_probe(table, probe))
    game, flight = reward_colour(game, RIVAL, [("publicity", route.publicity)] if route.publicity else [], card.arrow)
    yield Step(f"Rival flies to {planet}", f"Planets in the card's order within {action.moves} moves: {choice.reason} "
               f"It flies {route.moves} move(s) gaining {route.publicity} publicity. " + " ".join(flight),
               SECTION_ORBIT, game, {"planet": planet, "moves": route.moves, "publicity": route.publicity})
    landing = choose_landing(planet_spaces(game.table, planet), game.rival.techs_of("probe"), action.prefer, card.arrow)
    rival = game.rival
    if landing.value[0] == "moon":
        _, where, tech = landing.value
        techs = list(rival.techs)
        techs.remove(tech)
        rival = replace(rival, techs=tuple(techs))
    else:
        where = landing.value[0]
    game, items, text = rival_settle(replace(game, rival=rival), probe, planet, where)  # the multiplayer orbit, landing
    game, notes = reward_colour(game, RIVAL, items, card.arrow)
    yield Step(f"Rival {'orbits' if where == 'orbit' else 'lands on'} {planet if where in ('orbit', 'land') else where}",
               f"{landing.reason} It places {text}. " + " ".join(notes), SECTION_ORBIT, game, {"where": where})
    return game


def _telescope(game: SoloGame, card: ActionCard, action: RivalAction, rng: Rng) -> Procedure:
    signals = list(action.signals)
    completed: list[int] = []
    if game.rival.techs_of("telescope"):
        tech = game.rival.techs_of("telescope")[0]
        techs = list(game.rival.techs)
        techs.remove(tech)
        game = replace(game, rival=replace(game.rival, techs=tuple(techs)))
        signals.append("row")
        yield Step("Rival discards a telescope tech", f"It holds {tech}: it discards it for an extra card-row signal.",
                   SECTION_TELESCOPE, game)
    for signal in signals:
        table = game.table
        if signal == "earth":
            numbers, where = [earth_sector(table)], "Earth's sector"
        else:
            filled = [i for i, colour in enumerate(row_colours(table)) if colour != "none"]
            pick = choose_row_card([row_colours(table)[i] for i in filled], card.arrow)
            if not pick.possible:
                yield Step("No card-row signal", "The card row is empty (deck and discard pile exhausted): this signal "
                           "is lost.", SECTION_TELESCOPE, game)
                continue
            table, card_id = table.row_emptied(filled[pick.value])
            colour = table.card(card_id).colour
            numbers = list(table.sectors.of_colour(colour))
            where = (f"a card-row card: {pick.reason.rstrip('.')} — {colour}, sectors {', '.join(map(str, numbers))}; "
                     "the row refills once all the rival's card-row signals are marked (S-F26)")
        options = sector_options(table, numbers, RIVAL)
        chosen = choose_sector(options, card.arrow, game.variant)
        number = numbers[options.index(chosen.value)]
        table, gained = mark_signal(table, RIVAL, number)
        if gained.completed:
            completed.append(number)
        game = replace(game, table=table)
        game, notes = reward_colour(game, RIVAL, [("data", gained.data), ("vp", gained.vp)] if gained.data or gained.vp else [], card.arrow)
        yield Step(f"Rival signals in {table.sectors.sector(number).name}", f"A signal from {where}. {chosen.reason} "
                   + " ".join(notes), SECTION_TELESCOPE, game, {"sector": number})
    if None in game.table.card_row:
        game = replace(game, table=game.table.row_refilled(rng))
        yield Step("Rival refills the card row", "With all its card-row signals marked, the rival refills the row "
                   "from the deck top: " + ", ".join(c or "nothing left" for c in game.table.card_row) + " (S-F26).",
                   "重新填满卡牌行", game)
    return (yield from resolve_sectors(game, RIVAL, completed))


def _discover(game: SoloGame, card: ActionCard, action: RivalAction, rng: Rng) -> Procedure:
    index = game.discovered[action.species - 1]
    special = material().species_card(game.table.life.slots[index].species.id)
    game = replace(game, rival=replace_revealed(game.rival, special.id))
    yield Step("Rival: species card", f"The {'1st' if action.species == 1 else '2nd'} species is discovered: {card.id} "
               f"leaves the game and its special card {special.id} takes its place; the rival resolves it.",
               SECTION_DISCOVER, game)
    return (yield from play_card(game, special, rng))


ACTIONS: dict[str, Any] = {"analyze": _analyze, "launch": _launch, "tech": _tech, "orbit_land": _orbit_land,
                           "telescope": _telescope, "discover": _discover}


def resolve_sectors(game: SoloGame, active: str, order: Sequence[int] = (), only: Sequence[int] | None = None) -> Procedure:
    """Completed sectors resolve after the action: winner, +1 publicity to every contributor, the
    winner's reward, second place keeps a marker. The rival resolves them in the order it completed
    them (S-R7, ``order``); else in sector-number order. ``only``: just these sectors."""
    complete = [n for n in completed_sectors(game.table) if only is None or n in only]
    for number in [n for n in order if n in complete] + [n for n in complete if n not in order]:
        table, result = resolve(game.table, number)
        game = replace(game, table=table)
        notes = []
        for colour, amount in sorted(result.publicity.items()):
            game, gained = reward_colour(game, colour, [("publicity", amount)])
            notes += gained
        game, gained = reward_colour(game, result.winner, reward_items(result.reward))
        notes += gained
        if result.winner == YOU:
            game = replace(game,
                           triggers=game.triggers + (Event("sector_win"),)).with_player(replace(game.you, sector_wins=game.you.sector_wins + 1))
        def who(colour: str | None) -> str:
            return {RIVAL: "the rival", YOU: "you"}.get(colour or "", colour or "none")

        name = result.sector.name[0].upper() + result.sector.name[1:]
        winner = who(result.winner)
        yield Step(f"{name} resolved", f"{name} is complete: {winner} win{'s' if winner == 'the rival' else ''} it "
                   f"({result.reward.describe()}); second place: {who(result.second)}. " + " ".join(notes),
                   "扇形区域 · 完成扇区", game, {"winner": result.winner})
    return game


def milestones(game: SoloGame, active: str) -> Procedure:
    """Between turns: every gold milestone crossed since the last check (the variant's thresholds, crossed as the
    multiplayer milestones count them: ``milestones.thresholds_crossed``), the active player first, then the other
    (several at once all count, S-R3); then neutral milestones, always last; then discoveries.
    The rival claims only first spaces and never scores gold tiles (S-F24)."""
    crossed = []
    for colour in (active, RIVAL if active == YOU else YOU):
        before, score = game.checked[colour], game.scores[colour]
        crossed.append((colour, before, score))
        for threshold in thresholds_crossed(before, score, game.variant.gold_milestones, game.variant):
            game = yield from _gold(game, colour, threshold)
    game = replace(game, checked=game.scores)
    for colour, before, score in crossed:
        for threshold in thresholds_crossed(before, score, game.variant.neutral_milestones, game.variant):
            table, spot = move_neutral(game.table, threshold)
            game = replace(game, table=table)
            text = ("nothing happens (no neutral marker left there, or no empty discovery space)." if spot is None else
                    f"a neutral marker moves to {species_name(table, spot.slot)}'s {TRACE_COLOURS[spot.index]} discovery space.")
            who = "the rival" if colour == RIVAL else "you"
            yield Step(f"Neutral milestone {threshold}", f"{who[0].upper() + who[1:]} passed {threshold} VP: {text}",
                       "里程碑 · 中立里程碑", game)
    return (yield from discoveries(game))


def _gold(game: SoloGame, colour: str, threshold: int) -> Procedure:
    if colour == RIVAL:
        arrow = material().cards[game.rival.revealed].arrow if game.rival.revealed else "left"
        choice = choose_gold_tile([(tile.id, not tile.marks) for tile in game.table.gold_tiles], arrow)
        if choice.possible:
            game = replace(game, table=mark_gold_tile(game.table, RIVAL, choice.value),
                           rival=replace(game.rival, gold=game.rival.gold + (choice.value,)))
        yield Step(f"Gold milestone {threshold}", f"The rival reaches {threshold} VP: {choice.reason} "
                   "It never scores gold tiles (S-F24).", SECTION_MILESTONES, game)
        return game
    free = [t for t in game.table.gold_tiles if YOU not in t.marks]
    if not free:
        yield Step(f"Gold milestone {threshold}", f"You reach {threshold} VP: you have marked every gold tile already.",
                   "里程碑 · 金色里程碑", game)
        return game
    chosen = [t for t in free if t.id == game.gold_choice]
    best = chosen[0] if chosen else max(free, key=lambda t: t.value_at(len(t.marks), game.variant.fourth_gold_chooser))
    value = best.value_at(len(best.marks), game.variant.fourth_gold_chooser)
    why = "your choice" if chosen else "the best value left on a tile you have not marked; choose another with gold:<tile>"
    game = replace(game, table=mark_gold_tile(game.table, YOU, best.id), gold_choice=None if chosen else game.gold_choice)
    yield Step(f"Gold milestone {threshold}", f"You reach {threshold} VP and mark gold tile {best.id} "
               f"({best.face.explains}; {value} VP per set for you as chooser #{len(best.marks) + 1}: {why}).",
               "里程碑 · 金色里程碑", game)
    return game


def discoveries(game: SoloGame) -> Procedure:
    """After the milestones: a species whose three discovery spaces are full is discovered; each marker
    there earns its discovery reward (neutral markers earn nothing) (发现外星物种)."""
    table, found = flip_discovered(game.table)
    game = replace(game, table=table, discovered=game.discovered + tuple(index for index, _ in found))
    for index, markers in found:
        species = table.life.slots[index].species
        notes = []
        for marker in markers:
            if marker in (RIVAL, YOU):
                game, gained = reward_colour(game, marker, reward_items(species.discovery_reward))
                notes += gained
        who = ", ".join(markers)
        yield Step(f"Species discovered: {species.name}", f"Species {index + 1}'s three discovery spaces are full "
                   f"({who}): it is {species.name}. Each player marker there earns {species.discovery_reward.describe()}. "
                   + " ".join(notes), "发现外星物种", game, {"species": species.id})
    return game


def rival_pass(game: SoloGame) -> Procedure:
    """Its deck is empty: it passes, rotating the solar system if it passes first, and takes the top
    end-of-round card (1 progress: a card) (单人游戏 · 弃权不行动)."""
    first = not game.passed
    game, rotation, card = rival_passing(game)  # the multiplayer passing on the rival's seat
    text = "Its action deck is empty at the start of its turn, so it passes." + (f" It passes first: {rotation}" if first else "")
    rival = game.rival
    if card is not None:
        rival, moved = advance(rival, 1)
        text += f" It takes the top end-of-round card ({card}, to the discard pile): a card, 1 progress. " + " ".join(moved)
    game = replace(game, rival=rival)
    yield Step("Rival passes", text.strip(), SECTION_PASS, game)
    return game
