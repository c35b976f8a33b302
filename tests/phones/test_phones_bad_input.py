"""Bad input: too big, too fast, malformed or unknown messages are refused with a code the page
translates, and change nothing: the table hears nothing of them and the seat plays on."""

from __future__ import annotations

import json

from aiohttp import WSCloseCode

from game.phones.messages import Bucket, Code, Limits, PhoneError, PhoneEvent, parse
from game.phones.server import PhoneServer
from tests.phones.phones_support import Phone, events, run, serve, settled

STAY = {"type": "action", "action": {"kind": "stay"}}


def test_parse_reads_the_three_kinds_and_refuses_the_rest() -> None:
    limits = Limits()
    assert parse('{"type":"ping"}', limits).__class__.__name__ == "Ping"
    hello = parse('{"type":"hello","token":"' + "t" * 32 + '","device":"abcdefgh"}', limits)
    assert (hello.token, hello.code, hello.device) == ("t" * 32, None, "abcdefgh")  # type: ignore[union-attr]
    refusals = {
        "{": Code.BAD_JSON,
        "[1, 2]": Code.NOT_OBJECT,
        '"hello"': Code.NOT_OBJECT,
        "{}": Code.UNKNOWN_TYPE,
        '{"type": 7}': Code.UNKNOWN_TYPE,
        '{"type":"hello","device":"short","code":"ACDEF"}': Code.BAD_FIELD,
        '{"type":"hello","device":"abcdefgh"}': Code.BAD_FIELD,
        '{"type":"hello","device":"abcdefgh","token":"../../etc"}': Code.BAD_FIELD,
        '{"type":"action"}': Code.BAD_FIELD,
        '{"type":"action","action":{}}': Code.BAD_FIELD,
        '{"type":"action","action":"stay"}': Code.BAD_FIELD,
        "[" * 100_000: Code.TOO_BIG,
        "[" * 8_000 + "]" * 8_000: Code.BAD_JSON,  # deep, under the size: no crash
    }
    for text, code in refusals.items():
        try:
            parse(text, limits)
        except PhoneError as refused:
            assert refused.code is code, text[:60]
        else:
            raise AssertionError(f"accepted: {text[:60]}")


def test_a_bucket_lets_a_burst_through_then_its_rate() -> None:
    now = [0.0]
    bucket = Bucket(3, 2.0, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5  # one more message's worth
    assert [bucket.take(), bucket.take()] == [True, False]
    now[0] += 100.0  # never more than the burst
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


def test_malformed_and_unknown_messages_change_nothing(server: PhoneServer) -> None:
    async def scenario() -> None:
        phone = await Phone.join(server, 0)
        assert [e.kind for e in await events(server, 1)] == ["joined"]
        bad = {
            "not json at all": "phones.error.bad_json",
            "[1, 2, 3]": "phones.error.not_object",
            json.dumps({"type": "dance"}): "phones.error.unknown_type",
            json.dumps({"no": "type"}): "phones.error.unknown_type",
            json.dumps({"type": "action", "action": ["stay"]}): "phones.error.bad_field",
            json.dumps({"type": "action", "action": {"kind": "stay"}, "asked": "yes"}):
                "phones.error.bad_field",
            json.dumps({"type": "language", "lang": "deutsch"}): "phones.error.bad_field",
            json.dumps({"type": "language"}): "phones.error.bad_field",
            json.dumps({"type": "hello", "device": "device-aaaa", "code": "X"}):
                "phones.error.already_joined",
        }
        for text, code in bad.items():
            await phone.ws.send_str(text)
            refused = await phone.refused(code)
            assert set(refused) == {"type", "code", "params"}
        await phone.ws.send_bytes(b"\x00\x01")
        await phone.refused("phones.error.not_text")
        await phone.send({"type": "dance"})
        assert (await phone.refused("phones.error.unknown_type"))["params"] == {"type": "dance"}
        assert await settled(server, phone) == []  # the table heard nothing
        await phone.send(STAY)  # and the seat plays on
        [played] = await events(server, 1)
        assert played == PhoneEvent(0, "action", {"action": {"kind": "stay"}, "asked": False})
        await phone.close()

    run(scenario())


def test_an_action_before_joining_is_refused(server: PhoneServer) -> None:
    async def scenario() -> None:
        phone = await Phone.open(server)
        await phone.send(STAY)
        await phone.refused("phones.error.not_joined")
        assert await settled(server, phone) == []
        await phone.close()

    run(scenario())


def test_a_message_over_the_size_limit_is_refused_and_the_connection_stays(
    server: PhoneServer,
) -> None:
    async def scenario() -> None:
        phone = await Phone.join(server, 0)
        huge = {"type": "action", "action": {"kind": "stay", "pad": "x" * (17 * 1024)}}
        await phone.send(huge)
        refused = await phone.refused("phones.error.too_big")
        assert refused["params"] == {"limit": 16 * 1024}
        assert [e.kind for e in await settled(server, phone)] == ["joined"]
        await phone.send(STAY)
        assert [e.kind for e in await events(server, 1)] == ["action"]
        await phone.close()

    run(scenario())


def test_a_frame_far_over_the_limit_closes_the_connection(server: PhoneServer) -> None:
    async def scenario() -> None:
        phone = await Phone.join(server, 0)
        await phone.ws.send_str("x" * (server.limits.frame_bytes + 1))
        assert await phone.closed() == WSCloseCode.MESSAGE_TOO_BIG
        assert [e.kind for e in await events(server, 2)] == ["joined", "left"]
        await phone.close()

    run(scenario())


def test_a_flood_is_cut_to_the_rate_and_then_closed() -> None:
    # a rate that never refills within a test: what passes is the burst, whatever the speed
    server = serve(Limits(burst=5, per_second=1e-6, floods=50))

    async def scenario() -> None:
        phone = await Phone.open(server)
        await phone.hello(token=server.add_seat(0).token)  # 1 of the burst
        await phone.expect("welcome")
        for _ in range(40):  # 4 pass, 36 refused: one error says so
            await phone.send(STAY)
        await phone.refused("phones.error.too_fast")
        got = await events(server, 5)
        assert [e.kind for e in got] == ["joined"] + ["action"] * 4
        for _ in range(15):  # 36 + 15 refused in a row, more than floods: the connection is
            await phone.send(STAY)  # closed (and this side sends no more into the closing)
        assert await phone.closed() == WSCloseCode.POLICY_VIOLATION
        assert [e.kind for e in await events(server, 1)] == ["left"]
        assert server.poll() == []
        await phone.close()

    try:
        run(scenario())
    finally:
        server.stop()


def test_the_rate_is_per_connection() -> None:
    server = serve(Limits(burst=3, per_second=1e-6))

    async def scenario() -> None:
        anna = await Phone.join(server, 0, device="anna-phone")
        ben = await Phone.join(server, 1, device="ben-phone")
        for _ in range(3):
            await anna.send(STAY)
        await anna.refused("phones.error.too_fast")
        for _ in range(2):
            await ben.send(STAY)  # Ben's bucket is his own
        got = await events(server, 2 + 2 + 2)
        assert sorted((e.seat, e.kind) for e in got) == [
            (0, "action"), (0, "action"), (0, "joined"),
            (1, "action"), (1, "action"), (1, "joined"),
        ]  # fmt: skip
        await anna.close()
        await ben.close()

    try:
        run(scenario())
    finally:
        server.stop()
