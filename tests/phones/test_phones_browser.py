"""The join page in a real browser (headless Chromium, tests/phones/browser.py): the QR code's
address joins the seat, the page says so with the seat code, and a reload comes back to it."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from game.phones.server import PhoneServer
from tests.phones.browser import PhoneMaker, phone  # noqa: F401 (the fixture)
from tests.phones.phones_support import GUARD


def test_the_qr_address_joins_the_seat_and_a_reload_comes_back(
    phone: PhoneMaker, server: PhoneServer  # noqa: F811
) -> None:
    made = server.add_seat(1)
    page = phone()
    page.get(server.join_url(1))
    WebDriverWait(page, GUARD).until(lambda _: server.connected() == {1})
    body = page.find_element(By.TAG_NAME, "body")
    WebDriverWait(page, GUARD).until(lambda _: made.code in body.text)
    assert made.token not in page.current_url  # taken out of the address bar
    assert [(e.seat, e.kind) for e in server.poll()] == [(1, "joined")]
    page.refresh()  # the token was kept in the page's storage: the same seat again
    seen: list[tuple[int, str, bool]] = []
    WebDriverWait(page, GUARD).until(lambda _: seen.extend(
        (e.seat, e.kind, e.body.get("again", False)) for e in server.poll())
        or (1, "joined", True) in seen)  # fmt: skip
    assert seen[-1] == (1, "joined", True)  # the same device came back (its old socket left)
    assert server.connected() == {1}
