"""The command line: every flag parses, and a wrong value or combination of any flag gets one
clear line naming the flag and exit code 2, before a window opens."""

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import i18n
from game.cli import build_parser, parse_args, parse_players

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
    seats = parse_players("human,ai:easy,Ben=ai:normal,Cleo=ai:hard", ("easy", "normal", "hard"))
    assert [(s.name, s.kind) for s in seats] == [
        ("", "human"),  # named when the table's language is known
        ("", "easy"),
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


def test_guided_is_refused_in_one_line_for_a_game_without_a_guide(capsys):
    from tests.testgames.fixture import more_games

    with more_games(1):  # Pebbles' table gives no hints
        err = error_of(["--game", "pebbles", "--players", "human,ai:easy", "--guided"], capsys)
    assert "--guided: Pebbles has no guided first game" in err


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
    "--phones-port": [
        ("--phones-port 80", "not a whole number from 1024 to 65535"),
        ("--phones-port 65536", "not a whole number from 1024 to 65535"),
        ("--phones-port eighty", "is not a port number like 8765"),
        ("--phones-port 8765.5", "is not a port number like 8765"),
    ],
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
    env = kwargs.pop("env", None) or dict(os.environ, SDL_VIDEODRIVER="dummy",
                                          SDL_AUDIODRIVER="dummy")  # fmt: skip
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


@contextlib.contextmanager
def unwritable(folder: Path) -> Iterator[None]:
    """``folder`` cannot be written to while the block runs (skips where nothing can do that)."""
    if os.geteuid() == 0:  # root may write anywhere, except into an immutable folder
        if subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode:
            pytest.skip("running as root without chattr: no folder is unwritable")
        unlock = ["chattr", "-i", str(folder)]
    else:
        folder.chmod(0o555)
        unlock = ["chmod", "755", str(folder)]
    try:
        yield
    finally:
        subprocess.run(unlock, check=True)


@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
def test_a_data_dir_without_permission_stops_the_program_with_one_line(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    with unwritable(locked):
        run = run_main("--data-dir", str(locked))
    assert run.returncode == 2, run.stderr
    assert run.stderr.count("\n") == 1
    assert f"--data-dir {locked}: cannot be written to (" in run.stderr


# ---- issue 27 item 7: paths too long, odd files, and every flag fuzzed ---------------------------
LONG_NAME = "n" * 256  # one byte over what a file system allows in one name


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (f"--data-dir {{dir}}/{LONG_NAME}", "longer than 255 bytes"),
        (f"--replay {{dir}}/{LONG_NAME}.json", "longer than 255 bytes"),
        (f"--screenshot {{dir}}/{LONG_NAME}.png", "longer than 255 bytes"),
        (f"--screenshot {{dir}}/{LONG_NAME}/shot.png", "longer than 255 bytes"),
        (f"--kiosk --kiosk-config {{dir}}/{LONG_NAME}", "longer than 255 bytes"),
        ("--data-dir {dir}/" + "d/" * 2100, "cannot be used"),  # over PATH_MAX as a whole
        ("--speed 1e9", "at most 1000"),
    ],
)
def test_a_path_too_long_gets_one_line_and_exit_code_2(tmp_path, capsys, argv, message):
    err = error_of(argv.format(dir=tmp_path).split(), capsys)
    assert message in err


@pytest.mark.skipif(os.name == "nt", reason="FIFOs and symbolic links of POSIX")
@pytest.mark.parametrize("flag", ["--replay", "--kiosk-config", "--screenshot"])
@pytest.mark.parametrize("kind", ["fifo", "loop"])
def test_a_fifo_or_a_symlink_loop_is_refused_without_opening_it(tmp_path, capsys, flag, kind):
    path = tmp_path / "odd.json"
    os.mkfifo(path) if kind == "fifo" else os.symlink(path.name, path)
    argv = [*(["--kiosk"] if flag == "--kiosk-config" else []), flag, str(path)]
    err = error_of(argv, capsys)  # a FIFO opened would wait here (or at the end) for ever
    assert f"{flag} {path}: is " in err and ("a FIFO" in err or "loops" in err)


# what a careless or hostile hand types: unicode, control characters, huge, negative, not a number
ODD_VALUES = st.one_of(
    st.text(max_size=40),
    st.sampled_from(
        ["", "-1", "-0", "0", "nan", "NaN", "inf", "-inf", "1e309", "9" * 5000, "9" * 400,
         "x" * 100_000, "\n", "a\nb", "\t", "\x7f", "é" * 300, "\udcff", "/", "//", ".", "..",
         "/dev/null", "~", "C:\\x", "[" * 3000, "k=" + "[" * 3000, "k=" + "9" * 5000,
         "turn_limit=-5", "rounds=1e999", "320x240", "7681x4321", "0x0", "-5x-5"]
    ),
)  # fmt: skip
VALUE_FLAGS = ["--game", "--variant", "--players", "--seed", "--option", "--speed",
               "--screenshot", "--quit-after", "--replay", "--size", "--data-dir", "--lang",
               "--kiosk-config", "--phones-port"]  # fmt: skip
SWITCHES = ["--guided", "--exit-when-over", "--fullscreen", "--kiosk", "--supervise"]


def refuses_in_one_line_or_parses(argv: list[str], capsys) -> None:
    try:
        parse_args(argv)
    except SystemExit as exc:
        err = capsys.readouterr().err
        assert exc.code == 2, (argv, err)
        assert err.count("\n") == 1 and err.endswith("\n") and "Traceback" not in err, argv
    else:
        capsys.readouterr()


def test_every_flag_is_fuzzed():
    flags = {a.option_strings[-1] for a in build_parser()._actions if a.option_strings}
    assert flags - {"--help"} == set(VALUE_FLAGS) | set(SWITCHES)


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(
    pairs=st.lists(st.tuples(st.sampled_from(VALUE_FLAGS), ODD_VALUES), min_size=1, max_size=3),
    switches=st.lists(st.sampled_from(SWITCHES), max_size=2),
    game=st.sampled_from([[], ["--game", "bergruft"], ["--game", "kaphoorn"]]),
)
def test_any_value_of_any_flag_parses_or_is_refused_in_one_line(
    tmp_path_factory, capsys, pairs, switches, game
):
    folder = tmp_path_factory.mktemp("fuzz")
    argv = [*game, *switches]
    for flag, value in pairs:
        value = value.replace("\x00", "")  # no command line can hold a NUL
        if flag in ("--data-dir", "--screenshot") and not value.startswith("/"):
            value = str(folder / value) if value else value  # nothing lands in the repository
        argv += [flag, value]
    refuses_in_one_line_or_parses(argv, capsys)


@pytest.mark.parametrize(
    "argv",
    [
        ["--data-dir", "x" * 100_000],
        ["--game", "bergruft", "--players", "a\nb=human,ai:easy,ai:" + "é" * 300],
        ["--speed", "9" * 5000],
        ["--seed", "-" + "9" * 5000, "--game", "nanuuk"],
        ["--replay", "\udcff.json"],
        ["--option", "k=" + "[" * 100_000, "--game", "bergruft"],
    ],
    ids=["100k-path", "odd-players", "huge-speed", "huge-seed", "undecodable", "deep-option"],
)
def test_odd_flags_end_the_real_program_in_one_line(tmp_path, argv):
    own_folder = [] if "--data-dir" in argv else ["--data-dir", str(tmp_path)]
    run = run_main(*argv, *own_folder)
    assert run.returncode == 2, run.stderr
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr


def test_a_deeply_nested_settings_file_is_kept_as_bad_and_the_game_starts(tmp_path):
    (tmp_path / "settings.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    run = run_main("--data-dir", str(tmp_path))
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    assert (tmp_path / "settings.json.bad").exists() and not (tmp_path / "settings.json").exists()


@pytest.mark.skipif(os.name == "nt" or sys.platform == "darwin", reason="XDG data folder")
def test_a_read_only_default_data_folder_with_damaged_settings_gives_one_line(tmp_path):
    folder = tmp_path / "xdg" / "speltafel"
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text("[" * 100_000, encoding="utf-8")
    with unwritable(folder):
        run = run_main(env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                                XDG_DATA_HOME=str(tmp_path / "xdg")))  # fmt: skip
    assert run.returncode == 2, run.stderr
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert f"the data folder {folder}: cannot be written to" in run.stderr


@pytest.mark.skipif(os.name == "nt" or sys.platform == "darwin", reason="XDG data folder")
def test_a_default_data_folder_not_made_yet_is_made_with_its_parents(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(tmp_path / "new" / "account" / "share"))  # fmt: skip
    run = run_main(env=env)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "new" / "account" / "share" / "speltafel").is_dir()



def names_at_the_table(tmp_path, language: str, players: str) -> tuple[str, ...]:
    from app_support import close

    from game.app import App

    options = parse_args(["--game", "bergruft", "--players", players, "--lang", language,
                          "--data-dir", str(tmp_path)])  # fmt: skip
    app = App(replace(options, size=(1280, 720), raise_errors=True))
    try:
        app.start()
        app.frame(1 / 60)
        return tuple(app.scenes.stack[0].config.names)
    finally:
        close(app)
        i18n.set_language("en")


@pytest.mark.parametrize(("language", "word"), [("de", "Spieler"), ("nl", "Speler"),
                                                ("en", "Player")])  # fmt: skip
def test_a_seat_without_a_name_is_named_in_the_tables_language(tmp_path, language, word):
    """Issue 29, item 10: default names follow the language, from the command line too
    (``--lang de --players human,ai:easy`` gave "Player 1" and "Player 2")."""
    names = names_at_the_table(tmp_path, language, "human,ai:easy,ai:easy")
    assert names == (f"{word} 1", f"{word} 2", f"{word} 3")


def test_a_default_name_never_takes_a_name_a_player_gave(tmp_path):
    names = names_at_the_table(tmp_path, "de", "Spieler 3=human,ai:easy,ai:easy")
    assert names == ("Spieler 3", "Spieler 2", "Spieler 4")
