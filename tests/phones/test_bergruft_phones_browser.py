"""A whole short game of Der Berg ruft from two phones (issue 30, item 8): the caller and the
guesser each in a headless Chromium session of their own (tests/phones/browser.py), the table
under SDL's dummy video driver, listening to a real ``PhoneServer``.

The TV shows no hand-off screen and never draws the number; each phone's taps play its seat's
decisions (the flags, the guesses, allowing another guess, lifting the screen, waiving); every
message the guesser's page received before the screen was lifted is decoded and none holds the
caller's number (B7); each turn ends where the rules put it; the game ends at its turn limit (B8).
No wall-clock limit: every wait has a generous guard only.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pygame
import pytest
from selenium.common.exceptions import (
    ElementClickInterceptedException,
    NoSuchElementException,
    StaleElementReferenceException,
)
from selenium.webdriver.common.by import By

from game.games.bergruft.rules import (
    RULES,
    AllowGuess,
    BergState,
    Guess,
    Hint,
    LiftScreen,
    Phase,
    SetFlags,
)
from game.phones.server import PhoneServer
from game.play.config import GameConfig, Seat
from tests.games.bergruft.test_bergruft_scene import decisions
from tests.phones.browser import PhoneMaker, phone  # noqa: F401 (the fixture)
from tests.phones.phones_support import serve
from tests.phones.table_support import with_phones
from tests.scenes_support import Driver, table_class

FRAME_GUARD = 20_000  # game frames a wait runs at most: only so that a broken test ends
SECRET = 13  # the first caller's number: no position, stone count or guess of turn 1 is 13

# Every message the page receives, as the page received it (before phone.js reads it).
RECORDER = """
window.__frames = [];
const Real = window.WebSocket;
window.WebSocket = function (...args) {
  const socket = new Real(...args);
  socket.addEventListener("message", (event) => window.__frames.push(event.data));
  return socket;
};
window.WebSocket.prototype = Real.prototype;
Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
"""

CONFIG = GameConfig(
    "bergruft",
    "standard",
    (Seat("Anna", "human", "red"), Seat("Ben", "human", "blue")),
    seed=5,
    options={"turn_limit": 2},  # B8: a short game, scored as usual
    phones=frozenset({0, 1}),
)


@pytest.fixture
def tv(drive: Driver) -> Iterator[tuple[Driver, PhoneServer]]:
    server = serve()
    with_phones(drive.app, server)  # as the app hands in the running one
    yield drive, server
    server.stop()


class Table:
    """The TV's side: frames, and what each frame showed (the top scene, the number drawn)."""

    def __init__(self, drive: Driver) -> None:
        self.drive = drive
        self.scene: Any = None
        self.seen: list[tuple[str, Phase, int | None, int | None]] = []

    def open(self, config: GameConfig = CONFIG) -> None:
        self.drive.app.options.speed = 4.0
        self.drive.app.scenes.reset(table_class("bergruft"), config=config)
        self.drive.frames(1)
        self.scene = self.drive.app.scenes.stack[0]

    @property
    def state(self) -> BergState:
        return self.scene.state  # type: ignore[no-any-return]

    def until(self, check: Callable[[], bool]) -> None:
        for _ in range(FRAME_GUARD):
            if check():
                return
            self.drive.frames(1)
            if self.scene is not None:  # on top; the phase; the number drawn; the one lifted
                top, scene = self.drive.app.scenes.top, self.scene
                self.seen.append((top.name, scene.state.phase, scene.drawn_number,
                                  scene.screen.reveal))  # fmt: skip
        raise AssertionError("the table never got there")


def join(phone: PhoneMaker, server: PhoneServer, seat: int):  # noqa: F811
    server.add_seat(seat)
    page = phone()
    page.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
    page.get(server.join_url(seat))
    return page


def tap(table: Table, page, selector: str) -> None:
    """A real click on the element of ``selector`` on the phone, once the page shows it enabled
    (the TV's frames go on meanwhile: the payload that draws it may be on its way)."""

    def clicked() -> bool:
        try:
            found = page.find_element(By.CSS_SELECTOR, selector)
            if not found.is_enabled():
                return False
            found.click()
            return True
        except (NoSuchElementException, StaleElementReferenceException,
                ElementClickInterceptedException):  # fmt: skip
            return False

    table.until(clicked)


def pick(table: Table, page, number: int) -> None:
    """The pad's number, then the big button under it ("Set 13 flags", "Guess 7")."""
    tap(table, page, f'.br-num[data-value="{number}"]')
    tap(table, page, ".br-go")


def received(page) -> list[dict[str, Any]]:
    return [json.loads(text) for text in page.execute_script("return window.__frames")]


def numbers_in(node: Any) -> Iterator[int]:
    """Every number a decoded message holds, in its values and in its words."""
    if isinstance(node, bool):
        return
    if isinstance(node, int):
        yield node
    elif isinstance(node, str):
        yield from (int(found) for found in re.findall(r"\d+", node))
    elif isinstance(node, dict):
        for value in node.values():
            yield from numbers_in(value)
    elif isinstance(node, list):
        for value in node:
            yield from numbers_in(value)


def assert_no_secret(bodies: list[dict[str, Any]], secret: int = SECRET) -> None:
    """The guesser's payloads before the screen was lifted: his page holds no number (his own
    view's is None), and ``secret`` is nowhere in them but among the guesses he may make."""
    assert bodies
    for body in bodies:
        page = body["page"]
        assert page["number"] is None and "number" not in page["words"]
        assert all(c["kind"] == "guess" for c in body["choices"])
        rest = {k: v for k, v in body.items() if k not in ("choices", "players")}
        others = [c for c in body["choices"] if c["value"] != secret]
        assert secret not in set(numbers_in(rest)) | set(numbers_in(others))


def test_a_short_game_from_two_phones_caller_and_guesser(tv, phone):  # noqa: F811
    drive, server = tv
    pages = {seat: join(phone, server, seat) for seat in (0, 1)}
    table = Table(drive)
    table.until(lambda: server.connected() == {0, 1})  # joined first (the join screen's part)
    table.open()
    start = table.state
    caller, guesser = start.caller, start.guesser
    names = start.names
    call, guess = pages[caller], pages[guesser]

    # ---- turn 1: the caller sets 13; 7 (higher), 10, then he lifts the screen ----------------
    pick(table, call, SECRET)
    table.until(lambda: table.state.phase is Phase.GUESS)
    pick(table, guess, 7)
    table.until(lambda: table.state.phase is Phase.DECIDE)
    tap(table, call, '.br-answer[data-kind="allow_guess"]')
    table.until(lambda: table.state.phase is Phase.GUESS)
    table.until(lambda: _greyed(guess) == set(range(8)))  # the hint rules 0..7 out (B3)
    pick(table, guess, 10)
    table.until(lambda: table.state.phase is Phase.DECIDE)
    seen_before_lift = len(received(guess))
    tap(table, call, '.br-answer[data-kind="lift_screen"]')
    table.until(lambda: table.state.turn == 1)

    expected = start
    for action in (SetFlags(caller, names[caller], SECRET), Guess(guesser, names[guesser], 7),
                   AllowGuess(caller, names[caller], Hint.HIGHER),
                   Guess(guesser, names[guesser], 10), LiftScreen(caller, names[caller], SECRET)):
        expected = expected.apply(action)  # fmt: skip
    assert table.state == expected  # the rules' own result of those decisions
    result = table.state.last_result
    assert result is not None and result.lifted_early and result.number == SECRET
    assert table.state.peter[caller] == start.peter[caller] + 3  # |10 - 13| steps
    assert table.state.heidi[caller] == start.heidi[caller] + 2  # one step per guess

    before = [m["body"] for m in received(guess)[:seen_before_lift] if m["type"] == "table"]
    assert_no_secret([b for b in before if "refusal" not in b])
    assert any(b["page"]["number"] == SECRET for b in _bodies(call))  # only he saw it
    table.until(lambda: (_last(guess) or {}).get("number") == SECRET)  # told once lifted

    # ---- turn 2 (the last): the roles change; 0 flags, 15, 14, 13: far off, he waives --------
    call, guess = pages[guesser], pages[caller]
    caller, guesser = guesser, caller
    assert table.state.caller == caller
    pick(table, call, 0)
    for value in (15, 14, 13):
        table.until(lambda: table.state.phase is Phase.GUESS)
        pick(table, guess, value)
        table.until(lambda: table.state.phase is not Phase.GUESS)
        if table.state.phase is Phase.DECIDE:
            tap(table, call, '.br-answer[data-kind="allow_guess"]')
    assert table.state.phase is Phase.PUNISH  # off by 13 after the third guess (B12)
    waive_and_confirm(table, call)
    table.until(lambda: table.state.is_over())
    assert table.state.ended_by == "turn limit"
    assert table.state.last_result is not None and table.state.last_result.waived
    table.until(lambda: all(_over(page) for page in pages.values()))

    # ---- the TV: no hand-off screen; a number only once lifted (the screen's reveal) ----------
    assert table.seen and {top for top, *_ in table.seen} <= {"bergruft", "results"}
    assert all(drawn is None or drawn == lifted for _, _, drawn, lifted in table.seen)
    hidden = [lifted for _, phase, _, lifted in table.seen if phase in (Phase.GUESS, Phase.DECIDE)]
    assert hidden and all(lifted is None for lifted in hidden)


def waive_and_confirm(table: Table, page) -> None:
    """The move that ends the game is asked on the phone first (issue 29): yes."""
    tap(table, page, '.br-answer[data-kind="waive"]')
    tap(table, page, ASK_YES)


ASK_YES = "dialog#ask[open] #ask-yes"  # the frame's question (assets/phone/phone.js)


def _bodies(page) -> list[dict[str, Any]]:
    return [m["body"] for m in received(page) if m["type"] == "table" and "page" in m["body"]]


def _last(page) -> dict[str, Any] | None:
    bodies = _bodies(page)
    return bodies[-1]["page"]["last"] if bodies else None


def _over(page) -> bool:
    bodies = _bodies(page)
    return bool(bodies) and bodies[-1]["over"] is not None


def _greyed(page) -> set[int]:
    found = page.find_elements(By.CSS_SELECTOR, ".br-num.out")
    try:
        return {int(button.get_attribute("data-value")) for button in found}
    except StaleElementReferenceException:
        return set()


# ---- a mixed table: one person on a phone, one at the TV ---------------------------------------
def first_caller(config: GameConfig) -> int:
    return RULES.new_game(config.variant, config.names, seed=config.seed,
                          options=config.options).caller  # fmt: skip


def tv_click(table: Table, index: int) -> None:
    """A click on the TV's question: the pad's number ``index`` (16: "Set"), once offered."""
    scene = table.scene
    table.until(lambda: scene._question() is not None and decisions(scene)[index].enabled)
    table.drive.click(decisions(scene)[index].element.rect.center)


def test_a_mixed_table_keeps_the_tvs_hand_off_and_secrecy(tv, phone):  # noqa: F811
    """The first caller plays on a phone, the other person at the TV. Turn 1: no hand-off, the
    TV never draws the phone's number while the TV guesses. Turn 2: the TV's caller is asked
    to send the phone's player away before the TV shows his flags (she sits in front of it,
    B7), the number is hidden again before she guesses on her phone, and her phone never
    receives it."""
    drive, server = tv
    caller = first_caller(CONFIG)
    config = replace(CONFIG, phones=frozenset({caller}))
    page = join(phone, server, caller)
    table = Table(drive)
    table.until(lambda: server.connected() == {caller})
    table.open(config)
    assert table.state.caller == caller

    pick(table, page, SECRET)  # turn 1: the phone calls, the TV guesses
    tv_click(table, 7)
    table.until(lambda: table.state.phase is Phase.DECIDE)
    tap(table, page, '.br-answer[data-kind="allow_guess"]')
    tv_click(table, 10)
    table.until(lambda: table.state.phase is Phase.DECIDE)
    tap(table, page, '.br-answer[data-kind="lift_screen"]')
    table.until(lambda: table.state.turn == 1)
    turn_1 = list(table.seen)
    assert {top for top, *_ in turn_1} == {"bergruft"}  # no hand-off on either side
    assert all(drawn is None for _, phase, drawn, _ in turn_1 if phase is not Phase.SET)

    start_2 = len(received(page))  # turn 2: the TV calls 11, the phone guesses
    table.until(lambda: table.drive.app.scenes.top.name == "handoff")
    assert "look away from the TV" in drive.app.scenes.top.message
    assert table.scene.drawn_number is None  # nothing shown before she looks away
    drive.key(pygame.K_RETURN)  # "I'm <TV caller>, show me"
    tv_click(table, 11)
    table.until(lambda: table.scene.drawn_number == 11)  # the TV's caller sees his pick
    tv_click(table, 16)  # "Set 11"
    table.until(lambda: table.state.phase is Phase.GUESS)
    guessing = len(table.seen)
    tap(table, page, '.br-num[data-value="5"]')
    tap(table, page, ".br-go")
    table.until(lambda: table.state.phase is Phase.DECIDE)
    assert {top for top, *_ in table.seen[guessing:]} == {"bergruft"}  # no device passes
    assert all(drawn is None for _, phase, drawn, _ in table.seen[guessing:])
    before = [m["body"] for m in received(page)[start_2:] if m["type"] == "table"]
    assert_no_secret([b for b in before if "refusal" not in b], 11)
    assert all(b["page"]["number"] is None for b in before if "page" in b)
    table.until(lambda: table.drive.app.scenes.top.name == "handoff")  # he decides: away again
