"""A headless Kap Hoorn game from the command line: three AIs play it out and main.py prints one
JSON outcome line and exits 0."""

import json

from test_headless import run_main


def test_an_ai_game_finishes_headless_with_the_outcome(tmp_path):
    result = run_main(
        "--game", "kaphoorn", "--variant", "standard", "--players", "ai:normal,ai:easy,ai:easy",
        "--seed", "5", "--speed", "20", "--exit-when-over", "--data-dir", str(tmp_path),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
    assert len(lines) == 1, result.stdout[-2000:]
    outcome = json.loads(lines[0])
    assert outcome["game"] == "kaphoorn" and outcome["variant"] == "standard"
    assert outcome["seed"] == 5 and outcome["kinds"] == ["normal", "easy", "easy"]
    assert len(outcome["players"]) == len(outcome["scores"]) == 3
    assert sorted(outcome["ranking"]) == [0, 1, 2]
    assert outcome["winners"] and set(outcome["winners"]) <= {0, 1, 2}
    assert outcome["winners"][0] == outcome["ranking"][0]
    assert outcome["reason"].startswith("kaphoorn_")
    assert outcome["reason"] in ("kaphoorn_roses", "kaphoorn_finish", "kaphoorn_rounds")
    assert outcome["turns"] > 0
    assert len(outcome["details"]) == 3
    for score, detail in zip(outcome["scores"], outcome["details"], strict=True):
        assert set(detail) >= {"roses", "to_finish"}
        assert isinstance(detail["to_finish"], int) and detail["to_finish"] >= 0
        assert 0 <= score <= 3
    if outcome["reason"] == "kaphoorn_finish":  # K8: at the finish line with two roses
        winner = outcome["winners"][0]
        assert outcome["details"][winner]["to_finish"] == 0 and outcome["scores"][winner] >= 2
