"""How keys and a gamepad play Kap Hoorn (issue 29, item 9).

The focus is on one choice at a time: a field of the chart (where the picked card may be laid,
where the ship may sail), a playable card of the hand, or a button. An arrow (the D-pad, the
left stick) goes to the nearest choice that way on the screen (``game.ui.spatial``: within 45
degrees either side); the camera keeps a focused field in sight. Right from the
chart's east-most choice goes over to the buttons and the hand, Left from their west-most back
to the chart (to the field last focused there); with nothing that way an arrow does nothing (no
wrap). Tab and the shoulders go from the chart and the hand to the buttons, through them and
back; Confirm (Enter, Space, A) picks.

After every decision the focus goes to what a player most likely presses next (``likely``): a
picked card to the field where it opens the ship's course (else the one nearest the ship), a
laid card to the field the ship may now sail to (else the next card, else Stay), a sail, a
stay or a bought card to End turn, a new turn to its sail field or else the first playable
card; a guided first game's suggestion first. On a person's turn something always has it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.intents import Kind
from game.games.kaphoorn.bots.simple import course as rose_course
from game.games.kaphoorn.rules.actions import Ignore, KapAction, Play, Replace, Sail
from game.games.kaphoorn.rules.turn import course
from game.games.kaphoorn.view import hand
from game.games.kaphoorn.view.layout import BOARD_RECT
from game.play.table import PlayTable
from game.ui.spatial import STEPS, Point, nearest

if TYPE_CHECKING:
    from game.games.kaphoorn.view.chartlayout import ChartLayout

BUTTONS = ("stay", "ignore", "again", "buy", "end", "undo")  # in the order they are built
CHART, ZOOM, PANEL = "chart", "zoom", "panel"  # where a choice lies: the chart, its margin, right

# ("card", wind, None), ("field", field, its action) or ("button", its place in the ring, None)
FocusItem = tuple[str, int, KapAction | None]
Spot = tuple[FocusItem, Point, str]  # a choice, its middle on the screen, where it lies


class KapKeys(PlayTable):
    """The keyboard's and gamepad's focus on the Kap Hoorn table (see the module)."""

    selected: int | None
    ignoring: bool
    keys_board: bool = True  # the focus is on the chart or the hand (else on a button)
    keys_at: tuple[str, int] | None = None  # the card or field it is on there
    keys_chart: int | None = None  # the chart's field it was last on (Left comes back to it)
    keys_for: object = None  # the decision the focus went to its likely choice for

    if TYPE_CHECKING:  # what it asks of KapHoornScene (scene.py)

        @property
        def layout(self) -> ChartLayout: ...
        def select(self, wind: int) -> None: ...
        def hand_slots(self) -> list[tuple[pygame.Rect, int]]: ...
        def playable_winds(self) -> set[int]: ...
        def board_targets(self) -> list[tuple[int, KapAction, str]]: ...

    # ---- the choices ----------------------------------------------------------------------------
    def spots(self) -> list[Spot]:
        """Every choice the keys can go to now, where it is: none but on a person's turn."""
        if not self.human_turn:
            return []
        out: list[Spot] = [(("field", f, a), self.layout.centre(f), CHART)
                           for f, a, _ in self.board_targets()]  # fmt: skip
        playable, seen = self.playable_winds(), set()
        for rect, wind in self.hand_slots():
            if wind in playable and wind not in seen:  # two cards of one wind are one choice
                seen.add(wind)
                shown = hand.lifted(rect, wind, self.selected)
                out.append((("card", wind, None), _middle(shown), PANEL))
        for n, item in enumerate(self.ring.items):
            if item.enabled:
                place = PANEL if n < len(BUTTONS) else ZOOM
                out.append((("button", n, None), _middle(item.element.rect), place))
        return out

    def focused(self) -> FocusItem | None:
        """The choice the keys are on (None while nobody here is asked anything): a new
        decision's likely one, and that again when the one it was on has gone."""
        spots = self.spots()
        if not spots:
            return None
        if self._decision() != self.keys_for:
            self.keys_for = self._decision()
            self.focus_on(self.likely(spots))
        found = self._find(spots)
        if found is None:  # a button greyed out, a field no longer offered
            self.focus_on(self.likely(spots))
            found = self._find(spots)
        return found

    def focus_on_board(self) -> bool:
        """The focus is on a field or a card (the chart or hand marks it, no ring is drawn)."""
        focused = self.focused()
        return focused is not None and focused[0] != "button"

    def focus_on(self, item: FocusItem | None) -> None:
        if item is None:
            return
        kind, value, _ = item
        if kind == "button":
            if value < len(self.ring.items):
                self.keys_board = False
                self.ring.focus(self.ring.items[value].element)
            return
        self.keys_board, self.keys_at = True, (kind, value)
        if kind == "field":
            self.keys_chart = value

    def focus_now(self, kind: str, value: int) -> None:
        """Put the focus on a choice for this decision (the card a Back has put down)."""
        self.keys_for = self._decision()
        self.focus_on((kind, value, None))

    def _decision(self) -> object:
        st = self.state
        return (len(self.moves), st.turn, st.phase, st.played, self.selected, self.ignoring)

    def _find(self, spots: list[Spot]) -> FocusItem | None:
        for item, _, _ in spots:
            if item[0] == "button":
                if not self.keys_board and item[1] == self.ring.index:
                    return item
            elif self.keys_board and (item[0], item[1]) == self.keys_at:
                return item
        return None

    # ---- the likely next choice ---------------------------------------------------------------
    def likely(self, spots: list[Spot]) -> FocusItem | None:
        """What a player most likely presses next (see the module)."""
        items = [item for item, _, _ in spots]
        if not items:
            return None
        by_key = {(item[0], item[1]): item for item in items}
        hint = self.guide_hint()
        if hint is not None:  # the guided first game's suggestion
            kind, where = hint.target
            if kind == "button":
                kind, where = "button", BUTTONS.index(where) if where in BUTTONS else -1
            if (kind, where) in by_key:
                return by_key[(kind, where)]
        fields = [item for item in items if item[0] == "field"]
        if fields:
            return self._best_field(fields)
        cards = [item for item in items if item[0] == "card"]
        if cards:
            return cards[0]
        for name in ("stay", "end"):  # nothing to lay or sail: stay; step 4: end the turn
            key = ("button", BUTTONS.index(name))
            if key in by_key:
                return by_key[key]
        return items[0]

    def _best_field(self, fields: list[FocusItem]) -> FocusItem:
        """The likeliest field: with a card picked, an end of the ship's course (there the card
        lets the ship sail; the end that leads nearest to a win), else the empty field nearest
        the ship, else a card to cover; else the sail (or ignore) that leads nearest to a
        wind rose or the finish."""
        st = self.state
        ship, roses, width = st.ships[st.seat], st.roses[st.seat], st.chart.width
        ends = {end for _, end in course(st)}

        def rank(item: FocusItem) -> tuple[int, int, int, int]:
            _, field, action = item
            (sr, sc), (fr, fc) = divmod(ship, width), divmod(field, width)
            near = max(abs(fr - sr), abs(fc - sc)) * 100 + (fr - sr) ** 2 + (fc - sc) ** 2
            if isinstance(action, Play):
                if field in ends:
                    return (0, rose_course(field, roses), near, field)
                return (1, near, 0, field)
            if isinstance(action, Replace):
                return (2, near, 0, field)
            assert isinstance(action, Sail | Ignore)
            return (0 if self.selected is None else 3, rose_course(field, roses), near, field)

        return min(fields, key=rank)

    # ---- keys and the pad ---------------------------------------------------------------------
    def handle_keys(self, kind: Kind) -> bool:
        """An arrow, Confirm, Tab or a shoulder on a person's turn; True if it was used here
        (Confirm on a button is the button's own)."""
        if kind not in (*STEPS, Kind.CONFIRM, Kind.NEXT, Kind.PREV):
            return False
        current = self.focused()
        if current is None:
            return False
        spots = self.spots()
        if kind in STEPS:
            self.focus_on(self._arrow(STEPS[kind], current, spots))
        elif kind is Kind.CONFIRM:
            if current[0] == "button":
                return False
            self._pick(current)
        else:
            self._tab(kind is Kind.NEXT, current, spots)
        return True

    def _pick(self, item: FocusItem) -> None:
        kind, value, action = item
        if kind == "card":
            self.select(value)  # its likeliest field takes the focus (a new decision)
        elif action is not None:
            self.play(action)

    def _arrow(self, step: tuple[int, int], current: FocusItem, spots: list[Spot]
               ) -> FocusItem | None:  # fmt: skip
        """The choice an arrow goes to from ``current`` (None: it stays)."""
        origin, place = next((at, p) for item, at, p in spots if item == current)
        same = [(item, at) for item, at, p in spots if p == place and item != current]
        return nearest(origin, step, same) or self._cross(step, place, origin, spots)

    def _cross(self, step: tuple[int, int], place: str, origin: Point, spots: list[Spot]
               ) -> FocusItem | None:  # fmt: skip
        """Right past the chart to the buttons and the hand; Left from them to the chart."""
        if step == (1, 0) and place in (CHART, ZOOM):  # the panel's choice nearest that side
            edge = (BOARD_RECT.right, min(max(origin[1], BOARD_RECT.top), BOARD_RECT.bottom))
            panel = [(_distance(edge, at), n, item) for n, (item, at, p) in enumerate(spots)
                     if p == PANEL]  # fmt: skip
            return min(panel)[2] if panel else None
        if step == (-1, 0) and place in (PANEL, ZOOM):
            chart = [item for item, _, p in spots if p == CHART]
            back = [item for item in chart if item[1] == self.keys_chart]
            return back[0] if back else self._best_field(chart) if chart else None
        return None

    def _tab(self, forward: bool, current: FocusItem, spots: list[Spot]) -> None:
        """Tab (a shoulder) from the chart and hand to the buttons, through them and back."""
        buttons = [item for item, _, _ in spots if item[0] == "button"]
        board = [spot for spot in spots if spot[0][0] != "button"]
        if current[0] != "button":
            if buttons:
                self.focus_on(buttons[0] if forward else buttons[-1])
            return
        n = buttons.index(current) + (1 if forward else -1)
        if 0 <= n < len(buttons) or not board:
            self.focus_on(buttons[n % len(buttons)])
            return
        back = [item for item, _, _ in board if (item[0], item[1]) == self.keys_at]
        self.focus_on(back[0] if back else self.likely(board))


def _middle(rect: pygame.Rect) -> Point:
    return (float(rect.centerx), float(rect.centery))


def _distance(a: Point, b: Point) -> float:
    return float((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2)
