"""Headless runs of main.py: a whole AI game prints one JSON outcome line and exits 0."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def run_main(*args: str, timeout: float = 180) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        text=True,
        env=ENV,
        cwd=ROOT,
        timeout=timeout,
    )


def test_ai_game_prints_the_outcome_and_exits_0(tmp_path):
    shot = tmp_path / "last.png"
    result = run_main(
        "--game", "bergruft", "--players", "ai:normal,ai:easy", "--seed", "7", "--speed", "20",
        "--exit-when-over", "--data-dir", str(tmp_path), "--screenshot", str(shot),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    outcome = json.loads(result.stdout.strip().splitlines()[-1])
    assert outcome["game"] == "bergruft" and outcome["variant"] == "standard"
    assert outcome["seed"] == 7 and len(outcome["scores"]) == 2
    assert sorted(outcome["ranking"]) == [0, 1]
    assert outcome["winners"] and set(outcome["winners"]) <= {0, 1}
    assert outcome["turns"] > 0
    assert pygame.image.load(str(shot)).get_size() == (1920, 1080)


def test_same_seed_gives_the_same_game(tmp_path):
    args = ["--game", "bergruft", "--players", "ai:easy,ai:easy,ai:normal", "--seed", "3"]
    args += ["--speed", "20", "--exit-when-over", "--data-dir", str(tmp_path)]
    first, second = run_main(*args), run_main(*args)
    assert first.returncode == second.returncode == 0
    assert first.stdout.splitlines()[-1] == second.stdout.splitlines()[-1]


def test_quit_after_stops_the_title_screen(tmp_path):
    result = run_main("--quit-after", "0.5", "--data-dir", str(tmp_path), timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""  # stdout is kept for the JSON outcome line


def test_wrong_flag_exits_2_with_a_message(tmp_path):
    result = run_main("--players", "human", timeout=60)
    assert result.returncode == 2
    assert "needs --game" in result.stderr


def test_a_reader_that_stops_reading_ends_the_run_too(tmp_path):
    """``--exit-when-over | head -c 10``: the outcome's print met a closed pipe, the error went
    to the title screen, and the headless run never ended."""
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--game", "bergruft", "--players",
         "ai:normal,ai:easy", "--seed", "7", "--speed", "20", "--exit-when-over", "--data-dir",
         str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, cwd=ROOT,
    )  # fmt: skip
    assert process.stdout is not None
    process.stdout.close()  # nobody reads the outcome
    try:
        code = process.wait(timeout=600)  # a hang guard, no time limit
    finally:
        process.kill()
    assert process.stderr is not None
    assert code == 0 and b"Traceback" not in process.stderr.read()
    log = tmp_path / "speltafel.log"
    assert not log.exists() or "BrokenPipeError" not in log.read_text(encoding="utf-8")
