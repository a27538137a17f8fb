"""Final scoring (``seti.end``): after the last player passes in round 5, end-game cards, the gold
tiles and any discovered species' own scoring step; the highest total wins and tied players share the
win (游戏结束, 金色计分板块).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from ..engine.frozen import replace

from ..engine.registry import register_phase
from ..engine.steps import Procedure, Step
from .game import SetiGame
from .measures import measure
from .mission_cards import MissionInPlay
from .rewards import INCOME_KINDS, TRACE_COLOURS
from .life_board import Mark

SECTION = "游戏结束"
GOLD = "金色计分板块"


@dataclass(frozen=True)
class ScoreLine:
    """One scoring item: what, the count, VP per count, VP."""

    colour: str
    source: str
    explains: str
    count: int
    each: int

    @property
    def vp(self) -> int:
        return self.count * self.each


@dataclass(frozen=True)
class FinalScore:
    """Every player's VP before, each scoring line, the totals and the winners (ties share)."""

    before: dict
    lines: tuple[ScoreLine, ...]

    def total(self, colour: str) -> int:
        return self.before[colour] + sum(line.vp for line in self.lines if line.colour == colour)

    @property
    def totals(self) -> dict[str, int]:
        return {colour: self.total(colour) for colour in self.before}

    @property
    def winners(self) -> tuple[str, ...]:
        best = max(self.totals.values())
        return tuple(colour for colour, total in self.totals.items() if total == best)

    def _repr_html_(self) -> str:
        rows = []
        for colour in self.before:
            rows.append(f"<tr><th colspan='4'>{html.escape(colour)}: {self.before[colour]} VP during the game</th></tr>")
            for line in (line for line in self.lines if line.colour == colour):
                rows.append(f"<tr><td>{html.escape(line.source)}</td><td>{html.escape(line.explains)}</td>"
                            f"<td>{line.count} × {line.each}</td><td>{line.vp}</td></tr>")
            rows.append(f"<tr class='tt-total'><td colspan='3'><b>total</b></td><td><b>{self.total(colour)}</b></td></tr>")
        verdict = " and ".join(self.winners) + (" share the win" if len(self.winners) > 1 else " wins")
        return (f"<table class='tt-seti-final'><tr><th>source</th><th>what</th><th>count × VP</th><th>VP</th></tr>"
                f"{''.join(rows)}</table><p class='tt-seti-winner'>{html.escape(verdict)}</p>")


def gold_lines(game: SetiGame, colour: str) -> tuple[ScoreLine, ...]:
    """What each gold tile ``colour`` marked scores: its value for their marking order × the count."""
    lines = []
    for tile in game.gold_tiles:
        if colour not in tile.marks:
            continue
        position = tile.marks.index(colour)
        each = tile.value_at(position, game.variant.fourth_gold_chooser)
        lines.append(ScoreLine(colour, f"gold tile {tile.id} {tile.name} (side {tile.side.upper()}, chooser "
                               f"#{position + 1})", tile.face.explains, measure(game, colour, tile.face.measure), each))
    return tuple(lines)


def card_lines(game: SetiGame, colour: str) -> tuple[ScoreLine, ...]:
    """What ``colour``'s end-game scoring cards give."""
    lines = []
    for mission in game.missions:
        if mission.owner == colour and mission.kind == "end-game":
            if mission.card not in game.cards:
                continue  # a placeholder from ``with_holdings``: it counts for the gold tiles, it has no scoring of its own
            card = game.card(mission.card)
            if card.scoring is None:
                continue  # an end-game card whose data gives no scoring scores nothing
            lines.append(ScoreLine(colour, f"end-game card {card.name}", card.scoring.text,
                                   measure(game, colour, card.scoring.measure), card.scoring.vp_each))
    return tuple(lines)


def species_lines(game: SetiGame, colour: str) -> tuple[ScoreLine, ...]:
    """A discovered species' own scoring step, if its data has one: VP per trace marked for it."""
    lines = []
    for slot, alien in zip("AB", game.life.slots):
        if alien.discovered and alien.species.final_vp_per_trace:
            lines.append(ScoreLine(colour, f"species {alien.species.name}", "each trace marked for this species "
                                   "(discovery, overflow and its board)", measure(game, colour, f"traces_for:{slot}"),
                                   alien.species.final_vp_per_trace))
    return tuple(lines)


def score_game(game: SetiGame) -> FinalScore:
    """The final scoring at once (the phase ``final_scoring`` explains it step by step)."""
    lines: list[ScoreLine] = []
    for colour in game.colours:
        lines += card_lines(game, colour) + gold_lines(game, colour) + species_lines(game, colour)
    return FinalScore({board.colour: board.score for board in game.players}, tuple(lines))


@register_phase("seti.end", title="Final scoring", section=SECTION, notebook="seti_final_scoring.ipynb")
def final_scoring(game: SetiGame) -> Procedure:
    """End-game cards, then the gold tiles, per player; then the winners. Returns the ``FinalScore``."""
    result = score_game(game)
    for colour in game.colours:
        cards = [line for line in result.lines if line.colour == colour and line.source.startswith("end-game")]
        text = "; ".join(f"{line.source}: {line.explains} = {line.count} × {line.each} = {line.vp} VP" for line in cards)
        yield Step(f"{colour}: end-game cards", text or f"{colour} played no end-game scoring card.",
                   f"{SECTION} · 游戏结束计分牌", game, {"VP": sum(line.vp for line in cards)})
        gold = [line for line in result.lines if line.colour == colour and line.source.startswith("gold")]
        text = "; ".join(f"{line.source}: {line.explains} {line.count} × {line.each} = {line.vp} VP" for line in gold)
        yield Step(f"{colour}: gold tiles", text or f"{colour} marked no gold tile.", GOLD, game,
                   {"VP": sum(line.vp for line in gold)})
        aliens = [line for line in result.lines if line.colour == colour and line.source.startswith("species")]
        if aliens:
            text = "; ".join(f"{line.source}: {line.count} × {line.each} = {line.vp} VP" for line in aliens)
            yield Step(f"{colour}: species scoring", f"A discovered species adds a scoring step: {text}.",
                       SECTION, game, {"VP": sum(line.vp for line in aliens)})
    totals = ", ".join(f"{colour} {total}" for colour, total in result.totals.items())
    verdict = (" and ".join(result.winners) + " share the win: a tie is shared") if len(result.winners) > 1 \
        else f"{result.winners[0]} wins"
    yield Step("Winner", f"Totals: {totals}. {verdict}.", SECTION, game, {"winners": result.winners})
    return result


def with_holdings(
    game: SetiGame,
    colour: str,
    *,
    techs: tuple[int, int, int] = (0, 0, 0),
    completed_missions: int = 0,
    endgame_cards: int = 0,
    tucked: tuple[int, int, int] = (0, 0, 0),
    traces: tuple[int, int, int] = (0, 0, 0),
    sector_wins: int = 0,
    orbiters: int = 0,
    landers: int = 0,
) -> SetiGame:
    """``game`` with ``colour`` holding the given counts, for exploring the gold tiles: techs per type
    (probe, telescope, computer), tucked cards (credits, energy, cards), traces (pink, yellow, blue)
    marked in overflow. Completed missions and end-game cards are placeholders named by number: they count for
    the gold tiles' measures and score nothing of their own at the final scoring."""
    owned = frozenset(stack.tech.id for kind, count in zip(("probe", "telescope", "computer"), techs)
                      for stack in [s for s in game.techs.stacks if s.tech.kind == kind][:count])
    board = replace(game.player(colour), techs=owned, sector_wins=sector_wins, orbiters=orbiters, landers=landers,
                    tucked=tuple(kind for kind, count in zip(INCOME_KINDS, tucked) for _ in range(count)))
    missions = tuple(m for m in game.missions if m.owner != colour)
    missions += tuple(MissionInPlay(colour, f"mission {n + 1}", "conditional", completed=True) for n in range(completed_missions))
    missions += tuple(MissionInPlay(colour, f"end-game card {n + 1}", "end-game") for n in range(endgame_cards))
    slot = game.life.slots[0]
    overflow = tuple(m for m in slot.overflow if m.owner != colour)
    overflow += tuple(Mark(colour, trace) for trace, count in zip(TRACE_COLOURS, traces) for _ in range(count))
    life = game.life.with_slot(0, replace(slot, overflow=overflow))
    return replace(game.with_player(board), missions=missions, life=life)
