"""The command line: every flag parses, and a wrong value or combination of any flag gets one
clear line naming the flag and exit code 2, before a window opens."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import build_parser, parse_args
from game.session import parse_players

ROOT = Path(__file__).resolve().parents[2]


def error_of(argv, capsys) -> str:
    with pytest.raises(SystemExit) as exc:
        parse_args(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("python main.py: "), err  # one line
    return err


def test_the_installed_command_is_named_by_its_own_name(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", [str(Path("/usr/local/bin/speltafel"))])
    with pytest.raises(SystemExit):
        parse_args(["--game", "kaphoorn", "--players", "ai:normal,ai:easy"])
    assert capsys.readouterr().err.startswith("speltafel: Kap Hoorn needs 3-5 players")


def test_players_parse_kinds_and_names():
    seats = parse_players("human,ai:easy,Ben=ai:normal,Cleo=ai:hard")
    assert [(s.name, s.kind) for s in seats] == [
        ("Player 1", "human"),
        ("Player 2", "easy"),
        ("Ben", "normal"),
        ("Cleo", "hard"),
    ]


@pytest.mark.parametrize(("game", "seats"), [("bergruft", 2), ("nanuuk", 2), ("kaphoorn", 3)])
def test_without_players_you_play_against_as_few_computers_as_needed(game, seats):
    opts = parse_args(["--game", game])
    assert [s.kind for s in opts.game.seats] == ["human"] + ["normal"] * (seats - 1)


def test_full_headless_command_parses():
    opts = parse_args(
        "--game bergruft --players ai:normal,ai:easy --seed 7 --speed 20 --exit-when-over "
        "--screenshot out/x.png --quit-after 30 --size 1280x720 --option turn_limit=40".split()
    )
    assert opts.game.seed == 7 and opts.game.variant == "standard"
    assert opts.game.options == {"turn_limit": 40}
    assert [s.kind for s in opts.game.seats] == ["normal", "easy"]
    assert len({s.colour for s in opts.game.seats}) == 2
    assert opts.speed == 20 and opts.exit_when_over and opts.size == (1280, 720)
    assert opts.quit_after == 30
    assert not opts.game.guided


def test_guided_starts_a_guided_first_game():
    opts = parse_args(["--game", "kaphoorn", "--players", "human,ai:easy,ai:easy", "--guided"])
    assert opts.game is not None and opts.game.guided


# Every flag, with a value or a combination it refuses: (argv, what the one line says).
BAD_FLAGS = {
    "--game": [("--game chess", "argument --game: invalid choice")],
    "--variant": [
        ("--variant junior", "--variant needs --game"),
        ("--game bergruft --variant junior", "unknown variant"),
    ],
    "--players": [
        ("--players human", "--players needs --game"),
        ("--game kaphoorn --players human,ai:easy", "3-5 players"),
        ("--game nanuuk --variant partner --players ai:easy,ai:easy", "4-4 players"),
        ("--game bergruft --players human", "2-4 players"),
        ("--game bergruft --players human,ai:genius", "unknown AI level"),
        ("--game bergruft --players human,robot", "unknown player"),
        ("--game bergruft --players Ann=human,Ann=ai:easy", "same name"),
    ],
    "--seed": [("--seed 3", "--seed needs --game"), ("--game bergruft --seed x", "invalid int")],
    "--option": [
        ("--option turn_limit=4", "--option needs --game"),
        ("--game bergruft --option colour=red", "unknown option"),
        ("--game bergruft --option nonsense", "KEY=VALUE"),
    ],
    "--guided": [("--guided", "--guided needs --game")],
    "--speed": [
        ("--speed 0", "greater than 0"),
        ("--speed fast", "is not a number"),
        ("--speed nan", "greater than 0"),
        ("--speed inf", "greater than 0"),
    ],
    "--exit-when-over": [("--exit-when-over", "--exit-when-over needs --game")],
    "--screenshot": [("--screenshot {dir}", "--screenshot {dir}: is a folder, not a file")],
    "--quit-after": [("--quit-after -5", "greater than 0"), ("--quit-after soon", "not a number")],
    "--replay": [
        ("--replay {missing}", "--replay {missing}: no such file"),
        ("--replay {dir}", "--replay {dir}: is a folder, not a file"),
        ("--replay {file} --game bergruft", "--replay cannot be used with --game"),
    ],
    "--fullscreen": [("--fullscreen --size 1280x720", "cannot be used with --fullscreen")],
    "--size": [("--size big", "not a size"), ("--size 100x100", "width 320-7680")],
    "--data-dir": [
        ("--data-dir {file}", "--data-dir {file}: is a file, not a folder"),
        ("--data-dir {missing}/speltafel", "{missing} does not exist (is the drive connected?)"),
        ("--data-dir {file}/speltafel", "does not exist"),
    ],
    "--lang": [("--lang fr", "argument --lang: invalid choice")],
    "--kiosk": [
        ("--kiosk --game bergruft", "--game cannot be used with --kiosk"),
        ("--kiosk --exit-when-over", "--exit-when-over cannot be used with --kiosk"),
        ("--kiosk --replay {file}", "--replay cannot be used with --kiosk"),
    ],
    "--kiosk-config": [
        ("--kiosk-config {file}", "--kiosk-config needs --kiosk"),
        ("--kiosk --kiosk-config {missing}", "--kiosk-config {missing}: no such file"),
        ("--kiosk --kiosk-config {dir}", "is a folder, not a file"),
    ],
    "--supervise": [("--supervise", "--supervise needs --kiosk")],
}
CASES = [(flag, argv, message) for flag, cases in BAD_FLAGS.items() for argv, message in cases]


def test_every_flag_has_its_bad_cases():
    flags = {a.option_strings[-1] for a in build_parser()._actions if a.option_strings}
    assert flags - {"--help"} == set(BAD_FLAGS)


@pytest.mark.parametrize(("flag", "argv", "message"), CASES, ids=[c[1] for c in CASES])
def test_a_bad_flag_gets_one_clear_line_and_exit_code_2(tmp_path, capsys, flag, argv, message):
    places = {"dir": tmp_path, "file": tmp_path / "a.txt", "missing": tmp_path / "gone"}
    places["file"].write_text("x", encoding="utf-8")
    err = error_of(argv.format(**places).split(), capsys)
    assert message.format(**places) in err and flag in err


def run_main(*args: str, **kwargs) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [sys.executable, "main.py", *args, "--quit-after", "0.1"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, **kwargs,
    )  # fmt: skip


@pytest.mark.parametrize("where", ["a file", "a missing drive"])
def test_a_data_dir_that_cannot_be_used_stops_the_program_with_one_line(tmp_path, where):
    target = tmp_path / "settings.json"
    target.write_text("{}", encoding="utf-8")
    if where == "a missing drive":
        target = Path("Z:\\speltafel") if os.name == "nt" else tmp_path / "usb-stick" / "data"
    run = run_main("--data-dir", str(target))
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and f"--data-dir {target}: " in run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
def test_a_data_dir_without_permission_stops_the_program_with_one_line(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    if os.geteuid() == 0:  # root may write anywhere, except into an immutable folder
        if subprocess.run(["chattr", "+i", str(locked)], capture_output=True).returncode:
            pytest.skip("running as root without chattr: no folder is unwritable")
        unlock = ["chattr", "-i", str(locked)]
    else:
        locked.chmod(0o555)
        unlock = ["chmod", "755", str(locked)]
    try:
        run = run_main("--data-dir", str(locked))
    finally:
        subprocess.run(unlock, check=True)
    assert run.returncode == 2, run.stderr
    assert run.stderr.count("\n") == 1
    assert f"--data-dir {locked}: cannot be written to (" in run.stderr
