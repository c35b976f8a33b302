"""Issue 29, item 7: no silent choices. When only one of a player's pieces can move, the rules
set it on its way without asking (N13: hunter 1 stuck, hunter 2 moves); the question line says
so ("Only hunter 2 can move"), his sheet does not claim that both move, and a click on the
stuck piece says why it cannot move instead of a refusal about a field (120, 121).
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from nanuuk_positions import field, position

from game import i18n
from game.games.nanuuk.rules import NanuukState, turn
from game.games.nanuuk.rules.actions import Choose
from game.games.nanuuk.view import panels
from game.games.nanuuk.view.layout import ASK_AREA, ASK_RECT, sheet_rect
from game.i18n import LANGUAGES, tr
from game.play.config import GameConfig, Seat
from game.ui import theme
from tests.scenes_support import table_class

NAMES = ("Wilhelmina Max", "Ben")  # a name as long as the set-up allows (14)


def stuck_hunter_1() -> NanuukState:
    """The position of 120: hunter 1 on F7 between a crack (F7|F16) and hunter 4 (F8), so
    the rules move hunter 2 without asking; not stuck by the ice alone (N13), so no loss."""
    return position(
        "intro", list(NAMES), {"hunter 1": "F7", "hunter 2": "F30", "hunter 3": "F48",
                               "hunter 4": "F8"},
        cracks=("F39|F40", "F7|F16"), turns=(1, 1),
    )  # fmt: skip


# ---- the rules: which pieces were passed over ---------------------------------------------------
def test_the_rules_say_which_piece_was_passed_over_because_it_cannot_move() -> None:
    state = stuck_hunter_1()
    assert state.phase == "step" and state.spec.movers[state.mover].id == "hunter 2"
    assert [state.spec.movers[i].id for i in turn.passed_over(state)] == ["hunter 1"]
    stepped = state.apply(state.legal_actions()[0])
    assert turn.passed_over(stepped) == ()  # only at the first question of the turn


def test_nobody_is_passed_over_when_the_player_chooses() -> None:
    free = position("intro", 2, {"hunter 1": "F12", "hunter 2": "F30", "hunter 3": "F48",
                                 "hunter 4": "F8"})  # fmt: skip
    assert free.phase == "choose" and turn.passed_over(free) == ()
    chosen = free.apply(Choose("hunter 2"))
    assert chosen.phase == "step" and turn.passed_over(chosen) == ()


def test_no_bear_that_can_move_is_said_too() -> None:
    """N18: a player moves a polar bear, then his own Inuk; with every bear stuck his Inuk
    moves at once."""
    state = no_bear_can_move()
    assert state.phase == "step" and state.spec.movers[state.mover].id == "Inuk 1"
    assert [state.spec.movers[i].id for i in turn.passed_over(state)] == ["bear 1"]


def test_choosing_the_stuck_piece_is_refused_as_stuck() -> None:
    state = stuck_hunter_1()
    refusal = state.why_not(Choose("hunter 1"))
    assert refusal is not None and refusal.code == "stuck"
    assert refusal.params == {"mover": "hunter 1"}
    other = state.why_not(Choose("hunter 3"))
    assert other is not None and other.code == "not_this_piece"


# ---- the screen: the question line, and a click on the stuck hunter ----------------------------
@pytest.fixture
def plain_theme() -> Iterator[None]:
    yield
    theme.configure(False, 1.0, False)
    i18n.set_language("en")


def open_at(drive, state: NanuukState, variant: str = "intro"):
    config = GameConfig("nanuuk", variant, tuple(Seat(n) for n in NAMES), 3)
    drive.app.scenes.reset(table_class("nanuuk"), config=config, start=state)
    drive.frames(3)
    return drive.app.scenes.stack[0]


def asked(recording: theme.Recording) -> str:
    """The question line as drawn: its lines inside the question's panel, joined."""
    return " ".join(t for t, r in recording.texts if ASK_RECT.collidepoint(r.center))


def no_bear_can_move() -> NanuukState:
    """N18: every polar bear stuck (bear 1 on F48: a crack, Inuk 2), so Inuk 1 moves at once."""
    return position("bear-fear", list(NAMES), {"bear 1": "F48", "Inuk 1": "F30", "Inuk 2": "F40"},
                    cracks=("F48|F39",), turns=(1, 1))  # fmt: skip


@pytest.mark.parametrize("scale", [1.0, 1.3])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("case", ["hunter", "bear"])
def test_the_question_line_names_the_only_piece_that_can_move(
    drive, plain_theme, case, language, scale
) -> None:
    i18n.set_language(language)
    theme.configure(False, scale, False)
    if case == "hunter":
        scene = open_at(drive, stuck_hunter_1())
        mover = tr("nanuuk.mover.hunter", n=2)
        wanted = tr("nanuuk.ask.step_only", name=NAMES[0], mover=mover)
    else:
        scene = open_at(drive, no_bear_can_move(), "bear-fear")
        mover = tr("nanuuk.mover.inuk", n=1)
        wanted = tr("nanuuk.ask.step_no_bear", name=NAMES[0], mover=mover)
    assert scene.question() == wanted
    recording = theme.start_recording()
    try:
        scene.painted.reset()
        drive.frames(2)
    finally:
        theme.stop_recording(recording)
    assert asked(recording) == wanted  # all of it drawn, in the panel
    assert wanted not in [whole for whole, _ in recording.cuts] and not recording.outside
    lines = [r for t, r in recording.texts if ASK_RECT.collidepoint(r.center)]
    assert len(lines) <= 2 and all(ASK_AREA.contains(r) for r in lines)  # where it is painted


@pytest.mark.parametrize("scale", [1.0, 1.3])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("case", ["hunter", "bear"])
def test_the_sheet_does_not_say_a_stuck_piece_moves(
    drive, plain_theme, case, language, scale
) -> None:
    """120: the sheet said "Moves: hunter 1 and hunter 2" while hunter 1 could not move."""
    i18n.set_language(language)
    theme.configure(False, scale, False)
    if case == "hunter":
        scene = open_at(drive, stuck_hunter_1())
        free, held = tr("nanuuk.mover.hunter", n=2), tr("nanuuk.mover.hunter", n=1)
        both = [tr("nanuuk.mover.hunter", n=1), free]
    else:
        scene = open_at(drive, no_bear_can_move(), "bear-fear")
        free, held = tr("nanuuk.mover.inuk", n=1), tr("nanuuk.sheet.stuck_bear")
        both = [tr("nanuuk.sheet.the_bear"), free]
    stuck = tr("nanuuk.sheet.stuck", pieces=held)
    wanted = tr("nanuuk.sheet.moves_but", pieces=free, stuck=stuck)
    assert panels.moved_by(scene.state, 0) == wanted
    assert wanted != tr("nanuuk.sheet.moves", pieces=i18n.listing(both))
    recording = theme.start_recording()
    try:
        scene.painted.reset()
        drive.frames(2)
    finally:
        theme.stop_recording(recording)
    card = sheet_rect(0, 2)
    lines = pygame.Rect(card.x, card.y + 40, card.w, card.h - 40)  # under the name row
    drawn = " ".join(t for t, r in recording.texts if card.contains(r) and lines.contains(r))
    assert drawn == wanted  # all of it, on his card (a long name is shortened, as ever)
    assert not [whole for whole, _ in recording.cuts if whole != NAMES[0]]
    other = panels.moved_by(scene.state, 1)
    if case == "hunter":  # the other player's hunters can move
        assert other.startswith(tr("nanuuk.sheet.moves", pieces="")) and held not in other
    else:  # the polar bear is his too (N18)
        assert other.endswith(stuck)


def test_the_sheet_names_the_stuck_piece_while_the_move_goes_on() -> None:
    """After hunter 2 stepped, hunter 1 is still stuck: the sheet still says so; once every
    piece is free again it lists both."""
    state = stuck_hunter_1()
    stepped = state.apply(state.legal_actions()[0])
    assert turn.stuck(stepped, 0) == (state.spec.index["hunter 1"],)
    assert panels.moved_by(stepped, 0) == tr(
        "nanuuk.sheet.moves_but", pieces=tr("nanuuk.mover.hunter", n=2),
        stuck=tr("nanuuk.sheet.stuck", pieces=tr("nanuuk.mover.hunter", n=1)))  # fmt: skip
    free = position("intro", 2, {"hunter 1": "F12", "hunter 2": "F30", "hunter 3": "F48",
                                 "hunter 4": "F8"})  # fmt: skip
    assert turn.stuck(free, 0) == () and panels.moved_by(free, 0) == tr(
        "nanuuk.sheet.moves", pieces=i18n.listing(
            [tr("nanuuk.mover.hunter", n=1), tr("nanuuk.mover.hunter", n=2)]))  # fmt: skip


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_click_on_the_stuck_hunter_says_it_cannot_move(drive, plain_theme, language) -> None:
    """121: the click on hunter 1 said "Only a neighbouring field can be entered"."""
    i18n.set_language(language)
    theme.configure(False, 1.3, False)
    scene = open_at(drive, stuck_hunter_1())
    recording = theme.start_recording()
    try:
        drive.click(tuple(map(round, scene.layout.centre(field("F7")))))
    finally:
        theme.stop_recording(recording)
    text = tr("refusal.nanuuk.stuck", mover=tr("nanuuk.mover.hunter", n=1))
    assert scene.notice is not None and scene.notice[0] == text
    assert scene.state.spec.movers[scene.state.mover].id == "hunter 2" and not scene.moves
    assert text in [t for t, _ in recording.texts] and not recording.cuts


def test_two_hunters_on_one_igloo_are_chosen_by_their_buttons(drive) -> None:
    """The full game's hunters share an igloo (N9): a click on it could mean either, so each
    has its button, the guide points at the one it suggests, and a click plays that one."""
    state = position("full", 2, {"hunter 1": "F17", "hunter 2": "F17", "hunter 3": "F22",
                                 "hunter 4": "F47"}, options={"two-hunters": True})  # fmt: skip
    assert state.phase == "choose"
    config = GameConfig("nanuuk", "full", tuple(Seat(n) for n in NAMES), 3,
                        {"two-hunters": True}, guided=True)  # fmt: skip
    drive.app.scenes.reset(table_class("nanuuk"), config=config, start=state)
    drive.frames(3)
    scene = drive.app.scenes.stack[0]
    assert not [t for t in scene.board_targets() if isinstance(t[2], Choose)]
    assert set(scene.action_rects) == {Choose("hunter 1"), Choose("hunter 2")}
    hint = scene.guide_hint()
    assert hint.target == ("button", hint.action)
    rect = scene.guide_rect(hint.target)
    assert rect == scene.action_rects[hint.action]
    drive.click(rect.center)
    assert scene.moves == [hint.action.to_dict()]
    assert pygame.Rect(0, 0, 1920, 1080).contains(rect)
