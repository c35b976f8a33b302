"""The kiosk's command line: --kiosk and --kiosk-config, and a headless run that ends only by
--quit-after (python main.py --kiosk --quit-after S --speed X)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import parse_args
from game.persist.stats import Stats

ROOT = Path(__file__).resolve().parents[2]


def test_kiosk_flags_reach_the_options(tmp_path):
    (tmp_path / "event.toml").write_text("display = 0\n", encoding="utf-8")
    options = parse_args(["--kiosk", "--kiosk-config", str(tmp_path / "event.toml")])
    assert options.kiosk and options.kiosk_config == tmp_path / "event.toml"
    assert not parse_args([]).kiosk


@pytest.mark.parametrize(
    "argv",
    [
        ["--kiosk-config", "event.toml"],
        ["--kiosk", "--game", "bergruft"],
        ["--kiosk", "--exit-when-over"],
    ],
)
def test_flags_that_do_not_go_with_kiosk_mode_are_refused(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        parse_args(argv)
    assert stop.value.code == 2
    assert "kiosk" in capsys.readouterr().err


def test_a_headless_kiosk_run_shows_demo_games_until_quit_after(tmp_path):
    config = tmp_path / "event.toml"
    config.write_text('attract_after_s = 5\ngames = ["bergruft"]\n', encoding="utf-8")
    data = tmp_path / "data"
    shot = tmp_path / "last.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    run = subprocess.run(
        [sys.executable, "main.py", "--kiosk", "--kiosk-config", str(config),
         "--quit-after", "30", "--speed", "20", "--data-dir", str(data), "--screenshot", str(shot)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert shot.exists()
    log = (data / "speltafel.log").read_text(encoding="utf-8")
    assert "kiosk: attract mode" in log and "Traceback" not in log
    stats, problem = Stats.open(data)
    try:
        assert problem is None
        assert stats.totals()["attract_games"] >= 1
        assert {row["game"] for row in stats.rows()} == {"bergruft"}
    finally:
        stats.close()
