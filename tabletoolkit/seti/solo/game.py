"""A whole solo game: you against the rival over five rounds (单人游戏, registered as ``seti.solo``).

Set-up as a two-player game (S-F21), the rival's turns (``solo.turn``) and yours (``solo.you``) in turn,
the end of each round (objectives paid before income, S-F25; the rival's deck reshuffled, S-R8) and the
game end. ``proceed`` plays on until it is your turn; ``play_your_action`` takes one of your actions and
then plays on; a ``Policy`` (``solo.player.scripted_player`` by default) plays whole games.
"""

from __future__ import annotations

from dataclasses import dataclass
from ...engine.frozen import replace
from typing import Callable, Sequence

from ...engine.errors import IllegalAction
from ...engine.registry import register_phase
from ...engine.rng import Rng
from ...engine.steps import Procedure, Step
from ..game import drawing_with
from ..player import PlayerBoard, with_income
from ..turns import next_round
from ..variant import RULEBOOK, SetiVariant
from .data import material
from .objectives import setup_objectives
from .player import scripted_player
from .rival import advance, new_round_deck, setup_rival
from .state import RIVAL, YOU, SoloGame
from .table import setup_table
from .turn import rival_turn
from .you import FREE_KINDS, SECTION, SECTION_OBJECTIVES, free_action, your_card_lines, your_gold_lines, your_turn


SECTION_SETUP = "单人游戏 · 设置"
SECTION_END = "单人游戏 · 游戏结束"
NOTEBOOK = "seti_solo_rival.ipynb"


def setup_solo(stars: int, seed: int, variant: SetiVariant = RULEBOOK) -> Procedure:
    """Set up a solo game as a two-player game (S-F21): random start player (1 VP, the other 2), the
    rival's board and deck for the difficulty, the objective stack with three revealed."""
    rng = Rng(seed)
    table = setup_table(rng, variant)
    start = rng.choice((YOU, RIVAL))
    rival = setup_rival(stars, rng, start_score=1 if start == RIVAL else 2)
    objectives = setup_objectives(stars, rng)
    hand = tuple(table.deck[:variant.start_cards])
    you = PlayerBoard(YOU, score=1 if start == YOU else 2, publicity=variant.start_publicity,
                      credits=variant.start_credits, energy=variant.start_energy, hand=hand)
    seat = 0 if start == YOU else 1
    table = replace(table, players=(you, PlayerBoard(RIVAL)), deck=table.deck[variant.start_cards:], start_seat=seat,
                    active=seat)
    game = SoloGame(table, rival, objectives, to_move=start)
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


def end_of_round(game: SoloGame, rng: Rng) -> Procedure:
    """Pay objectives (rounds 1-4, before income), your income as the multiplayer's (``player.with_income``:
    the start card and tucked cards), the start player swaps, the rival's cards are reshuffled into a new deck
    (S-R8)."""
    variant = game.variant
    if game.round < variant.rounds:
        if game.rival.stars > 1:
            objectives, steps, text = game.objectives.pay(game.round, variant)
            rival, moved = advance(game.rival, steps)
            game = replace(game, objectives=objectives, rival=rival)
            yield Step(f"Pay objectives after round {game.round}", text + (" " + " ".join(moved) if moved else ""),
                       SECTION_OBJECTIVES, game)
        incomes = list(game.you.tucked)
        you, count, _ = with_income(game.you, variant)  # the multiplayer income (turns.between_rounds)
        table, drawn = game.table.draw(count, rng)
        hand = you.hand + drawn
        credits, energy = you.credits - game.you.credits, you.energy - game.you.energy
        cards = len(hand) - len(game.you.hand)
        you = replace(you, hand=hand)
        table = next_round(table.with_player(you))  # the start player marker moves to the other seat
        rival = new_round_deck(game.rival, rng, variant)
        game = replace(game, table=table, rival=rival)
        game = replace(game, to_move=game.start)
        tucked = f" (start card and {len(incomes)} tucked card{'s' if len(incomes) != 1 else ''})" if incomes else ""
        yield Step("Between rounds", f"Income{tucked}: you gain {credits} credits, {energy} energy "
                   f"and {cards} card{'s' if cards != 1 else ''}. The start player is now {'the rival' if game.start == RIVAL else 'you'}. The rival's "
                   f"{len(rival.deck)} action cards are shuffled into a new deck: {', '.join(rival.deck)}.",
                   "轮次之间", game)
        return game
    lines = your_gold_lines(game)
    gold = sum(line.vp for line in lines)
    game = game.with_player(replace(game.you, score=game.you.score + gold))
    told = "; ".join(f"{line.source}: {line.explains} {line.count} × {line.each} = {line.vp} VP" for line in lines)
    yield Step("Your gold tiles", (told + ".") if lines else "You marked no gold tile.", "金色计分板块", game, {"VP": gold})
    card_lines = your_card_lines(game)
    if card_lines:
        vp = sum(line.vp for line in card_lines)
        game = game.with_player(replace(game.you, score=game.you.score + vp))
        yield Step("Your end-game cards", "; ".join(f"{line.source}: {line.explains}: {line.count} × {line.each} = "
                                                   f"{line.vp} VP" for line in card_lines) + ".",
                   "任务卡 · 游戏终局计分卡", game, {"VP": vp})
    rival_board = game.rival
    unfinished = game.objectives.unfinished if rival_board.stars > 1 else 0
    bonus = unfinished * variant.solo_unfinished_objective_vp
    game = replace(game, rival=replace(rival_board, score=rival_board.score + bonus), over=True)
    mine, theirs = game.you.score, game.rival.score
    verdict = "You win" if mine > theirs else "The rival wins" + (" (a tie is not a win for you)" if mine == theirs else "")
    yield Step("Game end", f"After 5 rounds: {unfinished} unfinished objective(s) give the rival {bonus} VP. "
               f"Final score: you {mine}, rival {theirs}. {verdict}.", SECTION_END, game,
               {"you": mine, "rival": theirs, "winner": YOU if mine > theirs else RIVAL})
    return game


@dataclass(frozen=True)
class ScoreSources:
    """VP gained by you and by the rival in a played game, per rulebook section (the steps' sections)."""

    rows: tuple[tuple[str, int, int], ...]  # (section, your VP, the rival's VP), the rival's largest first

    def _repr_html_(self) -> str:
        import html

        body = "".join(f"<tr><td>{html.escape(section)}</td><td>{you}</td><td>{rival}</td></tr>" for section, you, rival in self.rows)
        total = (sum(r[1] for r in self.rows), sum(r[2] for r in self.rows))
        return (f"<table class='tt-seti-score-sources'><tr><th>where the VP came from</th><th>you</th><th>rival</th></tr>"
                f"{body}<tr><th>gained in play</th><th>{total[0]}</th><th>{total[1]}</th></tr></table>")


def score_sources(steps: Sequence[Step]) -> ScoreSources:
    """Add up, step by step, the VP each side gained, by the step's rulebook section."""
    gained: dict[str, list[int]] = {}
    states = [step for step in steps if isinstance(step.state, SoloGame)]
    for before, after in zip(states, states[1:]):
        you = after.state.you.score - before.state.you.score
        rival = after.state.rival.score - before.state.rival.score
        if you or rival:
            row = gained.setdefault(after.section, [0, 0])
            row[0] += you
            row[1] += rival
    rows = sorted(((section, you, rival) for section, (you, rival) in gained.items()), key=lambda r: (-r[2], -r[1], r[0]))
    return ScoreSources(tuple(rows))


Policy = Callable[[SoloGame], str]


@register_phase("seti.solo", title="Solo: you against the rival agency", section=SECTION, notebook=NOTEBOOK)
def solo_game(stars: int = 4, seed: int = 0, player: Policy = scripted_player, variant: SetiVariant = RULEBOOK) -> Procedure:
    """A whole solo game, every rival choice explained, your turns chosen by ``player``. Returns the
    final ``SoloGame``."""
    rng = Rng(seed)
    game = yield from setup_solo(stars, seed, variant)
    return (yield from proceed(game, rng, player))


def _after(game: SoloGame, colour: str) -> SoloGame:
    """Who moves next: you first when a reward left you choices (they resolve at once, between the turns
    when your turn is over or you have passed); else the other player unless they passed; nobody when
    both have passed."""
    if game.pending:
        return replace(game, to_move=YOU, between=colour == YOU or YOU in game.passed)
    other = RIVAL if colour == YOU else YOU
    if other not in game.passed:
        return replace(game, to_move=other)
    return replace(game, to_move=None if colour in game.passed else colour)


def proceed(game: SoloGame, rng: Rng, player: Policy | None = None) -> Procedure:
    """Play on: rival turns and round ends, and your turns by ``player`` (main, free and ``end``
    actions); without a player, stop when it is your turn. Returns the game."""
    with drawing_with(rng):
        return (yield from _proceed(game, rng, player))


def _proceed(game: SoloGame, rng: Rng, player: Policy | None) -> Procedure:
    while not game.over:
        if game.to_move != YOU:
            game = yield from play_on(game, rng)
        elif player is not None:
            game = yield from take(game, player(game), rng)
        else:
            return game
    return game


def play_on(game: SoloGame, rng: Rng) -> Procedure:
    """One stretch of play that is not yours: the end of a round (nobody to move) or one rival turn."""
    if game.to_move is None:
        return (yield from end_of_round(game, rng))
    return _after((yield from rival_turn(game, rng)), RIVAL)


def take(game: SoloGame, action: str, rng: Rng, choose: Sequence[str] = (), prefer: str | None = None) -> Procedure:
    """Carry out one action of yours: a free action (``free_options``), a main action, ``end`` or a choice
    (``your_options``); once your turn is over (ended or passed) and no choice is left, the turn passes on."""
    with drawing_with(rng):
        return (yield from _take(game, action, rng, choose, prefer))


def _take(game: SoloGame, action: str, rng: Rng, choose: Sequence[str], prefer: str | None) -> Procedure:
    if action.split(":", 1)[0] in FREE_KINDS:
        return (yield from free_action(game, action, rng, choose[0] if choose else prefer))
    game = yield from your_turn(game, action, rng, choose, prefer)
    over = game.between or YOU in game.passed
    return _after(replace(game, between=False), YOU) if over and not game.pending else game


def play_your_action(game: SoloGame, action: str, rng: Rng, choose: Sequence[str] = (),
                     prefer: str | None = None) -> Procedure:
    """Your action (main, free or ``end``); once your turn is over, the rival's turns until it is your
    turn again (or the game ends)."""
    if game.to_move != YOU or game.over:
        raise IllegalAction("seti.solo.not_your_turn", "it is not your turn", SECTION)
    game = yield from take(game, action, rng, choose, prefer)
    return (yield from proceed(game, rng))
