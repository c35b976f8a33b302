"""``python -m game.tools.selfplay``: bot games headless, figures as one JSON line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from game.tools import selfplay


def test_selfplay_reports_lengths_and_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    args = "--game kaphoorn --players 3 --bots easy --games 2 --seed 4 --jobs 1 --json"
    assert selfplay.main(args.split()) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2 and report["bots"] == ["easy"] * 3
    lengths = report["turns_per_player"]
    assert 1 <= lengths["min"] <= lengths["median"] <= lengths["max"]
    assert abs(sum(report["reasons"].values()) - 1) < 1e-6
    assert set(report["reasons"]) <= {"roses", "finish", "rounds"}


def test_selfplay_plays_with_the_options_given(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[dict[str, Any]] = []
    real = selfplay.play_each

    def play_each(*args: Any, **kwargs: Any) -> Iterator[dict[str, Any]]:
        played.append(kwargs["options"])  # the games themselves: test_tournament.py
        return real(*args, **kwargs)

    monkeypatch.setattr(selfplay, "play_each", play_each)
    args = "--game nanuuk --variant full --players 2 --bots easy --games 1 --jobs 1 --json"
    assert selfplay.main([*args.split(), "--option", "two-hunters=true"]) == 0
    assert json.loads(capsys.readouterr().out)["options"] == {"two-hunters": True}
    assert played == [{"two-hunters": True}]


def test_one_game_is_the_same_every_time() -> None:
    first = selfplay.play_one("kaphoorn", "standard", ("easy",) * 3, 11)
    again = selfplay.play_one("kaphoorn", "standard", ("easy",) * 3, 11)
    assert first["turns_per_player"] == again["turns_per_player"]
    assert first["reason"] == again["reason"] and first["winners"] == again["winners"]


@pytest.mark.parametrize(
    "args",
    [
        "--game kaphoorn --bots wizard",
        "--game kaphoorn --players 4 --bots easy,easy",
        "--game kaphoorn --variant expert",
        "--game chess",
        "--game kaphoorn --players 3 --bots easy --option wind=3",
    ],
)
def test_wrong_arguments_say_so(args: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        selfplay.main(args.split())
    assert exc.value.code == 2 and "error" in capsys.readouterr().err
