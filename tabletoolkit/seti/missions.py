"""Playing cards (``seti.cards``): cost and effect, conditional and triggered missions, end-game cards.

A card's effect may contain actions (launch, scan, research…): they cost nothing extra. Research of a
type is carried out here (``tech.research`` with the granted type); other actions wait in the game's
``pending`` for their phase. After its effect an effect-only card goes to the discard pile; missions and
end-game cards stay in front of their owner. A conditional mission completes as a free action whenever
its condition holds (at once if it already holds when played, S-F19); a triggered mission's circles are
covered one per trigger, only by events after the card was played, optionally, and it completes when
all are covered.
"""

from __future__ import annotations

import html
import tomllib
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping

from ..engine.errors import IllegalAction, InvalidInput
from ..engine.registry import register_phase
from ..engine.steps import Procedure, Step
from .game import Decisions, Option, SetiGame, advance_rotation, read_data
from .measures import measure
from .rewards import INCOME_KINDS, Reward
from .tech import TECH_KINDS, research

SECTION = "打出卡牌"
CONDITIONAL = "任务卡 · 有条件的任务"
TRIGGERED = "任务卡 · 可触发任务"
ENDGAME = "任务卡 · 游戏终局计分卡"
KINDS = ("effect", "conditional", "triggered", "endgame")


@dataclass(frozen=True)
class Condition:
    measure: str
    at_least: int
    text: str


@dataclass(frozen=True)
class Trigger:
    event: str
    reward: Reward


@dataclass(frozen=True)
class Scoring:
    measure: str
    vp_each: int
    text: str


@dataclass(frozen=True)
class CardText:
    """What a card says: cost, effect, its mission or end-game scoring, income type and corner."""

    name: str
    section: str
    cost: Reward = Reward()
    effect: Reward = Reward()
    kind: str = "effect"
    condition: Condition | None = None
    mission_reward: Reward = Reward()
    triggers: tuple[Trigger, ...] = ()
    scoring: Scoring | None = None
    income: str | None = None
    corner: Reward = Reward()
    sector_colour: str | None = None
    alien: bool = False
    undiscardable: bool = False
    sample: bool = False
    reading: str = ""

    def _repr_html_(self) -> str:
        lines = [f"<b>{html.escape(self.name)}</b> <small>({html.escape(self.section)})</small>",
                 f"cost: {self.cost.describe()}", f"effect: {self.effect.describe()}"]
        if self.condition:
            lines.append(f"mission: {html.escape(self.condition.text)} → {self.mission_reward.describe()}")
        for trigger in self.triggers:
            lines.append(f"circle: {html.escape(trigger.event)} → {trigger.reward.describe()}")
        if self.scoring:
            lines.append(f"end of game: {html.escape(self.scoring.text)}")
        if self.reading:
            lines.append(f"<i>reading: {html.escape(self.reading)}</i>")
        return f"<div class='tt-seti-card'>{'<br>'.join(lines)}</div>"


@dataclass(frozen=True)
class MissionInPlay:
    """A mission or end-game card in front of its owner."""

    owner: str
    card: str
    kind: str
    covered: tuple[bool, ...] = ()
    completed: bool = False


def _card(entry: Mapping[str, Any], where: str, sample: bool = False) -> CardText:
    for key in ("name", "section"):
        if not isinstance(entry.get(key), str) or not entry[key]:
            raise InvalidInput(f"{where}.{key}", entry.get(key), "a non-empty text")
    kind = entry.get("kind", "effect")
    if kind not in KINDS:
        raise InvalidInput(f"{where}.kind", kind, f"one of {KINDS}")
    condition = scoring = None
    if kind == "conditional":
        raw = entry.get("condition")
        if not isinstance(raw, dict) or not isinstance(raw.get("measure"), str) or not isinstance(raw.get("at_least"), int):
            raise InvalidInput(f"{where}.condition", raw, "a table { measure = ..., at_least = N, text = ... }")
        condition = Condition(raw["measure"], raw["at_least"], str(raw.get("text", raw["measure"])))
    triggers = tuple(
        Trigger(str(t.get("event")), Reward.parse(t.get("reward"), f"{where}.triggers[{i}].reward"))
        for i, t in enumerate(entry.get("triggers", []))
    )
    if kind == "triggered" and not triggers:
        raise InvalidInput(f"{where}.triggers", entry.get("triggers"), "a triggered mission needs its circles")
    if kind == "endgame":
        raw = entry.get("scoring")
        if not isinstance(raw, dict) or not isinstance(raw.get("measure"), str) or not isinstance(raw.get("vp_each"), int):
            raise InvalidInput(f"{where}.scoring", raw, "a table { measure = ..., vp_each = N, text = ... }")
        scoring = Scoring(raw["measure"], raw["vp_each"], str(raw.get("text", raw["measure"])))
    income = entry.get("income")
    if income is not None and income not in INCOME_KINDS:
        raise InvalidInput(f"{where}.income", income, f"one of {INCOME_KINDS}")
    return CardText(
        name=entry["name"], section=entry["section"], cost=Reward.parse(entry.get("cost"), f"{where}.cost"),
        effect=Reward.parse(entry.get("effect"), f"{where}.effect"), kind=kind, condition=condition,
        mission_reward=Reward.parse(entry.get("mission_reward"), f"{where}.mission_reward"), triggers=triggers,
        scoring=scoring, income=income, corner=Reward.parse(entry.get("corner"), f"{where}.corner"),
        sector_colour=entry.get("sector_colour"), alien=bool(entry.get("alien", False)),
        undiscardable=bool(entry.get("undiscardable", False)), sample=sample, reading=str(entry.get("reading", "")),
    )


def load_cards(text: str | None = None) -> dict[str, CardText]:
    """Cards by name from TOML (default: the rulebook's example cards and the labelled sample deck)."""
    try:
        raw = tomllib.loads(text if text is not None else read_data("example_cards.toml"))
    except tomllib.TOMLDecodeError as error:
        raise InvalidInput("card file", str(error), "not valid TOML") from None
    cards: dict[str, CardText] = {}
    for index, entry in enumerate(raw.get("card", [])):
        card = _card(entry, f"card[{index}]")
        if card.name in cards:
            raise InvalidInput(f"card[{index}].name", card.name, "card names are unique")
        cards[card.name] = card
    deck = raw.get("sample_deck")
    if deck:
        count = deck.get("count", 0)
        lists = {key: deck.get(key) for key in ("costs", "effects", "incomes", "corners")}
        for key, value in lists.items():
            if not isinstance(value, list) or not value:
                raise InvalidInput(f"sample_deck.{key}", value, "a non-empty list to cycle through")
        colours = deck.get("colours", [None])
        if not isinstance(colours, list) or not colours:
            raise InvalidInput("sample_deck.colours", colours, "a non-empty list of sector colours to cycle through")
        for number in range(count):
            pick = {key: value[number % len(value)] for key, value in lists.items()}
            name = f"Sample project {number + 1:02d}"
            cards[name] = _card({"name": name, "section": str(deck.get("label", "sample deck")), "cost": pick["costs"],
                                 "effect": pick["effects"], "income": pick["incomes"], "corner": pick["corners"],
                                 "sector_colour": colours[number % len(colours)]},
                                f"sample_deck[{number}]", sample=True)
    return cards


def example_cards() -> dict[str, CardText]:
    """Only the cards the rulebook prints."""
    return {name: card for name, card in load_cards().items() if not card.sample}


def condition_met(game: SetiGame, colour: str, card: CardText) -> bool:
    return card.condition is not None and measure(game, colour, card.condition.measure) >= card.condition.at_least


@register_phase("seti.cards", title="Play a card", section=SECTION, notebook="seti_missions.ipynb")
def play_card(
    game: SetiGame,
    colour: str,
    name: str,
    decisions: Decisions | None = None,
    *,
    rotate: Callable[[SetiGame], Procedure] = advance_rotation,
) -> Procedure:
    """Play ``name`` from ``colour``'s hand as the main action: pay, resolve the effect, place the card."""
    decisions = decisions or Decisions()
    card = game.card(name)
    board = game.player(colour)
    if name not in board.hand:
        raise IllegalAction("seti.cards.not_in_hand", f"{name} is not in {colour}'s hand.", SECTION)
    board = board.pay("seti.cards.cost", SECTION, credits=card.cost.credits, energy=card.cost.energy,
                      publicity=card.cost.publicity)
    hand = list(board.hand)
    hand.remove(name)
    game = game.with_player(replace(board, hand=tuple(hand)))
    yield Step(f"Play {name}", f"{colour} pays {card.cost.describe()} (the cost is paid only when playing the card "
               "for its effect).", SECTION, game, {"cost": card.cost.describe()})
    resources = replace(card.effect, actions=tuple(a for a in card.effect.actions if not a.startswith("research:")))
    game, gained = game.grant(colour, resources)
    yield Step("Resolve the effect", f"{colour} gains {gained}. Actions inside an effect cost nothing extra; "
               "owed actions are carried out by their phases.", SECTION, game, {"effect": card.effect.describe()})
    for action in card.effect.actions:
        if action.startswith("research:"):
            kind = action.split(":", 1)[1]
            if kind not in TECH_KINDS:
                raise InvalidInput("action", action, f"research:<{'|'.join(TECH_KINDS)}>")
            game = yield from research(game, colour, decisions, granted_kind=kind, rotate=rotate)
    if card.kind == "effect":
        game = replace(game, discard=game.discard + (name,))
        yield Step("Discard it", f"{name} goes face up to the discard pile.", SECTION, game)
        return game
    in_play = MissionInPlay(colour, name, card.kind, (False,) * len(card.triggers))
    game = replace(game, missions=game.missions + (in_play,))
    where = {"conditional": CONDITIONAL, "triggered": TRIGGERED, "endgame": ENDGAME}[card.kind]
    if card.kind == "conditional":
        text = f"It stays face up in front of {colour}: '{card.condition.text}' completes it as a free action."
    elif card.kind == "triggered":
        text = (f"It stays in front of {colour}; only events from now on can cover its {len(card.triggers)} circles "
                f"({', '.join(t.event for t in card.triggers)}).")
    else:
        text = f"It stays in front of {colour} and scores at the end: {card.scoring.text}."
    yield Step("Keep it in front", text, where, game)
    if card.kind == "conditional" and condition_met(game, colour, card):
        if decisions.choose("complete_now", (Option(True), Option(False))):
            game = yield from _complete(game, colour, name)
    return game


def legal_completions(game: SetiGame, colour: str) -> tuple[Option, ...]:
    """Every conditional mission of ``colour`` in play, with "legal" or why it cannot complete now."""
    options = []
    for mission in game.missions:
        if mission.owner != colour or mission.kind != "conditional":
            continue
        card = game.card(mission.card)
        if mission.completed:
            options.append(Option(mission.card, False, "already completed", "seti.cards.completed", CONDITIONAL))
        elif not condition_met(game, colour, card):
            have = measure(game, colour, card.condition.measure)
            options.append(Option(mission.card, False, f"'{card.condition.text}' does not hold ({card.condition.measure}"
                                  f" = {have}, needs {card.condition.at_least})", "seti.cards.condition_unmet", CONDITIONAL))
        else:
            options.append(Option(mission.card))
    return tuple(options)


def complete_mission(game: SetiGame, colour: str, name: str) -> tuple[SetiGame, str]:
    """Complete ``colour``'s conditional mission ``name`` (a free action): its reward; the card face down."""
    offered = [option for option in legal_completions(game, colour) if option.choice == name]
    if not offered:
        raise IllegalAction("seti.cards.no_mission", f"{colour} has no conditional mission {name} in play.", CONDITIONAL)
    if not offered[0].legal:
        raise offered[0].refuse()
    game = replace(game, missions=tuple(replace(m, completed=True) if m.owner == colour and m.card == name else m
                                        for m in game.missions))
    game, gained = game.grant(colour, game.card(name).mission_reward)
    return game, f"{colour} completes {name} and gains {gained}; the card is turned face down."


def _complete(game: SetiGame, colour: str, name: str) -> Procedure:
    game, text = complete_mission(game, colour, name)
    yield Step(f"Complete {name}", text, CONDITIONAL, game)
    return game


def trigger_options(game: SetiGame, colour: str, event: str) -> tuple[Option, ...]:
    """Every circle of ``colour``'s triggered missions, legal if ``event`` covers it; ``None`` = decline."""
    options = []
    for mission in game.missions:
        if mission.owner != colour or mission.kind != "triggered" or mission.completed:
            continue
        for index, trigger in enumerate(game.card(mission.card).triggers):
            choice = (mission.card, index)
            if mission.covered[index]:
                options.append(Option(choice, False, "this circle is already covered", "seti.cards.circle_covered", TRIGGERED))
            elif trigger.event != event:
                options.append(Option(choice, False, f"it fires on {trigger.event}, not {event}", "seti.cards.not_this_event", TRIGGERED))
            else:
                options.append(Option(choice, True, f"legal: {trigger.reward.describe()}"))
    return tuple(options) + (Option(None, True, "legal: leave the circles for a later trigger (optional, S-F19)"),)


def cover_circle(game: SetiGame, colour: str, event: str, card: str, circle: int) -> tuple[SetiGame, str]:
    """Cover one circle of a triggered mission with a marker for ``event`` and gain its reward."""
    offered = [o for o in trigger_options(game, colour, event) if o.choice == (card, circle)]
    if not offered:
        raise IllegalAction("seti.cards.no_mission", f"{colour} has no triggered mission {card} with circle {circle} "
                            "in play.", TRIGGERED)
    if not offered[0].legal:
        raise offered[0].refuse()
    missions, done = [], False
    for mission in game.missions:
        if mission.owner == colour and mission.card == card:
            covered = mission.covered[:circle] + (True,) + mission.covered[circle + 1:]
            done = all(covered)
            mission = replace(mission, covered=covered, completed=done)
        missions.append(mission)
    game = replace(game, missions=tuple(missions))
    game, gained = game.grant(colour, game.card(card).triggers[circle].reward)
    text = f"{colour} covers circle {circle + 1} of {card} ({event}) and gains {gained}."
    return game, text + (" All circles are covered: the mission is complete and goes face down." if done else "")


def report_event(game: SetiGame, colour: str, event: str, decisions: Decisions | None = None) -> Procedure:
    """Something ``colour`` did (``"visit:Venus"``): at most one circle is covered per trigger, if wanted."""
    decisions = decisions or Decisions()
    options = trigger_options(game, colour, event)
    choice = decisions.choose("circle", options)
    if choice is None:
        fits = sum(1 for o in options if o.legal and o.choice is not None)
        yield Step(f"{event}", f"{colour} covers no circle ({fits} could have been covered).", TRIGGERED, game)
        return game
    game, text = cover_circle(game, colour, event, *choice)
    yield Step(f"{event}", text + " One trigger covers one circle.", TRIGGERED, game, {"circle": choice})
    return game
