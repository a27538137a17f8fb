"""What a player can choose: the turn option and the action at each location.

Small frozen records with readable ``str`` forms (the transcripts print them).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.errors import InvalidInput

BELT_KINDS = ("pickup", "take", "explore", "swap", "end", "destination")
OPTIONS = ("act", "move_act", "move", "stay")


@dataclass(frozen=True)
class BuyShip:
    """Shipyard: buy (or lease: half price now, loan markers on the ship) one ship of the current Mark."""

    design: str
    lease: bool = False

    def __str__(self) -> str:
        article = "an" if self.design[:1] in "aeiou" else "a"
        return f"{'lease' if self.lease else 'buy'} {article} {self.design}"


@dataclass(frozen=True)
class PayLoans:
    """Shipyard: repay loan markers, one entry per marker (a ship id may repeat)."""

    markers: tuple[str, ...]

    def __str__(self) -> str:
        return f"repay {len(self.markers)} loan marker(s) on {', '.join(self.markers)}"


@dataclass(frozen=True)
class MarketVisit:
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
class RunShip:
    """Belt: run one ship through a sequence of belt actions."""

    ship: str
    actions: tuple[BeltAction, ...] = ()

    def __str__(self) -> str:
        return f"run {self.ship}" + (": " + ", ".join(map(str, self.actions)) if self.actions else "")


@dataclass(frozen=True)
class Transfer:
    """Dock: re-buy a card from a scrapped ship at its cost, onto ``to`` (a ship id) or kept (``None``)."""

    from_ship: str
    card: str
    to: str | None = None

    def __str__(self) -> str:
        return f"{self.card} from {self.from_ship} to {self.to or 'keep for the next ship'}"


@dataclass(frozen=True)
class DockVisit:
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


Action = BuyShip | PayLoans | MarketVisit | RunShip | DockVisit


@dataclass(frozen=True)
class TurnChoice:
    """The turn's option (手番の流れ): ``act`` here, ``move_act``, ``move`` (and do nothing),
    or ``stay`` (the end game: take the Dock bonus instead of acting)."""

    option: str
    action: Action | None = None

    def __post_init__(self) -> None:
        if self.option not in OPTIONS:
            raise InvalidInput("option", self.option, f"a turn option is one of {OPTIONS}")

    def __str__(self) -> str:
        words = {"act": "act here", "move_act": "move and act", "move": "move and do nothing", "stay": "stay at the Dock"}
        return words.get(self.option, self.option) + (f": {self.action}" if self.action is not None else "")


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
class RepayLoan:
    """Shipyard: repay one more loan marker of ``ship`` in the same pay-loans action."""

    ship: str

    def __str__(self) -> str:
        return f"repay a loan marker of {self.ship}"


@dataclass(frozen=True)
class ReplaceCard:
    """Market, on arrival and before buying: discard ``card`` from the row and draw its replacement."""

    card: str

    def __str__(self) -> str:
        return f"replace {self.card}"


@dataclass(frozen=True)
class BuyCard:
    """Market: buy ``card`` — a pilot or gear from the row for ``ship``, or a refinery (``ship`` None)."""

    card: str
    ship: str | None = None

    def __str__(self) -> str:
        return f"buy {self.card}" + (f" for {self.ship}" if self.ship else "")


@dataclass(frozen=True)
class ClaimToken:
    """Market, with a purchase: pay to flip and claim an unclaimed ``kind`` token in your local space (M-F1)."""

    kind: str

    def __str__(self) -> str:
        return f"claim {'an' if self.kind[:1] in 'aeiou' else 'a'} {self.kind} token"


@dataclass(frozen=True)
class Pickup:
    """Belt: pay for one pickup from ``"known"`` or ``"local"`` space, or (``opponent`` named) a take."""

    source: str
    opponent: str | None = None

    def __str__(self) -> str:
        if self.opponent:
            return f"take from {self.opponent}'s local space"
        return f"pick up from {self.source} space"


@dataclass(frozen=True)
class Load:
    """Belt, during a pickup: load one ``kind`` token into the hold."""

    kind: str

    def __str__(self) -> str:
        return f"load {'an' if self.kind[:1] in 'aeiou' else 'a'} {self.kind}"


@dataclass(frozen=True)
class Explore:
    """Belt: pay to draw a token from the bag; where it goes is decided once it is seen."""

    def __str__(self) -> str:
        return "explore"


@dataclass(frozen=True)
class Place:
    """Belt, after an explore: put the drawn token on the ``"ship"`` or unclaimed in ``"local"`` space (M-F8)."""

    where: str

    def __str__(self) -> str:
        return "put it on the ship" if self.where == "ship" else "put it in local space, unclaimed"


@dataclass(frozen=True)
class Swap:
    """Belt: discard the ship's destination card and draw the next."""

    def __str__(self) -> str:
        return "swap the destination"


@dataclass(frozen=True)
class EndRun:
    """Belt: pay the destination's cost and end the run there (the rest of the energy is lost)."""

    def __str__(self) -> str:
        return "end the run at the destination"


@dataclass(frozen=True)
class Finish:
    """End the current part of an action: stop repaying, leave the Market, stop loading, stop the run,
    claim nothing, transfer nothing more."""

    what: str

    def __str__(self) -> str:
        return self.what
