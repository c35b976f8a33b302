"""The markers of each other player's last turn on the board (issue 29, item 3), at every table:
after a rival's turn its marks stand on the board in its colour (and shape), under the pieces
(every piece looks as it does without them); when that rival moves again they go (its new
turn's marks stand instead). And they tell no secret: what a Kap Hoorn player drew or holds,
the number behind Der Berg ruft's screen, leave no mark.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame
import pytest
from test_move_log import open_table, table_config

from game.games.bergruft.rules import RULES as BERG
from game.games.bergruft.rules import BergState, SetFlags
from game.games.bergruft.view import mountain
from game.games.bergruft.view import trail as berg_trail
from game.games.kaphoorn.rules import RULES as KAP
from game.games.kaphoorn.rules.actions import Buy, End
from game.games.kaphoorn.view import wake
from game.play.trails import Trails
from tests.games_support import shipped

Point = tuple[float, float]


def pieces(table: Any) -> list[Point]:
    """Where the table's pieces stand (their middles), by game."""
    st, game = table.state, table.config.game
    if game == "kaphoorn":
        return [table.layout.centre(f) for f in st.ships]
    if game == "nanuuk":
        return [table.layout.centre(p) for p in st.pos if p >= 0]
    if game == "bergruft":
        scratch = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        out = []
        for (seat, figure), track in table.tracks.items():
            feet = mountain.anchor(track.position, seat, st.players)
            mark = table.seat_mark(seat)
            rect = mountain.draw_figure(scratch, figure, mark[1], mark[0], feet)
            out.append((float(rect.centerx), float(rect.centery)))
        return out
    raise AssertionError(f"no pieces known for {game}")


def painted(table: Any) -> None:
    """A board painted over the first frames (Kap Hoorn's chart, Nanuuk!'s floe) is there to
    draw, however slow the machine."""
    floe = getattr(table, "renderer", None)
    if floe is not None and hasattr(floe, "in_play"):
        for _ in range(1000):
            if floe.paint(1.0):
                break
        assert floe.painted, "the floe is never painted"
    chart = getattr(table, "chart_view", None)
    for _ in range(100):
        if chart is None or chart.paint(1.0):
            return
        table.wait_background(60.0)
    raise AssertionError("the chart is never painted")


def pictures(table: Any) -> tuple[pygame.Surface, pygame.Surface]:
    """The board as drawn now, and the same moment drawn with no marks of the last turns."""
    painted(table)
    shown = pygame.Surface((1920, 1080))
    table.draw_board(shown, 1.0)
    drawn = list(table.trail_drawn)
    kept, table.trails = table.trails, Trails()
    bare = pygame.Surface((1920, 1080))
    table.draw_board(bare, 1.0)
    table.trails, table.trail_drawn = kept, drawn
    return shown, bare


def stepper(drive: Any, table: Any, seed: int) -> Callable[[], int | None]:
    """One random legal action (one that does not end the game) played through the table, the
    table let settle; returns the seat that was to move."""
    rng = random.Random(seed)

    def step() -> int | None:
        st = table.state
        actor = st.current_player
        on = [a for a in st.legal_actions() if not st.apply(a).is_over()]
        assert on, "the game would end"
        table.play(rng.choice(on))
        table.skip()
        drive.frames(2)
        while drive.scene is not table:  # a hand-off screen: the person is there
            drive.scene.confirm()
            drive.frames(2)
        table.skip()
        drive.frames(1)
        return actor

    return step


@pytest.mark.parametrize("game", shipped())
def test_a_rivals_last_turn_is_marked_until_he_moves_again(drive, game):
    table = open_table(drive.app, table_config(game, everybody="human", seed=11))
    step = stepper(drive, table, seed=4)
    rival = None
    for _ in range(200):
        mover = table.state.current_player
        shown = table.trail_marks()
        rivals = [s for s, marks in sorted(shown.items()) if marks and s != mover]
        if rivals and table.moves:
            rival = rivals[0]
            break
        step()
    assert rival is not None, f"{game}: no rival's turn is ever marked"
    old = list(table.trail_marks()[rival])
    with_marks, bare = pictures(table)
    rects = [r for seat, r in table.trail_drawn if seat == rival]
    assert rects, f"{game}: seat {rival}'s last turn {old} is not drawn"
    colour = table.colours[rival]
    assert any(with_marks.get_at(r.center)[:3] == colour for r in rects), (
        f"{game}: seat {rival}'s markers are not in its colour"
    )
    assert any(with_marks.get_at(r.center) != bare.get_at(r.center) for r in rects)
    for x, y in pieces(table):  # drawn under the pieces: every piece stays whole
        at = (round(x), round(y))
        assert with_marks.get_at(at) == bare.get_at(at), f"{game}: a marker covers a piece"

    acted = False  # the rival moves again, and its turn passes on
    for _ in range(200):
        if acted and table.state.current_player != rival:
            break
        acted |= step() == rival
    assert acted and table.state.current_player != rival
    now = table.trail_marks().get(rival, [])
    assert not [m for m in old if m in now], f"{game}: seat {rival}'s old markers stay"
    with_marks, bare = pictures(table)
    current = [r for _, r in table.trail_drawn]
    gone = [r for r in rects if r.collidelist(current) < 0]
    assert gone, f"{game}: the new markers lie where the old ones did: the test proves nothing"
    for r in gone:
        assert with_marks.get_at(r.center) == bare.get_at(r.center), (
            f"{game}: an old marker of seat {rival} still stands at {r}"
        )


def test_a_person_to_move_sees_the_others_marks_not_his_own(drive):
    """What he did last he knows; the others' turns since are what he looks for."""
    table = open_table(drive.app, table_config("kaphoorn", everybody="human", seed=11))
    step = stepper(drive, table, seed=4)
    while len({s for s, marks in table.trails.last_turns().items() if marks}) < 3:
        step()
    mover = table.state.current_player
    if not table.trails.last_turns().get(mover):
        while table.state.current_player == mover or not table.trails.last_turns().get(
            table.state.current_player
        ):
            step()
        mover = table.state.current_player
    assert mover not in table.trail_marks()
    assert {s for s, marks in table.trails.last_turns().items() if marks} - {mover} <= set(
        table.trail_marks()
    )


# ---- no secret in a marker --------------------------------------------------------------------
def test_kap_hoorn_marks_show_only_public_things():
    """Over random games: every mark is a wake (the ship's public voyage) or a laid card (face
    up on the chart); a drawn card leaves none; and the marks of an action do not change when
    the hands and the pile (what the player may not know) are dealt anew."""
    from tests.games.kaphoorn.test_kaphoorn_secrecy import rehide

    rng = random.Random(29)
    kinds = set()
    for game in range(12):
        state = KAP.new_game("standard", 3 + game % 3, seed=rng.randrange(10**9))
        while not state.is_over():
            action = rng.choice(state.legal_actions())
            new = state.apply(action)
            marks = wake.entries(state, action, new)
            for seat, _, mark in marks:
                assert seat == state.seat
                if mark is not None:
                    kinds.add(mark[0])
                    if mark[0] == "card":
                        assert new.cards[mark[1]] is not None, "a mark on a card not laid"
            if isinstance(action, Buy | End):
                assert all(mark is None for _, _, mark in marks), "a drawn card left a mark"
            other = rehide(state, (state.seat + 1) % state.players, rng)
            if action in other.legal_actions():
                assert wake.entries(other, action, other.apply(action)) == marks
            state = new
    assert kinds == {"card", "wake"}


def test_der_berg_ruft_marks_never_tell_the_number_behind_the_screen():
    """Setting the flags leaves no mark, whichever the number: the figures' steps are marked
    only once the turn is resolved, when everyone has seen the number."""
    rng = random.Random(8)
    for game in range(20):
        state: BergState = BERG.new_game(BERG.variants()[0].id, 2 + game % 3, seed=game)
        for _ in range(12):
            if state.is_over():
                break
            sets = [a for a in state.legal_actions() if isinstance(a, SetFlags)]
            if sets:
                seen = {repr(berg_trail.entries(state, a, state.apply(a))) for a in sets}
                assert len(seen) == 1, f"setting the flags leaves marks by the number: {seen}"
                first = berg_trail.entries(state, sets[0], state.apply(sets[0]))
                assert all(mark is None for _, _, mark in first)
            action = rng.choice(state.legal_actions())
            state = state.apply(action)
