"""Seats: a long token and a short code; the first device binds the seat, the same device comes
back (and at once gets the latest view), another device is refused until the table releases it."""

from __future__ import annotations

import math

from game.phones.messages import Limits, PhoneEvent
from game.phones.server import PhoneServer
from game.phones.sockets import CLOSE_RELEASED, CLOSE_REPLACED
from game.phones.tokens import CODE_ALPHABET, CODE_LENGTH, SeatBook
from tests.phones.phones_support import Phone, events, run, serve, settled

LOOK_ALIKES = "0O1IL2Z5S8B6GUV"


def test_a_token_has_at_least_128_bits_and_a_code_4_to_6_plain_characters() -> None:
    book = SeatBook()
    passes = [book.add(seat) for seat in range(6)]
    for made in passes:
        assert len(made.token) * 6 >= 128  # URL-safe base64: 6 bits a character
        assert 4 <= len(made.code) <= 6 and set(made.code) <= set(CODE_ALPHABET)
    assert not set(LOOK_ALIKES) & set(CODE_ALPHABET)
    assert math.log2(len(CODE_ALPHABET) ** CODE_LENGTH) > 20
    assert len({p.token for p in passes}) == len({p.code for p in passes}) == 6
    assert book.add(3) == passes[3]  # a seat keeps its pass
    book.remove(3)
    assert book.find(token=passes[3].token) is None and book.add(3) != passes[3]


def test_the_first_device_binds_the_seat_and_a_second_is_refused(server: PhoneServer) -> None:
    async def scenario() -> None:
        anna = await Phone.join(server, 1, device="anna-phone")
        assert await events(server, 1) == [PhoneEvent(1, "joined", {"again": False})]
        thief = await Phone.open(server, device="other-phone")
        await thief.hello(token=server.add_seat(1).token)
        await thief.refused("phones.error.seat_taken")
        await thief.hello(code=server.add_seat(1).code)  # the typed code neither
        await thief.refused("phones.error.seat_taken")
        await thief.send({"type": "action", "action": {"kind": "stay"}})
        await thief.refused("phones.error.not_joined")
        assert await settled(server, thief) == []
        assert server.connected() == {1}
        # Anna goes on playing
        await anna.send({"type": "action", "action": {"kind": "stay"}})
        assert [e.kind for e in await events(server, 1)] == ["action"]
        await thief.close()
        await anna.close()

    run(scenario())


def test_a_typed_code_joins_in_any_case_and_spacing(server: PhoneServer) -> None:
    made = server.add_seat(2)
    typed = f" {made.code[:2].lower()} {made.code[2:]} "

    async def scenario() -> None:
        phone = await Phone.open(server)
        await phone.hello(code=typed)
        welcome = await phone.expect("welcome")
        # the page keeps the token (a reload rejoins without the code)
        assert (welcome["seat"], welcome["token"], welcome["code"]) == (2, made.token, made.code)
        assert welcome["lang"] == "en"
        await phone.close()

    run(scenario())


def test_the_same_device_comes_back_and_gets_the_latest_view_at_once(server: PhoneServer) -> None:
    server.add_seat(0)
    server.send(0, {"view": 1})
    server.send(0, {"view": 2})
    server.send(0, {"refused": "not your turn"}, keep=False)  # a one-off is not kept

    async def scenario() -> None:
        phone = await Phone.join(server, 0, device="anna-phone")
        assert (await phone.expect("table"))["body"] == {"view": 2}
        server.send(0, {"view": 3})
        assert (await phone.expect("table"))["body"] == {"view": 3}
        await phone.close()  # the phone sleeps
        assert [e.kind for e in await events(server, 2)] == ["joined", "left"]
        server.send(0, {"view": 4})  # sent while it was away
        again = await Phone.join(server, 0, device="anna-phone")
        assert (await again.expect("table"))["body"] == {"view": 4}
        assert await events(server, 1) == [PhoneEvent(0, "joined", {"again": True})]
        await again.close()

    run(scenario())


def test_a_reload_takes_over_from_the_old_connection(server: PhoneServer) -> None:
    async def scenario() -> None:
        old = await Phone.join(server, 0, device="anna-phone")
        new = await Phone.join(server, 0, device="anna-phone")  # the old one still open
        await old.refused("phones.error.replaced")
        assert await old.closed() == CLOSE_REPLACED
        await new.send({"type": "action", "action": {"kind": "buy"}})
        got = await events(server, 3)
        assert [(e.seat, e.kind) for e in got] == [(0, "joined"), (0, "joined"), (0, "action")]
        assert server.connected() == {0}
        await old.close()
        await new.close()

    run(scenario())


def test_a_released_seat_takes_another_device(server: PhoneServer) -> None:
    token = server.add_seat(1).token

    async def scenario() -> None:
        first = await Phone.join(server, 1, device="lost-phone")
        server.release(1)
        await first.refused("phones.error.released")
        assert await first.closed() == CLOSE_RELEASED
        second = await Phone.open(server, device="new-phone")
        await second.hello(token=token)  # the same pass, another device
        assert (await second.expect("welcome"))["seat"] == 1
        # and now the first device is the stranger
        back = await Phone.open(server, device="lost-phone")
        await back.hello(token=token)
        await back.refused("phones.error.seat_taken")
        for phone in (first, second, back):
            await phone.close()

    run(scenario())


def test_a_removed_seat_refuses_its_old_pass(server: PhoneServer) -> None:
    token = server.add_seat(1).token

    async def scenario() -> None:
        phone = await Phone.join(server, 1)
        server.remove_seat(1)  # the seat is back on the TV
        await phone.refused("phones.error.released")
        again = await Phone.open(server)
        await again.hello(token=token)
        await again.refused("phones.error.unknown_seat")
        await phone.close()
        await again.close()

    run(scenario())


def test_wrong_passes_are_refused_and_then_the_address_is() -> None:
    server = serve(Limits(join_failures=3))
    real = server.add_seat(0)

    async def scenario() -> None:
        phone = await Phone.open(server)
        for wrong in ({"token": "x" * 32}, {"code": "AAAAA"}, {"code": "CCCCC"}):
            await phone.hello(**wrong)
            await phone.refused("phones.error.unknown_seat")
        await phone.hello(token=real.token)  # even the right one, from this address, now
        await phone.refused("phones.error.too_many_tries")
        assert await settled(server, phone) == []
        await phone.close()

    try:
        run(scenario())
    finally:
        server.stop()
