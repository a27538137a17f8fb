"""Goods: an immutable count of resources (and, on rewards, VP and repairs).

Credit (信誉) is wild: it may stand in for titanium, ice or nanocarbon (玩家设置 · 资源), never for
energy. ``covers`` checks a payment against a cost with that rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Mapping

from ..engine import InvalidInput

RESOURCES = ("energy", "titanium", "ice", "nanocarbon", "credit")
WILD = "credit"
WILD_REPLACES = ("titanium", "ice", "nanocarbon")
ORDER = RESOURCES + ("tactics", "vp", "repair")


@dataclass(frozen=True)
class Goods:
    """A multiset of goods: ``Goods.of(energy=2, credit=1)``. Zero counts are dropped."""

    items: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, mapping: Mapping[str, int] | None = None, **counts: int) -> "Goods":
        merged = dict(mapping) if mapping else {}
        for kind, count in counts.items():
            merged[kind] = merged.get(kind, 0) + count
        items = []
        for kind, count in merged.items():
            if type(count) is not int or count < 0:
                if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                    raise InvalidInput(kind, count, "a count of goods is a whole number, 0 or more")
            if count:
                items.append((kind, count))
        if len(items) > 1:
            items.sort(key=_ranked)
        return _made(cls, tuple(items))

    def __getitem__(self, kind: str) -> int:
        for name, count in self.items:
            if name == kind:
                return count
        return 0

    def __iter__(self) -> Iterator[tuple[str, int]]:
        return iter(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def as_dict(self) -> dict[str, int]:
        return dict(self.items)

    def __add__(self, other: "Goods") -> "Goods":
        if not other.items:
            return self
        if not self.items:
            return other
        merged = self.as_dict()
        for kind, count in other:
            merged[kind] = merged.get(kind, 0) + count
        return Goods.of(merged)

    def minus(self, other: "Goods") -> "Goods":
        """These goods less ``other``; refuses to go below zero."""
        if not other.items:
            return self
        merged = self.as_dict()
        for kind, count in other:
            if merged.get(kind, 0) < count:
                raise InvalidInput(kind, count, f"only {merged.get(kind, 0)} {kind} available")
            merged[kind] -= count
        return Goods.of(merged)

    def has(self, other: "Goods") -> bool:
        return all(self[kind] >= count for kind, count in other)

    def only(self, kinds: tuple[str, ...]) -> "Goods":
        if all(k in kinds for k, _ in self.items):
            return self
        return _made(Goods, tuple((k, v) for k, v in self.items if k in kinds))

    @property
    def resources(self) -> "Goods":
        return self.only(RESOURCES)

    @property
    def total(self) -> int:
        return sum(count for _, count in self.items)

    def can_pay(self, cost: "Goods") -> bool:
        """Whether these goods (a player's stock) can pay ``cost``, credit standing in for titanium,
        ice or nanocarbon."""
        short = sum(max(0, n - self[k]) for k, n in cost.resources if k in WILD_REPLACES)
        exact = all(self[k] >= n for k, n in cost.resources if k not in WILD_REPLACES)
        return exact and self[WILD] - cost[WILD] >= short

    def payment_for(self, cost: "Goods") -> "Goods | None":
        """The payment these goods make for ``cost`` using credit only where a kind runs short (None
        when they cannot pay)."""
        if not self.can_pay(cost):
            return None
        paid = {k: min(n, self[k]) if k in WILD_REPLACES else n for k, n in cost.resources}
        paid[WILD] = paid.get(WILD, 0) + sum(n - paid[k] for k, n in cost.resources if k in WILD_REPLACES)
        return Goods.of(paid)

    def covers(self, cost: "Goods") -> str | None:
        """None when this payment pays ``cost`` exactly (credit standing in for titanium, ice or
        nanocarbon); otherwise a plain reason why not."""
        missing = 0
        for kind, count in cost.resources:
            short = count - self[kind]
            if short > 0 and kind not in WILD_REPLACES and kind != WILD:
                return f"the cost needs {count} {kind}; credit cannot stand in for {kind}"
            missing += max(0, short) if kind != WILD else 0
        spare_credit = self[WILD] - cost[WILD]
        if spare_credit < 0:
            return f"the cost needs {cost[WILD]} credit"
        if missing > spare_credit:
            return f"the payment is {missing - spare_credit} short of the cost {cost}"
        over = self.total - cost.resources.total
        if over > 0:
            return f"the payment {self} is {over} more than the cost {cost}"
        return None

    def __str__(self) -> str:
        return ", ".join(f"{count} {kind}" for kind, count in self.items) or "nothing"


def _made(cls: type[Goods], items: tuple[tuple[str, int], ...]) -> Goods:
    """Goods of ``items`` (counted and ordered already), their one field set at once: goods are made at every payment,
    gain and check of a whole game."""
    goods = object.__new__(cls)
    object.__setattr__(goods, "__dict__", {"items": items})
    return goods


_RANKS = {kind: index for index, kind in enumerate(ORDER)}


def _ranked(item: tuple[str, int]) -> tuple[int, str]:
    """The order goods are listed in: resources first, then tactics cards, VP and repairs, then the rest by name."""
    return (_RANKS.get(item[0], len(ORDER)), item[0])
