"""A whole Kap Hoorn game from a phone (issue 30, item 8): one person on a headless Chromium
phone, two computers, the table under SDL's dummy video driver listening to a real PhoneServer.

The test posts no event to the TV and never calls the table or the rules to move: every move of
the phone's seat is a click on the phone's page (a card, a lettered field, a button). The TV
shows no hand-off screen at any point and never the phone's hand, the phone's clicks play every
one of its seat's turns, and the game ends as a game ends (the round limit, or a win).
"""

from __future__ import annotations

from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from game.phones.server import PhoneServer
from game.play.config import GameConfig, Seat
from tests.phones.browser import PhoneMaker, phone  # noqa: F401 (the fixture)
from tests.phones.phones_support import GUARD
from tests.phones.table_support import with_phones
from tests.scenes_support import Driver, table_class

FRAME_GUARD = 100_000  # frames at most: only so that a broken test ends
ROUNDS = 5  # the phone's seat moves last in a round (Ben starts): the last move is asked

# what the phone's page offers now: its moment (the payload it shows) and what may be pressed
READ_PAGE = """
const kh = document.querySelector('#table .kh');
if (!kh) return null;
const on = (css) => Array.from(kh.querySelectorAll(css)).filter((b) => !b.disabled);
return {
  moment: kh.dataset.moment,
  sail: on('.kh-field.kh-sail').map((b) => b.dataset.tv),
  cards: on('.kh-card.kh-playable').map((b) => b.dataset.card),
  plays: on('.kh-field.kh-play').map((b) => b.dataset.tv),
  buttons: on('.kh-button button').map((b) => b.dataset.kind),
  hand: kh.querySelectorAll('.kh-card').length,
  undo: !document.getElementById('undo').hidden,
};
"""


def expected_moment(scene: Any) -> str:
    """The page's moment for the table's position now (kaphoorn.js: turn/yours/phase/...)."""
    st = scene.state
    yours = st.current_player == 0 and not st.is_over() and scene.phone_waiting(0)
    phase = st.phase if st.current_player == 0 else ""
    played = st.played if st.current_player == 0 else 0
    turn = "" if st.is_over() else st.current_player
    return f"{turn}/{str(yours).lower()}/{phase}/{played}/{len(st.hands[0])}"


class PhonePlayer:
    """The person with the phone: reads the page, taps what a player would."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.taps = 0  # the moves sent (a card and its field are one)
        self.asked = 0  # the questions answered before a deciding move
        self.again = False  # sailed again once (5 sail points)
        self.undone = 0  # decisions taken back by the phone's undo

    def find(self, css: str) -> list[Any]:
        return list(self.page.find_elements(By.CSS_SELECTOR, f"#table {css}"))

    def tap(self, css: str) -> None:
        WebDriverWait(self.page, GUARD).until(lambda _: self.find(css))[0].click()

    def move(self, shown: dict[str, Any]) -> None:
        """One move: sail if the wind allows it; else lay a card where the wind leads (the
        phone says where); else sail again once a game, buy up to four cards, stay or end."""
        self.taps += 1
        if shown["sail"]:
            self.tap(f'.kh-field.kh-sail[data-tv="{shown["sail"][0]}"]')
            return
        for card in shown["cards"]:
            self.tap(f'.kh-card[data-card="{card}"]')
            WebDriverWait(self.page, GUARD).until(lambda _: self.find(".kh-field"))  # its fields
            if self.find(".kh-field.kh-course"):
                self.tap(".kh-field.kh-course")
                return
            self.tap(".kh-back")
        wanted = ["stay", "end"]
        if shown["hand"] < 4:
            wanted.insert(0, "buy")
        if not self.again:
            wanted.insert(0, "again")
        for kind in wanted:
            if kind in shown["buttons"]:
                self.again = self.again or kind == "again"
                self.tap(f'.kh-button button[data-kind="{kind}"]')
                return
        raise AssertionError(f"the phone offers nothing to do: {shown}")

    def say_yes(self) -> None:
        """The phone's question before a deciding move (its dialog), answered yes."""
        if self.page.execute_script("return document.getElementById('ask').open"):
            self.asked += 1
            self.page.find_element(By.ID, "ask-yes").click()


def test_a_whole_game_from_the_phone(
    drive: Driver, server: PhoneServer, phone: PhoneMaker  # noqa: F811
) -> None:
    with_phones(drive.app, server)
    seats = (Seat("Anna", "human", "red"), Seat("Ben", "easy", "blue"),
             Seat("Cleo", "easy", "yellow"))  # fmt: skip
    config = GameConfig("kaphoorn", "standard", seats, 77, {"rounds": ROUNDS, "start": 2},
                        phones=frozenset({0}))  # fmt: skip
    server.add_seat(0)
    page = phone()
    page.get(server.join_url(0))
    WebDriverWait(page, GUARD).until(lambda _: server.connected() == {0})
    drive.app.scenes.reset(table_class("kaphoorn"), config=config)
    drive.frames(2)
    scene = drive.app.scenes.stack[0]
    assert scene.phones is not None  # the table listens to the server
    player = PhonePlayer(page)
    played: list[tuple[int, bool, str]] = []  # (seat, by a computer, kind) of each move made
    table_play = scene.play

    def play(action: Any, by_ai: bool = False, asked: bool = False) -> bool:
        seat = scene.state.current_player
        done = table_play(action, by_ai=by_ai, asked=asked)
        if done:
            played.append((seat, by_ai, action.to_dict()["type"]))
        return done

    scene.play = play  # (the table's own play, counted)
    turns_of_a: set[int] = set()
    for frame in range(FRAME_GUARD):
        drive.frames(1)
        assert all(s.name != "handoff" for s in drive.app.scenes.stack), "a hand-off screen"
        assert not scene.handoff_up and scene.hand_owner() is None  # never the phone's hand
        st = scene.state
        if st.is_over():
            break
        if st.current_player != 0 or not scene.phone_waiting(0) or frame % 3:
            continue
        turns_of_a.add(st.turn)
        shown = page.execute_script(READ_PAGE)
        if shown is None or shown["moment"] != expected_moment(scene):
            continue  # the page still shows the last position: its payload is on the way
        player.move(shown)
        player.say_yes()  # a move that ends the game is asked on the phone first
        for _ in range(FRAME_GUARD):  # the move reaches the table (one move at a time)
            if scene.state is not st:
                break
            drive.frames(1)
        assert scene.state is not st and not scene.phones.refusals
        assert drive.until(lambda: not scene.busy, seconds=60)  # the move is shown on the TV
        if not player.undone and scene.phone_may_undo(0):  # once: take it back on the phone
            WebDriverWait(page, GUARD).until(lambda _: page.execute_script(READ_PAGE)["undo"])
            page.find_element(By.ID, "undo").click()
            for _ in range(FRAME_GUARD):
                if scene.state == st:
                    break
                drive.frames(1)
            assert scene.state == st, "the phone's undo took the move back"
            player.undone += 1
    assert scene.state.is_over(), "the game did not end"
    out = scene.state.outcome()
    assert out is not None and out.reason_code in ("rounds", "roses", "finish")
    assert player.asked == (played[-1][0] == 0)  # the deciding move, if it was the phone's
    assert out.reason_code != "rounds" or player.asked == 1  # (at the round limit it was)
    kinds = {kind for seat, _, kind in played if seat == 0}
    assert {"play", "sail", "end"} <= kinds and player.undone == 1, kinds
    assert len(turns_of_a) >= ROUNDS - 1  # the seat played its turns ...
    mine = [by_ai for seat, by_ai, _ in played if seat == 0]
    assert not any(mine) and len(mine) == player.taps  # ... every move by a tap on the phone
    assert player.taps >= 2 * len(turns_of_a)  # (a move and the end, at least, each turn)
    drive.run(10)  # the end told on the table, then the results
    assert any(s.name == "results" for s in drive.app.scenes.stack) or scene.reported
