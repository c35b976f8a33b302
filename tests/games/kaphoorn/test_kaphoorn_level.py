"""The Kap Hoorn level files: the shipped chart (K1, K3) and deck (K2) have the promised shape,
and broken files are refused with a message naming the file, the place and the problem.

Broken variants are made from the shipped data (parsed, changed, written back), so these tests
follow a re-tuned chart or deck; fields are found by search, not by label.
"""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from kaphoorn_positions import geometric, is_plain, label, neighbours, plain_sea, stations

from game.games.kaphoorn.rules.chart import (
    CHART_FILE,
    DIRECTIONS,
    LAND,
    TITLE,
    Chart,
    bits,
    default_chart,
    load_chart,
)
from game.games.kaphoorn.rules.winds import DECK_FILE, RELATIVE, default_deck, load_deck
from game.protocol.base import LevelError

CHART = default_chart()
DECK = default_deck()
CHART_DATA = tomllib.loads(CHART_FILE.read_text(encoding="utf-8"))
DECK_DATA = tomllib.loads(DECK_FILE.read_text(encoding="utf-8"))


# --- writing level files ------------------------------------------------------------------------


def rows_of(text: str) -> list[str]:
    return [row.strip() for row in text.strip("\n").splitlines()]


def chart_text(rows: list[str], zones: list[str], start: dict[str, Any] | None) -> str:
    """A chart file; values are written as JSON, which is valid TOML for these types."""
    out = ["map = '''", *rows, "'''", "", "zones = '''", *zones, "'''", ""]
    for number, entry in (start or {}).items():
        out.append(f"[start.{number}]")
        out += [f"{key} = {json.dumps(value)}" for key, value in entry.items()]
        out.append("")
    return "\n".join(out)


def deck_text(motifs: list[dict[str, Any]]) -> str:
    out = []
    for entry in motifs:
        out.append("[[motif]]")
        out += [f"{key} = {json.dumps(value)}" for key, value in entry.items()]
        out.append("")
    return "\n".join(out)


class Draft:
    """The shipped chart as editable rows."""

    def __init__(self) -> None:
        self.rows = rows_of(CHART_DATA["map"])
        self.zones = rows_of(CHART_DATA["zones"])
        self.start: dict[str, Any] | None = copy.deepcopy(CHART_DATA["start"])

    def put(self, f: int, symbol: str | None = None, zone: str | None = None) -> None:
        row, col = divmod(f, CHART.width)
        if symbol is not None:
            self.rows[row] = self.rows[row][:col] + symbol + self.rows[row][col + 1 :]
        if zone is not None:
            self.zones[row] = self.zones[row][:col] + zone + self.zones[row][col + 1 :]

    def write(self, tmp_path: Path) -> Path:
        path = tmp_path / "chart.toml"
        path.write_text(chart_text(self.rows, self.zones, self.start), encoding="utf-8")
        return path


def write_deck(tmp_path: Path, motifs: list[dict[str, Any]]) -> Path:
    path = tmp_path / "deck.toml"
    path.write_text(deck_text(motifs), encoding="utf-8")
    return path


def refused(load: Callable[[Path], Any], path: Path, *parts: str) -> str:
    with pytest.raises(LevelError) as info:
        load(path)
    message = str(info.value)
    assert message.startswith(str(path)), message
    for part in parts:
        assert part in message, message
    return message


def same_chart(a: Chart, b: Chart) -> bool:
    return (a.width, a.height, a.terrain, a.zone, a.starts, a.start_winds, a.station) == (
        b.width,
        b.height,
        b.terrain,
        b.zone,
        b.starts,
        b.start_winds,
        b.station,
    ) and (a.finish, a.sea, a.rays, a.distance) == (b.finish, b.sea, b.rays, b.distance)


# --- the shipped chart (K1, K3) -----------------------------------------------------------------


def test_the_shipped_chart_loads_and_the_writer_round_trips(tmp_path) -> None:
    assert same_chart(load_chart(Draft().write(tmp_path)), CHART)
    assert same_chart(load_chart(CHART_FILE), CHART)


def test_chart_size_k1() -> None:
    assert 14 <= CHART.width <= 20 and 16 <= CHART.height <= 24
    assert len(CHART.terrain) == len(CHART.zone) == CHART.width * CHART.height


def test_every_sea_field_has_a_zone_and_land_has_none() -> None:
    for f, symbol in enumerate(CHART.terrain):
        if symbol in (LAND, TITLE):
            assert CHART.zone[f] == 0 and not CHART.sea >> f & 1
        else:
            assert CHART.zone[f] in (1, 2, 3) and CHART.sea >> f & 1
    assert {CHART.zone[f] for f in bits(CHART.sea)} == {1, 2, 3}


def test_five_start_fields_in_the_upper_right_of_zone_1_k1_k3() -> None:
    assert len(CHART.starts) == 5 and len(set(CHART.starts)) == 5
    for i, f in enumerate(CHART.starts):
        row, col = divmod(f, CHART.width)
        assert CHART.terrain[f] == str(i + 1) and CHART.zone[f] == 1
        assert col >= CHART.width // 2 and row < CHART.height // 2, label(f)
        assert not CHART.playable >> f & 1 and CHART.sea >> f & 1
    assert len(CHART.start_winds) == 5
    for w in CHART.start_winds:
        assert 1 <= w.distance <= 4 and 1 <= len(w.arrows) <= 5


def test_nine_stations_one_of_each_colour_per_zone() -> None:
    assert len(CHART.station) == 9
    for zone in (1, 2, 3):
        found = stations(zone)
        assert sorted(CHART.station[f] for f in found) == [0, 1, 2], zone
        for f in found:
            assert CHART.terrain[f] == "yrg"[CHART.station[f]]
            assert CHART.playable >> f & 1  # a card goes under the disc
    assert CHART.stations == sum(1 << f for f in CHART.station)


def test_the_finish_line_lies_in_zone_3_in_the_upper_left() -> None:
    finish = bits(CHART.finish)
    assert finish
    for f in finish:
        row, col = divmod(f, CHART.width)
        assert CHART.zone[f] == 3 and CHART.terrain[f] == "f" and CHART.playable >> f & 1
        assert col < CHART.width // 2 and row < CHART.height // 2, label(f)


def test_a_title_area_that_is_not_sea() -> None:
    title = [f for f, s in enumerate(CHART.terrain) if s == TITLE]
    assert title and not any(CHART.sea >> f & 1 for f in title)


def test_all_sea_is_connected_and_has_a_distance_to_the_finish() -> None:
    for f in range(CHART.width * CHART.height):
        d = CHART.distance[f]
        if not CHART.sea >> f & 1:
            assert d == -1
        elif CHART.finish >> f & 1:
            assert d == 0
        else:
            assert d > 0
            # one king step over sea brings it one nearer
            assert min(CHART.distance[n] for n in bits(CHART.neighbours[f])) == d - 1


def test_neighbours_are_the_sea_fields_around() -> None:
    for f in range(CHART.width * CHART.height):
        expected = {n for n in neighbours(f) if CHART.sea >> n & 1}
        assert set(bits(CHART.neighbours[f])) == expected
        for n in expected if CHART.sea >> f & 1 else ():
            assert CHART.neighbours[n] >> f & 1  # symmetric


def test_rays_are_straight_over_sea_and_stop_at_land_or_the_edge_k4() -> None:
    for f in bits(CHART.sea):
        for d, compass in enumerate(DIRECTIONS):
            ray = CHART.rays[f][d]
            assert len(ray) <= 4
            assert list(ray) == [geometric(f, compass, i) for i in range(1, len(ray) + 1)]
            assert all(CHART.sea >> p & 1 for p in ray), "land is never in a ray"
            if len(ray) < 4:
                nxt = geometric(f, compass, len(ray) + 1)
                assert nxt is None or not CHART.sea >> nxt & 1
            for n in range(1, 5):
                assert CHART.end_of(f, d, n) == (ray[n - 1] if n <= len(ray) else -1)


def test_labels_and_fields() -> None:
    for f in range(CHART.width * CHART.height):
        assert CHART.field(CHART.label(f)) == f
        assert CHART.field(CHART.label(f).lower()) == f
    assert CHART.label(0) == "A1" and CHART.label(CHART.width + 2) == "C2"
    for bad in ("", "A", "A0", "1A", f"A{CHART.height + 1}", "Z1", "AA1"):
        with pytest.raises(KeyError):
            CHART.field(bad)


def test_playable_is_the_sea_without_the_start_fields() -> None:
    assert CHART.playable == CHART.sea & ~sum(1 << f for f in CHART.starts)


# --- the shipped deck (K2) ----------------------------------------------------------------------


def test_the_shipped_deck_has_90_cards_in_about_eight_motifs_k2(tmp_path) -> None:
    assert sum(DECK.counts) == 90 and len(DECK.cards()) == 90
    assert 6 <= len(DECK.winds) <= 10 and all(n >= 1 for n in DECK.counts)
    assert len({w.name for w in DECK.winds}) == len(DECK.winds)
    for w in DECK.winds:
        assert 1 <= w.distance <= 4, w
        assert 1 <= len(w.arrows) <= 5 and len(set(w.arrows)) == len(w.arrows), w
        assert DECK.winds[DECK.index(w.name)] == w
    assert load_deck(write_deck(tmp_path, DECK_DATA["motif"])) == DECK


def test_most_arrows_point_forward_a_few_backward_k2() -> None:
    weight = {a: 0 for a in RELATIVE}
    for w, n in zip(DECK.winds, DECK.counts, strict=True):
        for a in w.arrows:
            weight[RELATIVE[a]] += n
    total = sum(weight.values())
    forward = weight["F"] + weight["FL"] + weight["FR"]
    backward = weight["B"] + weight["BL"] + weight["BR"]
    assert forward > total / 2 and backward < forward / 2
    backward_cards = sum(
        n
        for w, n in zip(DECK.winds, DECK.counts, strict=True)
        if {"B", "BL", "BR"} & {RELATIVE[a] for a in w.arrows}
    )
    assert 0 < backward_cards <= sum(DECK.counts) // 4  # a few cards blow backward
    assert weight["L"] + weight["R"] > 0  # some sideways


def test_turned_gives_compass_directions_clockwise() -> None:
    w = DECK.winds[0]
    for forward in range(8):
        assert w.turned(forward) == tuple((forward + a) % 8 for a in w.arrows)
    assert str(w) == f"{w.name} {w.distance}"


# --- broken charts ------------------------------------------------------------------------------


def test_unknown_symbol(tmp_path) -> None:
    d, f = Draft(), plain_sea()[0]
    d.put(f, "x")
    refused(load_chart, d.write(tmp_path), "map", f"field {label(f)}", "unknown symbol 'x'")


def test_ragged_rows(tmp_path) -> None:
    d = Draft()
    d.rows[3] = d.rows[3][:-1]
    refused(
        load_chart,
        d.write(tmp_path),
        f"map: row 4 has {CHART.width - 1} fields, row 1 has {CHART.width}",
    )
    d = Draft()
    d.zones[5] += "1"
    refused(load_chart, d.write(tmp_path), "zones: row 6 has")


def test_zones_of_another_size(tmp_path) -> None:
    d = Draft()
    d.zones.pop()
    refused(load_chart, d.write(tmp_path), "zones: must have the same size as map")


def test_a_sea_field_without_a_zone(tmp_path) -> None:
    d, f = Draft(), plain_sea(2)[0]
    d.put(f, zone="#")
    refused(load_chart, d.write(tmp_path), f"zones: sea field {label(f)} has no zone 1, 2 or 3")


def test_land_with_a_zone(tmp_path) -> None:
    d, f = Draft(), CHART.terrain.index(LAND)
    d.put(f, zone="2")
    refused(load_chart, d.write(tmp_path), f"zones: field {label(f)} is land but has zone 2")


def test_missing_or_doubled_start_field(tmp_path) -> None:
    d = Draft()
    d.put(CHART.starts[2], ".")
    refused(load_chart, d.write(tmp_path), "map: start field 3 appears 0 times")
    d = Draft()
    d.put(plain_sea(1)[0], "2")
    refused(load_chart, d.write(tmp_path), "map: start field 2 appears 2 times")


def test_a_start_field_outside_zone_1(tmp_path) -> None:
    d, f = Draft(), plain_sea(2)[0]
    d.put(CHART.starts[4], ".")
    d.put(f, "5")
    refused(load_chart, d.write(tmp_path), f"start field 5 ({label(f)}) not in zone 1")


def test_a_station_colour_twice_in_a_zone(tmp_path) -> None:
    d = Draft()
    yellow = next(f for f in stations(2) if CHART.station[f] == 0)
    d.put(yellow, "r")
    refused(
        load_chart,
        d.write(tmp_path),
        "map: zone 2 needs one yellow, one red and one green station",
        "(has red, red, green)",
    )


def test_a_missing_station(tmp_path) -> None:
    d = Draft()
    green = next(f for f in stations(3) if CHART.station[f] == 2)
    d.put(green, ".")
    refused(load_chart, d.write(tmp_path), "zone 3 needs", "(has yellow, red)")


def test_a_finish_field_outside_zone_3(tmp_path) -> None:
    d, f = Draft(), plain_sea(1)[0]
    d.put(f, "f")
    refused(load_chart, d.write(tmp_path), f"map: finish field {label(f)} is not in zone 3")


def test_no_finish_line(tmp_path) -> None:
    d = Draft()
    d.rows = [row.replace("f", ".") for row in d.rows]
    refused(load_chart, d.write(tmp_path), "map: no finish line")


def test_sea_cut_off_from_the_rest(tmp_path) -> None:
    first_sea = min(bits(CHART.sea))

    def inland(f: int) -> bool:
        return (
            f > first_sea
            and CHART.terrain[f] == LAND
            and len(neighbours(f)) == 8
            and all(not CHART.sea >> n & 1 for n in neighbours(f))
        )

    island = next(f for f in range(CHART.width * CHART.height) if inland(f))
    d = Draft()
    d.put(island, ".", "1")
    refused(load_chart, d.write(tmp_path), f"map: sea field {label(island)} is cut off")


def test_a_chart_of_the_wrong_size(tmp_path) -> None:
    d = Draft()
    d.rows, d.zones = d.rows[:10], d.zones[:10]
    refused(load_chart, d.write(tmp_path), f"map: {CHART.width} columns x 10 rows; K1 wants")


def test_missing_map_and_start_winds(tmp_path) -> None:
    path = tmp_path / "chart.toml"
    path.write_text("zones = '''\n111\n'''\n", encoding="utf-8")
    refused(load_chart, path, "map: missing")
    d = Draft()
    d.start = None
    refused(load_chart, d.write(tmp_path), "[start.1] ... [start.5]: missing")
    d = Draft()
    assert d.start is not None
    del d.start["4"]
    refused(load_chart, d.write(tmp_path), "[start.4]: missing")


@pytest.mark.parametrize(
    ("key", "value", "problem"),
    [
        ("arrows", ["UP"], "unknown arrow 'UP'"),
        ("arrows", [], "arrows must be a list of 1-5 directions"),
        ("arrows", ["F", "F"], "an arrow appears twice"),
        ("distance", 5, "distance must be a whole number 1-4, not 5"),
        ("distance", "2", "distance must be a whole number 1-4, not '2'"),
    ],
)
def test_bad_start_winds(tmp_path, key, value, problem) -> None:
    d = Draft()
    assert d.start is not None
    d.start["2"][key] = value
    refused(load_chart, d.write(tmp_path), "[start.2]", problem)


# --- broken decks -------------------------------------------------------------------------------


def motifs() -> list[dict[str, Any]]:
    return copy.deepcopy(DECK_DATA["motif"])


def test_a_deck_of_another_size(tmp_path) -> None:
    m = motifs()
    m[0]["count"] += 1
    refused(load_deck, write_deck(tmp_path, m), "the motifs count 91 cards; K2 wants 90")
    m[1]["count"] -= 2
    refused(load_deck, write_deck(tmp_path, m), "the motifs count 89 cards; K2 wants 90")
    m[1]["count"] += 1  # back to 90: fine again
    assert sum(load_deck(write_deck(tmp_path, m)).counts) == 90


@pytest.mark.parametrize(
    ("key", "value", "problem"),
    [
        ("distance", 0, "distance must be a whole number 1-4, not 0"),
        ("distance", 5, "distance must be a whole number 1-4, not 5"),
        ("distance", True, "distance must be a whole number 1-4, not True"),
        ("distance", 2.5, "distance must be a whole number 1-4"),
        ("arrows", ["F", "UP"], "unknown arrow 'UP'"),
        ("arrows", [], "arrows must be a list of 1-5 directions"),
        ("arrows", ["F", "FL", "FR", "L", "R", "B"], "arrows must be a list of 1-5 directions"),
        ("arrows", "F", "arrows must be a list of 1-5 directions"),
        ("arrows", ["FL", "FL"], "an arrow appears twice"),
        ("count", 0, "count must be a whole number >= 1"),
        ("count", "3", "count must be a whole number >= 1"),
    ],
)
def test_bad_motifs(tmp_path, key, value, problem) -> None:
    m = motifs()
    m[1][key] = value
    refused(load_deck, write_deck(tmp_path, m), f"motif 2 ({m[1]['name']})", problem)


def test_motif_names(tmp_path) -> None:
    m = motifs()
    del m[2]["name"]
    refused(load_deck, write_deck(tmp_path, m), "motif 3: needs a name")
    m = motifs()
    m[2]["name"] = m[0]["name"]
    refused(load_deck, write_deck(tmp_path, m), f"motif 3: the name {m[0]['name']!r} is used twice")


def test_a_deck_without_motifs(tmp_path) -> None:
    path = tmp_path / "deck.toml"
    path.write_text("# nothing\n", encoding="utf-8")
    refused(load_deck, path, "no [[motif]] tables")


# --- files that are no level at all -------------------------------------------------------------


@pytest.mark.parametrize("load", [load_chart, load_deck])
def test_invalid_toml_and_missing_files(tmp_path, load) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("map = '''\n....\n", encoding="utf-8")  # an unterminated string
    refused(load, path, "not valid TOML")
    refused(load, tmp_path / "nowhere.toml", "level file not found")


def test_an_island_in_the_first_corner_is_named(tmp_path) -> None:
    first = min(bits(CHART.sea))
    around = [n for n in neighbours(first) if CHART.sea >> n & 1]
    if not is_plain(first) or not all(is_plain(n) for n in around):
        pytest.skip("the first sea field is special")
    d = Draft()
    for n in around:
        d.put(n, LAND, "#")
    refused(load_chart, d.write(tmp_path), f"map: sea field {label(first)} is cut off")
