"""The command line: every flag parses, and a wrong flag gets a clear message and exit code 2."""

import pytest

from game.cli import parse_args
from game.session import parse_players


def error_of(argv, capsys) -> str:
    with pytest.raises(SystemExit) as exc:
        parse_args(argv)
    assert exc.value.code == 2
    return capsys.readouterr().err


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


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ("--game chess", "invalid choice"),
        ("--game kaphoorn --players human,ai:easy", "3-5 players"),
        ("--game nanuuk --variant partner --players ai:easy,ai:easy", "4-4 players"),
        ("--game bergruft --players human", "2-4 players"),
        ("--game bergruft --players human,ai:genius", "unknown AI level"),
        ("--game bergruft --players human,robot", "unknown player"),
        ("--game bergruft --variant junior", "unknown variant"),
        ("--game bergruft --option colour=red", "unknown option"),
        ("--game bergruft --option nonsense", "KEY=VALUE"),
        ("--size big", "not a size"),
        ("--speed 0", "greater than 0"),
        ("--seed 3", "needs --game"),
        ("--guided", "needs --game"),
        ("--lang fr", "invalid choice"),
        ("--game bergruft --players Ann=human,Ann=ai:easy", "same name"),
    ],
)
def test_bad_flags_get_a_clear_message(argv, message, capsys):
    assert message in error_of(argv.split(), capsys)
