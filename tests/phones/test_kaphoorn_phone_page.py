"""Kap Hoorn's phone page in a real browser (headless Chromium, tests/phones/browser.py), fed
through a real PhoneServer with the payload the table's hooks make: the card faces the page
draws are the TV's (the same number, arrows pointing the same compass ways, for the same hand,
in each stage), and a card then a field sends that field's action.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from game import i18n
from game.games.kaphoorn import phone as hooks
from game.games.kaphoorn.rules import RULES, KapState
from game.games.kaphoorn.rules.actions import Play
from game.games.kaphoorn.rules.chart import FORWARD
from game.games.kaphoorn.view import seachart
from game.games.kaphoorn.view.layout import HAND_RECT
from game.phones.server import PhoneServer
from game.play.config import GameConfig, Seat
from tests.phones.browser import PhoneMaker, phone  # noqa: F401 (the fixture)
from tests.phones.phones_support import GUARD
from tests.scenes_support import table_class

# what the page drew: each card's number and its arrows' compass ways, read off the SVG shapes
READ_CARDS = """
return Array.from(document.querySelectorAll('#table .kh-card svg')).map((svg) => {
  const box = svg.viewBox.baseVal;
  const cx = box.width / 2, cy = box.height / 2;
  const ways = Array.from(svg.querySelectorAll('.kh-arrow')).map((arrow) => {
    const tip = arrow.points.getItem(3);  // windcard.draw_arrow: the head's point
    const a = Math.atan2(tip.x - cx, -(tip.y - cy));
    return ((Math.round(a / (Math.PI / 4)) % 8) + 8) % 8;
  });
  return {number: svg.querySelector('.kh-distance').textContent, ways: ways.sort()};
});
"""


def opened(phone: PhoneMaker, server: PhoneServer) -> Any:  # noqa: F811
    server.add_seat(0)
    page = phone()
    page.get(server.join_url(0))
    WebDriverWait(page, GUARD).until(lambda _: server.connected() == {0})
    server.poll()
    return page


def in_stage(state: KapState, stage: int) -> KapState:
    """``state`` with seat 0's ship on a card field of ``stage`` (laid there if need be): only
    for drawing the hand as it lies by the ship (``FORWARD`` of the stage)."""
    chart = state.chart
    field = next(f for f in range(len(state.cards))
                 if chart.zone[f] == stage and chart.playable >> f & 1)  # fmt: skip
    cards = list(state.cards)
    cards[field] = 0
    ships = (field, *state.ships[1:])
    return state.with_(cards=tuple(cards), ships=ships)


def table_payload(state: KapState, seat: int) -> dict[str, Any]:
    """The table's payload for ``seat`` (docs/PHONES.md), its game part from the hooks."""
    view = state.view(seat)
    choices = [{"group": "", **c, "id": i, "asks": None}
               for i, c in enumerate(hooks.choices(view, seat))]  # fmt: skip
    return {"v": 1, "game": "kaphoorn", "title": "Kap Hoorn", "lang": i18n.language(),
            "seat": seat, "players": [], "turn": state.current_player,
            "yours": state.current_player == seat, "status": "",
            "question": hooks.question(view, seat), "choices": choices, "undo": False,
            "log": [], "over": None, "page": hooks.page(view, seat)}  # fmt: skip


def shown(page: Any, payload: dict[str, Any]) -> list[dict[str, Any]]:
    """Wait for the page to draw the payload's hand: the same cards as the payload says,
    read from the drawing (the hand of the stage before has as many cards, turned otherwise;
    a page that draws a face wrong never gets there, and the wait fails)."""
    said = [{"number": str(c["distance"]), "ways": sorted(c["arrows"])}
            for c in payload["page"]["hand"]]  # fmt: skip
    return WebDriverWait(page, GUARD).until(
        lambda _: (cards := page.execute_script(READ_CARDS)) == said and cards)


def tv_faces(drive: Any, monkeypatch: pytest.MonkeyPatch, state: KapState) -> list[dict[str, Any]]:
    """The faces the TV draws for seat 0's hand (its one person at the TV, so shown face up)."""
    seats = (Seat("Anna", "human", "red"), Seat("Ben", "easy", "blue"),
             Seat("Cleo", "easy", "yellow"))  # fmt: skip
    cfg = GameConfig("kaphoorn", "standard", seats, state.seed, {"start": 1})
    drive.app.scenes.reset(table_class("kaphoorn"), config=cfg, start=state)
    drawn: list[dict[str, Any]] = []
    real = seachart.draw_wind_card

    def spy(surface: Any, rect: Any, wind: Any, forward: int = 0, **kw: Any) -> None:
        if HAND_RECT.collidepoint(rect.center):  # the hand's cards, not the wind in the corner
            drawn.append({"number": str(wind.distance), "ways": sorted(wind.turned(forward))})
        real(surface, rect, wind, forward, **kw)

    monkeypatch.setattr(seachart, "draw_wind_card", spy)
    drive.frames(3)
    scene = drive.app.scenes.stack[0]
    assert scene.hand_owner() == 0
    return drawn[-len(state.hands[0]):]


def test_the_phone_draws_the_tvs_card_faces(
    phone: PhoneMaker, server: PhoneServer, drive: Any, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
    page = opened(phone, server)
    start = RULES.new_game("standard", ["Anna", "Ben", "Cleo"], seed=8, options={"start": 1})
    seen_forwards = set()
    for stage in (1, 2, 3):
        state = in_stage(start, stage)
        payload = table_payload(state, 0)
        server.send(0, payload)
        on_phone = shown(page, payload)
        on_tv = tv_faces(drive, monkeypatch, state)
        assert on_phone == on_tv, f"stage {stage}"
        seen_forwards.add(payload["page"]["hand"][0]["forward"])
    assert seen_forwards == set(FORWARD.values())  # three different ways up: a real check


def test_a_card_then_a_lettered_field_sends_that_action(
    phone: PhoneMaker, server: PhoneServer  # noqa: F811
) -> None:
    page = opened(phone, server)
    state = RULES.new_game("standard", ["Anna", "Ben", "Cleo"], seed=8, options={"start": 1})
    payload = table_payload(state, 0)
    server.send(0, payload)
    shown(page, payload)
    play = next(c for c in payload["choices"] if c["kind"] == "play")
    card = page.find_element(By.CSS_SELECTOR, f'#table .kh-card[data-card="{play["card"]}"]')
    card.click()
    field = WebDriverWait(page, GUARD).until(lambda _: page.find_element(
        By.CSS_SELECTOR, f'#table .kh-field[data-tv="{play["tv"]}"]'))  # fmt: skip
    assert play["tv"] in field.text and play["place"] in field.text
    field.click()
    sent: list[Any] = []
    WebDriverWait(page, GUARD).until(lambda _: sent.extend(
        e.body for e in server.poll() if e.kind == "action") or sent)  # fmt: skip
    action = sent[0]["action"]
    assert action == play["action"]
    made = state.action_from_dict(json.loads(json.dumps(action)))
    assert isinstance(made, Play) and state.chart.label(made.to) == play["field"]
    assert hooks.letters(state.view(0))[made.to] == play["tv"]  # the TV's letter of that field
    assert math.isfinite(made.to)
