"""The Shipyard (シップヤード): buy or lease a ship of the current Mark, or repay loans.

Leasing pays half the price and puts loan markers on the ship, each repaid at half the full price: with
the rulebook's two markers a leased ship costs 150% of its price. Entering with loans forces the
pay-loans action. The Mark on sale advances when all its ships are gone; older Marks become obsolete.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..engine.errors import IllegalAction, InvalidInput
from ..engine.numbers import percent_text
from ..engine.registry import register_phase
from ..engine.steps import Procedure, Step
from ..engine.frozen import replace
from .actions import BuyShip, PayLoans
from .state import GameState, Player, Ship, counted
from .variant import RULEBOOK, SHIPYARD, MerchantsVariant

NOTEBOOK = "merchants_loop_shipyard.ipynb"


MOST_PRICE = 10_000  # a sane bound on a ship's price (the sample prices are below 100)


def _price(price: int) -> int:
    if isinstance(price, bool) or not isinstance(price, int) or not 1 <= price <= MOST_PRICE:
        raise InvalidInput("price", price, f"a ship's price is a whole number of credits from 1 to {MOST_PRICE}")
    return price


def _variant(variant: MerchantsVariant) -> MerchantsVariant:
    if not isinstance(variant, MerchantsVariant):
        raise InvalidInput("variant", variant, "a MerchantsVariant (tabletoolkit.merchants.MerchantsVariant)")
    return variant


def lease_cost(price: int, variant: MerchantsVariant = RULEBOOK) -> tuple[int, int]:
    """(paid now, paid later) for leasing a ship of this price: half now, one half per loan marker."""
    half = _variant(variant).half(_price(price))
    return half, half * variant.loan_markers


def lease_ratio(price: int, variant: MerchantsVariant = RULEBOOK) -> Fraction:
    """The lease's total cost as a fraction of the price (3/2 for even prices in the rulebook)."""
    now, later = lease_cost(price, variant)
    return Fraction(now + later, _price(price))


def lease_ratio_text(price: int, variant: MerchantsVariant = RULEBOOK) -> str:
    """The lease's ratio to the price as a person reads it, the fraction with its percent: "3/2 ≈ 150.00%"."""
    ratio = lease_ratio(price, variant)
    return f"{ratio} ≈ {percent_text(ratio)}"


def lease_formula(variant: MerchantsVariant = RULEBOOK) -> Any:
    """The lease's total as a sympy expression in the price ``p`` (imports sympy)."""
    import sympy

    _variant(variant)
    p = sympy.Symbol("p", positive=True, integer=True)
    half = sympy.ceiling(p / 2) if variant.half_price_rounding == "up" else sympy.floor(p / 2)
    return sympy.Eq(sympy.Symbol("L"), (1 + variant.loan_markers) * half, evaluate=False)


def loan_repayment(ship: Ship, variant: MerchantsVariant = RULEBOOK) -> int:
    """What one loan marker on this ship costs to repay: half the full price (M-R3 rounding)."""
    return variant.half(ship.price)


def owned_of_mark(player: Player, mark: int) -> int:
    return sum(1 for ship in player.ships if ship.mark == mark)


def check_shipyard(state: GameState, action: BuyShip | PayLoans, arrived: bool) -> None:
    """Refuse (``IllegalAction``) a Shipyard action the rules forbid; nothing changes."""
    player = state.active
    variant = state.variant
    if player.location != "Shipyard":
        raise IllegalAction("merchants.shipyard.not_here",
                            f"{player.name} is at the {player.location}, not the Shipyard.", SHIPYARD)
    if isinstance(action, PayLoans):
        if player.loans <= 0:
            raise IllegalAction("merchants.shipyard.no_loans", f"{player.name} has no loan markers to repay.", SHIPYARD)
        if len(action.markers) <= 0:
            raise IllegalAction("merchants.shipyard.repay_at_least_one",
                                "The pay-loans action repays at least one loan marker.", SHIPYARD)
        wanted: dict[str, int] = {}
        for ship_id in action.markers:
            wanted[ship_id] = wanted.get(ship_id, 0) + 1
        cost = 0
        for ship_id, count in wanted.items():
            ship = player.ship(ship_id)
            if ship.loans < count:
                raise IllegalAction("merchants.shipyard.no_such_loan",
                                    f"{ship.label()} carries {counted(ship.loans, 'loan marker')}, not {count}.", SHIPYARD)
            cost += count * loan_repayment(ship, variant)
        if player.credits < cost:
            raise IllegalAction("merchants.shipyard.cannot_afford",
                                f"Repaying costs {counted(cost, 'credit')}; {player.name} has {player.credits}.", SHIPYARD)
        return
    if not isinstance(action, BuyShip):
        raise InvalidInput("action", action, "the Shipyard takes BuyShip or PayLoans")
    if arrived and player.loans > 0:
        raise IllegalAction("merchants.shipyard.must_repay",
                            f"{player.name} entered the Shipyard with {counted(player.loans, 'loan marker')}: the action must be to repay at least one.", SHIPYARD)
    design = state.data.ship(action.design)
    if design.mark != state.era:
        raise IllegalAction("merchants.shipyard.not_current_mark",
                            f"Only Mark {state.era} ships are on sale; the {design.name} is Mark {design.mark}.", SHIPYARD)
    if next((n for d, n in state.shipyard if d == design.id), 0) <= 0:
        raise IllegalAction("merchants.shipyard.sold_out", f"Every {design.name} has been bought or leased.", SHIPYARD)
    limit = variant.ownership_limits[design.mark - 1]
    if owned_of_mark(player, design.mark) >= limit:
        raise IllegalAction("merchants.shipyard.ownership_limit",
                            f"A player may own at most {limit} Mark {design.mark} ships.", SHIPYARD)
    cost = variant.half(design.price) if action.lease else design.price
    if player.credits < cost:
        raise IllegalAction("merchants.shipyard.cannot_afford",
                            f"{'Leasing' if action.lease else 'Buying'} the {design.name} costs {counted(cost, 'credit')}; {player.name} has {player.credits}.", SHIPYARD)


@register_phase("merchants.shipyard", title="Buy or lease a ship, or repay loans", section=SHIPYARD, notebook=NOTEBOOK)
def shipyard(state: GameState, action: BuyShip | PayLoans, arrived: bool = False) -> Procedure:
    """The active player's Shipyard action. ``arrived``: they moved here this turn (forced repayment)."""
    check_shipyard(state, action, arrived)
    player = state.active
    variant = state.variant
    if isinstance(action, PayLoans):
        paid = 0
        for ship_id in action.markers:
            ship = player.ship(ship_id)
            paid += loan_repayment(ship, variant)
            player = player.with_ship(replace(ship, loans=ship.loans - 1))
        player = replace(player, credits=player.credits - paid)
        state = state.with_player(player)
        forced = " (forced: they entered with loans)" if arrived else ""
        yield Step(
            "Repay loans",
            f"{player.name} repays {counted(len(action.markers), 'loan marker')} for {counted(paid, 'credit')}{forced}, "
            f"leaving {counted(player.loans, 'marker')} and {counted(player.credits, 'credit')}. That is the whole action.",
            SHIPYARD, state, {"repaid": len(action.markers), "paid": paid, "loans_left": player.loans},
        )
        return state

    design = state.data.ship(action.design)
    number = state.ships_built + 1
    paid = variant.half(design.price) if action.lease else design.price
    loans = variant.loan_markers if action.lease else 0
    ship = Ship(f"{design.id}-{number}", design.id, design.name, design.mark, design.kind, design.price,
                design.energy, design.cargo, loans=loans)
    ship, kept = _fit_kept_cards(state, ship, player.kept_cards)
    player = replace(player, credits=player.credits - paid, ships=player.ships + (ship,), kept_cards=kept)
    supply = tuple((d, n - 1 if d == design.id else n) for d, n in state.shipyard)
    state = replace(state.with_player(player), shipyard=supply, ships_built=number)
    if action.lease:
        now, later = lease_cost(design.price, variant)
        text = (f"{player.name} leases {ship.called} (a {design.kind}, energy {design.energy}, cargo {design.cargo}): "
                f"pays half, {now} of {counted(design.price, 'credit')}, and the ship takes {counted(loans, 'loan marker')}, each repaid at "
                f"{loan_repayment(ship, variant)}: {counted(now + later, 'credit')} in all, {lease_ratio_text(design.price, variant)} of the price.")
    else:
        text = (f"{player.name} buys {ship.called} (a {design.kind}, energy {design.energy}, cargo {design.cargo}) "
                f"for {counted(design.price, 'credit')}.")
    if ship.cards:
        text += f" Cards kept from a scrapped ship go aboard {ship.called}: {state.card_names(ship.cards)}."
    yield Step("Lease a ship" if action.lease else "Buy a ship", text + f" {player.name} has {counted(player.credits, 'credit')} left.",
               SHIPYARD, state, {"ship": ship.id, "paid": paid, "loans": loans})
    if state.mark_supply(state.era) == 0 and state.era < max(state.data.marks):
        state = replace(state, era=state.era + 1)
        old = state.era - variant.obsolete_after
        obsolete = f" Mark {old} ships are now obsolete: they cannot run and are scrapped at the Dock." if old >= 1 else ""
        yield Step("The Mark advances",
                   f"Every Mark {state.era - 1} ship is gone, so Mark {state.era} ships go on sale.{obsolete}",
                   SHIPYARD, state, {"era": state.era})
    return state


def _fit_kept_cards(state: GameState, ship: Ship, kept: tuple[str, ...]) -> tuple[Ship, tuple[str, ...]]:
    """Put cards kept from a scrapped ship onto a new ship, as many as its limits allow."""
    pilots, gear, left = list(ship.pilots), list(ship.gear), []
    for card_id in kept:
        card = state.data.card(card_id)
        if card.type == "pilot" and len(pilots) < state.variant.pilots_per_ship:
            pilots.append(card_id)
        elif card.type == "gear" and len(gear) < state.variant.gear_per_ship:
            gear.append(card_id)
        else:
            left.append(card_id)
    return replace(ship, pilots=tuple(pilots), gear=tuple(gear)), tuple(left)
