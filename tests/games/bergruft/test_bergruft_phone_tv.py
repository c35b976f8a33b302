"""The TV of a Der Berg ruft table with seats on phones (issue 30), under SDL's dummy driver: no
hand-off for a seat on a phone, the TV never draws a phone caller's number, and mixed tables keep
B7's secrecy (a TV caller still sends the guesser away before he looks behind the screen, even a
guesser with a phone in his hand; two people at the TV still pass the device)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest

from game.games.bergruft.rules import Guess, Phase, SetFlags
from game.games.bergruft.scene import BergruftScene
from game.games.bergruft.view import panels, prompt
from game.phones.server import PhoneServer
from game.play.config import GameConfig, Seat
from tests.games.bergruft.test_bergruft_scene import place, start
from tests.phones.phones_support import serve
from tests.phones.table_support import with_phones

TWO = GameConfig(
    "bergruft", "standard", (Seat("Anna", "human", "red"), Seat("Ben", "human", "blue")), seed=3
)


@pytest.fixture
def phones(app) -> Iterator[PhoneServer]:
    server = serve()
    with_phones(app, server)  # as the app hands in the running one
    yield server
    server.stop()


def table(drive, phones: PhoneServer, on_phone: set[int], kinds=("human", "human")):
    seats = tuple(replace(s, kind=k) for s, k in zip(TWO.seats, kinds, strict=True))
    for seat in on_phone:
        phones.add_seat(seat)
    scene = start(drive, replace(TWO, seats=seats, phones=frozenset(on_phone)))
    place(scene, scene.state.with_positions((0, 0), (1, 1), caller=0))  # Anna calls
    drive.frames(3)
    return scene


def tops(drive) -> str:
    return drive.app.scenes.top.name


def steps(drive, scene: BergruftScene, frames: int = 40) -> list[tuple[str, int | None]]:
    """Run frames; what was on top and what the screen drew in each."""
    seen = []
    for _ in range(frames):
        drive.frames(1)
        seen.append((tops(drive), scene.drawn_number))
    return seen


def test_both_on_phones_no_hand_off_and_the_tv_never_draws_the_number(drive, phones):
    scene = table(drive, phones, {0, 1})
    assert tops(drive) == "bergruft" and scene._question() is None
    assert scene.play(SetFlags(0, "Anna", 9))  # as the listener plays the phone's move
    seen = steps(drive, scene)
    assert scene.play(Guess(1, "Ben", 4))
    seen += steps(drive, scene)
    assert scene.state.phase is Phase.DECIDE
    assert all(top == "bergruft" and drawn is None for top, drawn in seen)
    assert not scene.number_visible and scene._question() is None


def test_the_tv_says_who_decides_on_the_phone(drive, phones, monkeypatch):
    said: list[tuple[str, str]] = []
    real = prompt.prompt_lines
    monkeypatch.setattr(prompt, "prompt_lines", lambda *a: said.append(real(*a)) or said[-1])
    table(drive, phones, {0, 1})
    assert said[-1] == ("Anna sets the flags on the phone…", "")


def test_caller_on_a_phone_guesser_at_the_tv_no_hand_off_and_no_number(drive, phones):
    scene = table(drive, phones, {0})
    assert tops(drive) == "bergruft" and scene._question() is None  # Anna sets on her phone
    assert scene.play(SetFlags(0, "Anna", 9))
    seen = steps(drive, scene)
    assert scene._question() == "guess"  # Ben guesses at the TV, no hand-off needed
    assert all(top == "bergruft" and drawn is None for top, drawn in seen)
    scene._guess(4)
    seen = steps(drive, scene)
    assert scene.state.phase is Phase.DECIDE and scene._question() is None
    assert all(top == "bergruft" and drawn is None for top, drawn in seen)


def test_caller_at_the_tv_guesser_on_a_phone_sends_the_guesser_away_first(drive, phones):
    scene = table(drive, phones, {1})
    assert tops(drive) == "handoff"  # Ben has a phone but sits in front of the TV (B7)
    handoff = drive.app.scenes.top
    assert "Ben, look away from the TV!" in handoff.message and "Pass" not in handoff.message
    assert scene.drawn_number is None
    drive.key(pygame.K_RETURN)  # "I'm Anna, show me"
    drive.frames(2)
    assert scene._question() == "set"
    scene._pick(9)
    drive.frames(2)
    assert scene.drawn_number == 9  # Anna sees her flags
    scene._set_flags()
    seen = steps(drive, scene)
    assert scene.state.phase is Phase.GUESS and scene._question() is None
    assert all(top == "bergruft" for top, _ in seen)  # no device to pass: Ben guesses on his
    assert seen[-1][1] is None and not scene.number_visible  # the number hidden at once
    assert scene.play(Guess(1, "Ben", 4))  # Ben's phone guesses
    assert drive.until(lambda: tops(drive) == "handoff", seconds=5)  # Anna looks again
    assert scene.drawn_number is None
    assert "Ben, look away!" in drive.app.scenes.top.message


def test_caller_on_a_phone_against_a_computer_never_shows_the_number(drive, phones):
    scene = table(drive, phones, {0}, kinds=("human", "easy"))
    assert scene.play(SetFlags(0, "Anna", 9))
    seen = []
    for _ in range(2000):  # until the computer has guessed (a guard only)
        drive.frames(1)
        seen.append((tops(drive), scene.drawn_number, scene.screen.reveal))
        if scene.state.phase is not Phase.GUESS:
            break
    assert scene.state.phase is not Phase.GUESS  # the computer guessed meanwhile
    assert all(top == "bergruft" for top, _, _ in seen)
    assert all(drawn is None or drawn == lifted for _, drawn, lifted in seen)  # right: lifted


def test_two_people_at_the_tv_still_pass_the_device(drive, phones):
    scene = table(drive, phones, set())
    assert tops(drive) == "handoff"
    handoff = drive.app.scenes.top
    assert "Pass the device to Anna" in handoff.message
    drive.key(pygame.K_RETURN)
    scene._pick(9)
    scene._set_flags()
    assert drive.until(lambda: tops(drive) == "handoff", seconds=5)
    assert "Pass the device to Ben" in drive.app.scenes.top.message


def test_a_phones_pick_of_flags_is_never_marked_on_the_tv(drive, phones):
    """The listener keeps what a phone picked for the TV to mark (``phone_focused``); the
    caller's flags are his secret: Der Berg ruft marks no pick (its page sends none)."""
    scene = table(drive, phones, {0, 1})
    assert scene.phones is not None
    scene.phones.focus(0, {"type": "set_flags", "seat": 0, "flags": 9})
    assert scene.phone_pick() == SetFlags(0, "Anna", 9)  # heard, and kept to itself
    seen = steps(drive, scene, 10)
    assert all(drawn is None for _, drawn in seen) and scene.selected is None


def test_the_cards_show_a_phone_beside_each_phone_seat(drive, phones, monkeypatch):
    drawn: list[dict[int, bool]] = []
    real = panels.draw_cards
    monkeypatch.setattr(panels, "draw_cards",
                        lambda *a: drawn.append(dict(a[-1])) or real(*a))  # fmt: skip
    table(drive, phones, {1})
    assert drawn and drawn[-1] == {1: False}  # Ben's phone; not connected: an outline only


def test_the_caller_takes_his_flags_back_from_his_phone_before_the_guess(drive, phones):
    """Only the flags just set may go back (B7's hand-off offers the same at the TV); the
    guesser's phone may not take them back for him."""
    scene = table(drive, phones, {0, 1})
    assert scene.phones is not None
    assert scene.play(SetFlags(0, "Anna", 9))
    steps(drive, scene, 30)
    assert not scene.phone_may_undo(1) and scene.phone_may_undo(0)
    scene.phones.undo(1)
    assert scene.state.phase is Phase.GUESS
    scene.phones.undo(0)
    assert scene.state.phase is Phase.SET and scene.moves == []
    seen = steps(drive, scene)
    assert all(top == "bergruft" and drawn is None for top, drawn in seen)


def test_a_phone_seat_taken_back_onto_the_tv_hands_off_again(drive, phones):
    scene = table(drive, phones, {0, 1})
    assert scene.phones is not None
    scene.phones.take_back(0)  # Anna's phone is gone: she calls at the TV from now on
    assert drive.until(lambda: tops(drive) == "handoff", seconds=5)
    assert "Ben, look away from the TV!" in drive.app.scenes.top.message  # Ben keeps his phone
    drive.key(pygame.K_RETURN)
    assert scene._question() == "set"
