"""What a player can choose: the turn option and the action at each location.

Small frozen records naming cards and ships by their ids. ``str`` gives a choice in those ids (what a
program writes); ``words(state)`` gives it as a person reads it in a menu, cards by their printed names
from the game's catalog and ships by their short names ("buy Ore Scanner for Kestrel 1").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.errors import InvalidInput
from .state import GameState, counted

BELT_KINDS = ("pickup", "take", "explore", "swap", "end", "destination")
OPTIONS = ("act", "move_act", "move", "stay")


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


class Words:
    """A choice a person reads: ``words(state)`` (its ``str`` unless it names cards or ships)."""

    def words(self, state: GameState) -> str:
        return str(self)


@dataclass(frozen=True)
class BuyShip(Words):
    """Shipyard: buy (or lease: half price now, loan markers on the ship) one ship of the current Mark."""

    design: str
    lease: bool = False

    def __str__(self) -> str:
        article = "an" if self.design[:1] in "aeiou" else "a"
        return f"{'lease' if self.lease else 'buy'} {article} {self.design}"

    def words(self, state: GameState) -> str:
        return f"{'lease' if self.lease else 'buy'} {_a(state.data.ship(self.design).name)}"


@dataclass(frozen=True)
class PayLoans(Words):
    """Shipyard: repay loan markers, one entry per marker (a ship id may repeat)."""

    markers: tuple[str, ...]

    def __str__(self) -> str:
        return f"repay {len(self.markers)} loan marker(s) on {', '.join(self.markers)}"

    def words(self, state: GameState) -> str:
        ships = ", ".join(state.ship_called(ship) for ship in dict.fromkeys(self.markers))
        return f"repay {counted(len(self.markers), 'loan marker')} on {ships}"


@dataclass(frozen=True)
class MarketVisit(Words):
    """Market: replace cards on arrival (optional), buy a market or refinery card, claim a mine token.

    ``ship`` is the ship a pilot or gear card goes on; ``claim`` the kind of an unclaimed token in
    your local space to flip for the claim price (only with a purchase, M-F1).
    """

    buy: str | None = None
    ship: str | None = None
    replace: tuple[str, ...] = ()
    claim: str | None = None

    def __str__(self) -> str:
        parts = []
        if self.replace:
            parts.append(f"replace {', '.join(self.replace)}")
        if self.buy:
            parts.append(f"buy {self.buy}" + (f" for {self.ship}" if self.ship else ""))
        if self.claim:
            parts.append(f"claim a {self.claim} token")
        return "; ".join(parts) or "visit the Market"

    def words(self, state: GameState) -> str:
        parts = []
        if self.replace:
            parts.append(f"replace {state.card_names(self.replace)}")
        if self.buy:
            parts.append(BuyCard(self.buy, self.ship).words(state))
        if self.claim:
            parts.append(ClaimToken(self.claim).words(state))
        return "; ".join(parts) or "visit the Market"


@dataclass(frozen=True)
class BeltAction:
    """One step of a belt run. Build with ``pickup``, ``take``, ``explore``, ``swap``, ``end_run``."""

    kind: str
    source: str | None = None
    tokens: tuple[str, ...] | None = None
    place: str = "ship"

    def __post_init__(self) -> None:
        if self.kind not in BELT_KINDS:
            raise InvalidInput("kind", self.kind, f"a belt action is one of {BELT_KINDS}")
        if self.kind == "pickup" and self.source not in ("known", "local"):
            raise InvalidInput("source", self.source, "a pickup is from 'known' or 'local' space")
        if self.kind == "take" and not self.source:
            raise InvalidInput("source", self.source, "taking names the opponent whose local space it is")
        if self.place not in ("ship", "local"):
            raise InvalidInput("place", self.place, "an explored token goes onto the 'ship' or into 'local' space")

    def __str__(self) -> str:
        chosen = f" [{', '.join(self.tokens)}]" if self.tokens else ""
        if self.kind == "pickup":
            return f"pick up from {self.source} space{chosen}"
        if self.kind == "take":
            return f"take from {self.source}'s local space{chosen}"
        if self.kind == "explore":
            return "explore" + (" (to local space)" if self.place == "local" else "")
        if self.kind == "swap":
            return "swap destination"
        if self.kind == "destination":
            return "take the top destination card"
        return "end the run"


def pickup(source: str = "known", tokens: tuple[str, ...] | None = None) -> BeltAction:
    """Pick up from ``"known"`` or ``"local"`` space: the given tokens, or the most valuable that fit."""
    return BeltAction("pickup", source, tokens)


def take(opponent: str, tokens: tuple[str, ...] | None = None) -> BeltAction:
    """Pick up unclaimed tokens from an opponent's local space."""
    return BeltAction("take", opponent, tokens)


def explore(place: str = "ship") -> BeltAction:
    """Draw a token from the bag onto the ship (``"ship"``) or into your local space (``"local"``)."""
    return BeltAction("explore", place=place)


def swap() -> BeltAction:
    """Discard the ship's destination card and take the next one."""
    return BeltAction("swap")


def end_run() -> BeltAction:
    """Pay the destination's cost and end the run there (the rest of the energy is lost)."""
    return BeltAction("end")


@dataclass(frozen=True)
class RunShip(Words):
    """Belt: run one ship through a sequence of belt actions."""

    ship: str
    actions: tuple[BeltAction, ...] = ()

    def __str__(self) -> str:
        return f"run {self.ship}" + (": " + ", ".join(map(str, self.actions)) if self.actions else "")

    def words(self, state: GameState) -> str:
        return f"run {state.ship_called(self.ship)}" + (": " + ", ".join(map(str, self.actions)) if self.actions else "")


@dataclass(frozen=True)
class Transfer(Words):
    """Dock: re-buy a card from a scrapped ship at its cost, onto ``to`` (a ship id) or kept (``None``)."""

    from_ship: str
    card: str
    to: str | None = None

    def __str__(self) -> str:
        return f"{self.card} from {self.from_ship} to {self.to or 'keep for the next ship'}"

    def words(self, state: GameState) -> str:
        where = f"for {state.ship_called(self.to)}" if self.to else "and keep it for the next ship"
        return f"re-buy {state.card_name(self.card)} from {state.ship_called(self.from_ship)} {where}"


@dataclass(frozen=True)
class DockVisit(Words):
    """Dock: payout and unloading (always); transfers from scrapped ships; triggering the end."""

    transfers: tuple[Transfer, ...] = ()
    trigger_end: bool = False

    def __str__(self) -> str:
        parts = ["payout and unloading"]
        if self.transfers:
            parts.append("transfer " + "; ".join(map(str, self.transfers)))
        if self.trigger_end:
            parts.append("trigger the end")
        return ", ".join(parts)

    def words(self, state: GameState) -> str:
        parts = ["payout and unloading"]
        if self.transfers:
            parts.append("; ".join(transfer.words(state) for transfer in self.transfers))
        if self.trigger_end:
            parts.append("trigger the end")
        return ", ".join(parts)


Action = BuyShip | PayLoans | MarketVisit | RunShip | DockVisit


@dataclass(frozen=True)
class TurnChoice(Words):
    """The turn's option (手番の流れ): ``act`` here, ``move_act``, ``move`` (and do nothing),
    or ``stay`` (the end game: take the Dock bonus instead of acting)."""

    option: str
    action: Action | None = None

    def __post_init__(self) -> None:
        if self.option not in OPTIONS:
            raise InvalidInput("option", self.option, f"a turn option is one of {OPTIONS}")

    def __str__(self) -> str:
        return _OPTION_WORDS[self.option] + (f": {self.action}" if self.action is not None else "")

    def words(self, state: GameState) -> str:
        return _OPTION_WORDS[self.option] + (f": {self.action.words(state)}" if self.action is not None else "")


_OPTION_WORDS = {"act": "act here", "move_act": "move and act", "move": "move and do nothing", "stay": "stay at the Dock"}


def act(action: Action) -> TurnChoice:
    return TurnChoice("act", action)


def move_and_act(action: Action) -> TurnChoice:
    return TurnChoice("move_act", action)


def move() -> TurnChoice:
    return TurnChoice("move")


def stay() -> TurnChoice:
    return TurnChoice("stay")


# --- decisions inside an action, one at a time (the whole game on the game contract) -----------------
@dataclass(frozen=True)
class RepayLoan(Words):
    """Shipyard: repay one more loan marker of ``ship`` in the same pay-loans action."""

    ship: str

    def __str__(self) -> str:
        return f"repay a loan marker of {self.ship}"

    def words(self, state: GameState) -> str:
        return f"repay a loan marker of {state.ship_called(self.ship)}"


@dataclass(frozen=True)
class ReplaceCard(Words):
    """Market, on arrival and before buying: discard ``card`` from the row and draw its replacement."""

    card: str

    def __str__(self) -> str:
        return f"replace {self.card}"

    def words(self, state: GameState) -> str:
        return f"replace {state.card_name(self.card)}"


@dataclass(frozen=True)
class BuyCard(Words):
    """Market: buy ``card`` — a pilot or gear from the row for ``ship``, or a refinery (``ship`` None)."""

    card: str
    ship: str | None = None

    def __str__(self) -> str:
        return f"buy {self.card}" + (f" for {self.ship}" if self.ship else "")

    def words(self, state: GameState) -> str:
        return f"buy {state.card_name(self.card)}" + (f" for {state.ship_called(self.ship)}" if self.ship else "")


@dataclass(frozen=True)
class ClaimToken(Words):
    """Market, with a purchase: pay to flip and claim an unclaimed ``kind`` token in your local space (M-F1)."""

    kind: str

    def __str__(self) -> str:
        return f"claim {_a(self.kind)} token"


@dataclass(frozen=True)
class Pickup(Words):
    """Belt: pay for one pickup from ``"known"`` or ``"local"`` space, or (``opponent`` named) a take."""

    source: str
    opponent: str | None = None

    def __str__(self) -> str:
        if self.opponent:
            return f"take from {self.opponent}'s local space"
        return f"pick up from {self.source} space"


@dataclass(frozen=True)
class Load(Words):
    """Belt, during a pickup: load one ``kind`` token into the hold."""

    kind: str

    def __str__(self) -> str:
        return f"load {_a(self.kind)}"


@dataclass(frozen=True)
class Explore(Words):
    """Belt: pay to draw a token from the bag; where it goes is decided once it is seen."""

    def __str__(self) -> str:
        return "explore"


@dataclass(frozen=True)
class Place(Words):
    """Belt, after an explore: put the drawn token on the ``"ship"`` or unclaimed in ``"local"`` space (M-F8)."""

    where: str

    def __str__(self) -> str:
        return "put it on the ship" if self.where == "ship" else "put it in local space, unclaimed"


@dataclass(frozen=True)
class Swap(Words):
    """Belt: discard the ship's destination card and draw the next."""

    def __str__(self) -> str:
        return "swap the destination"


@dataclass(frozen=True)
class EndRun(Words):
    """Belt: pay the destination's cost and end the run there (the rest of the energy is lost)."""

    def __str__(self) -> str:
        return "end the run at the destination"


@dataclass(frozen=True)
class Finish(Words):
    """End the current part of an action: stop repaying, leave the Market, stop loading, stop the run,
    claim nothing, transfer nothing more."""

    what: str

    def __str__(self) -> str:
        return self.what
