"""The Nanuuk! floe and set-ups (N1-N5, N29): validated on load, errors name the file and place."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.games.nanuuk.rules.board import DOTS, ICE, IGLOO, WAVES, Board
from game.games.nanuuk.rules.level import (
    BOX,
    FLOE_FILE,
    MATERIAL,
    PIECE_KINDS,
    SETUP_MODES,
    Level,
    SetUp,
    check_setup,
    default_level,
    load_level,
    setup_from_dict,
)
from game.protocol.base import LevelError

TEXT = FLOE_FILE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def level() -> Level:
    return default_level()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "floe.toml"
    path.write_text(text, encoding="utf-8")
    return path


def replace_line(key: str, value: str, section: str) -> str:
    """The shipped file with ``key = ...`` inside ``[section]`` replaced by ``key = value``."""
    head, sep, tail = TEXT.partition(f"[{section}]\n")
    assert sep, section
    lines = tail.split("\n")
    for i, line in enumerate(lines):
        if line.startswith(f"{key} = "):
            lines[i] = f"{key} = {value}"
            return head + sep + "\n".join(lines)
    raise AssertionError(f"{key} not in [{section}]")


def labels(level: Level, fields: object) -> list[str]:
    assert isinstance(fields, frozenset | tuple | list)
    return sorted((level.floe.label(b) for b in fields), key=lambda s: int(s[1:]))


# -- the shipped floe (N1-N3) ----------------------------------------------------------------------
def test_shipped_floe_says_it_is_our_design() -> None:
    assert "DESIGN" in TEXT


def test_the_floe_has_55_to_70_fields_three_of_them_igloos(level: Level) -> None:
    assert 55 <= len(level.floe.kinds) <= 70
    assert len(level.floe.of_kind(IGLOO)) == 3


def test_each_igloo_lies_inside_with_six_ice_neighbours(level: Level) -> None:
    for igloo in level.floe.of_kind(IGLOO):
        around = level.floe.neighbours(igloo)
        assert len(around) == 6
        assert {level.floe.kinds[n] for n in around} == {ICE}


def test_the_three_dots_fields_are_one_outer_row_of_seven_or_eight(level: Level) -> None:
    dots = level.floe.of_kind(DOTS)
    assert 7 <= len(dots) <= 8
    assert len({level.floe.coords[b][0] for b in dots}) == 1
    assert all(len(level.floe.neighbours(b)) < 6 for b in dots)


def test_the_waves_fields_are_8_to_14_fields_on_the_outline(level: Level) -> None:
    waves = level.floe.of_kind(WAVES)
    assert 8 <= len(waves) <= 14
    assert all(len(level.floe.neighbours(b)) < 6 for b in waves)


def test_the_region_is_24_connected_ordinary_ice_fields(level: Level) -> None:
    region = level.in_play("region")
    assert len(region) == 24
    assert {level.floe.kinds[b] for b in region} == {ICE}
    board = Board.build(level.floe, region)
    assert board.flood(1 << min(region), 0) == board.mask


def test_game_modes_leave_out_the_unused_fields(level: Level) -> None:
    every = level.in_play("all")
    assert every == frozenset(level.floe.kinds)
    assert level.in_play("no-dots") == every - level.floe.of_kind(DOTS)
    assert level.in_play("no-waves") == every - level.floe.of_kind(WAVES)
    with pytest.raises(ValueError, match="unknown mode"):
        level.in_play("five players")


def test_neighbours_are_symmetric_and_interior_fields_have_six(level: Level) -> None:
    floe = level.floe
    for b in floe.kinds:
        for n in floe.neighbours(b):
            assert b in floe.neighbours(n)
    interior = [b for b in floe.kinds if len(floe.neighbours(b)) == 6]
    assert len(interior) >= 30
    assert all(len(set(floe.neighbours(b))) == 6 for b in interior)
    assert all(len(floe.neighbours(b)) <= 6 for b in floe.kinds)


# -- the printed set-ups (N4, N5) ------------------------------------------------------------------
@pytest.mark.parametrize("name", ["2p", "3p", "4p"])
def test_each_printed_setup_has_exactly_the_rulebooks_material(level: Level, name: str) -> None:
    setup = level.setups[name]
    assert {kind: len(setup.pieces[kind]) for kind in PIECE_KINDS} == MATERIAL[name]
    assert all(MATERIAL[name][kind] <= BOX[kind] for kind in PIECE_KINDS)


@pytest.mark.parametrize("name", ["2p", "3p", "4p"])
def test_each_printed_setup_obeys_the_construction_rules(level: Level, name: str) -> None:
    setup = level.setups[name]
    in_play = level.in_play(SETUP_MODES[name])
    assert check_setup(level, setup, in_play) == []
    fields = [b for kind in PIECE_KINDS for b in setup.pieces[kind]]
    assert len(fields) == len(set(fields))  # N5: one piece per field
    assert not set(fields) & level.floe.of_kind(IGLOO)
    shy = set(setup.pieces["whales"]) | set(setup.pieces["inuit"])
    for b in shy:
        around = {n for n in level.floe.neighbours(b) if n in in_play}
        assert not around & shy  # no whale or Inuk beside another whale or Inuk
        assert not around & level.floe.of_kind(IGLOO)


def test_the_three_player_setup_puts_no_piece_on_the_waves_fields(level: Level) -> None:
    """N2 (revised): "The field marked with [symbol] are not part of the game. They count like
    water." The ~~ fields are not in play in the 3-player full game."""
    used = {b for fields in level.setups["3p"].pieces.values() for b in fields}
    assert not used & level.floe.of_kind(WAVES)


def test_the_two_player_setup_avoids_the_waves_fields(level: Level) -> None:
    used = {b for fields in level.setups["2p"].pieces.values() for b in fields}
    assert not used & level.floe.of_kind(WAVES)


def test_bears_do_not_start_next_to_an_igloo(level: Level) -> None:
    igloos = level.floe.of_kind(IGLOO)
    for setup in level.setups.values():
        for bear in setup.pieces["bears"]:
            assert not set(level.floe.neighbours(bear)) & igloos


def test_loader_accepts_an_explicit_path(tmp_path: Path) -> None:
    assert load_level(write(tmp_path, TEXT)).setups == default_level().setups


# -- loader rejections -----------------------------------------------------------------------------
def test_unknown_symbol_names_the_row_and_column(tmp_path: Path) -> None:
    broken = TEXT.replace("\n .  :  :", "\n .  x  :", 1)
    with pytest.raises(LevelError, match=r"floe\.toml: map row 8, column 2: unknown symbol 'x'"):
        load_level(write(tmp_path, broken))


def test_unknown_field_label_names_the_setup_kind_and_index(tmp_path: Path) -> None:
    broken = replace_line("whales", '["F11", "F99", "F59"]', "setups.3p")
    with pytest.raises(
        LevelError, match=r"floe\.toml: setups\.3p\.whales\[1\]: unknown field 'F99'"
    ):
        load_level(write(tmp_path, broken))


def test_two_pieces_on_one_field_are_rejected(tmp_path: Path) -> None:
    broken = replace_line("seals", '["F10", "F25", "F27", "F31", "F33", "F48"]', "setups.4p")
    with pytest.raises(
        LevelError, match=r"floe\.toml: setups\.4p: two pieces on F10 \(fish and seal\)"
    ):
        load_level(write(tmp_path, broken))


def test_a_whale_next_to_an_inuk_is_rejected(tmp_path: Path) -> None:
    broken = replace_line("inuit", '["F25", "F42", "F61"]', "setups.2p")  # F61 is beside F60
    with pytest.raises(
        LevelError, match=r"floe\.toml: setups\.2p: whale on F60 is next to the Inuk on F61"
    ):
        load_level(write(tmp_path, broken))


def test_an_inuk_next_to_an_igloo_is_rejected(tmp_path: Path) -> None:
    broken = replace_line("inuit", '["F25", "F42", "F45", "F56"]', "setups.3p")  # F56 touches F47
    with pytest.raises(
        LevelError, match=r"floe\.toml: setups\.3p: Inuk on F56 is next to the igloo F47"
    ):
        load_level(write(tmp_path, broken))


def test_wrong_material_count_is_rejected(tmp_path: Path) -> None:
    broken = replace_line("fish", '["F16", "F23"]', "setups.2p")
    with pytest.raises(
        LevelError, match=r"floe\.toml: setups\.2p\.fish: 2 pieces, needs exactly 3 \(N4\)"
    ):
        load_level(write(tmp_path, broken))


def test_printed_setups_are_strict_about_whales_side_by_side(tmp_path: Path) -> None:
    broken = replace_line("whales", '["F11", "F60", "F61"]', "setups.2p")
    with pytest.raises(LevelError, match=r"setups\.2p: whale on F60 is next to the whale on F61"):
        load_level(write(tmp_path, broken))


def test_a_region_of_23_fields_is_rejected(tmp_path: Path) -> None:
    broken = TEXT.replace('    "F46", "F48",\n', '    "F46",\n', 1)
    with pytest.raises(LevelError, match=r"floe\.toml: region has 23 fields, needs 24"):
        load_level(write(tmp_path, broken))


def test_a_region_with_an_igloo_is_rejected(tmp_path: Path) -> None:
    broken = TEXT.replace('"F46", "F48",', '"F46", "F47",', 1)
    with pytest.raises(LevelError, match=r"floe\.toml: region\[23\]: F47 is an igloo"):
        load_level(write(tmp_path, broken))


def test_a_missing_setup_is_rejected(tmp_path: Path) -> None:
    broken = TEXT.replace("[setups.3p]", "[setups.5p]", 1)
    with pytest.raises(LevelError, match=r"floe\.toml: setups: unknown set-up '5p'"):
        load_level(write(tmp_path, broken))


WATER_ROW = ".  .  .  .  .  .  .  .  .  ."
TOP_ROWS = (".  .  ~  o  o  o  o  ~  .  .", " ~  o  o  o  o  o  o  o  ~  .")


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        (
            [(".  o  I  o  o  o  o  I  o  ~", ".  o  I  o  o  o  o  o  o  ~")],
            "2 igloos, needs exactly 3",
        ),
        ([(row, WATER_ROW) for row in TOP_ROWS], "51 fields, needs 55-70"),
        ([(" .  :  :  :  :  :  :  :  .  .", " .  :  :  :  o  :  :  :  :  .")], "one unbroken row"),
        ([(TOP_ROWS[0], ".  .  ~  ~  ~  ~  ~  ~  .  .")], "15 ~~ fields, needs 8-14"),
        ([(" o  o  o  o  o  o  o  o  ~  .", " o  o  ~  o  o  o  o  o  ~  .")], "igloo F17 is next"),
    ],
)
def test_a_bad_map_is_rejected(
    tmp_path: Path, changes: list[tuple[str, str]], problem: str
) -> None:
    text = TEXT
    for old, new in changes:
        assert old in text
        text = text.replace(old, new, 1)
    with pytest.raises(LevelError, match=r"floe\.toml: map: ") as err:
        load_level(write(tmp_path, text))
    assert problem in str(err.value)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(LevelError, match="nowhere.toml: level file not found"):
        load_level(tmp_path / "nowhere.toml")


# -- free-style set-ups (N29) ----------------------------------------------------------------------
def test_setup_round_trips_through_to_dict(level: Level) -> None:
    for name, setup in level.setups.items():
        data = setup.to_dict(level.floe)
        assert set(data) == set(PIECE_KINDS)
        assert setup_from_dict(level.floe, data, "test", name) == setup


def test_setup_from_dict_names_the_source_kind_and_index(level: Level) -> None:
    with pytest.raises(LevelError, match=r"my set-up: custom\.fish\[1\]: unknown field 'F0'"):
        setup_from_dict(level.floe, {"fish": ["F2", "F0"]}, "my set-up")
    with pytest.raises(LevelError, match=r"my set-up: custom: unknown piece kind 'dogs'"):
        setup_from_dict(level.floe, {"dogs": ["F2"]}, "my set-up")
    with pytest.raises(LevelError, match=r"my set-up: custom\.seals: expected a list"):
        setup_from_dict(level.floe, {"seals": "F2"}, "my set-up")
    with pytest.raises(LevelError, match=r"my set-up: custom: two pieces on F2 \(bear and fish\)"):
        setup_from_dict(level.floe, {"bears": ["F2"], "fish": ["F2"]}, "my set-up")


def test_missing_kinds_are_empty(level: Level) -> None:
    setup = setup_from_dict(level.floe, {"fish": ["F3", "F2"]}, "test")
    assert setup.pieces["fish"] == tuple(sorted(level.floe.field(f) for f in ("F2", "F3")))
    assert setup.pieces["whales"] == ()
    assert set(setup.pieces) == set(PIECE_KINDS)


def free(level: Level, **kinds: str) -> SetUp:
    return setup_from_dict(level.floe, {k: v.split() for k, v in kinds.items()}, "test")


def test_free_style_whales_side_by_side_are_only_a_warning(level: Level) -> None:
    setup = free(level, whales="F60 F61", inuit="F2 F3")
    problems = check_setup(level, setup, level.in_play("all"))
    assert [(p.message, p.fatal) for p in problems] == [
        (
            "Inuk on F2 is next to the Inuk on F3 "
            "(allowed only when the set-up leaves no other choice)",
            False,
        ),
        (
            "whale on F60 is next to the whale on F61 "
            "(allowed only when the set-up leaves no other choice)",
            False,
        ),
    ]


def test_free_style_whale_beside_an_inuk_or_igloo_is_fatal(level: Level) -> None:
    setup = free(level, whales="F60 F9", inuit="F61", bears="F17", fish="F63")
    problems = check_setup(level, setup, level.in_play("no-dots"))
    assert [(p.message, p.fatal) for p in problems] == [
        ("bear on F17 is on an igloo", True),
        ("whale on F60 is not in play in this game (a three-dots field)", True),
        ("Inuk on F61 is not in play in this game (a three-dots field)", True),
        ("fish on F63 is not in play in this game (a three-dots field)", True),
        ("whale on F9 is next to the igloo F17", True),
    ]
    problems = check_setup(level, setup, level.in_play("all"))
    assert ("whale on F60 is next to the Inuk on F61", True) in [
        (p.message, p.fatal) for p in problems
    ]


def test_a_problem_is_a_code_with_the_kinds_and_fields_it_concerns(level: Level) -> None:
    """The editor translates the code and marks the fields; it never parses the English."""
    setup = free(level, whales="F60 F9", inuit="F61 F4 F5", bears="F17 F40 F41 F42")
    problems = check_setup(level, setup, level.in_play("all"))
    assert [(p.code, p.params, p.fatal) for p in problems] == [
        ("box", {"count": 4, "kind": "bears", "limit": 3}, True),
        ("igloo", {"kind": "bears", "field": "F17"}, True),
        ("near_igloo", {"kind": "whales", "field": "F9", "other": "F17"}, True),
        ("whale_inuk", {"field": "F60", "other": "F61"}, True),
        ("side_by_side", {"kind": "inuit", "field": "F4", "other": "F5"}, False),
    ]
    assert [p.fields for p in problems] == [
        (), ("F17",), ("F9", "F17"), ("F60", "F61"), ("F4", "F5")
    ]  # fmt: skip


def test_next_to_counts_only_fields_in_play(level: Level) -> None:
    # F52 and F53 are side by side, but F52 is a ~~ field: out of play it is no neighbour.
    beside = free(level, whales="F44", inuit="F52")
    fatal = [p.message for p in check_setup(level, beside, level.in_play("all")) if p.fatal]
    assert fatal == ["whale on F44 is next to the Inuk on F52"]
    out = [p.message for p in check_setup(level, beside, level.in_play("no-waves"))]
    assert out == ["Inuk on F52 is not in play in this game (a ~~ field)"]


def test_more_pieces_than_the_box_holds_is_fatal(level: Level) -> None:
    setup = free(level, bears="F2 F4 F28 F30")
    problems = check_setup(level, setup, level.in_play("all"))
    assert problems[0].fatal
    assert problems[0].message == "4 bears, but the box holds only 3"


def test_a_piece_on_water_or_doubled_is_fatal(level: Level) -> None:
    f2 = level.floe.field("F2")
    setup = SetUp(
        "odd", {k: () for k in PIECE_KINDS} | {"fish": (0,), "seals": (f2,), "bears": (f2,)}
    )
    messages = [p.message for p in check_setup(level, setup, level.in_play("all")) if p.fatal]
    assert messages == ["two pieces on F2 (bear and seal)", "fish at bit 0 is on water"]
