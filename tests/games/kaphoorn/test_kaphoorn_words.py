"""Kap Hoorn's words against what the chart shows (issue 29, item 10).

The chart labels no field, so the move log names none by its label ("sails north to field P2",
issue 18 item 1): it places a field as the player sees it, by its station or the finish line,
else by its distance and direction from the mover's ship. The stations and wind roses are
called by the colour they are drawn in; Dutch sails "naar het zuiden"; German undo is not
"Zurück", which is Back; a ship that ends on a station which gives no wind rose is told so.
"""

from __future__ import annotations

import colorsys
import random
import re

import pytest

from game import i18n
from game.games.kaphoorn import log as talk
from game.games.kaphoorn.rules import RULES, KapState
from game.games.kaphoorn.rules.actions import Ignore, Sail
from game.games.kaphoorn.rules.chart import COLOURS, DIRECTIONS, STEPS, default_chart
from game.games.kaphoorn.rules.position import EMPTY
from game.games.kaphoorn.view.windcard import STATION_RGB
from game.i18n import LANGUAGES, tr

LABEL = re.compile(r"\b[A-Z]{1,2}\d{1,2}\b")  # a chart label: "P3", "T13"
ENGLISH_HUES = ((15, "red"), (45, "orange"), (70, "yellow"), (170, "green"), (260, "blue"))


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def played(seed: int, moves: int = 400) -> list[tuple[KapState, object]]:
    """The positions of a seeded random game with the action played from each."""
    state = RULES.new_game("standard", ["Anna", "Ben", "Cleo"], seed=seed)
    rng, out = random.Random(seed), []
    while not state.is_over() and len(out) < moves:
        action = rng.choice(state.legal_actions())
        out.append((state, action))
        state = state.apply(action)
    return out


def lines(state: KapState, action: object) -> list[str]:
    said = [talk.entry(action, state), *talk.landing(state, action)]  # type: ignore[arg-type]
    return [talk.line(code, params) for code, params in said]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_log_names_no_field_by_a_label_the_chart_does_not_show(language):
    i18n.set_language(language)
    for state, action in played(5):
        for line in lines(state, action):
            assert not LABEL.search(line), line


def test_a_laid_card_is_placed_from_the_mover_s_ship():
    chart = default_chart()
    ship = next(f for f in range(len(chart.zone)) if chart.zone[f] and f not in chart.station
                and f + 2 * chart.width + 2 < len(chart.zone))  # fmt: skip
    field = ship + 2 * chart.width + 1  # two rows down, one column right
    assert talk.place(ship, field) == {"n": 2, "toward": "SE", "landmark": ""}
    words = {"wind": "gale", "to": chart.label(field), **talk.place(ship, field)}
    assert talk.line("play", words).endswith("2 fields south-east of their ship")
    assert talk.line("play", {**words, **talk.place(ship, ship + 1)}).endswith(
        "just east of their ship")
    i18n.set_language("de")
    assert talk.line("play", words).endswith("2 Felder südöstlich vom eigenen Schiff")
    i18n.set_language("nl")
    assert talk.line("play", words).endswith("2 velden ten zuidoosten van het eigen schip")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_station_is_named_by_its_colour_and_stage(language):
    i18n.set_language(language)
    chart = default_chart()
    for field, colour in chart.station.items():
        stage = ("I", "II", "III")[chart.zone[field] - 1]
        line = talk.line("play", {"wind": "gale", **talk.place(chart.starts[0], field)})
        assert f"{stage}" in line and tr(f"kaphoorn.colour.{COLOURS[colour]}") in line, line


@pytest.mark.parametrize(("language", "south"), [("en", "fields south"),
                                                 ("nl", "velden naar het zuiden"),
                                                 ("de", "Felder nach Süden")])  # fmt: skip
def test_a_sail_says_how_far_and_which_way(language, south):
    i18n.set_language(language)
    chart = default_chart()
    ship = next(f for f in range(len(chart.zone)) if chart.zone[f]
                and chart.zone[f + 3 * chart.width] and f + 3 * chart.width not in chart.station)
    to = ship + 3 * chart.width
    action = Sail(DIRECTIONS.index("S"), to)
    state = RULES.new_game("standard", ["Anna", "Ben", "Cleo"], seed=1)
    state = state.with_(ships=(ship, *state.ships[1:]), seat=0)
    (line,) = lines(state, action)
    assert f"3 {south}" in line
    assert not re.search(r"naar het zuid\b", line)  # issue 29: "naar het zuid"


def test_every_dutch_direction_reads_naar_het_and_a_noun():
    i18n.set_language("nl")
    for direction in DIRECTIONS:
        word = tr(f"kaphoorn.direction.{direction}")
        assert word.endswith("en"), word  # "naar het zuiden", never "naar het zuid"


def test_german_undo_is_not_back():
    i18n.set_language("de")
    back = tr("common.back")
    for game in ("kaphoorn", "nanuuk"):
        assert tr(f"{game}.button.undo") != back
        assert tr(f"{game}.button.undo") == "Rückgängig"


def hue_word(rgb: tuple[int, int, int]) -> str:
    hue, _, _ = colorsys.rgb_to_hsv(*(c / 255 for c in rgb))
    degrees = hue * 360
    return next((word for top, word in ENGLISH_HUES if degrees < top), "red")


def test_the_stations_and_roses_are_called_by_the_colour_they_are_drawn_in():
    for index, colour in enumerate(COLOURS):
        drawn = hue_word(STATION_RGB[index])
        assert tr(f"kaphoorn.colour.{colour}") == drawn, (colour, STATION_RGB[index])
    race = tr("rules.kaphoorn.race.body")
    stations = next(line for line in race.splitlines() if "station" in line)
    for index in range(len(COLOURS)):
        assert hue_word(STATION_RGB[index]) in stations, stations


def no_rose(state: KapState, to: int) -> str | None:
    """K9, as the test reads it: why ending on ``to`` gives the mover no wind rose ("stage":
    one of its stage held; "colour": one of its colour held), or None."""
    chart = default_chart()
    if to not in chart.station:
        return None
    roses = state.roses[state.seat]
    if roses[chart.zone[to] - 1] != EMPTY:
        return "stage"
    return "colour" if chart.station[to] in roses else None


def landing_on_a_taken_station(first_seed: int = 0) -> tuple[KapState, Sail | Ignore]:
    """The first position of seeded random games where the mover may end on a station that
    gives no wind rose, and that move."""
    for seed in range(first_seed, first_seed + 40):
        for state, _ in played(seed, 1200):
            for action in state.legal_actions():
                if isinstance(action, Sail | Ignore) and no_rose(state, action.to) is not None:
                    return state, action
    raise AssertionError("no game came to a station without a wind rose")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_station_that_gives_no_wind_rose_says_so(language):
    i18n.set_language(language)
    state, action = landing_on_a_taken_station()
    why = no_rose(state, action.to)
    after = state.apply(action)
    assert after.roses == state.roses  # K9: allowed, and nothing is taken
    assert talk.landing(state, action)[0][0] == f"no_rose_{why}"
    chart = default_chart()
    said = lines(state, action)[1]
    colour = tr(f"kaphoorn.colour.{COLOURS[chart.station[action.to]]}")
    stage = ("I", "II", "III")[chart.zone[action.to] - 1]
    assert f" {stage}" in said  # the station, by its stage (the mover's ship is on it)
    if why == "colour":
        assert colour in said  # the colour held already: the station's
    if why == "stage":
        assert said.count(stage) >= 2  # the stage whose wind rose is held already


def test_a_move_onto_open_sea_or_a_fresh_station_says_nothing_more():
    for state, action in played(3, 300):
        taken = isinstance(action, Sail | Ignore) and no_rose(state, action.to) is not None
        assert bool(talk.landing(state, action)) == taken


def test_every_no_rose_code_has_words_in_every_language():
    from game.games.kaphoorn.rules.codes import NoRose

    for language in LANGUAGES:
        table = i18n.load_language(language)
        for code in NoRose:
            assert f"kaphoorn.log.no_rose_{code}" in table, (language, code)


def test_the_side_words_cover_every_compass_step():
    for (down, right), direction in zip(STEPS, DIRECTIONS, strict=True):
        assert talk._toward(down * 3, right * 3) == direction
        for language in LANGUAGES:
            assert f"kaphoorn.side.{direction}" in i18n.load_language(language)


def test_the_table_logs_a_station_without_a_wind_rose():
    """The table's move log (what every player reads) has the line too, after the move's own."""
    from game.games.kaphoorn.scene import KapHoornScene

    state, action = landing_on_a_taken_station()
    entries = KapHoornScene.log_entries(None, state, action, state.apply(action))  # type: ignore[arg-type]
    said = [talk.line(code, params) for _, code, params in entries]
    assert len(said) == 2 and said[1] == lines(state, action)[1], said
    assert ("I", "II", "III")[default_chart().zone[action.to] - 1] in said[1]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_mover_s_notice_of_a_station_without_a_rose_fits_its_one_line(language):
    """The notice over the chart's foot is one line: whole at 130 % text (never "…")."""
    import pygame

    from game.games.kaphoorn.view.layout import NOTICE_RECT
    from game.play.panels import ONE_LINE_NOTICE
    from game.ui import theme

    pygame.init()
    i18n.set_language(language)
    theme.configure(False, 1.3, False)
    try:
        for code in NoRoseWords:
            for params in ({"stage": s, "colour": c} for s in (1, 2, 3) for c in COLOURS):
                text = tr(f"kaphoorn.notice.no_rose_{code}", **talk.spoken(params))
                assert theme.fits(text, ONE_LINE_NOTICE.size, NOTICE_RECT.w - 40, True), text
    finally:
        theme.configure(False, 1.0, False)


NoRoseWords = ("stage", "colour")  # the codes of rules.codes.NoRose
