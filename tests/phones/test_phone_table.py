"""The table as the phones' listener (game/play/phoneseats.py): a Nanuuk! table under the dummy
video driver, a real PhoneServer, and phones on real aiohttp connections. What each seat is
told and when, each refusal (nothing changes), undo, the phone's language, the question before a
deciding move, and the TV's side (no choices offered for a phone's seat, the take-back offer)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from game import i18n
from game.phones.server import PhoneServer
from game.play.phoneseats import LOG_LINES, TAKE_BACK_AFTER, payload
from tests.finale_positions import answer
from tests.finale_positions import nanuuk as nanuuk_near_end
from tests.phones.phones_support import Phone, run
from tests.phones.table_support import (
    Listening,
    frames_until,
    nanuuk_config,
    open_table,
    with_phones,
)

PAYLOAD_KEYS = {"v", "game", "title", "lang", "seat", "players", "turn", "yours", "status",
                "question", "choices", "undo", "log", "over", "page"}  # fmt: skip


async def two_phones(drive, server: PhoneServer) -> tuple[Any, Listening, Listening]:
    """Anna (seat 0) and Ben (seat 1) on phones, joined before the table opens (as on the join
    screen); the table once each phone has its first view."""
    with_phones(drive.app, server)
    anna = Listening(await Phone.join(server, 0, "device-anna"))
    ben = Listening(await Phone.join(server, 1, "device-bena"))
    table = open_table(drive, nanuuk_config(["human", "human"], {0, 1}))
    await frames_until(drive, lambda: bool(anna.views) and anna.last["yours"] and ben.views)
    return table, anna, ben


def act(choice: dict[str, Any], asked: bool = False) -> dict[str, Any]:
    return {"type": "action", "action": choice["action"], "asked": asked}


def test_each_phone_seat_is_told_its_view_after_a_change_and_only_then(drive, server) -> None:
    async def scenario() -> None:
        table, anna, ben = await two_phones(drive, server)
        body = anna.last
        assert set(body) == PAYLOAD_KEYS
        assert (body["v"], body["game"], body["title"], body["seat"]) == (1, "nanuuk", "Nanuuk!", 0)
        assert body["lang"] == "en" and body["turn"] == 0 and body["status"] == "Your turn"
        assert [p["name"] for p in body["players"]] == ["Anna", "Ben"]
        assert all(p["phone"] and p["joined"] and not p["computer"] for p in body["players"])
        assert body["players"][0]["colour"].startswith("#") and body["players"][0]["shape"]
        assert body["question"].startswith("Anna:")
        legal = {str(a.to_dict()) for a in table.state.view(0).legal_actions()}
        assert {str(c["action"]) for c in body["choices"]} == legal  # the rules' choices only
        assert [c["id"] for c in body["choices"]] == list(range(len(body["choices"])))
        assert all(c["label"] and "{" not in c["label"] and c["asks"] is None
                   for c in body["choices"])  # fmt: skip
        assert body["log"] == [] and body["over"] is None and body["undo"] is False
        assert ben.last["yours"] is False and ben.last["choices"] == []
        assert ben.last["status"] == "Anna is choosing on the phone"
        quiet = len(anna.bodies), len(ben.bodies)
        await frames_until(drive, lambda: table.time.now > 3)  # nothing changes: nothing sent
        assert (len(anna.bodies), len(ben.bodies)) == quiet

        await anna.phone.send(act(body["choices"][0]))
        await frames_until(drive, lambda: len(anna.views) > quiet[0] and len(ben.views) > quiet[1])
        assert table.moves == [body["choices"][0]["action"]]  # played as a click
        assert anna.last["log"][-1]["seat"] == 0 and "Anna" in anna.last["log"][-1]["text"]
        assert ben.last["log"] == anna.last["log"]
        await anna.close()
        await ben.close()

    run(scenario())


def test_a_malformed_a_mistimed_and_an_illegal_action_are_refused_and_change_nothing(
    drive, server
) -> None:
    async def scenario() -> None:
        table, anna, ben = await two_phones(drive, server)
        state, moves, log = table.state, list(table.moves), list(table.log)
        choice = anna.last["choices"][0]
        wrong = dict(choice["action"], type="step", mover="hunter 1", to="F1", kayak=False)
        sent = [
            (anna, {"type": "action", "action": {"type": "nonsense"}}, "phones.table.bad_action"),
            (anna, {"type": "action", "action": {"type": "step", "to": []}},
             "phones.table.bad_action"),
            (ben, act(choice), "phones.table.not_your_turn"),
            (ben, {"type": "undo"}, "phones.table.no_undo"),
            (anna, {"type": "action", "action": wrong}, "not_now"),  # a step while placing
        ]  # fmt: skip
        for phone, message, code in sent:
            before = len(phone.refusals)
            await phone.phone.send(message)
            await frames_until(drive, lambda phone=phone, before=before:
                               len(phone.refusals) > before)  # fmt: skip
            refusal = phone.refusals[-1]
            assert refusal["code"] == code and refusal["text"] and refusal["text"] != code
            assert table.state is state and table.moves == moves and table.log == log
            assert table.notice is None  # the TV shows nothing for a phone's refusal
        assert anna.refusals[-1]["text"] == i18n.tr("refusal.nanuuk.not_now")
        assert not ben.refusals[0]["text"].startswith("phones.")
        await anna.close()
        await ben.close()

    run(scenario())


def test_the_phone_takes_back_its_own_decision_and_speaks_its_own_language(
    drive, server
) -> None:
    async def scenario() -> None:
        table, anna, ben = await two_phones(drive, server)
        first = anna.last
        await anna.phone.send(act(first["choices"][0]))
        await frames_until(drive, lambda: table.moves and not table.busy and anna.last["undo"])
        assert ben.last["undo"] is False  # not his decision
        await anna.phone.send({"type": "undo"})
        await frames_until(drive, lambda: not table.moves and anna.last["log"] == [])
        assert anna.last["choices"] == first["choices"]

        await ben.phone.send({"type": "language", "lang": "nl"})
        await frames_until(drive, lambda: ben.last["lang"] == "nl")
        with i18n.speaking("nl"):
            assert ben.last["status"] == i18n.tr("phones.table.status.phone", name="Anna")
        assert ben.last["title"] == "Nanuuk!" and "kiest" in ben.last["status"]
        assert anna.last["lang"] == "en" and i18n.language() == "en"  # the TV's own language
        await ben.phone.send({"type": "language", "lang": "de"})
        await frames_until(drive, lambda: ben.last["lang"] == "de")
        assert ben.last["status"] == "Anna wählt am Handy"
        await anna.close()
        await ben.close()

    run(scenario())


def test_a_deciding_move_is_asked_on_the_phone_never_on_the_tv(drive, server) -> None:
    near = nanuuk_near_end()
    config = dataclasses.replace(near.config, phones=frozenset({0}))

    async def scenario() -> None:
        with_phones(drive.app, server)
        anna = Listening(await Phone.join(server, 0, "device-anna"))
        table = open_table(drive, config, start=near.start)
        def offered(action: Any) -> bool:  # the phone has the payload that offers it (a payload
            # read before the last move came through may still say "yours")
            return bool(anna.views) and anna.last["yours"] and any(
                c["action"] == action.to_dict() for c in anna.last["choices"])

        for step in near.before:
            await frames_until(drive, lambda step=step: offered(step))
            [chosen] = [c for c in anna.last["choices"] if c["action"] == step.to_dict()]
            await anna.phone.send(act(chosen))
            await frames_until(drive, lambda step=step: table.moves[-1:] == [step.to_dict()])
        await frames_until(drive, lambda: offered(near.move))
        [deciding] = [c for c in anna.last["choices"] if c["action"] == near.move.to_dict()]
        others = [c for c in anna.last["choices"] if c is not deciding]
        assert deciding["asks"] and "{" not in deciding["asks"]
        assert deciding["asks"] == table.question_before(table.state, near.move)
        assert any(c["asks"] is None for c in others)
        moves = list(table.moves)
        await anna.phone.send(act(deciding, asked=False))
        await frames_until(drive, lambda: bool(anna.refusals))
        assert anna.refusals[-1]["code"] == "phones.table.ask_first"
        assert table.moves == moves and drive.app.scenes.top is table  # no dialog on the TV
        await anna.phone.send(act(deciding, asked=True))
        await frames_until(drive, lambda: anna.last["over"] is not None)
        assert drive.app.scenes.top is table and table.state.is_over()
        over = anna.last["over"]
        assert over["winners"] == [0] and over["reason"]
        assert over["text"] == f"{config.names[0]} wins!"
        assert anna.last["turn"] is None and anna.last["choices"] == []
        assert anna.last["status"] == i18n.tr("phones.table.status.over")
        await anna.close()

    run(scenario())


def test_the_tv_offers_no_choice_of_a_phones_seat_and_says_who_chooses(drive, server) -> None:
    async def scenario() -> None:
        table, anna, ben = await two_phones(drive, server)
        assert table.on_phone(0) and not table.human_turn
        assert table.board_targets() == [] and table.button_actions() == []
        assert table.question() == "Anna is choosing on the phone"
        state = table.state
        kind, where, _ = table.targets(None)[0]  # a field her phone offers
        x, y = table.layout.centre(where)
        drive.click((round(x), round(y)))  # a click there on the TV plays nothing for her
        assert kind == "field" and table.state is state and table.moves == []
        await anna.close()
        await ben.close()

    run(scenario())


def test_the_focused_choice_of_the_phone_is_lit_on_the_tv(drive, server) -> None:
    async def scenario() -> None:
        table, anna, ben = await two_phones(drive, server)
        choices = anna.last["choices"]
        assert table.shown_targets()[1] is None and table.shown_targets()[0]
        await anna.phone.send({"type": "focus", "action": choices[3]["action"]})
        await frames_until(drive, lambda: table.phone_pick() is not None)
        targets, focus = table.shown_targets()
        assert focus is not None and targets[focus][2].to_dict() == choices[3]["action"]
        await ben.phone.send({"type": "focus", "action": choices[1]["action"]})  # not his turn
        await anna.phone.send(act(choices[3]))
        await frames_until(drive, lambda: len(table.moves) == 1)
        assert table.phone_pick() is None  # a new position: no pick of the old one stands
        await anna.close()
        await ben.close()

    run(scenario())


def test_a_phone_gone_30_game_seconds_is_offered_back_onto_the_tv(drive, server) -> None:
    async def scenario() -> None:
        table, anna, ben = await two_phones(drive, server)
        assert table.phone_joined(0)
        await anna.close()
        await frames_until(drive, lambda: not table.phone_joined(0))
        assert ben.last["players"][0]["joined"] is False
        assert table.question() == "Anna's phone is away: waiting for it"  # her turn waits
        gone = table.time.now
        drive.app.speed = 20.0  # the game clock runs fast; wall time does not matter
        await frames_until(drive, lambda: drive.app.scenes.top is not table)
        assert table.time.now - gone >= TAKE_BACK_AFTER
        question = drive.app.scenes.top
        assert question.name == "confirm" and "Anna" in question.message
        drive.app.speed = 1.0
        assert answer(drive, yes=True)
        assert drive.app.scenes.top is table
        assert not table.on_phone(0) and table.on_phone(1)
        assert table.human_turn and table.board_targets()  # her seat plays at the TV now
        assert table.question() != "Anna is choosing on the phone"
        again = await Phone.open(server, "device-anna")
        await again.hello(token="x" * 32)
        await again.refused("phones.error.unknown_seat")
        await again.close()
        await ben.close()

    run(scenario())


def test_the_log_a_phone_gets_is_the_last_lines(drive, server) -> None:
    assert LOG_LINES == 30
    with_phones(drive.app, server)
    table = open_table(drive, nanuuk_config(["human", "human"], {0, 1}))
    for _ in range(40):
        table.add_log(0, "done")
    made = payload(table, 1, "de", set())
    assert len(made["log"]) == LOG_LINES and made["log"][-1]["text"] == "Anna: fertig"
    assert i18n.language() == "en"


@pytest.mark.parametrize("lang", sorted(i18n.LANGUAGES))
def test_every_page_text_is_in_every_language(lang: str) -> None:
    english = {k for k in i18n.load_language("en") if k.startswith("phones.")}
    texts = i18n.load_language(lang)
    assert sorted(k for k in english if not texts.get(k)) == []
    assert {k for k in texts if k.startswith("phones.")} == english


def test_every_text_the_page_names_has_words() -> None:
    import re

    from game.resources import asset

    folder = asset("phone")
    named = set()
    for node in folder.iterdir():
        if node.name.endswith((".js", ".html")):
            named |= set(re.findall(r"phones\.page\.[a-z_.]*[a-z]", node.read_text("utf-8")))
    assert {"phones.page.play", "phones.page.languages.nl", "phones.page.undo"} <= named
    for lang in i18n.LANGUAGES:
        texts = i18n.load_language(lang)
        assert sorted(k for k in named if not isinstance(texts.get(k), str)) == [], lang
