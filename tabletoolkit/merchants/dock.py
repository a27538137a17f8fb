"""The Dock (ドック): payout and unloading, then scrapping obsolete ships.

In order: unclaimed tokens in the player's local space go to known space; every ship carrying tokens is
paid their values plus pilot, gear, refinery and (for a ship that ended its run there, M-R2)
destination bonuses; the tokens unload into the player's local space (M-F4); destination cards are
discarded; obsolete ships, once paid (and unloaded like the rest), are scrapped with their cards and their
loan markers, which are repaid in full ("however": ただし); one pilot and two gear may be re-bought at their
cost for another ship or kept for the next.
During the end game tokens stay aboard, all loans are repaid and nothing is scrapped.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from ..engine.errors import IllegalAction
from ..engine.registry import register_phase
from ..engine.steps import Procedure, Step
from ..engine.frozen import replace
from .actions import DockVisit, Transfer
from .end import check_trigger, repay_every_loan, trigger_end
from .shipyard import loan_repayment
from .state import GameState, Player, Ship, counted, describe_tokens, pile
from .variant import DOCK, END

NOTEBOOK = "merchants_dock.ipynb"
DEBT = " (variant unpayable_repayment='debt': the shortfall shows as negative credits)"


@dataclass(frozen=True)
class Payout:
    """One ship's payout at the Dock, item by item (``ship`` its id, ``called`` its short readable name)."""

    ship: str
    tokens: int
    refineries: int
    pilot: int
    gear: int
    destination: int
    called: str = ""

    @property
    def total(self) -> int:
        return self.tokens + self.refineries + self.pilot + self.gear + self.destination

    def describe(self) -> str:
        parts = [f"tokens {self.tokens}"] + [
            f"{name} {amount}" for name, amount in
            (("refineries", self.refineries), ("pilot", self.pilot), ("gear", self.gear), ("destination", self.destination)) if amount
        ]
        return " + ".join(parts) + f" = {self.total}"

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{name}</td><td>{getattr(self, name)}</td></tr>"
                       for name in ("tokens", "refineries", "pilot", "gear", "destination"))
        return (f"<table class='tt-merchants-payout'><caption>payout of {html.escape(self.called or self.ship)}</caption>{rows}"
                f"<tr><th>total</th><th>{self.total}</th></tr></table>")


def payout(state: GameState, player: Player, ship: Ship) -> Payout:
    """What a ship's delivery pays: token values plus pilot, gear, refinery and destination bonuses."""
    return Payout(ship.id, *_payout_items(state, player, ship), ship.called)


def _payout_items(state: GameState, player: Player, ship: Ship) -> tuple[int, int, int, int, int]:
    """A ship's payout item by item, as ``Payout`` lists them: tokens, refineries, pilot, gear, destination."""
    data = state.data
    refinery = sum(data.card(r).bonus for r in player.refineries for t in ship.hold if data.card(r).token == t)
    destination = ship.destination
    earns_destination = destination is not None and (ship.at_destination or state.variant.destination_bonus == "carried")
    return (
        sum(data.value(t) for t in ship.hold),
        refinery,
        sum(data.card(c).payout for c in ship.pilots),
        sum(data.card(c).payout for c in ship.gear),
        data.destination(destination).bonus if destination is not None and earns_destination else 0,
    )


def settle(state: GameState, action: DockVisit) -> tuple[GameState, list[tuple[str, str, dict]]]:
    """Every Dock change, checked before anything is shown: the final state and the explained steps."""
    player = state.active
    variant = state.variant
    endgame = state.end_trigger is not None
    steps: list[tuple[str, str, dict]] = []
    if player.location != "Dock":
        raise IllegalAction("merchants.dock.not_here",
                            f"{player.name} is at the {player.location}, not the Dock.", DOCK)

    # The player's changes are gathered and written to the state once, before the scrapping (which reads it).
    moved = player.local
    known = pile(state.known + moved)
    steps.append(("Unclaimed tokens to known space",
                  f"The unclaimed tokens in {player.name}'s local space ({describe_tokens(moved)}) move to known space."
                  + (f" Claimed tokens stay: {describe_tokens(player.claimed)}." if player.claimed else ""),
                  {"moved": moved}))

    total = 0
    for ship in player.ships:
        if not ship.hold:
            continue
        paid = payout(state, player, ship)
        total += paid.total
        steps.append((f"Payout: {ship.called}", f"{ship.label()} delivers {describe_tokens(ship.hold)}: {paid.describe()} credits.",
                      {"ship": ship.id, "payout": paid.total}))
    credits = player.credits + total

    obsolete = [s for s in player.ships if state.obsolete(s)]
    scrapping = not endgame and not action.trigger_end
    discarding = scrapping and variant.scrap_tokens == "discard"
    local: tuple[str, ...] = ()
    unloading: set[str] = set()  # the ships whose holds empty into local space
    if endgame:
        steps.append(("Tokens stay aboard", "In the end game, mine tokens stay on the ships, out of the opponents' reach.", {}))
    elif action.trigger_end:
        steps.append(("Tokens stay aboard", f"{player.name} is triggering the end and keeps the tokens on the ships; "
                      "from now on obsolete ships are not scrapped (M-F9).", {}))
    else:
        kept = {s.id for s in obsolete} if discarding else set()
        unloading = {s.id for s in player.ships if s.id not in kept}
        unloaded = tuple(t for ship in player.ships if ship.id in unloading for t in ship.hold)
        local = pile(unloaded)
        what = (f"{describe_tokens(unloaded).capitalize()} unload into {player.name}'s local space (M-F4)" if unloaded
                else "Nothing to unload")
        steps.append(("Unload", f"{what}; {player.name} now has {counted(credits, 'credit')}.", {"unloaded": unloaded}))

    discarded = tuple(s.destination for s in player.ships if s.destination)
    ships = tuple(s if (not s.hold or s.id not in unloading) and s.destination is None and not s.at_destination
                  else replace(s, hold=(), destination=None, at_destination=False) if s.id in unloading
                  else replace(s, destination=None, at_destination=False) for s in player.ships)
    player = replace(player, credits=credits, local=local, ships=ships)
    players, current = state.players, state.current
    state = replace(state, players=players[:current] + (player,) + players[current + 1:], known=known,
                    destination_discard=state.destination_discard + discarded)
    names = ", ".join(state.destination_name(d) for d in discarded) or "none"
    steps.append(("Discard destinations", f"Destination cards discarded: {names}.", {"discarded": discarded}))

    if not scrapping:
        if endgame and player.loans:
            state, text, repaid = repay_every_loan(state)
            player = state.active
            steps.append(("Repay every loan", text, {"repaid": repaid}))
        if obsolete:
            steps.append(("Obsolete ships stay", "In the end game obsolete ships are not scrapped; their cards and tokens "
                          "stay with them (M-F9): " + ", ".join(s.label() for s in obsolete) + ".", {}))
    else:
        _check_repayment(state, state.active, sum(s.loans * loan_repayment(s, variant) for s in obsolete),
                         "Scrapping obsolete ships repays their loans in full")
        _check_transfers(state, state.active, action, obsolete)
        for ship in obsolete:
            cost = ship.loans * loan_repayment(ship, variant)
            player = replace(player, credits=player.credits - cost, ships=tuple(s for s in player.ships if s.id != ship.id))
            state = replace(state.with_player(player), market_discard=state.market_discard + ship.cards,
                            out_of_play=pile(state.out_of_play + (ship.hold if discarding else ())))
            loans = (f" Its {counted(ship.loans, 'loan marker')} {'is' if ship.loans == 1 else 'are'} repaid in full: {counted(cost, 'credit')}."
                     if ship.loans else "")
            loans += DEBT if player.credits < 0 else ""
            tokens = (f" The tokens aboard ({describe_tokens(ship.hold)}) leave the game with it (variant scrap_tokens)."
                      if discarding and ship.hold else "")
            steps.append(("Scrap an obsolete ship",
                          f"{ship.label()} is obsolete in the Mark {state.era} era: already paid, it is scrapped with its cards "
                          f"({state.card_names(ship.cards)}).{tokens}{loans} {player.name} has {counted(player.credits, 'credit')}.",
                          {"scrapped": ship.id, "repaid": cost}))
        for transfer in action.transfers:
            state, text = transfer_card(state, transfer)
            steps.append(("Transfer a card", text, {"card": transfer.card, "paid": state.data.card(transfer.card).cost}))
    return state, steps


def _check_repayment(state: GameState, player: Player, owed: int, why: str) -> None:
    """Refuse a Dock action whose forced repayment the credits after the payout cannot cover (M-R4); ``player``
    is the active player after the payout."""
    if state.variant.unpayable_repayment != "debt" and player.credits < owed:
        raise IllegalAction("merchants.dock.cannot_repay",
                            f"{why}: {counted(owed, 'credit')}, and after the payout {player.name} has {player.credits}. The Dock action is refused "
                            "(M-R4); earn more first (pass the Dock without its action).", DOCK)


def _check_transfers(state: GameState, player: Player, action: DockVisit, obsolete: list[Ship]) -> None:
    if not action.transfers:  # nothing re-bought: nothing to refuse
        return
    variant = state.variant
    scrapped = {s.id: s for s in obsolete}
    counts: dict[tuple[str, str], int] = {}
    targets: dict[str, list[str]] = {}
    cost = 0
    for index, transfer in enumerate(action.transfers):
        if transfer.from_ship not in scrapped:
            raise IllegalAction("merchants.dock.not_scrapped",
                                f"Only cards of a ship scrapped now can be transferred; {state.ship_called(transfer.from_ship)} is not being scrapped.", DOCK)
        ship = scrapped[transfer.from_ship]
        same = sum(1 for t in action.transfers[: index + 1] if (t.from_ship, t.card) == (ship.id, transfer.card))
        if ship.cards.count(transfer.card) < same:
            raise IllegalAction("merchants.dock.card_not_aboard",
                                f"{ship.label()} carries {counted(ship.cards.count(transfer.card), state.card_name(transfer.card) + ' card')}, not {same}.", DOCK)
        card = state.data.card(transfer.card)
        key = (ship.id, card.type)
        counts[key] = counts.get(key, 0) + 1
        limit = variant.transfer_pilots if card.type == "pilot" else variant.transfer_gear
        if counts[key] > limit:
            raise IllegalAction("merchants.dock.transfer_limit",
                                f"A scrapped ship passes on at most {counted(variant.transfer_pilots, 'pilot')} and {variant.transfer_gear} gear.", DOCK)
        if transfer.to is not None:
            if transfer.to in scrapped:
                raise IllegalAction("merchants.dock.to_scrapped", f"{state.ship_called(transfer.to)} is being scrapped too.", DOCK)
            target = player.ship(transfer.to)
            targets.setdefault(target.id, []).append(card.id)
            kinds = [state.data.card(c).type for c in targets[target.id]]
            if len(target.pilots) + kinds.count("pilot") > variant.pilots_per_ship:
                raise IllegalAction("merchants.market.pilot_limit",
                                    f"{target.label()} would carry more than {counted(variant.pilots_per_ship, 'pilot')}.", DOCK)
            if len(target.gear) + kinds.count("gear") > variant.gear_per_ship:
                raise IllegalAction("merchants.market.gear_limit",
                                    f"{target.label()} would carry more than {variant.gear_per_ship} gear.", DOCK)
        cost += card.cost
    loans = sum(s.loans * loan_repayment(s, variant) for s in obsolete)
    if cost and player.credits - loans < cost:
        raise IllegalAction("merchants.dock.cannot_afford",
                            f"The transfers cost {counted(cost, 'credit')}; after repaying scrapped ships' loans {player.name} has {player.credits - loans}.", DOCK)


def transfer_card(state: GameState, transfer: Transfer) -> tuple[GameState, str]:
    """Re-buy a card of a scrapped ship (back from the market discard) at its cost, onto a ship or kept."""
    card = state.data.card(transfer.card)
    player = replace(state.active, credits=state.active.credits - card.cost)
    if transfer.to is None:
        player = replace(player, kept_cards=player.kept_cards + (card.id,))
        where = "kept for the next ship from the Shipyard"
    else:
        target = player.ship(transfer.to)
        target = replace(target, pilots=target.pilots + (card.id,)) if card.type == "pilot" else replace(target, gear=target.gear + (card.id,))
        player = player.with_ship(target)
        where = f"moved to {target.label()}"
    discard = list(state.market_discard)
    discard.remove(card.id)
    state = replace(state.with_player(player), market_discard=tuple(discard))
    return state, (f"{player.name} re-buys {card.name} from the scrapped {state.ship_called(transfer.from_ship)} at its cost, {card.cost} "
                   f"credits: {where}. {player.name} has {counted(player.credits, 'credit')}.")


def paid_out(state: GameState) -> Player:
    """The active player with the Dock's payout of every loaded ship added to their credits."""
    player = state.active
    total = 0
    for ship in player.ships:  # the totals alone: no Payout is made for the options of a turn
        if ship.hold:
            total += sum(_payout_items(state, player, ship))
    return replace(player, credits=player.credits + total)


def check_dock(state: GameState, action: DockVisit, paid: Player | None = None) -> None:
    """Refuse (``IllegalAction``) a Dock action exactly as ``dock`` would, without working out its steps
    (``paid``: ``paid_out(state)``, when already worked out)."""
    player = state.active
    if player.location != "Dock":
        raise IllegalAction("merchants.dock.not_here",
                            f"{player.name} is at the {player.location}, not the Dock.", DOCK)
    if state.end_trigger is not None:
        if action.trigger_end:
            raise IllegalAction("merchants.end.already_triggered",
                                f"{state.end_trigger} has already triggered the end.", END)
        return
    paid = paid_out(state) if paid is None else paid
    credits = paid.credits
    if action.trigger_end:
        check_trigger(state, True, paid)
        return
    obsolete = [s for s in player.ships if state.obsolete(s)]
    owed = sum(s.loans * loan_repayment(s, state.variant) for s in obsolete) if obsolete else 0
    _check_repayment(state, paid, owed, "Scrapping obsolete ships repays their loans in full")
    _check_transfers(state, paid, action, obsolete)
    if obsolete:
        paid = replace(paid, credits=credits - owed, ships=tuple(s for s in player.ships if not state.obsolete(s)))
    check_trigger(state, False, paid)


@register_phase("merchants.dock", title="Payout, unloading and scrapping at the Dock", section=DOCK, notebook=NOTEBOOK)
def dock(state: GameState, action: DockVisit = DockVisit()) -> Procedure:
    """The active player's Dock action, then (if chosen or forced) the end-game trigger."""
    settled, steps = settle(state, action)
    if state.end_trigger is not None and action.trigger_end:
        raise IllegalAction("merchants.end.already_triggered",
                            f"{state.end_trigger} has already triggered the end.", END)
    check = check_trigger(settled, action.trigger_end) if state.end_trigger is None else None  # trigger_end reads it again
    for title, text, data in steps:
        yield Step(title, text, DOCK, settled, data)
    state = settled
    if state.end_trigger is None:
        state = yield from trigger_end(state, action.trigger_end, check)
    else:
        name = state.active.name
        state = replace(state, dock_arrivals=state.dock_arrivals + (name,))
        yield Step("Back at the Dock", f"{name} is back at the Dock for the end of the game "
                                       f"(arrival {len(state.dock_arrivals)}; earlier arrivals win ties).",
                   END, state, {"arrivals": state.dock_arrivals})
    return state
