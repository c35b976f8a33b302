"""Seeded positions one move before a game's end, for the tests and the screenshots of the end
told on the table (issue 29, item 5): each a config (a person in seat 0), the position, the
person's move that ends the game (or dooms him) and the question's and the sentence's keys."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.games.bergruft.rules import RULES as BERG
from game.games.bergruft.rules import Guess, LiftScreen, SetFlags
from game.games.kaphoorn.rules.actions import END, sail
from game.games.nanuuk.rules.actions import Choose, Crack, Step
from game.play.config import GameConfig, Seat
from tests.games.kaphoorn.kaphoorn_positions import (
    approach,
    direction,
    finish_fields,
)
from tests.games.kaphoorn.kaphoorn_positions import position as kap_position
from tests.games.nanuuk.nanuuk_positions import edge, field
from tests.games.nanuuk.nanuuk_positions import position as nanuuk_position

COLOURS = ("red", "blue", "yellow", "green")


@dataclass(frozen=True)
class NearEnd:
    """``before``: the steps that lead up to the deciding move (played without a question);
    ``move``: the person's move the table asks about; ``ends``: whether it ends the game at
    once (else it dooms the mover: he loses when his turn comes)."""

    name: str
    config: GameConfig
    start: Any
    before: tuple[Any, ...]
    move: Any
    ends: bool
    marks: frozenset[str]  # the ids of the marked things on the table at the end


def seats(game: str, variant: str, players: int, names: tuple[str, ...],
          **options: Any) -> GameConfig:  # fmt: skip
    kinds = ["human"] + ["easy"] * (players - 1)
    return GameConfig(game, variant, tuple(Seat(names[i], kinds[i], COLOURS[i])
                                           for i in range(players)), 5, dict(options))  # fmt: skip


def nanuuk(doomed: bool = False) -> NearEnd:
    """Two players: seat 0 (hunters 1 and 2) steps hunter 1 onto F8 and cracks F7|F16: the
    hunter on F7 (already cracked off F8) is enclosed by ice alone. Seat 1's hunter 3 there:
    seat 1 loses at once (N13); seat 0's own hunter 2: he loses when his turn comes."""
    where = {"hunter 1": "F9", "hunter 2": "F50", "hunter 3": "F7", "hunter 4": "F5"}
    if doomed:
        where.update({"hunter 2": "F7", "hunter 3": "F50"})
    st = nanuuk_position("intro", 2, where, cracks=("F7|F8",))
    names = st.spec.names
    cfg = seats("nanuuk", "intro", 2, names)
    enclosed = "hunter 2" if doomed else "hunter 3"
    return NearEnd("nanuuk-doomed" if doomed else "nanuuk", cfg, st,
                   (Choose("hunter 1"), Step("hunter 1", field("F8"))), Crack(edge("F7|F16")),
                   not doomed, frozenset({enclosed, "crack F7|F8", "crack F7|F16"}))  # fmt: skip


def nanuuk_last() -> NearEnd:
    """Three players (N12): seat 0 steps hunter 1 onto F8 and cracks F7|F16; hunter 2 on F7
    and hunter 3 on F34 (cracked in already) are taken off the floe: seat 0 is the last."""
    where = {"hunter 1": "F9", "hunter 2": "F7", "hunter 3": "F34"}
    cracks = ("F7|F8", "F34|F35", "F34|F25", "F34|F43")
    st = nanuuk_position("intro", 3, where, cracks=cracks)
    cfg = seats("nanuuk", "intro", 3, st.spec.names)
    marks = {"hunter 2", "hunter 3", "crack F7|F8", "crack F7|F16"}
    marks |= {f"crack {c}" for c in ("F34|F35", "F25|F34", "F34|F43")}
    return NearEnd("nanuuk-last", cfg, st, (Step("hunter 1", field("F8")),),
                   Crack(edge("F7|F16")), True, frozenset(marks))  # fmt: skip


def bergruft(limit: bool = False) -> NearEnd:
    """Anna calls with her Heidi on 14 and her Peter on 16; Ben's first guess is 5 off the 10:
    lifting the screen takes her Peter onto the summit (the summit rule allows it: Heidi on
    14). ``limit``: Peter on 6, the turn limit of one turn ends the game instead."""
    names = ("Anna", "Ben")
    options = {"turn_limit": 1} if limit else {}
    st = BERG.new_game("standard", names, seed=5, options=options)
    st = st.with_positions((4, 0), (6, 1), caller=0) if limit else st.with_positions(
        (14, 0), (16, 1), caller=0)  # fmt: skip
    st = st.apply(SetFlags(0, "Anna", 10)).apply(Guess(1, "Ben", 5))
    cfg = seats("bergruft", "standard", 2, names, **options)
    return NearEnd("bergruft-limit" if limit else "bergruft", cfg, st, (),
                   LiftScreen(0, "Anna", 10), True, frozenset({"peter 0", "peter 1"}))  # fmt: skip


def kaphoorn(rounds: bool = False) -> NearEnd:
    """Seat 0 with two wind roses sails onto the finish line (K8); ``rounds``: the last turn
    of a one-round game ends (K15)."""
    if rounds:
        st = kap_position(3, phase="draw", turn=2, rounds=1)
        cfg = seats("kaphoorn", "standard", 3, st.names, rounds=1)
        return NearEnd("kaphoorn-rounds", cfg, st, (), END, True,
                       frozenset({"ship 0", "ship 1", "ship 2"}))  # fmt: skip
    fin = finish_fields()[0]
    f, name, compass = approach(fin)
    st = kap_position(3, cards={f: name, fin: name}, ship=f, sail=(3, 3, 3), pile=[name] * 5,
                      roses=[("yellow", "red", None), (None,) * 3, (None,) * 3])  # fmt: skip
    cfg = seats("kaphoorn", "standard", 3, st.names)
    return NearEnd("kaphoorn", cfg, st, (), sail(direction(compass), fin), True,
                   frozenset({"ship 0"}))  # fmt: skip


def every() -> list[NearEnd]:
    return [nanuuk(), nanuuk(doomed=True), nanuuk_last(), bergruft(), bergruft(limit=True),
            kaphoorn(), kaphoorn(rounds=True)]  # fmt: skip


def answer(drive: Any, yes: bool = True, by: str = "mouse") -> bool:
    """Answer the question over the table, if one is up (a person's move that ends the game
    asks first), with Yes or No: by a click (``mouse``), a ``touch``, the keys (``key``: the
    focus starts on No, Right moves it to Yes) or a gamepad (``pad``); whether there was one."""
    top = drive.app.scenes.top
    if top.name != "confirm":
        return False
    button = top.yes_button if yes else top.no_button
    if by == "touch":
        drive.tap(button.rect.center)
    elif by == "key":
        if yes:
            drive.key(pygame.K_RIGHT)
        drive.key(pygame.K_RETURN)
    elif by == "pad":
        if yes:
            drive.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        drive.pad(pygame.CONTROLLER_BUTTON_A)
    else:
        drive.click(button.rect.center)
    assert drive.app.scenes.top is not top, "the question is still up"
    return True
