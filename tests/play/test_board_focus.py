"""The keyboard's and gamepad's place on a play table's board (``BoardFocus``): arrows go from
target to target, Confirm picks, Tab goes to the buttons and comes back after the last one."""

from __future__ import annotations

from types import SimpleNamespace

from game.engine.intents import Kind
from game.ui.kit import BoardFocus, Focusable, FocusRing


def ring(*enabled: bool) -> FocusRing:
    out = FocusRing()
    for on in enabled:
        out.add(Focusable(SimpleNamespace(is_enabled=on, visible=True)))  # type: ignore[arg-type]
    return out


def test_arrows_go_round_the_targets_and_confirm_picks_the_focused_one() -> None:
    focus, picked = BoardFocus(), []
    buttons = ring(True)
    assert focus.handle(Kind.LEFT, 3, buttons, picked.append)
    assert focus.shown(3) == 2  # from the first target back to the last
    assert focus.handle(Kind.DOWN, 3, buttons, picked.append)
    assert focus.handle(Kind.CONFIRM, 3, buttons, picked.append)
    assert picked == [0]


def test_tab_comes_back_to_the_board_after_the_last_enabled_button() -> None:
    focus = BoardFocus()
    buttons = ring(True, True, False)  # a disabled undo button last
    assert focus.handle(Kind.NEXT, 4, buttons, print) and focus.shown(4) is None
    assert not focus.handle(Kind.NEXT, 4, buttons, print)  # the ring moves on to button 2
    buttons.index = 1
    assert focus.handle(Kind.NEXT, 4, buttons, print) and focus.on_board


def test_tab_over_buttons_that_are_all_disabled_comes_straight_back() -> None:
    focus = BoardFocus()
    buttons = ring(False)
    assert focus.handle(Kind.NEXT, 2, buttons, print) and not focus.on_board
    assert focus.handle(Kind.NEXT, 2, buttons, print) and focus.on_board


def test_without_targets_every_key_is_left_to_the_buttons() -> None:
    focus = BoardFocus()
    assert not any(focus.handle(k, 0, ring(True), print) for k in Kind)
