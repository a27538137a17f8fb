"""Playing cards (``seti.cards``): cost and effect, conditional and triggered missions, end-game cards.

A card (``cards.Card``, the one card model) is paid with its price. Its effect may contain actions
(launch, land, a signal, a move, research…): they cost nothing extra (打出卡牌). Research of a type is
carried out here (``tech.research`` with the granted type); the others are owed in the game's ``pending``
and the turn carries them out at no standard cost (``turns.settle_pending``; a move is spent by the
player's next ``Move`` this turn). After its effect an effect-only card goes to the discard pile; missions and
end-game cards stay in front of their owner. A conditional mission completes as a free action whenever
its condition holds (at once if it already holds when played, S-F19); a triggered mission's circles are
covered one per trigger, only by events after the card was played, optionally, and it completes when
all are covered.
"""

from __future__ import annotations

from ..engine.frozen import replace
from typing import Any, Callable

from ..engine.errors import IllegalAction, InvalidInput
from ..engine.registry import register_phase
from ..engine.steps import Procedure, Step
from . import cards as _cards
from .cards import Card, Condition, Scoring, Trigger, game_cards  # noqa: F401  (the one card model)
from .game import Decisions, Option, SetiGame, advance_rotation
from .mission_cards import MissionInPlay
from .player import PlayerBoard
from .measures import measure
from .tech import TECH_KINDS, research
from .words import event_words, measure_words

#: The transcription prints the play-a-card rules under a second heading 分析数据 (a misprint of the
#: original's layout): the note quotes the rule's first words so the passage is found.
SECTION = "分析数据 (作为你的主行动，你可以打出一张牌)"
CONDITIONAL = "任务卡 · 有条件的任务"
TRIGGERED = "任务卡 · 可触发任务"
ENDGAME = "任务卡 · 游戏终局计分卡"
KINDS = _cards.KINDS

def example_cards() -> dict[str, Card]:
    """Only the cards the rulebook prints, by id (their printed titles)."""
    return {card.id: card for card in _cards.example_cards()}


def condition_met(game: Any, colour: str, card: Card) -> bool:
    return card.condition is not None and measure(game, colour, card.condition.measure) >= card.condition.at_least


#: The actions inside a card's effect that the turn carries out (at no standard cost, 打出卡牌); research
#: actions are ``research:<kind>``.
CARD_ACTIONS = ("launch", "launch ignoring the probe limit", "land", "move", "signal in a sector with one of your probes")


def paid_for(board: PlayerBoard, card: Card) -> PlayerBoard:
    """``board`` once ``card`` is played from its hand for its effect: its price paid (the cost is paid only
    when playing the card for its effect), the card out of the hand; ``IllegalAction`` naming the shortfall
    (``seti.cards.cost``) or a card not in hand."""
    if card.id not in board.hand:
        raise IllegalAction("seti.cards.not_in_hand", f"{card.id} is not in {board.colour}'s hand.", SECTION)
    board = board.pay("seti.cards.cost", SECTION, credits=card.price)
    hand = list(board.hand)
    hand.remove(card.id)
    return replace(board, hand=tuple(hand))


def check_card_actions(card) -> None:
    """Refuse a card whose effect holds an action no phase carries out here (it would be paid for and
    then never happen): ``IllegalAction("seti.cards.unhandled_action")``."""
    unknown = [action for action in card.effect.actions
               if action not in CARD_ACTIONS and not (action.startswith("research:") and action.split(":", 1)[1] in TECH_KINDS)]
    if unknown:
        raise IllegalAction("seti.cards.unhandled_action", f"{card.name}'s effect holds the action(s) "
                            f"{', '.join(repr(a) for a in unknown)}, which this game does not carry out: playing it would "
                            f"pay for an effect that never happens. Actions carried out: {', '.join(CARD_ACTIONS)}, "
                            f"research:<{'|'.join(TECH_KINDS)}>.", SECTION)


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
    check_card_actions(card)
    game = game.with_player(paid_for(board, card))
    yield Step(f"Play {card.name}", f"{colour} pays {card.cost.describe()} (the cost is paid only when playing the card "
               "for its effect).", SECTION, game, {"cost": card.cost.describe()})
    resources = replace(card.effect, actions=tuple(a for a in card.effect.actions if not a.startswith("research:")))
    game, gained = game.grant(colour, resources)
    yield Step("Resolve the effect", f"{colour} gains {gained}. Actions inside an effect cost nothing extra: "
               "they are carried out after the card at no standard cost (a launch without its 2 credits, a landing "
               "without its energy, a move without energy).", SECTION, game, {"effect": card.effect.describe()})
    for action in card.effect.actions:
        if action.startswith("research:"):
            kind = action.split(":", 1)[1]
            if kind not in TECH_KINDS:
                raise InvalidInput("action", action, f"research:<{'|'.join(TECH_KINDS)}>")
            game = yield from research(game, colour, decisions, granted_kind=kind, rotate=rotate)
    if card.kind == "action":
        game = replace(game, discard=game.discard + (name,))
        yield Step("Discard it", f"{name} goes face up to the discard pile.", SECTION, game)
        return game
    game = replace(game, missions=game.missions + (MissionInPlay.played(colour, card),))
    where = {"conditional": CONDITIONAL, "triggered": TRIGGERED, "end-game": ENDGAME}[card.kind]
    if card.kind == "conditional":
        said = card.condition.text if card.condition is not None else "its condition"
        text = f"It stays face up in front of {colour}: '{said}' completes it as a free action."
    elif card.kind == "triggered":
        text = (f"It stays in front of {colour}; only events from now on can cover its {len(card.triggers)} circles "
                f"({', '.join(event_words(t.event) for t in card.triggers)}).")
    else:
        said = card.scoring.text if card.scoring is not None else "nothing its data gives"
        text = f"It stays in front of {colour} and scores at the end: {said}."
    yield Step("Keep it in front", text, where, game)
    if card.kind == "conditional" and condition_met(game, colour, card):
        # (a free action taken while this is asked may complete it first: then there is nothing left to answer)
        now, game = yield from decisions.ask(game, "complete_now", lambda now: (Option(True), Option(False))
                                             if mission_refusal(now, colour, name) is None else (Option(False),), colour)
        if now:
            game = yield from _complete(game, colour, name)
    return game


def legal_completions(game: SetiGame, colour: str) -> tuple[Option, ...]:
    """Every conditional mission of ``colour`` in play, with "legal" or why it cannot complete now (its
    condition counted by ``seti.measures``)."""
    options = []
    for mission in game.missions:
        if mission.owner != colour or mission.kind != "conditional":
            continue
        card = game.card(mission.card)
        if mission.completed:
            options.append(Option(mission.card, False, "already completed", "seti.cards.completed", CONDITIONAL))
        elif not condition_met(game, colour, card):
            condition = card.condition
            words = "its condition does not hold" if condition is None else (
                f"'{condition.text}' does not hold ({measure_words(condition.measure)}: {measure(game, colour, condition.measure)}, "
                f"needs {condition.at_least})")
            options.append(Option(mission.card, False, words, "seti.cards.condition_unmet", CONDITIONAL))
        else:
            options.append(Option(mission.card))
    return tuple(options)


def mission_refusal(game: SetiGame, colour: str, name: str) -> IllegalAction | None:
    """Why ``colour`` cannot complete the conditional mission ``name`` now (a copy not completed whose
    condition holds), or ``None``."""
    offered = sorted((o for o in legal_completions(game, colour) if o.choice == name), key=lambda o: not o.legal)
    if not offered:
        return IllegalAction("seti.cards.no_mission", f"{colour} has no conditional mission {name} in play.", CONDITIONAL)
    return None if offered[0].legal else offered[0].refuse()


def completed(game: SetiGame, colour: str, name: str) -> SetiGame:
    """``colour``'s conditional mission ``name`` completed (its first copy not completed turned face down);
    refused as ``mission_refusal`` says. Its reward is the caller's to give."""
    refusal = mission_refusal(game, colour, name)
    if refusal is not None:
        raise refusal
    index = next(i for i, m in enumerate(game.missions) if m.owner == colour and m.card == name and not m.completed)
    done = replace(game.missions[index], completed=True)
    return replace(game, missions=game.missions[:index] + (done,) + game.missions[index + 1:])


def complete_mission(game: SetiGame, colour: str, name: str) -> tuple[SetiGame, str]:
    """Complete ``colour``'s conditional mission ``name`` (a free action): its reward; the card face down."""
    game = completed(game, colour, name)
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
                options.append(Option(choice, False, f"it fires on {event_words(trigger.event)}, not {event_words(event)}", "seti.cards.not_this_event", TRIGGERED))
            else:
                options.append(Option(choice, True, f"legal: {trigger.reward.describe()}"))
    return tuple(options) + (Option(None, True, "legal: leave the circles for a later trigger (optional, S-F19)"),)


def cover_circle(game: SetiGame, colour: str, event: str, card: str, circle: int) -> tuple[SetiGame, str]:
    """Cover one circle of a triggered mission with a marker for ``event`` and gain its reward."""
    offered = sorted((o for o in trigger_options(game, colour, event) if o.choice == (card, circle)), key=lambda o: not o.legal)
    if not offered:
        raise IllegalAction("seti.cards.no_mission", f"{colour} has no triggered mission {card} with circle {circle} "
                            "in play.", TRIGGERED)
    if not offered[0].legal:
        raise offered[0].refuse()
    index = next(i for i, m in enumerate(game.missions) if m.owner == colour and m.card == card and not m.completed
                 and not m.covered[circle])
    mission = game.missions[index]
    covered = mission.covered[:circle] + (True,) + mission.covered[circle + 1:]
    done = all(covered)
    game = replace(game, missions=game.missions[:index] + (replace(mission, covered=covered, completed=done),)
                   + game.missions[index + 1:])
    game, gained = game.grant(colour, game.card(card).triggers[circle].reward)
    text = f"{colour} covers circle {circle + 1} of {card} ({event_words(event)}) and gains {gained}."
    return game, text + (" All circles are covered: the mission is complete and goes face down." if done else "")


def report_event(game: SetiGame, colour: str, event: str, decisions: Decisions | None = None) -> Procedure:
    """Something ``colour`` did (``"visit:Venus"``): at most one circle is covered per trigger, if wanted."""
    decisions = decisions or Decisions()
    choice, game = yield from decisions.ask(game, "circle", lambda now: trigger_options(now, colour, event), colour)
    if choice is None:
        options = trigger_options(game, colour, event)
        fits = sum(1 for o in options if o.legal and o.choice is not None)
        yield Step(f"Mission event: {event_words(event)}", f"{colour} covers no circle ({fits} could have been covered).", TRIGGERED, game)
        return game
    game, text = cover_circle(game, colour, event, *choice)
    yield Step(f"Mission event: {event_words(event)}", text + " One trigger covers one circle.", TRIGGERED, game, {"circle": choice})
    return game
