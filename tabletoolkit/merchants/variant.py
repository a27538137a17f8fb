"""Starship Merchants rule constants and rulings a workshop may change (see ``engine.variants``).

Numbers cite the section of ``rules/004_…`` they come from; rulings cite ``RULINGS.md`` (M-F*, M-R*)
and offer the alternative reading as an allowed value.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.variants import Variant, constant

SHIPYARD = "シップヤード"
MARKET = "マーケット"
BELT = "ベルト"
DOCK = "ドック"
END = "ゲームの終了"
TURN = "手番の流れ"


@dataclass(frozen=True)
class MerchantsVariant(Variant):
    loan_markers: int = constant(
        2, allowed=range(0, 5), section=SHIPYARD,
        explains="Loan markers put on a leased ship, each repaid at half the full price.",
    )
    half_price_rounding: str = constant(
        "up", allowed=("up", "down"), section=SHIPYARD + " (ruling M-R3)",
        explains="How half of an odd price rounds: 'up' (M-R3) or 'down'.",
    )
    ownership_limits: tuple[int, int, int, int] = constant(
        (4, 4, 3, 2), allowed=((4, 4, 3, 2), (4, 4, 4, 4), (3, 3, 2, 2), (2, 2, 2, 2)), section=SHIPYARD,
        explains="Most ships of Mark 1, 2, 3, 4 one player may own.",
    )
    obsolete_after: int = constant(
        2, allowed=(1, 2, 3), section=SHIPYARD,
        explains="A Mark is obsolete once the era is this many Marks later (Mark 1 in the Mark 3 era).",
    )
    market_replace: int = constant(
        2, allowed=range(0, 5), section=MARKET + " (M-F2)",
        explains="Market cards a player may discard and replace on arriving, before buying.",
    )
    pilots_per_ship: int = constant(1, allowed=range(0, 4), section=MARKET, explains="Most pilots on one ship.")
    gear_per_ship: int = constant(6, allowed=range(0, 11), section=MARKET, explains="Most gear cards on one ship.")
    mine_claim_price: int = constant(
        6, allowed=range(0, 21), section=MARKET + " (M-F1)",
        explains="Credits paid to flip and claim a mine token, a bonus to a card purchase.",
    )
    pickup_cost: int = constant(1, allowed=range(0, 6), section=BELT, explains="Energy to pick up from local or known space.")
    take_cost: int = constant(3, allowed=range(0, 6), section=BELT, explains="Energy to pick up from an opponent's local space.")
    explore_cost: int = constant(2, allowed=range(0, 6), section=BELT, explains="Energy to explore (draw from the bag).")
    swap_cost: int = constant(1, allowed=range(0, 6), section=BELT, explains="Energy to swap the destination card, each time.")
    setup_tokens_arrival: str = constant(
        "per_player", allowed=("per_player", "first_in_game"), section=BELT + " (ruling M-R1)",
        explains="'per_player': each player's first Belt arrival moves their set-up tokens (M-R1); "
        "'first_in_game': the first arrival by anyone moves every player's.",
    )
    destination_bonus: str = constant(
        "ended_run", allowed=("ended_run", "carried"), section=DOCK + " (ruling M-R2)",
        explains="'ended_run': only a ship that ended its run at its destination earns the bonus (M-R2); "
        "'carried': any paid ship holding a destination card earns it.",
    )
    transfer_pilots: int = constant(1, allowed=range(0, 3), section=DOCK, explains="Pilots a scrapped ship may pass on.")
    transfer_gear: int = constant(2, allowed=range(0, 7), section=DOCK, explains="Gear cards a scrapped ship may pass on.")
    end_may: int = constant(100, allowed=range(0, 1001), section=END, explains="Credits (and no loans) to be allowed to trigger the end.")
    end_must: int = constant(150, allowed=range(0, 1001), section=END + " (M-F3)", explains="Credits at which the end must be triggered.")
    must_checked: str = constant(
        "before_repaying", allowed=("before_repaying", "after_repaying"), section=END + " (ruling M-R4)",
        explains="Whether the must-trigger threshold is checked before (M-R4) or after repaying all loans.",
    )
    trigger_bonus: int = constant(10, allowed=range(0, 51), section=END, explains="Credits for the player who triggers the end.")
    dock_bonus: int = constant(5, allowed=range(0, 51), section=END, explains="Credits for each end-game turn begun at the Dock.")
    docked_at_trigger: str = constant(
        "lap", allowed=("lap", "stay"), section=END + " (ruling M-R4)",
        explains="'lap': players at the Dock when the end triggers leave on their next turn and go round once (M-R4); "
        "'stay': they may stay and take the Dock bonus.",
    )
    loans_on_entering: str = constant(
        "repay", allowed=("repay", "when_acting"), section=SHIPYARD,
        explains="'repay': entering the Shipyard with loans forces a repayment, so moving in and doing nothing is "
        "refused while one marker is affordable (the text: entering with loans, one must be repaid); "
        "'when_acting': only the Shipyard action is forced to repay, passing through is free.",
    )
    unpayable_repayment: str = constant(
        "refuse", allowed=("refuse", "debt"), section=DOCK + " (ruling M-R4)",
        explains="Before the end game, a Dock action whose forced loan repayment (scrapped obsolete ships) exceeds the "
        "credits after the payout: 'refuse' it with a reason (M-R4); 'debt': repay anyway into negative credits.",
    )
    endgame_unpaid_loans: str = constant(
        "forfeit", allowed=("forfeit", "debt"), section=END + " (ruling M-R7)",
        explains="In the end-game turns every loan is repaid at the Dock after the payout; one that cannot be repaid in "
        "full: 'forfeit' takes all remaining credits and writes the rest off (credits never below 0, M-R7); 'debt' "
        "subtracts the unpaid rest from the final credits, which may go below 0.",
    )
    scrap_tokens: str = constant(
        "unload", allowed=("unload", "discard"), section=DOCK + " (ruling M-R8)",
        explains="An obsolete ship scrapped at the Dock: 'unload' — it is paid and unloaded like any ship first, so its "
        "tokens are already in local space (M-R8); 'discard' — the literal reading: the tokens aboard leave the game "
        "with the ship.",
    )
    run_from_destination: str = constant(
        "no", allowed=("no", "forfeit_bonus"), section=BELT,
        explains="A ship that ended its run at its destination: 'no' other run before the Dock pays it (visiting the "
        "destination ends its action); 'forfeit_bonus': it may run again, giving up the destination bonus (M-R2).",
    )
    endgame_dock_entry: str = constant(
        "dock_action", allowed=("dock_action", "may_pass"), section=END,
        explains="In the end game, entering the Dock: 'dock_action' (the payout and every loan repaid come with it); "
        "'may_pass': moving in and doing nothing is allowed (no payout) but every loan is still repaid.",
    )
    act_again: bool = constant(
        True, allowed=(True, False), section=TURN + " (ruling M-R5)",
        explains="Whether a player may act again where they stand (M-R5).",
    )
    players: tuple[int, int] = constant(
        (2, 4), allowed=((2, 4), (2, 5), (1, 4), (2, 6)), section="ゲームの目的 (assumption M-R6)",
        explains="Fewest and most players (2-4 is an assumption, M-R6).",
    )

    def half(self, price: int) -> int:
        """Half of a price, rounded as this variant says (M-R3: up)."""
        return (price + 1) // 2 if self.half_price_rounding == "up" else price // 2


RULEBOOK = MerchantsVariant()
