"""The ice floe: hex fields, their edges, C-lines and d-lines, all computed from hex coordinates.

The level file draws the floe as rows of characters (pointy-top hexes, odd rows shifted right by
half a field, "odd-r" offset coordinates). Every field gets axial coordinates ``(q, r)`` and a
*bit index* ``r * width + q``: sets of fields are Python ints used as bit masks, which keeps the
engine's updates cheap and its states immutable. Players see fields as labels ``F1 .. Fn``,
numbered in reading order.

An edge between two fields is one bit in a crack mask: edge ``(f, f + OFFSET[d])`` for the three
forward directions ``d`` is bit ``d * stride + f``. Only edges between two fields *in play* exist
(N6: the outline never cracks), so a :class:`Board` is a floe restricted to the fields of one
game (three-dot and ~~ fields unused, or the 24-field region).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from game.protocol.masks import bits as bits  # the set bits of a mask (the rules' and views')

# Cell symbols of the level map.
ICE, IGLOO, DOTS, WAVES, WATER = "o", "I", ":", "~", "."
FIELD_SYMBOLS = (ICE, IGLOO, DOTS, WAVES)

# The six axial directions in order around a hex, so that consecutive ones are neighbours of
# each other: the two fields that meet a field H at one of its corners (N7).
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True)
class Floe:
    """The whole printed floe: every field with its symbol, independent of a game's choice."""

    rows: tuple[str, ...]  # the map as given, one string per row
    width: int  # bit-index stride per row (with padding, so no neighbour wraps onto a field)
    kinds: dict[int, str]  # bit index -> symbol (ICE, IGLOO, DOTS or WAVES)
    labels: dict[int, int]  # bit index -> field number (F1 = 1), reading order
    coords: dict[int, tuple[int, int]]  # bit index -> (row, column) in the map

    @classmethod
    def from_rows(cls, rows: list[str] | tuple[str, ...]) -> Floe:
        """Parse map rows; each row is whitespace-separated symbols, one per map column."""
        cells: list[tuple[int, int, str]] = []
        for r, line in enumerate(rows):
            for c, symbol in enumerate(line.split()):
                if symbol in FIELD_SYMBOLS:
                    cells.append((r, c, symbol))
                elif symbol != WATER:
                    raise ValueError(f"row {r + 1}, column {c + 1}: unknown symbol {symbol!r}")
        if not cells:
            raise ValueError("the map has no fields")
        qs = [c - (r - (r & 1)) // 2 for r, c, _ in cells]
        q0 = min(qs)
        width = max(qs) - q0 + 2  # one padding column: +1 from the last column is never a field
        kinds: dict[int, str] = {}
        labels: dict[int, int] = {}
        coords: dict[int, tuple[int, int]] = {}
        for number, ((r, c, symbol), q) in enumerate(zip(cells, qs, strict=True), start=1):
            bit = (r + 1) * width + (q - q0) + 1  # a padding row and column before the first
            kinds[bit], labels[bit], coords[bit] = symbol, number, (r, c)
        return cls(tuple(rows), width, kinds, labels, coords)

    @cached_property
    def by_label(self) -> dict[int, int]:
        return {n: bit for bit, n in self.labels.items()}

    @property
    def offsets(self) -> tuple[int, ...]:
        """Bit-index offsets of the six directions, in :data:`DIRECTIONS` order."""
        w = self.width
        return tuple(dq + dr * w for dq, dr in DIRECTIONS)

    def neighbours(self, bit: int) -> list[int]:
        """Neighbouring fields of ``bit`` on the floe (any symbol), in direction order."""
        return [bit + off for off in self.offsets if bit + off in self.kinds]

    def label(self, bit: int) -> str:
        return f"F{self.labels[bit]}"

    @cached_property
    def stride(self) -> int:
        """Bits per forward direction in a crack mask (more than the highest field index)."""
        return max(self.kinds) + 1

    @property
    def forward(self) -> tuple[int, int, int]:
        """Offsets of the three forward directions (+1, +w, +w-1): an edge's lower end + one."""
        w = self.width
        return (1, w, w - 1)

    def edge_bit(self, a: int, b: int) -> int:
        """The crack-mask bit of the edge between neighbouring fields a and b."""
        lo, hi = min(a, b), max(a, b)
        if hi - lo not in self.forward or lo not in self.kinds or hi not in self.kinds:
            raise ValueError(f"{self._name(a)} and {self._name(b)} are not neighbours")
        return 1 << (self.forward.index(hi - lo) * self.stride + lo)

    def _name(self, bit: int) -> str:
        return self.label(bit) if bit in self.labels else f"field #{bit}"

    def edge_ends(self, edge: int) -> tuple[int, int]:
        """The two fields (lower bit index first) of an edge bit."""
        d, lo = divmod(edge.bit_length() - 1, self.stride)
        return lo, lo + self.forward[d]

    def edge_label(self, edge: int) -> str:
        a, b = self.edge_ends(edge)
        return f"{self.label(a)}|{self.label(b)}"

    def field(self, label: str | int) -> int:
        """The bit index of ``F12``, ``f12`` or ``12``; ``KeyError`` with the label if unknown."""
        text = str(label).strip().upper().removeprefix("F")
        try:
            return self.by_label[int(text)]
        except (ValueError, KeyError):
            raise KeyError(f"unknown field {label!r}") from None

    def of_kind(self, *symbols: str) -> frozenset[int]:
        return frozenset(b for b, k in self.kinds.items() if k in symbols)


@dataclass(frozen=True)
class Board:
    """A floe restricted to the fields in play for one game, with precomputed tables.

    ``steps[f]`` lists ``(g, edge_bit)`` for each neighbour g in play; ``c_lines[f]`` and
    ``d_lines[f]`` list the edge bits of the C-lines and d-lines of f (N7). ``open3`` holds, for
    the three forward directions, the mask of fields whose edge in that direction exists; a flood
    fill over uncracked edges uses them with shifts (see :meth:`flood`).
    """

    floe: Floe
    in_play: frozenset[int]
    mask: int = 0
    igloos: int = 0
    stride: int = 0
    steps: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    c_lines: dict[int, tuple[int, ...]] = field(default_factory=dict)
    d_lines: dict[int, tuple[int, ...]] = field(default_factory=dict)
    edges: dict[int, tuple[int, int]] = field(default_factory=dict)  # edge bit -> (f, g), f < g
    open3: tuple[int, int, int] = (0, 0, 0)
    shifts: tuple[int, int, int] = (0, 0, 0)
    around: dict[int, int] = field(default_factory=dict)  # field -> mask of its edges in play
    neighbours: dict[int, int] = field(default_factory=dict)  # field -> mask of its neighbours
    # edge -> per field next to both its ends: the mask of the two edges of the way round it
    detours: dict[int, tuple[int, ...]] = field(default_factory=dict)
    lines: dict[int, int] = field(default_factory=dict)  # field -> mask of its C- and d-lines
    c_mask: dict[int, int] = field(default_factory=dict)  # field -> mask of its C-lines
    # (field, the cracks round it) -> its steps over uncracked edges, ``(g, False)``; and by
    # kayak, every step, ``(g, across a crack)`` (N9, N25): movers and bears aside
    over_ice: dict[tuple[int, int], Steps] = field(default_factory=dict, repr=False)
    by_kayak: dict[tuple[int, int], Steps] = field(default_factory=dict, repr=False)
    # (field, the cracks on its C-lines, or on all its lines if none is free: ``crack_key``)
    # -> the edges its crack may go on (N7)
    crack_edges: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict, repr=False)
    # what the rules work out of the tables, kept across states and games: the crack lists
    # (``moves.crack_actions``)
    local: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def __reduce__(self) -> tuple[Any, ...]:
        """A board travels (to a bot's worker, with every view it is asked about) as its map
        and its fields in play: the other process builds it once and shares it, rather than
        unpickling the tables, and ``local`` with them, with every request. (``local`` grows
        with the games played: carried along, a request once weighed 400 KB and more, and the
        kiosk's demo bots answered a frame late.)"""
        return shared_board, (self.floe.rows, self.in_play)

    @classmethod
    def build(cls, floe: Floe, in_play: frozenset[int]) -> Board:
        stride = floe.stride
        offsets = floe.offsets
        forward = floe.forward
        edge_bit = floe.edge_bit

        steps: dict[int, tuple[tuple[int, int], ...]] = {}
        c_lines: dict[int, tuple[int, ...]] = {}
        d_lines: dict[int, tuple[int, ...]] = {}
        edges: dict[int, tuple[int, int]] = {}
        open3 = [0, 0, 0]
        for f in sorted(in_play):
            around = [f + off for off in offsets]
            steps[f] = tuple((g, edge_bit(f, g)) for g in around if g in in_play)
            d_lines[f] = tuple(e for _, e in steps[f])
            c_lines[f] = tuple(
                edge_bit(a, b)
                for a, b in zip(around, around[1:] + around[:1], strict=True)
                if a in in_play and b in in_play
            )
            for g, e in steps[f]:
                if g > f:
                    edges[e] = (f, g)
                    open3[forward.index(g - f)] |= 1 << f
        mask = sum(1 << f for f in in_play)
        igloos = sum(1 << f for f in in_play if floe.kinds[f] == IGLOO)
        edges_of = {f: sum(d_lines[f]) for f in d_lines}  # distinct bits: the sum is their OR
        near = {f: dict(steps[f]) for f in steps}  # field -> neighbour -> edge
        detours = {
            e: tuple(near[a][c] | near[c][b] for c in near[a] if c in near[b])
            for e, (a, b) in edges.items()
        }
        return cls(
            floe, in_play, mask, igloos, stride, steps, c_lines, d_lines, edges,
            (open3[0], open3[1], open3[2]), forward, edges_of,
            {f: sum(1 << g for g, _ in steps[f]) for f in steps}, detours,
            {f: sum(set(c_lines[f]) | set(d_lines[f])) for f in c_lines},
            {f: sum(set(c_lines[f])) for f in c_lines},
            *_ice_tables(steps), _crack_tables(c_lines, d_lines),
        )  # fmt: skip

    def crack_key(self, f: int, cracks: int) -> int:
        """What of ``cracks`` decides where the crack for field ``f`` may go (N7): the cracks
        on its C-lines while one of them is free, else those on all its lines (the C-lines'
        bits all set: never the first kind of key)."""
        c_lines = self.c_mask[f]
        near = cracks & c_lines
        return cracks & self.lines[f] if near == c_lines else near

    # -- cracks --------------------------------------------------------------------------------
    def edge(self, a: int, b: int) -> int:
        """The edge bit between fields a and b; ``KeyError`` if they share no edge in play."""
        for g, e in self.steps.get(a, ()):
            if g == b:
                return e
        raise KeyError(f"{self.floe.label(a)} and {self.floe.label(b)} share no edge in play")

    def crack_options(self, f: int, cracks: int) -> tuple[int, ...]:
        """N7: the free C-lines of f if any, else its free d-lines, else none."""
        free = tuple(e for e in self.c_lines[f] if not cracks & e)
        if free:
            return free
        return tuple(e for e in self.d_lines[f] if not cracks & e)

    def open_masks(self, cracks: int) -> tuple[int, int, int]:
        full = (1 << self.stride) - 1
        o0, o1, o2 = self.open3
        s = self.stride
        return (
            o0 & ~(cracks & full),
            o1 & ~((cracks >> s) & full),
            o2 & ~((cracks >> (2 * s)) & full),
        )

    def grow(self, reach: int, open3: tuple[int, int, int]) -> int:
        """``reach`` plus every field one open edge away (``open3`` from :meth:`open_masks`)."""
        o0, o1, o2 = open3
        s0, s1, s2 = self.shifts
        return (
            reach
            | (reach & o0) << s0
            | (reach >> s0) & o0
            | (reach & o1) << s1
            | (reach >> s1) & o1
            | (reach & o2) << s2
            | (reach >> s2) & o2
        )

    def spread(
        self, seeds: int, open3: tuple[int, int, int], target: int = 0, also: int = -1
    ) -> tuple[int, bool]:
        """The flood from ``seeds`` over the ``open3`` edges, and whether it stopped early: as
        soon as it held a field of ``target`` and one of ``also`` (never, for no ``target``).
        The one flood of the rules: ``grow`` written out in its loop, since the rules flood at
        every turn's end."""
        o0, o1, o2 = open3
        s0, s1, s2 = self.shifts
        reach = seeds
        while not (reach & target and reach & also):
            grown = (
                reach
                | (reach & o0) << s0
                | (reach >> s0) & o0
                | (reach & o1) << s1
                | (reach >> s1) & o1
                | (reach & o2) << s2
                | (reach >> s2) & o2
            )
            if grown == reach:
                return reach, False
            reach = grown
        return reach, True

    def flood(self, seeds: int, cracks: int) -> int:
        """Every field reachable from ``seeds`` over uncracked edges (pieces are ignored)."""
        return self.spread(seeds, self.open_masks(cracks))[0]

    def flood_short_of(self, seeds: int, cracks: int, target: int) -> int:
        """``flood(seeds, cracks)`` if it never reaches ``target``, else 0: it stops as soon as
        it does (a crack's split asks whether a way round is left, and if none, which side is
        cut off: one flood answers both)."""
        reach, stopped = self.spread(seeds, self.open_masks(cracks), target)
        return 0 if stopped else reach

    def reaches(self, seeds: int, target: int, open3: tuple[int, int, int], also: int = -1) -> bool:
        """Whether a flood from ``seeds`` over the ``open3`` edges (``open_masks``) reaches a
        field of ``target`` (and one of ``also``): ``flood_short_of`` for open masks worked out
        once for several floods."""
        return self.spread(seeds, open3, target, also)[1]

    def regions(self, cracks: int) -> tuple[int, ...]:
        """The fields in play split into regions: each a mask of the fields that uncracked
        edges connect (a flood from any of its fields), in no particular order."""
        out = []
        left = self.mask
        opens = self.open_masks(cracks)  # every flood crosses the same edges
        while left:
            region = self.spread(left & -left, opens)[0]
            out.append(region)
            left &= ~region
        return tuple(out)

    def split(self, regions: tuple[int, ...], cracks: int, edge: int) -> tuple[int, ...]:
        """``regions(cracks)``, given ``regions`` of the cracks before ``edge`` was cracked
        (in any order: a crack cuts one region in two, or changes nothing)."""
        ends = self.edges.get(edge)
        if ends is None:
            return regions  # not an edge in play: no flood ever crosses it
        for way in self.detours[edge]:
            if not cracks & way:
                return regions  # a way round the crack by a field next to both its ends
        a, b = ends
        side = self.flood_short_of(1 << a, cracks, 1 << b)
        if not side:
            return regions  # a longer way round
        out: list[int] = []
        for region in regions:
            if region & side:
                out += (side, region & ~side)
            else:
                out.append(region)
        return tuple(out)

    def crossings(self, region: int, cracks: int) -> int:
        """Fields one *cracked* edge away from ``region`` (a kayak crossing out of it)."""
        full = (1 << self.stride) - 1
        out = 0
        for d, shift in enumerate(self.shifts):  # the cracked edges of each forward direction
            cracked = (cracks >> d * self.stride) & full  # by the edge's lower end
            out |= (region & cracked) << shift | (region >> shift) & cracked
        return out & self.mask & ~region

    def reach(self, seeds: int, cracks: int, kayak: bool) -> int:
        """Fields reachable from ``seeds``; with a kayak, one cracked edge may be crossed (N26)."""
        near = self.flood(seeds, cracks)
        if not kayak:
            return near
        across = self.crossings(near, cracks)
        return near | (self.flood(across, cracks) if across else 0)


Steps = tuple[tuple[int, bool], ...]  # (field, across a crack by kayak) per step


def subsets(mask: int) -> list[int]:
    """Every mask of some of the bits of ``mask``, 0 and ``mask`` included."""
    out = []
    sub = mask
    while True:
        out.append(sub)
        if not sub:
            return out
        sub = (sub - 1) & mask


def _ice_tables(
    steps: dict[int, tuple[tuple[int, int], ...]],
) -> tuple[dict[tuple[int, int], Steps], dict[tuple[int, int], Steps]]:
    """``Board.over_ice`` and ``Board.by_kayak``: per field, for every set of cracks round it."""
    over_ice: dict[tuple[int, int], Steps] = {}
    by_kayak: dict[tuple[int, int], Steps] = {}
    for f, ways in steps.items():
        for cracks in subsets(sum(e for _, e in ways)):
            over_ice[f, cracks] = tuple((g, False) for g, e in ways if not cracks & e)
            by_kayak[f, cracks] = tuple((g, bool(cracks & e)) for g, e in ways)
    return over_ice, by_kayak


def _crack_tables(
    c_lines: dict[int, tuple[int, ...]], d_lines: dict[int, tuple[int, ...]]
) -> dict[tuple[int, int], tuple[int, ...]]:
    """``Board.crack_edges``: N7, the free C-lines if any, else the free d-lines, per field for
    every ``crack_key``."""
    out: dict[tuple[int, int], tuple[int, ...]] = {}
    for f, c_edges in c_lines.items():
        c_mask, d_mask = sum(c_edges), sum(d_lines[f])
        for cracks in subsets(c_mask):
            if cracks != c_mask:
                out[f, cracks] = tuple(e for e in c_edges if not cracks & e)
        for cracks in subsets(d_mask):
            out[f, c_mask | cracks] = tuple(e for e in d_lines[f] if not cracks & e)
    return out


@functools.cache
def shared_board(rows: tuple[str, ...], in_play: frozenset[int]) -> Board:
    """The one board of this process for a map and its fields in play (its caches shared by
    every state and game on it)."""
    return Board.build(Floe.from_rows(rows), in_play)
