"""The admin PIN's gate: no PIN is built in (without a valid operator PIN the kiosk makes a
one-time PIN, for the terminal and the log only), a PIN written as a number counts as its digits,
the lock-out runs on real time whatever game time does, and ``Gate`` itself refuses the right PIN
while locked and the right PIN with more digits."""

from __future__ import annotations

import re
import sys
import time

import pytest
from kiosk_support import FAST, PIN, type_pin

from game.kiosk import gate, supervisor
from game.persist import kiosk_config  # as a module: on older code each test fails on its own
from game.persist.kiosk_config import KioskConfig, load_kiosk_config

OLD_EXAMPLE = "2468"  # the PIN that the README and the example kiosk.toml used to show
ONE_TIME = re.compile(r"the admin PIN of this run is ([0-9]+)")
NO_PIN_TOML = FAST.replace(f'admin_pin = "{PIN}"\n', "")


class Seconds:
    """A clock for the gate that moves only when the test says."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def printed_pin(capsys: pytest.CaptureFixture[str]) -> str:
    """The one-time PIN from the kiosk's line on stderr (stdout stays the outcome's)."""
    out, err = capsys.readouterr()
    found = ONE_TIME.findall(err)
    assert len(found) == 1 and ONE_TIME.search(out) is None, (out, err)
    return found[0]


def lock(door: gate.Gate) -> None:
    for _ in range(gate.FREE_TRIES):
        assert not door.try_pin("0000").admitted
    assert door.wait_s() > 0


def only_this_pin_opens(app, drive, pin: str, wrong: list[str]) -> None:
    """On the PIN pad, each of ``wrong`` is refused and ``pin`` opens the admin menu."""
    app.kiosk.open_pin("a test")
    drive.frames(2)
    for digits in wrong:
        type_pin(drive, digits)
        assert drive.top == "kiosk_pin"
    type_pin(drive, pin)
    assert drive.top == "kiosk_admin"


# ---- item 1: no PIN that everybody knows ---------------------------------------------------------
def test_without_a_kiosk_toml_a_one_time_pin_opens_the_menu_and_the_old_example_does_not(
    kiosk, capsys
):
    app, drive = kiosk(None)
    pin = printed_pin(capsys)
    assert kiosk_config.is_pin(pin) and len(pin) == gate.ONE_TIME_DIGITS and pin != OLD_EXAMPLE
    assert pin in app.log_path.read_text(encoding="utf-8")
    only_this_pin_opens(app, drive, pin, [OLD_EXAMPLE])
    notes = " ".join(text for text, _ in app.scenes.top.footer_lines())
    assert "one-time PIN" in notes and pin not in notes  # said on screen, never shown there


def test_a_file_that_is_not_utf8_gives_a_one_time_pin_not_a_built_in_one(kiosk, tmp_path, capsys):
    folder = tmp_path / "data0"  # the fixture's first kiosk's folder
    folder.mkdir()
    (folder / "kiosk.toml").write_bytes(b'admin_pin = "7391"\ntitle = "\xff"\n')
    app, drive = kiosk(None)
    pin = printed_pin(capsys)
    only_this_pin_opens(app, drive, pin, [OLD_EXAMPLE, "7391"])


def test_a_pin_written_as_a_number_is_read_as_the_digits_typed(kiosk, tmp_path, capsys):
    (tmp_path / "kiosk.toml").write_text("admin_pin = 7391\n", encoding="utf-8")
    assert load_kiosk_config(tmp_path) == (KioskConfig(admin_pin="7391"), None)
    app, drive = kiosk(NO_PIN_TOML + "admin_pin = 7391\n")
    assert ONE_TIME.search(capsys.readouterr().err) is None  # the operator's PIN is in force
    app.kiosk.open_pin("a test")
    drive.frames(2)
    type_pin(drive, "7391")
    assert drive.top == "kiosk_admin"


def test_the_old_example_pin_is_refused_even_when_written_in_the_file(kiosk, capsys):
    app, drive = kiosk(NO_PIN_TOML + f'admin_pin = "{OLD_EXAMPLE}"\n')
    pin = printed_pin(capsys)
    only_this_pin_opens(app, drive, pin, [OLD_EXAMPLE])


def test_the_defaults_and_the_example_file_hold_no_working_pin(tmp_path):
    written = tmp_path / "kiosk.toml"
    written.write_text(KioskConfig().to_toml(), encoding="utf-8")  # the kiosk_example tool
    assert OLD_EXAMPLE not in written.read_text(encoding="utf-8")
    example, problem = load_kiosk_config(tmp_path, written)
    assert problem is None and not kiosk_config.is_pin(example.admin_pin)
    assert not kiosk_config.is_pin(KioskConfig().admin_pin)
    with pytest.raises(ValueError):
        gate.Gate(KioskConfig().admin_pin, Seconds())  # an empty PIN would let an empty pad's OK in


def test_a_one_time_pin_is_new_each_time_unless_the_supervisor_handed_one(capsys):
    made = {gate.pin_in_force("", {})[0] for _ in range(20)}
    assert len(made) > 1 and all(kiosk_config.is_pin(p) for p in made)
    assert gate.pin_in_force("", {gate.ONE_TIME_PIN_ENV: "905172"}) == ("905172", True)
    pin, one_time = gate.pin_in_force("", {gate.ONE_TIME_PIN_ENV: "12"})  # not a PIN: not taken
    assert one_time and pin != "12" and kiosk_config.is_pin(pin)
    assert gate.pin_in_force("7391", {gate.ONE_TIME_PIN_ENV: "905172"}) == ("7391", False)


# A child of the supervisor that notes the PIN it was handed: it crashes once, then exits cleanly.
CHILD = """
import os, sys
with open(sys.argv[1], "a") as notes:
    notes.write(os.environ.get(sys.argv[2], "none") + "\\n")
sys.exit(3 if len(open(sys.argv[1]).read().split()) < 2 else 10)  # a crash, then the Quit
"""


def test_the_supervisor_hands_every_child_start_the_same_one_time_pin(tmp_path, monkeypatch):
    monkeypatch.setenv(gate.ONE_TIME_PIN_ENV, "")
    monkeypatch.delenv(gate.ONE_TIME_PIN_ENV)  # restored (to none) after the test
    notes = tmp_path / "pins"
    command = [sys.executable, "-c", CHILD, str(notes), gate.ONE_TIME_PIN_ENV]
    monkeypatch.setattr(supervisor, "child_command", lambda argv: command)
    assert supervisor.supervise(["--kiosk"], tmp_path) == 0
    first, second = notes.read_text(encoding="utf-8").split()
    assert kiosk_config.is_pin(first) and first == second


# ---- item 2: the lock-out runs on real time ---------------------------------------------------
def test_the_lock_is_real_time_so_fast_demo_games_do_not_shorten_it(kiosk):
    app, drive = kiosk(FAST + "demo_speed = 10\n")
    door = app.kiosk.gate
    door.clock = clock = Seconds()  # the real time that passes: none, until the test says
    lock(door)
    app.kiosk.start_attract()
    drive.run(gate.FIRST_LOCK_S)  # ten times as much game time in the demo games
    assert app.kiosk.attract and door.wait_s() == gate.FIRST_LOCK_S
    assert not door.try_pin(PIN).admitted
    clock.now += gate.FIRST_LOCK_S
    assert door.try_pin(PIN).admitted
    assert gate.Gate(PIN).clock is time.monotonic  # the kiosk's gate has a clock of its own


# ---- item 4: the gate's own contract ------------------------------------------------------------
def test_the_gate_refuses_the_right_pin_while_locked():
    clock = Seconds()
    door = gate.Gate(PIN, clock)
    lock(door)
    verdict = door.try_pin(PIN)
    assert not verdict.admitted and verdict.wait_s == gate.FIRST_LOCK_S
    assert not door.take_pass() and door.failures == gate.FREE_TRIES  # not checked at all
    clock.now += gate.FIRST_LOCK_S - 0.5
    assert not door.try_pin(PIN).admitted and not door.take_pass()
    clock.now += 0.5
    assert door.try_pin(PIN).admitted and door.take_pass() and door.failures == 0


@pytest.mark.parametrize("entered", [PIN + "0", PIN + PIN, PIN[:-1], "0" + PIN, "", " " + PIN])
def test_the_gate_refuses_the_right_pin_with_digits_more_or_fewer(entered):
    door = gate.Gate(PIN, Seconds())
    verdict = door.try_pin(entered)
    assert not verdict.admitted and not door.take_pass() and door.failures == 1
    assert door.try_pin(PIN).admitted and door.take_pass()
