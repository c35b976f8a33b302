"""A hunter's game sheet (N19): what he carries, his bag, his Inuk and his igloo side."""

from __future__ import annotations

from operator import mul
from typing import Any, NamedTuple

from game.games.nanuuk.rules.codes import Refused

HARPOON, HUSKY, SLEDGE, KAYAK = 1, 2, 4, 8
EQUIPMENT_BITS = {"harpoon": HARPOON, "husky": HUSKY, "sledge": SLEDGE, "kayak": KAYAK}
ANIMAL_BITS = {"fish": 1, "seal": 2, "walrus": 4, "whale": 8}
WHALE = 8
VALUE = {"fish": 1, "seal": 2, "walrus": 3, "whale": 4}  # N27
BUYS = {"fish": HUSKY, "walrus": SLEDGE, "seal": KAYAK, "whale": HUSKY | SLEDGE | KAYAK}  # N24
IGLOO_BONUS = 2  # N27
_VALUES = tuple(VALUE.values())  # in bag slot order, as the igloo side counts them
_BAG_POINTS = tuple(  # the points of the animals in each bag (a mask of slots)
    sum(v for a, v in VALUE.items() if bag & ANIMAL_BITS[a]) for bag in range(16)
)


class Sheet(NamedTuple):
    """``carried`` and ``bag`` are bit sets (see the constants); ``igloo`` counts the deposited
    fish, seals, walruses, whales and Inuit. Equipment not carried lies on the igloo side."""

    carried: int = HARPOON  # N19: the hunt starts with the harpoon only
    bag: int = 0
    inuk: bool = False
    igloo: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)

    def carries(self, bit: int) -> bool:
        return bool(self.carried & bit)

    @property
    def fresh_inuk(self) -> bool:
        """An Inuk goes with him who has not hunted a whale yet (the whale in the bag is his)."""
        return self.inuk and not self.bag & WHALE

    def can_take(self, animal: str) -> bool:
        """N22: harpoon, a free slot, and for a whale a fresh Inuk."""
        return self.why_not_take(animal) is None

    def why_not_take(self, animal: str) -> Refused | None:
        """Why he cannot take ``animal`` (N22): no harpoon (``CANNOT_HUNT``), its bag slot is
        taken (``BAG_HOLDS``), a whale without a fresh Inuk; None if he can."""
        bit = ANIMAL_BITS[animal]
        if not self.carried & HARPOON:
            return Refused.CANNOT_HUNT
        if self.bag & bit:
            return Refused.BAG_HOLDS
        if bit == WHALE and not self.fresh_inuk:
            return Refused.WHALE_NEEDS_INUK
        return None

    def can_exchange(self, animal: str) -> bool:
        """N24: only for equipment he does not carry (a whale: if any of its set is missing)."""
        return bool(self.bag & ANIMAL_BITS[animal]) and bool(BUYS[animal] & ~self.carried)

    def to_igloo(self, animal: str, equipment: int = 0) -> Sheet:
        """Move an animal from the bag to the igloo side (a whale takes its Inuk along, N24)."""
        bit = ANIMAL_BITS[animal]
        counts = list(self.igloo)
        counts[list(ANIMAL_BITS).index(animal)] += 1
        inuk = self.inuk
        if bit == WHALE:
            counts[4] += 1
            inuk = False
        f, s, w, wh, i = counts
        return Sheet(self.carried | equipment, self.bag & ~bit, inuk, (f, s, w, wh, i))

    @property
    def points(self) -> int:
        deposited: int = sum(map(mul, self.igloo, _VALUES))  # (the Inuit count no points)
        return _BAG_POINTS[self.bag] + deposited

    @property
    def equipment(self) -> int:
        """Pieces of equipment carried (the N27 tie-break)."""
        return bin(self.carried).count("1")

    def to_dict(self) -> dict[str, object]:
        return {
            "carried": [e for e, b in EQUIPMENT_BITS.items() if self.carried & b],
            "bag": [a for a, b in ANIMAL_BITS.items() if self.bag & b],
            "inuk": self.inuk,
            "igloo": dict(zip((*ANIMAL_BITS, "inuit"), self.igloo, strict=True)),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Sheet:
        carried = sum(EQUIPMENT_BITS[e] for e in data["carried"])
        bag = sum(ANIMAL_BITS[a] for a in data["bag"])
        igloo = data["igloo"]
        f, s, w, wh, i = (int(igloo[k]) for k in (*ANIMAL_BITS, "inuit"))
        return cls(carried, bag, bool(data["inuk"]), (f, s, w, wh, i))
