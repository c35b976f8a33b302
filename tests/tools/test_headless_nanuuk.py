"""Headless Nanuuk! games from the command line: every variant id finishes with the JSON line."""

import json

import pytest
from test_headless import run_main

CASES = [
    ("full", "ai:normal,ai:easy,ai:easy,ai:easy", []),
    ("full", "ai:easy,ai:easy", ["two-hunters=true", "variant-1=true"]),
    ("full", "ai:easy,ai:easy,ai:easy", ["variant-2=true", "cracks=6"]),
    ("intro", "ai:easy,ai:normal,ai:easy", []),
    ("partner", "ai:easy,ai:easy,ai:easy,ai:easy", []),
    ("neighbourhood", "ai:easy,ai:easy,ai:easy,ai:easy", ["winner=right"]),
    ("helpers", "ai:easy,ai:normal", []),
    ("bear-hunt", "ai:easy,ai:easy,ai:easy", ["b=true", "d=true"]),
    ("bear-fear", "ai:easy,ai:easy", ["bears=2", "c=true"]),
]


@pytest.mark.parametrize(("variant", "players", "options"), CASES)
def test_every_variant_finishes_headless_with_the_outcome(tmp_path, variant, players, options):
    flags = [arg for opt in options for arg in ("--option", opt)]
    result = run_main(
        "--game", "nanuuk", "--variant", variant, "--players", players, "--seed", "3",
        "--speed", "40", "--exit-when-over", "--data-dir", str(tmp_path), *flags,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    outcome = json.loads(result.stdout.strip().splitlines()[-1])
    assert outcome["game"] == "nanuuk" and outcome["variant"] == variant
    assert len(outcome["scores"]) == len(players.split(","))
    assert outcome["reason"].startswith("nanuuk_")
    for opt in options:
        key, _, _ = opt.partition("=")
        assert key in outcome["options"]


def test_a_bad_option_value_is_refused_with_a_message(tmp_path):
    result = run_main(
        "--game", "nanuuk", "--variant", "bear-hunt", "--players", "ai:easy,ai:easy",
        "--option", "d=true", "--data-dir", str(tmp_path),
    )  # fmt: skip
    assert result.returncode == 2
    assert "option d is for three players" in result.stderr
