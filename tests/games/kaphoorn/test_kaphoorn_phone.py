"""Kap Hoorn on a phone (issue 30): the hooks that make the seat's page and choices, and the TV
side of a seat on a phone (no hand-off, no hand on the TV, the fields' letters on the chart).

The page and the choices are built from ``state.view(seat)`` only: two full states that differ
only in what the seat may not know give the same page and choices, to the byte. Each choice is a
legal action of the view, each legal action is a choice, and a field's letter is the one the TV
writes on it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pygame
import pytest

from game import i18n
from game.games.kaphoorn import phone
from game.games.kaphoorn.rules import KapState
from game.games.kaphoorn.rules.actions import Ignore, Play, Replace, Sail, action_from_dict
from game.games.kaphoorn.rules.chart import FORWARD
from game.games.kaphoorn.rules.turn import all_winds
from game.games.kaphoorn.scene import KapHoornScene
from game.games.kaphoorn.view import highlight
from game.phones.server import PhoneServer
from game.play.config import GameConfig, Seat
from tests.games.kaphoorn.test_kaphoorn_secrecy import positions, rehide
from tests.phones.phones_support import server  # noqa: F401 (the fixture: a real server)
from tests.phones.table_support import with_phones
from tests.scenes_support import table_class

POSITIONS = positions(games=12, seed=30)
LANGS = ("en", "nl", "de")


def test_letters_run_a_to_z_without_i_and_o_then_two_letters() -> None:
    firsts = [phone.letter(n) for n in range(26)]
    assert firsts[:3] == ["A", "B", "C"] and "I" not in firsts and "O" not in firsts
    assert firsts[23] == "Z" and firsts[24:] == ["AA", "AB"]
    made = [phone.letter(n) for n in range(24 * 25)]
    assert len(set(made)) == len(made)  # every letter names one field only


def test_every_offered_field_has_its_letter_in_reading_order() -> None:
    seen = 0
    for state in POSITIONS:
        seat = state.current_player
        if seat is None:
            continue
        view = state.view(seat)
        marks = phone.letters(view)
        fielded = Play | Replace | Sail | Ignore
        fields = {a.to for a in view.legal_actions() if isinstance(a, fielded)}
        assert set(marks) == fields
        assert [marks[f] for f in sorted(fields)] == [phone.letter(n) for n in range(len(fields))]
        seen += len(fields)
    assert seen > 100  # the test met fields enough


@pytest.mark.parametrize("lang", LANGS)
def test_the_choices_are_the_legal_actions_in_words(lang: str) -> None:
    i18n.set_language(lang)
    try:
        kinds = set()
        for state in POSITIONS:
            seat = state.current_player
            if seat is None:
                assert phone.choices(state.view(0), 0) == []
                continue
            view = state.view(seat)
            made = phone.choices(view, seat)
            actions = [action_from_dict(c["action"]) for c in made]
            assert actions == list(view.legal_actions())  # all of them, each once, in order
            marks = phone.letters(view)
            for choice, action in zip(made, actions, strict=True):
                kinds.add(choice["kind"])
                assert choice["label"] and "kaphoorn." not in choice["label"]  # words, no key
                assert "kaphoorn." not in choice["group"] + choice["place"] + choice["say"]
                if isinstance(action, Play | Replace | Sail | Ignore):
                    assert choice["tv"] == marks[action.to]
                    assert choice["field"] == view.chart.label(action.to)
                    assert choice["label"].startswith(choice["tv"] + ":")
                else:
                    assert choice["tv"] is None and choice["field"] is None
                if isinstance(action, Play | Replace):
                    assert choice["card"] == all_winds()[action.wind].name
                    assert choice["forward"] == FORWARD[view.chart.zone[action.to]]
            # no two fields of one list read alike (the letter is not all that tells them apart)
            lists: dict[tuple[str, str | None], list[str]] = {}
            for choice in made:
                if choice["tv"] is not None:
                    words = choice["place"] if choice["card"] else choice["say"]
                    lists.setdefault((choice["kind"], choice["card"]), []).append(words)
            for listed in lists.values():
                assert len(set(listed)) == len(listed), listed
            others = [s for s in range(state.players) if s != seat]
            assert phone.choices(state.view(others[0]), others[0]) == []  # not its turn
            question = phone.question(view, seat)
            assert question and "kaphoorn." not in question
        assert kinds == {"play", "replace", "sail", "ignore", "stay", "again", "buy", "end"}
    finally:
        i18n.set_language("en")


def test_the_page_shows_the_hand_as_the_tv_draws_it() -> None:
    for state in POSITIONS[:200]:
        for seat in range(state.players):
            view = state.view(seat)
            page = phone.page(view, seat)
            forward = FORWARD[view.chart.zone[view.ships[seat]]]  # the TV's hand (drawing.py)
            assert [c["wind"] for c in page["hand"]] == [
                all_winds()[w].name for w in state.hands[seat]
            ]
            for card, wind in zip(page["hand"], state.hands[seat], strict=True):
                assert card["distance"] == all_winds()[wind].distance
                assert card["arrows"] == list(all_winds()[wind].turned(forward))
                assert card["forward"] == forward
            assert page["sail"] == state.sail[seat] and page["pile"] == len(state.pile)
            assert json.loads(json.dumps(page)) == page  # it travels as JSON


def test_page_and_choices_hold_nothing_the_seat_may_not_know() -> None:
    """The same view from different hidden parts: the same page and choices (K10)."""
    rng = random.Random(30)
    changed = 0
    for state in POSITIONS:
        for seat in range(state.players):
            made = _phone_side(state, seat)
            other = rehide(state, seat, rng)
            changed += other.hands != state.hands or other.pile != state.pile
            assert _phone_side(other, seat) == made
    assert changed > len(POSITIONS)  # the hidden parts really differed


def _phone_side(state: KapState, seat: int) -> str:
    view = state.view(seat)
    made = {"page": phone.page(view, seat), "choices": phone.choices(view, seat),
            "question": phone.question(view, seat)}  # fmt: skip
    return json.dumps(made, sort_keys=True)


# ---- the TV with a seat on a phone -------------------------------------------------------------


def config(kinds: list[str], phones: set[int], seed: int = 4) -> GameConfig:
    names = ("Anna", "Ben", "Cleo")
    colours = ("red", "blue", "yellow")
    seats = tuple(Seat(names[i], k, colours[i]) for i, k in enumerate(kinds))
    return GameConfig("kaphoorn", "standard", seats, seed, {"start": 1}, phones=frozenset(phones))


def start(drive: Any, cfg: GameConfig, server: PhoneServer) -> KapHoornScene:  # noqa: F811
    """The table, its phone seats listened to on a real server (none of them joined: the
    table plays their moves as the listener would, through ``play``)."""
    with_phones(drive.app, server)
    drive.app.scenes.reset(table_class("kaphoorn"), config=cfg)
    drive.frames(2)
    scene = drive.app.scenes.stack[0]
    assert isinstance(scene, KapHoornScene)
    return scene


def play_turn(drive: Any, scene: KapHoornScene) -> None:
    """The seat to move stays and ends its turn, as a phone's moves reach the table: through
    ``play`` (the listener plays a phone's action exactly so)."""
    seat = scene.state.seat
    for kind in ("stay", "end"):
        assert drive.until(lambda: scene.phone_waiting(seat), seconds=30)
        action = next(a for a in scene.state.legal_actions() if a.to_dict()["type"] == kind)
        assert scene.play(action)
    assert drive.until(lambda: scene.state.seat != seat, seconds=30)


def test_a_phone_seat_gets_no_hand_off_and_the_tv_never_shows_its_hand(
    drive, server: PhoneServer  # noqa: F811
) -> None:
    scene = start(drive, config(["human", "human", "human"], phones={0}), server)
    assert scene.state.seat == 0 and scene.phone_mover() == 0
    drive.frames(5)
    assert drive.scene is scene and not scene.handoff_up  # no hand-off screen for the phone
    assert scene.hand_owner() is None and scene.hand_slots() == []
    assert not scene.human_turn  # the TV offers nothing: the phone chooses
    assert scene.phone_marks()[0]  # the offered fields' letters
    play_turn(drive, scene)
    # the two people at the TV: a hand-off before each of their turns, as ever
    assert drive.until(lambda: drive.scene.name == "handoff", seconds=10)
    assert scene.state.seat == 1 and scene.hand_owner() is None


def test_one_person_at_the_tv_with_a_phone_seat_still_passes_the_screen(
    drive, server: PhoneServer  # noqa: F811
) -> None:
    """K10: the phone's player looks at the TV too, so a hand shown there is for its owner's
    eyes only, after a hand-off screen, and hidden once the turn is over."""
    scene = start(drive, config(["human", "human", "easy"], phones={0}), server)
    drive.frames(5)
    assert drive.scene is scene and scene.hand_owner() is None  # the phone's turn
    play_turn(drive, scene)
    assert drive.until(lambda: drive.scene.name == "handoff", seconds=10)
    assert scene.hand_owner() is None


def test_no_person_at_the_tv_means_no_hand_off_at_all(
    drive, server: PhoneServer  # noqa: F811
) -> None:
    scene = start(drive, config(["human", "easy", "human"], phones={0, 2}), server)
    turns = 0
    while turns < 4:
        seat = scene.state.seat
        if scene.phone_mover() is not None:
            play_turn(drive, scene)
            turns += 1
        else:
            drive.frames(1)
        assert drive.scene is scene and scene.hand_owner() is None
        assert not any(s.name == "handoff" for s in drive.app.scenes.stack), seat


def test_the_tv_letters_the_phones_fields(
    drive, monkeypatch, server: PhoneServer  # noqa: F811
) -> None:
    scene = start(drive, config(["human", "easy", "easy"], phones={0}), server)
    drawn: list[tuple[tuple[int, int], str]] = []
    monkeypatch.setattr(highlight, "tag", lambda surface, rect, label: drawn.append(
        (rect, label)))  # fmt: skip
    drive.frames(2)
    letters, styles = scene.phone_marks()
    view = scene.state.view(0)
    assert letters == phone.letters(view) and set(styles) == set(letters)
    shown = {label for _, label in drawn}
    on_screen = {label for f, label in letters.items()
                 if scene.chart_view.rect.contains(scene.layout.field_rect(f))}  # fmt: skip
    assert on_screen and on_screen <= shown
    for rect, label in drawn:
        field = next(f for f, x in letters.items() if x == label)
        assert rect == scene.layout.field_rect(field)
    drawn.clear()
    play_turn(drive, scene)  # a computer's turn: no letters
    drive.frames(2)
    assert scene.phone_marks() == ({}, {}) and drawn == []


def test_the_letters_read_at_every_zoom_step(
    drive, server: PhoneServer  # noqa: F811
) -> None:
    """A letter is at least ``TAG_LEAST`` logical pixels at the smallest zoom (16 px on a
    1280x720 screen) and grows with the fields."""
    scene = start(drive, config(["human", "easy", "easy"], phones={0}), server)
    heights = []
    for cell in scene.chart_view.cells:
        sprite = highlight.tag_sprite("W", max(highlight.TAG_LEAST, round(cell * 0.34)))
        heights.append(sprite.get_height())
        assert sprite.get_height() >= highlight.TAG_LEAST
        assert sprite.get_width() <= cell * 1.2 or cell < 48  # one letter stays in its field
    assert heights == sorted(heights)


def test_a_seat_taken_back_onto_the_tv_passes_the_screen_again(
    drive, server: PhoneServer  # noqa: F811
) -> None:
    """A phone gone and its seat taken back onto the TV (the listener's ``take_back``): from its
    next turn on, its hand is shown on the TV behind a hand-off screen, as any TV player's."""
    scene = start(drive, config(["human", "human", "easy"], phones={0}), server)
    assert scene.phones is not None and scene.phone_mover() == 0
    play_turn(drive, scene)
    assert drive.until(lambda: drive.scene.name == "handoff", seconds=10)  # Ben, at the TV
    scene.phones.take_back(0)
    assert not scene.on_phone(0) and scene.at_tv(0)
    handoffs = []
    for _ in range(10):  # Ben's turn, the computer's, then Anna's: on the TV now
        if scene.human_turn and scene.state.seat == 0:
            break
        assert drive.until(lambda: drive.scene.name == "handoff" or scene.human_turn, seconds=60)
        if drive.scene.name == "handoff":
            handoffs.append(scene.state.seat)
            drive.key(pygame.K_RETURN)
            drive.frames(2)
        elif scene.state.seat != 0:
            play_turn(drive, scene)
    assert handoffs == [1, 0]
    assert scene.state.seat == 0 and scene.hand_owner() == 0 and scene.phone_mover() is None
    assert scene.revealed == (scene.state.turn, 0)  # shown after its own hand-off screen
