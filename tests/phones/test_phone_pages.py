"""The phone page in a real browser (headless Chromium, tests/phones/browser.py) at a real table:
a Nanuuk! table under the dummy video driver listening to a real PhoneServer. A whole game
played by tapping the page's buttons against a computer, a reload in the middle of a turn, a
second device with the same seat's address, and the page's language menu."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from game.phones.messages import Limits
from game.phones.server import PhoneServer
from game.play.table import PlayTable
from tests.phones.browser import PhoneMaker, phone  # noqa: F401 (the fixture)
from tests.phones.phones_support import GUARD, serve
from tests.phones.table_support import nanuuk_config, open_table, with_phones
from tests.scenes_support import Driver

# a test taps faster than a person: the rate limit of the phones (their own tests) set aside
QUICK = Limits(burst=10_000, per_second=10_000.0)
FRAMES = 20_000  # at most, for one wait: only so that a broken test ends
DECISIONS = 1000  # at most, the phone's in one game: only so that a broken test ends


def shown(page: Any) -> dict[str, Any] | None:
    """The payload the page shows now (phone.js keeps it as window.speltafel.body)."""
    text = page.execute_script("const s = window.speltafel; "
                               "return s && s.body ? JSON.stringify(s.body) : null")
    return json.loads(text) if text else None


def sent(table: PlayTable, seat: int) -> dict[str, Any] | None:
    phones = table.phones
    return phones.sent.get(seat) if phones is not None else None


def until_frames(drive: Driver, check: Any, why: Any = None) -> None:
    """Drive the table a frame at a time until ``check`` holds, for at most FRAMES frames. Only
    for what the table does by itself (a bot's turn takes one frame: see Driver): whatever it
    waits for from the phone has arrived at the server first (``arrived``)."""
    for _ in range(FRAMES):
        if check():
            return
        drive.frames(1)
    raise AssertionError(f"the table never got there: {why() if why else ''}")


def arrived(page: Any, server: PhoneServer, kind: str, before: int) -> None:
    """Wait until seat 0's phone has posted more ``kind`` events than ``before``: the browser
    sends when it gets round to it, so this is the browser's wait (a hang guard), not frames."""
    WebDriverWait(page, GUARD).until(lambda _: server.heard(0, kind) > before)


def page_is_current(page: Any, table: PlayTable, seat: int) -> bool:
    """The page shows the last payload the table sent its seat."""
    return shown(page) == sent(table, seat)


def wait_for_choices(drive: Driver, page: Any, table: PlayTable) -> None:
    """Frames until the table waits for the seat's phone, then until the page shows it."""
    until_frames(drive, lambda: (sent(table, 0) or {}).get("yours") is True)
    WebDriverWait(page, GUARD).until(lambda _: page_is_current(page, table, 0))


def scroll_to(page: Any, element: Any) -> None:
    """The list scrolled so that ``element`` is in the middle (a player scrolls to it)."""
    page.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)


def tap_a_choice(page: Any, server: PhoneServer, rng: random.Random) -> dict[str, Any]:
    """A choice of the list tapped, then "Play it" (and "Yes" if the page asks first), until
    the server has the action."""
    actions = server.heard(0, "action")
    buttons = page.find_elements(By.CSS_SELECTOR, "#game .choice")
    assert buttons, "no choice on the page on its turn"
    button = rng.choice(buttons)
    scroll_to(page, button)
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    chosen = shown(page)["choices"][int(button.get_attribute("data-id"))]
    scroll_to(page, page.find_element(By.ID, "play"))
    page.find_element(By.ID, "play").click()
    if chosen["asks"]:
        WebDriverWait(page, GUARD).until(lambda _: page.find_element(By.ID, "ask").is_displayed())
        assert page.find_element(By.ID, "ask-text").text == chosen["asks"]
        page.find_element(By.ID, "ask-yes").click()
    arrived(page, server, "action", actions)
    return chosen


@pytest.fixture
def server() -> Iterator[PhoneServer]:
    running = serve(QUICK)
    yield running
    running.stop()


def start(drive: Driver, server: PhoneServer, page: Any, kinds: list[str]) -> PlayTable:
    with_phones(drive.app, server)
    server.add_seat(0)
    page.get(server.join_url(0))
    WebDriverWait(page, GUARD).until(lambda _: server.connected() == {0})
    return open_table(drive, nanuuk_config(kinds, {0}, seed=11))


def test_a_whole_nanuuk_game_is_played_by_tapping_the_phone(
    phone: PhoneMaker, server: PhoneServer, drive: Driver  # noqa: F811
) -> None:
    page = phone()
    table = start(drive, server, page, ["human", "easy"])
    rng = random.Random(5)
    played = 0
    for _ in range(DECISIONS):
        until_frames(drive, lambda: table.state.is_over() or table.state.current_player == 0
                     and not table.busy)  # fmt: skip
        if table.state.is_over():
            break
        wait_for_choices(drive, page, table)
        assert not table.human_turn and table.board_targets() == []
        assert table.question() == "Anna is choosing on the phone"
        moves = len(table.moves)
        chosen = tap_a_choice(page, server, rng)
        until_frames(drive, lambda moves=moves: len(table.moves) > moves,
                     lambda: table.phones.refusals if table.phones else None)  # fmt: skip
        assert table.moves[moves] == chosen["action"]  # the tapped choice, played as a click
        played += 1
    assert table.state.is_over() and played >= 3
    until_frames(drive, lambda: drive.app.outcome is not None)  # the results, as always
    assert drive.app.outcome["players"] == ["Anna", "Ben"]
    WebDriverWait(page, GUARD).until(lambda _: page.find_element(By.ID, "over").is_displayed())
    over = shown(page)["over"]
    assert page.find_element(By.ID, "over-text").text == over["text"] and over["reason"]
    assert page.find_elements(By.CSS_SELECTOR, "#game .choice") == []


def test_a_reload_in_the_middle_of_a_turn_comes_back_to_it(
    phone: PhoneMaker, server: PhoneServer, drive: Driver  # noqa: F811
) -> None:
    page = phone()
    table = start(drive, server, page, ["human", "easy"])
    wait_for_choices(drive, page, table)
    first = page.find_elements(By.CSS_SELECTOR, "#game .choice")[0]
    scroll_to(page, first)
    first.click()
    joins = server.heard(0, "joined")
    page.refresh()  # the phone slept, or its player pulled the page down
    arrived(page, server, "joined", joins)
    until_frames(drive, lambda: table.phones is not None and 0 in table.phones.joined
                 and server.connected() == {0})  # fmt: skip
    WebDriverWait(page, GUARD).until(lambda _: page_is_current(page, table, 0))
    assert page.find_element(By.ID, "turn").text == "Your turn"
    moves = len(table.moves)
    chosen = tap_a_choice(page, server, random.Random(1))
    until_frames(drive, lambda: len(table.moves) > moves)
    assert table.moves[moves] == chosen["action"]


def test_a_second_device_with_the_seats_address_is_refused_and_the_game_goes_on(
    phone: PhoneMaker, server: PhoneServer, drive: Driver  # noqa: F811
) -> None:
    page = phone()
    table = start(drive, server, page, ["human", "easy"])
    wait_for_choices(drive, page, table)
    other = phone()
    url = f"{server.address}#{server.add_seat(0).token}"
    other.get(url)
    problem = other.find_element(By.ID, "problem")
    WebDriverWait(other, GUARD).until(lambda _: problem.is_displayed())
    assert problem.text == "Another phone has this seat. Ask at the TV to release it."
    assert shown(other) is None and server.connected() == {0}
    moves = len(table.moves)
    chosen = tap_a_choice(page, server, random.Random(2))
    until_frames(drive, lambda: len(table.moves) > moves)
    assert table.moves[moves] == chosen["action"]


def test_the_language_menu_speaks_dutch_on_this_phone_only(
    phone: PhoneMaker, server: PhoneServer, drive: Driver  # noqa: F811
) -> None:
    page = phone()
    table = start(drive, server, page, ["human", "easy"])
    wait_for_choices(drive, page, table)
    page.find_element(By.CSS_SELECTOR, "#lang option[value='nl']").click()
    arrived(page, server, "language", 0)
    until_frames(drive, lambda: (sent(table, 0) or {}).get("lang") == "nl")
    WebDriverWait(page, GUARD).until(lambda _: page_is_current(page, table, 0))
    WebDriverWait(page, GUARD).until(
        lambda _: page.find_element(By.ID, "play").text == "Spelen")
    assert page.find_element(By.ID, "turn").text == "Jij bent aan de beurt"
    assert page.find_element(By.CSS_SELECTOR, "#log summary").text == "Zetten tot nu toe"
    assert table.question() == "Anna is choosing on the phone"  # the TV keeps its language
