"""Kap Hoorn rules, in the order of the rulebook (seeds/002), with rulings K1-K17.

Fields are found by searching the chart (see ``kaphoorn_positions``), never by label, so the
tests survive a re-tuned chart or deck. Unless said otherwise seat 0 is to act, the other
ships stay on their start fields, and hands are empty (so no card can be played).
"""

from __future__ import annotations

from typing import Any

import pytest
from kaphoorn_positions import (
    CHART,
    COMPASS_OF,
    DECK,
    approach,
    area,
    card_total,
    direction,
    finish_fields,
    geometric,
    is_plain,
    is_sea,
    kinds,
    label,
    motif,
    motif_where,
    neighbours,
    offered,
    path,
    plain_sea,
    position,
    refusal,
    refused,
    relative,
    run,
    station,
    stations,
    step,
    wind,
)

from game.games.kaphoorn.rules import RULES, KapState
from game.games.kaphoorn.rules.actions import (  # fmt: skip
    AGAIN,
    BUY,
    END,
    STAY,
    KapAction,
    Play,
    Sail,
    ignore,
    play,
    replace,
    sail,
)
from game.games.kaphoorn.rules.chart import COLOURS, DIRECTIONS, LAND, TITLE, bits
from game.games.kaphoorn.rules.turn import EMPTY
from game.games.kaphoorn.rules.winds import Wind
from game.protocol.base import IllegalAction, Refusal

ANY, OTHER = DECK.winds[0].name, DECK.winds[1].name  # two different motifs, for hands and fills
# A card blowing straight forward only, at least 2 fields: the workhorse of the sailing tests.
FORWARD = motif_where(lambda w: relative(w) == ("F",) and w.distance >= 2, "a single F arrow")
D = motif(FORWARD).distance
WEST = "W"  # forward in zone 2, where the chart has the most open sea
FREE_STARTS = CHART.starts[3:]  # start fields 4 and 5 hold no ship in a 3-player game


def lane(f: int) -> list[int | None]:
    """The fields a zone-2 test around ``f`` uses: the forward line (2 legs and one more),
    the eight neighbours, the forward line of the north neighbour, and three fields east."""
    north = geometric(f, "N", 1)
    if north is None or len(neighbours(f)) < 8:
        return [None]
    east = path(f, "E", 3)
    return [*path(f, WEST, 2 * D + 1), *neighbours(f), *path(north, WEST, D), *east] + [
        geometric(north, "N", 1)
    ]


C = area(2, lane, "with room for the sailing tests")
M = step(C, WEST, 1)  # passed over
E = step(C, WEST, D)  # where the card carries the ship
G = step(C, WEST, 2 * D)  # a second leg from E
BEYOND = step(C, WEST, D + 1)
NORTH = step(C, "N", 1)  # a neighbour not on the sailing line
NORTH_EAST = step(C, "NE", 1)  # a diagonal neighbour
FAR = step(C, "E", 2)  # neither reachable nor a neighbour


def at_c(**kw: Any) -> KapState:
    """Seat 0's ship on C with the forward card; ``cards`` adds to that."""
    cards = {C: FORWARD, **kw.pop("cards", {})}
    return position(cards=cards, ship=C, **kw)


def sails(state: KapState) -> set[KapAction]:
    return {a for a in state.legal_actions() if isinstance(a, Sail)}


def plays(state: KapState) -> set[int]:
    return {a.to for a in state.legal_actions() if isinstance(a, Play)}


# --- set-up -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 7])
def test_set_up_three_cards_each_sail_three_and_nothing_on_the_board(players, seed) -> None:
    s = RULES.new_game("standard", players, seed=seed)
    assert [len(h) for h in s.hands] == [3] * players
    # sail marker on 3; the start player has had step 1 of his turn already
    assert s.sail == tuple(4 if p == s.start_player else 3 for p in range(players))
    assert s.seat == s.start_player and s.phase == "lay" and s.turn == 0
    assert s.laid == sum(1 << f for f in CHART.starts)  # only the printed start winds
    assert s.roses == ((EMPTY, EMPTY, EMPTY),) * players and s.discard == ()
    assert len(s.pile) == 90 - 3 * players and card_total(s) == 90


@pytest.mark.parametrize(("players", "start"), [(3, 1), (3, 3), (4, 2), (5, 4), (5, 5)])
def test_ships_go_on_start_fields_1_2_3_in_turn_order_from_the_start_player(players, start) -> None:
    s = RULES.new_game("standard", players, seed=3, options={"start": start})
    assert s.start_player == start - 1 and s.seat == start - 1
    for i in range(players):
        seat = (start - 1 + i) % players
        assert s.ships[seat] == CHART.starts[i]
        assert CHART.terrain[CHART.starts[i]] == str(i + 1)


def test_the_start_player_is_drawn_with_the_seed_k11() -> None:
    starts = {seed: RULES.new_game("standard", 3, seed=seed).start_player for seed in range(30)}
    assert starts == {
        seed: RULES.new_game("standard", 3, seed=seed).start_player for seed in starts
    }
    assert set(starts.values()) == {0, 1, 2}
    same_seed = {RULES.new_game("standard", 3, seed=11).hands for _ in range(2)}
    assert len(same_seed) == 1


def test_the_set_up_may_name_the_start_player() -> None:
    assert RULES.new_game("standard", 4, seed=0, options={"start": "3"}).seat == 2
    for seed in range(5):
        assert RULES.new_game("standard", 4, seed=seed, options={"start": 2}).seat == 1


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (3, {"start": 0}, "start must be"),
        (3, {"start": 4}, "start must be"),
        (3, {"start": "first"}, "start must be"),
        (3, {"start": True}, "start must be"),
        (3, {"rounds": -1}, "rounds must be"),
        (3, {"rounds": "ten"}, "rounds must be"),
        (3, {"speed": 2}, "unknown options speed"),
        (2, {}, "3-5 players"),
        (6, {}, "3-5 players"),
    ],
)
def test_bad_set_ups_are_refused(players, options, message) -> None:
    with pytest.raises(ValueError, match=message):
        RULES.new_game("standard", players, seed=0, options=options)


def test_turn_order_is_seat_order_from_the_start_player() -> None:
    s = RULES.new_game("standard", 3, seed=0, options={"start": 2})
    seats = []
    for _ in range(4):
        seats.append(s.seat)
        s = run(s, STAY, END)
    assert seats == [1, 2, 0, 1]


# --- step 1: a sail point -----------------------------------------------------------------------


def test_a_turn_starts_with_one_sail_point() -> None:
    s = position(sail=(3, 5, 2), phase="draw").apply(END)
    assert s.seat == 1 and s.phase == "lay"
    assert s.sail == (3, 6, 2)  # the player who ended gets nothing


def test_the_last_seat_passes_to_the_first() -> None:
    s = position(sail=(0, 5, 2), seat=2, phase="draw").apply(END)
    assert s.seat == 0 and s.sail == (1, 5, 2)


def test_sail_points_never_exceed_eight() -> None:
    s = position(sail=(3, 8, 3), phase="draw").apply(END)
    assert s.sail[1] == 8


# --- step 2: playing wind cards -----------------------------------------------------------------


def test_any_number_of_cards_in_a_chain_k16() -> None:
    # C, then three cards westwards past E: each one touches only the card laid just before
    chain = [step(C, "E", 1), step(C, "E", 2), step(C, "E", 3)]
    s = at_c(hands=[[ANY, OTHER, ANY], [], []])
    for i, f in enumerate(chain):
        if i:
            assert f not in neighbours(C)  # only the previous card of the chain is next to it
        assert f in plays(s)
        s = s.apply(play(wind(ANY if i != 1 else OTHER), f))
    assert [s.cards[f] for f in chain] == [wind(ANY), wind(OTHER), wind(ANY)]
    assert all(s.laid >> f & 1 for f in chain)
    assert s.played == 3 and s.hands[0] == () and s.phase == "lay"
    assert STAY in s.legal_actions()  # the ship still moves after the cards


def test_playing_no_card_at_all() -> None:
    s = at_c(hands=[[ANY, OTHER], [], []])
    s = s.apply(STAY)
    assert s.played == 0 and len(s.hands[0]) == 3  # two kept, plus the free card


def test_a_card_must_touch_a_card_also_diagonally() -> None:
    s = at_c(hands=[[ANY], [], []])
    for n in neighbours(C):
        assert n in plays(s), label(n)
    assert step(C, "NE", 1) in plays(s)
    assert refusal(s, play(wind(ANY), step(C, "N", 2))) == "not next to any card"
    # the whole offer: every empty sea field next to a card or start field, nothing else
    laid = [f for f in range(len(s.cards)) if s.laid >> f & 1]
    expected = {
        n for f in laid for n in neighbours(f) if is_sea(n) and n not in CHART.starts
    } - set(laid)
    assert plays(s) == expected


def test_at_the_start_cards_go_next_to_the_printed_start_fields() -> None:
    s = RULES.new_game("standard", 4, seed=5)
    expected = {
        n for f in CHART.starts for n in neighbours(f) if is_sea(n) and n not in CHART.starts
    }
    assert plays(s) == expected
    hand = set(s.hands[s.seat])
    for f in expected:
        assert {a.wind for a in s.legal_actions() if isinstance(a, Play) and a.to == f} == hand


def test_cards_go_only_on_empty_sea() -> None:
    s = at_c(cards={NORTH: OTHER}, hands=[[ANY], [], []])
    land = next(
        f for f in neighbours(NORTH) + list(range(len(s.cards))) if CHART.terrain[f] == LAND
    )
    title = CHART.terrain.index(TITLE)
    assert refusal(s, play(wind(ANY), land)) == "cards go on the sea, not on land"
    assert refusal(s, play(wind(ANY), title)) == "cards go on the sea, not on land"
    for start in (CHART.starts[0], FREE_STARTS[0]):  # with and without a ship (K3)
        assert (
            refusal(s, play(wind(ANY), start))
            == "a start field is printed: nothing goes on it (K3)"
        )
    assert refusal(s, play(wind(ANY), NORTH)) == f"there is a card on {label(NORTH)} already"
    assert refusal(s, play(wind(ANY), C)) == f"there is a card on {label(C)} already"


def test_only_cards_from_the_hand() -> None:
    s = at_c(hands=[[ANY], [], []])
    assert refusal(s, play(wind(OTHER), NORTH)) == f"you hold no {motif(OTHER)} card"


def test_a_card_on_a_station_goes_under_the_disc() -> None:
    st = stations()[0]
    n = next(f for f in neighbours(st) if is_plain(f))
    s = position(cards={n: ANY}, hands=[[OTHER], [], []])
    s = s.apply(play(wind(OTHER), st))
    assert s.cards[st] == wind(OTHER) and s.laid >> st & 1
    assert st in CHART.station  # the disc stays on the field, over the card


def test_cards_may_be_laid_on_the_finish_line_k16() -> None:
    fin = finish_fields()[0]
    n = next(f for f in neighbours(fin) if is_plain(f))
    s = position(cards={n: ANY}, hands=[[OTHER], [], []])
    assert fin in plays(s)
    assert s.apply(play(wind(OTHER), fin)).cards[fin] == wind(OTHER)


def test_cards_are_played_before_the_ship_moves() -> None:
    s = at_c(hands=[[ANY, OTHER], [], []]).apply(STAY)
    assert s.phase == "draw" and not kinds(s) & {"Play", "Replace"}
    assert refusal(s, play(wind(ANY), NORTH)) == "cards are played before the ship moves"
    assert refusal(s, replace(wind(ANY), C)) == "cards are played before the ship moves"


# --- the zones turn the cards -------------------------------------------------------------------


@pytest.mark.parametrize("zone", [1, 2, 3])
def test_every_motif_is_turned_by_its_zone(zone) -> None:
    f = plain_sea(zone)[0]
    for w in DECK.winds:
        assert {DIRECTIONS[d] for d in CHART.arrows(w, f)} == {
            COMPASS_OF[zone][a] for a in relative(w)
        }, w.name


@pytest.mark.parametrize(("zone", "forward"), [(1, "S"), (2, "W"), (3, "N")])
def test_forward_is_away_from_the_bottom_edge(zone, forward) -> None:
    """Zone I: bottom edge north (blows south); II: east (west); III: south (north)."""
    assert COMPASS_OF[zone]["F"] == forward
    f = area(zone, lambda f: path(f, forward, D), f"with {D} fields of sea to the {forward}")
    to = step(f, forward, D)
    s = position(cards={f: FORWARD, to: ANY}, ship=f)
    assert sails(s) == {sail(direction(forward), to)}
    assert s.apply(sail(direction(forward), to)).ships[0] == to


@pytest.mark.parametrize("zone", [1, 2, 3])
@pytest.mark.parametrize("name", [w.name for w in DECK.winds])
def test_every_card_sails_along_its_turned_arrows(zone, name) -> None:
    w = motif(name)
    lines = {COMPASS_OF[zone][a] for a in relative(w)}
    f = area(
        zone,
        lambda f: [p for c in lines for p in path(f, c, w.distance)],
        f"with room for {name} in every direction",
    )
    ends = {c: step(f, c, w.distance) for c in lines}
    s = position(cards={f: name, **{e: ANY for e in ends.values()}}, ship=f)
    assert sails(s) == {sail(direction(c), e) for c, e in ends.items()}


def test_the_start_fields_sail_by_their_printed_winds_k3() -> None:
    for i, start in enumerate(CHART.starts):
        w = CHART.start_winds[i]
        assert {DIRECTIONS[d] for d in CHART.arrows(w, start)} == {
            COMPASS_OF[1][a] for a in relative(w)
        }
    s = RULES.new_game("standard", 3, seed=0, options={"start": 1})
    w = CHART.start_winds[0]
    ends: dict[str, int] = {}
    for a in relative(w):
        c = COMPASS_OF[1][a]
        e = geometric(CHART.starts[0], c, w.distance)
        if e is not None and is_plain(e) and sea_line(CHART.starts[0], c, w):
            ends[c] = e
    assert ends, "start field 1 should have a sailing line"
    s = s.with_(
        cards=tuple(wind(ANY) if f in ends.values() else c for f, c in enumerate(s.cards)),
        laid=s.laid | sum(1 << e for e in ends.values()),
    )
    assert sails(s) == {sail(direction(c), e) for c, e in ends.items()}


def sea_line(f: int, compass: str, w: Wind) -> bool:
    return all(is_sea(p) for p in path(f, compass, w.distance))


# --- replacing a card ---------------------------------------------------------------------------


def test_replacing_a_card_the_ship_cannot_reach() -> None:
    s = at_c(cards={FAR: OTHER}, hands=[[ANY, ANY], [], []], sail=(3, 3, 3))
    assert replace(wind(ANY), FAR) in s.legal_actions()
    assert f"covers {label(FAR)} with {motif(ANY)}" in offered(s)
    after = s.apply(replace(wind(ANY), FAR))
    assert after.cards[FAR] == wind(ANY) and after.laid == s.laid
    assert after.discard == (wind(OTHER),)  # K6: the covered card is discarded
    assert after.hands[0] == (wind(ANY),) and after.replaced
    assert card_total(after) == card_total(s)
    # the only card this turn (K6): neither a play nor a second replacement
    assert kinds(after) <= {"Sail", "Ignore", "Stay"}
    assert (
        refusal(after, play(wind(ANY), NORTH))
        == "you replaced a card: it must be the only card this turn"
    )
    assert (
        refusal(after, replace(wind(ANY), FAR))
        == "you played a card this turn: a replacement must be the only card (K6)"
    )


def test_no_replacement_after_a_card_was_played() -> None:
    s = at_c(cards={FAR: OTHER}, hands=[[ANY, ANY], [], []])
    s = s.apply(play(wind(ANY), NORTH))
    assert not kinds(s) & {"Replace"}
    assert (
        refusal(s, replace(wind(ANY), FAR))
        == "you played a card this turn: a replacement must be the only card (K6)"
    )


def test_no_replacement_of_a_card_the_own_ship_can_sail_to_k5() -> None:
    s = at_c(cards={E: OTHER, M: OTHER}, hands=[[ANY], [], []], sail=(2, 3, 3))
    assert refusal(s, replace(wind(ANY), E)) == "your own ship can reach this card this turn (K5)"
    # a field the ship only passes over is not reached
    assert replace(wind(ANY), M) in s.legal_actions()


def test_the_reach_by_ignore_counts_only_with_three_sail_points_k5() -> None:
    cards = {NORTH: OTHER, NORTH_EAST: OTHER}
    poor = at_c(cards=cards, hands=[[ANY], [], []], sail=(2, 3, 3))
    assert {replace(wind(ANY), NORTH), replace(wind(ANY), NORTH_EAST)} <= set(poor.legal_actions())
    rich = at_c(cards=cards, hands=[[ANY], [], []], sail=(3, 3, 3))
    for f in (NORTH, NORTH_EAST):
        assert refusal(rich, replace(wind(ANY), f)) == (
            "your own ship can reach this card this turn (K5)"
        )


def test_no_replacement_under_a_ship() -> None:
    s = at_c(cards={FAR: OTHER}, ships=[C, FAR, CHART.starts[2]], hands=[[ANY], [], []])
    assert refusal(s, replace(wind(ANY), FAR)) == "a ship stands on this card"
    assert refusal(s, replace(wind(ANY), C)) == "a ship stands on this card"


def test_a_start_field_is_never_replaced_k3() -> None:
    s = at_c(hands=[[ANY], [], []], sail=(0, 3, 3))
    for start in CHART.starts:
        assert refusal(s, replace(wind(ANY), start)) == "a start field cannot be replaced (K3)"


def test_replacing_needs_a_card_there_and_in_the_hand() -> None:
    s = at_c(cards={FAR: OTHER}, hands=[[ANY], [], []])
    assert refusal(s, replace(wind(ANY), NORTH)) == "there is no card there to replace"
    assert refusal(s, replace(wind(OTHER), FAR)) == f"you hold no {motif(OTHER)} card"


def test_a_replaced_card_comes_back_through_the_discard_pile_k6() -> None:
    s = at_c(cards={FAR: OTHER}, hands=[[ANY], [], []], pile=[])
    s = run(s, replace(wind(ANY), FAR), STAY)
    assert s.hands[0] == (wind(OTHER),) and s.discard == () and s.reshuffles == 1


# --- step 3: sailing ----------------------------------------------------------------------------


def test_the_ship_sails_exactly_the_cards_number_k4() -> None:
    s = at_c(cards={M: ANY, E: ANY, BEYOND: ANY})
    assert sails(s) == {sail(direction(WEST), E)}
    assert f"sails west to {label(E)}" in offered(s)
    assert refusal(s, sail(direction(WEST), M)) == (
        f"the wind carries the ship exactly {D} fields, to {label(E)}"
    )
    assert refusal(s, sail(direction(WEST), BEYOND)).startswith("the wind carries the ship")
    after = s.apply(sail(direction(WEST), E))
    assert after.ships[0] == E and after.sail == s.sail


def test_the_ship_passes_empty_fields_and_other_ships() -> None:
    assert sails(at_c(cards={E: ANY})) == {sail(direction(WEST), E)}  # M is empty
    s = at_c(cards={M: ANY, E: ANY}, ships=[C, M, CHART.starts[2]])
    assert sails(s) == {sail(direction(WEST), E)}


def test_the_wind_blows_only_along_its_arrows() -> None:
    s = at_c(cards={step(C, "E", D): ANY})
    assert refusal(s, sail(direction("E"), step(C, "E", D))) == ("the wind does not blow that way")


def test_never_over_land_k4() -> None:
    def blocked(f: int) -> bool:
        line = path(f, COMPASS_OF[CHART.zone[f]]["F"], D)
        return is_plain(line[-1]) and any(p is not None and not is_sea(p) for p in line[:-1])

    f = next(f for f in plain_sea() if blocked(f))
    forward = COMPASS_OF[CHART.zone[f]]["F"]
    to = step(f, forward, D)
    s = position(cards={f: FORWARD, to: ANY}, ship=f)
    assert not sails(s)
    assert (
        refusal(s, sail(direction(forward), to))
        == "land or the edge of the chart is in the way (K4)"
    )


def test_never_off_the_edge_k4() -> None:
    f = next(f for f in plain_sea() if geometric(f, COMPASS_OF[CHART.zone[f]]["F"], D) is None)
    forward = COMPASS_OF[CHART.zone[f]]["F"]
    s = position(cards={f: FORWARD}, ship=f)
    assert not sails(s)
    assert (
        refusal(s, sail(direction(forward), f))
        == "land or the edge of the chart is in the way (K4)"
    )


def test_a_move_must_end_on_a_card() -> None:
    s = at_c(cards={M: ANY})
    assert not sails(s)
    assert refusal(s, sail(direction(WEST), E)) == f"no wind card on {label(E)} to end on"


def test_a_move_may_not_end_on_another_ship() -> None:
    s = at_c(cards={E: ANY}, ships=[C, E, CHART.starts[2]])
    assert not sails(s)
    assert refusal(s, sail(direction(WEST), E)) == f"another ship is on {label(E)}"


def test_a_station_holds_any_number_of_ships() -> None:
    st = stations()[0]
    f, name, compass = approach(st)
    s = position(cards={f: name, st: ANY}, ships=[f, st, st])
    assert sail(direction(compass), st) in sails(s)
    assert s.apply(sail(direction(compass), st)).ships == (st, st, st)


def test_a_free_start_field_can_end_a_move_k17() -> None:
    free = FREE_STARTS[0]
    f, name, compass = approach(free)
    s = position(cards={f: name}, ship=f)
    assert sail(direction(compass), free) in sails(s)
    # ... but a start field holds one ship at most (K3)
    taken = position(cards={f: name}, ships=[f, CHART.starts[1], free])
    assert refusal(taken, sail(direction(compass), free)) == f"another ship is on {label(free)}"


def test_a_ship_that_cannot_move_may_stay_or_ignore_k7_k12() -> None:
    s = at_c(cards={NORTH: ANY}, sail=(3, 3, 3))
    assert set(s.legal_actions()) == {ignore(NORTH), STAY}
    poor = at_c(cards={NORTH: ANY}, sail=(2, 3, 3))
    assert poor.legal_actions() == (STAY,)


# --- stay, ignore, move again -------------------------------------------------------------------


def test_staying_gives_a_sail_point_k7() -> None:
    s = at_c(cards={E: ANY}, sail=(5, 3, 3))
    assert STAY in s.legal_actions() and sails(s)  # K12: also when the ship could sail
    assert "stays and gains a sail point" in offered(s)
    after = s.apply(STAY)
    assert after.sail[0] == 6 and after.ships[0] == C and after.phase == "draw"


def test_staying_never_gives_more_than_eight() -> None:
    assert at_c(sail=(8, 3, 3)).apply(STAY).sail[0] == 8


def test_no_staying_after_the_ship_moved() -> None:
    s = at_c(cards={E: ANY}).apply(sail(direction(WEST), E))
    assert refusal(s, STAY) == "your ship has moved this turn"
    assert refusal(s, sail(direction(WEST), G)) == "your ship has moved this turn"
    assert refusal(s, ignore(NORTH)) == "your ship has moved this turn"


def test_ignore_costs_three_and_moves_one_field_also_diagonally() -> None:
    s = at_c(cards={NORTH: ANY, NORTH_EAST: ANY, step(C, "N", 2): ANY}, sail=(4, 3, 3))
    assert {a for a in s.legal_actions() if type(a).__name__ == "Ignore"} == {
        ignore(NORTH),
        ignore(NORTH_EAST),
    }
    after = s.apply(ignore(NORTH_EAST))
    assert after.ships[0] == NORTH_EAST and after.sail[0] == 1 and after.phase == "draw"
    assert refusal(s, ignore(step(C, "N", 2))) == (
        "ignoring the wind moves the ship one field only"
    )


def test_ignore_needs_a_card_a_free_field_and_three_points() -> None:
    s = at_c(cards={NORTH: ANY}, ships=[C, NORTH, CHART.starts[2]], sail=(3, 3, 3))
    assert refusal(s, ignore(NORTH)) == f"another ship is on {label(NORTH)}"
    assert refusal(s, ignore(NORTH_EAST)) == f"no wind card on {label(NORTH_EAST)}"
    poor = at_c(cards={NORTH_EAST: ANY}, sail=(2, 3, 3))
    assert refusal(poor, ignore(NORTH_EAST)) == "ignoring the wind costs 3 sail points"


def test_ignore_onto_a_station_with_ships() -> None:
    st = stations()[0]
    n = next(f for f in neighbours(st) if is_plain(f))
    s = position(cards={n: ANY, st: ANY}, ships=[n, st, st], sail=(3, 3, 3))
    assert ignore(st) in s.legal_actions()
    assert s.apply(ignore(st)).ships[0] == st


def test_move_again_costs_five_and_sails_by_the_card_reached_k13() -> None:
    s = at_c(cards={E: FORWARD, G: ANY}, sail=(6, 3, 3), pile=[ANY, OTHER])
    s = s.apply(sail(direction(WEST), E))
    assert s.phase == "moved" and s.legal_actions() == (AGAIN, BUY, END)
    assert "sails again" in offered(s)
    assert s.hands[0] == ()  # K14: the free card waits until the move is done
    s = s.apply(AGAIN)
    assert s.sail[0] == 1 and s.phase == "again"
    assert s.legal_actions() == (sail(direction(WEST), G),)  # no stay, no ignore (K13)
    assert refusal(s, STAY) == "your ship has moved this turn"
    assert refusal(s, ignore(NORTH)) == "your ship has moved this turn"
    assert refusal(s, AGAIN) == "move your ship first"
    s = s.apply(sail(direction(WEST), G))
    assert s.ships[0] == G and s.phase == "draw" and s.hands[0] == (wind(OTHER),)


def test_move_again_only_once() -> None:
    # the second move reaches E, from where the wind would lead on to G: still no third move
    s = at_c(cards={E: FORWARD, G: ANY}, sail=(8, 3, 3), phase="again")
    s = s.apply(sail(direction(WEST), E))
    assert s.phase == "draw" and AGAIN not in s.legal_actions() and s.sail[0] == 8


def test_move_again_needs_five_points() -> None:
    s = at_c(cards={E: FORWARD, G: ANY}, sail=(4, 3, 3)).apply(sail(direction(WEST), E))
    assert s.phase == "draw" and AGAIN not in s.legal_actions()
    assert refusal(s, AGAIN) == "sailing again costs 5 sail points"


def test_move_again_only_if_the_field_reached_leads_on_k13() -> None:
    s = at_c(cards={E: FORWARD}, sail=(8, 3, 3)).apply(sail(direction(WEST), E))
    assert s.phase == "draw" and AGAIN not in s.legal_actions() and s.sail[0] == 8


def test_move_again_to_nowhere_is_refused_with_k13() -> None:
    s = at_c(cards={E: FORWARD}, sail=(8, 3, 3)).apply(sail(direction(WEST), E))
    assert refusal(s, AGAIN) == "no wind from this field leads anywhere (K13)"


def test_move_again_only_after_a_move() -> None:
    s = at_c(cards={E: FORWARD, G: ANY}, sail=(8, 3, 3))
    assert refusal(s, AGAIN) == "move your ship first"
    declined = run(s, sail(direction(WEST), E), END)
    assert declined.seat == 1
    bought = run(s, sail(direction(WEST), E), BUY)
    assert refusal(bought, AGAIN) == "your ship has finished moving this turn"


def test_move_again_also_after_ignoring_the_wind() -> None:
    s = at_c(cards={NORTH: FORWARD, step(NORTH, WEST, D): ANY}, sail=(8, 3, 3))
    s = s.apply(ignore(NORTH))
    assert s.sail[0] == 5 and s.phase == "moved" and AGAIN in s.legal_actions()


def test_ending_during_the_second_move_does_not_suggest_staying() -> None:
    s = at_c(cards={E: FORWARD, G: ANY}, sail=(6, 3, 3))
    s = run(s, sail(direction(WEST), E), AGAIN)
    assert "stay" not in refusal(s, END)


# --- step 4: drawing and buying -----------------------------------------------------------------


def test_the_free_card_is_drawn_from_the_top_after_the_move() -> None:
    s = at_c(pile=[ANY, OTHER]).apply(STAY)
    assert s.hands[0] == (wind(OTHER),) and s.pile == (wind(ANY),)


def test_buying_cards_for_one_sail_point_each_up_to_six() -> None:
    s = at_c(sail=(7, 3, 3), hands=[[ANY, ANY], [], []]).apply(STAY)
    assert s.sail[0] == 8 and len(s.hands[0]) == 3 and s.legal_actions() == (BUY, END)
    assert "buys a card" in offered(s)
    for n in range(4, 7):
        s = s.apply(BUY)
        assert len(s.hands[0]) == n and s.sail[0] == 8 - (n - 3)
    assert s.legal_actions() == (END,)
    assert refusal(s, BUY) == "hand limit 6"


def test_buying_needs_a_sail_point() -> None:
    s = at_c(sail=(0, 3, 3), phase="draw")
    assert s.legal_actions() == (END,)
    assert refusal(s, BUY) == "a card costs 1 sail point"


def test_the_hand_limit_counts_the_free_card_first_k14() -> None:
    five = [ANY] * 3 + [OTHER] * 2
    s = at_c(hands=[five, [], []], sail=(8, 3, 3)).apply(STAY)
    assert len(s.hands[0]) == 6 and s.legal_actions() == (END,)
    moved = at_c(cards={E: FORWARD, G: ANY}, hands=[five, [], []], sail=(6, 3, 3))
    moved = moved.apply(sail(direction(WEST), E))
    assert moved.phase == "moved" and moved.legal_actions() == (AGAIN, END)
    assert refusal(moved, BUY) == "hand limit 6"


def test_a_full_hand_draws_nothing() -> None:
    s = at_c(hands=[[ANY] * 4 + [OTHER] * 2, [], []])
    after = s.apply(STAY)
    assert after.hands[0] == s.hands[0] and after.pile == s.pile


def test_buying_while_move_again_is_offered_draws_the_free_card_first_k14() -> None:
    s = at_c(cards={E: FORWARD, G: ANY}, sail=(6, 3, 3), pile=[OTHER, ANY, ANY])
    s = run(s, sail(direction(WEST), E), BUY)
    assert sorted(s.hands[0]) == sorted((wind(ANY), wind(ANY)))  # free card + bought card
    assert s.sail[0] == 5 and s.pile == (wind(OTHER),) and s.phase == "draw"


def test_ending_while_move_again_is_offered_still_draws_the_free_card() -> None:
    s = at_c(cards={E: FORWARD, G: ANY}, sail=(6, 3, 3), pile=[OTHER, ANY])
    s = run(s, sail(direction(WEST), E), END)
    assert s.hands[0] == (wind(ANY),) and s.seat == 1


def test_an_empty_pile_is_refilled_from_the_shuffled_discards_k6() -> None:
    s = at_c(pile=[], discard=[ANY, OTHER], sail=(5, 3, 3)).apply(STAY)
    assert len(s.hands[0]) == 1 and s.reshuffles == 1 and s.discard == ()
    assert sorted(s.hands[0] + s.pile) == sorted((wind(ANY), wind(OTHER)))
    s = s.apply(BUY)
    assert sorted(s.hands[0]) == sorted((wind(ANY), wind(OTHER))) and s.pile == ()


def test_nobody_draws_when_pile_and_discards_are_empty_k6() -> None:
    s = at_c(pile=[], discard=[], sail=(5, 3, 3), hands=[[ANY], [], []]).apply(STAY)
    assert s.hands[0] == (wind(ANY),) and s.legal_actions() == (END,)
    assert refusal(s, BUY) == "no cards left to draw"


def test_drawing_and_ending_come_after_the_move() -> None:
    s = at_c(sail=(5, 3, 3))
    assert refusal(s, BUY) == "cards are drawn and bought after the ship moves"
    assert refusal(s, END) == "move your ship first (or stay)"


# --- stations and wind roses --------------------------------------------------------------------


def arrive(
    target: int,
    roses: tuple[str | None, ...] = (None, None, None),
    sail_points: int = 3,
    by: str = "sail",
) -> KapState:
    """Seat 0 sails (or ignores the wind) onto ``target``, which holds a card."""
    action: KapAction
    if by == "sail":
        f, name, compass = approach(target)
        action = sail(direction(compass), target)
    else:
        f = next(n for n in neighbours(target) if is_plain(n))
        name, action = ANY, ignore(target)
    s = position(
        cards={f: name, target: ANY},
        ship=f,
        roses=[roses, (None,) * 3, (None,) * 3],
        sail=(sail_points, 3, 3),
        pile=[ANY] * 5,
    )
    return s.apply(action)


def rose_names(s: KapState, seat: int = 0) -> tuple[str | None, ...]:
    return tuple(None if c == EMPTY else COLOURS[c] for c in s.roses[seat])


@pytest.mark.parametrize("colour", COLOURS)
def test_a_stage_one_station_gives_a_rose_of_its_colour(colour) -> None:
    s = arrive(station(1, colour))
    assert rose_names(s) == (colour, None, None) and not s.is_over()


def test_stage_two_needs_a_colour_not_held_k9() -> None:
    same = arrive(station(2, "yellow"), roses=("yellow", None, None))
    assert rose_names(same) == ("yellow", None, None) and same.phase == "draw"
    other = arrive(station(2, "red"), roses=("yellow", None, None))
    assert rose_names(other) == ("yellow", "red", None)


def test_one_rose_per_stage_k9() -> None:
    s = arrive(station(1, "red"), roses=("yellow", None, None))
    assert rose_names(s) == ("yellow", None, None)


def test_stage_three_needs_the_missing_colour_k9() -> None:
    for colour in ("yellow", "red"):
        s = arrive(station(3, colour), roses=("yellow", "red", None))
        assert rose_names(s) == ("yellow", "red", None) and not s.is_over()


def test_the_third_rose_wins_at_once_k8() -> None:
    s = arrive(station(3, "green"), roses=("yellow", "red", None), sail_points=8)
    assert rose_names(s) == ("yellow", "red", "green")
    assert s.is_over() and s.winner == 0 and s.reason == "roses" and s.current_player is None
    assert s.hands[0] == ()  # the game ended before step 4
    out = s.outcome()
    assert out is not None and out.winners == (0,) and out.ranking[0] == 0
    assert out.scores == (3, 0, 0) and out.reason_code == "roses"
    assert s.legal_actions() == ()
    assert refusal(s, END) == "the game is over"


def test_roses_may_come_in_any_stage_order() -> None:
    s = arrive(station(2, "green"))
    assert rose_names(s) == (None, "green", None)
    s = arrive(station(3, "yellow"), roses=(None, "green", None))
    assert rose_names(s) == (None, "green", "yellow") and not s.is_over()


def test_ignoring_the_wind_onto_a_station_takes_the_rose() -> None:
    s = arrive(station(1, "green"), by="ignore")
    assert rose_names(s) == ("green", None, None)


def test_staying_on_a_station_takes_no_rose() -> None:
    st = station(1, "red")
    s = position(cards={st: ANY}, ship=st).apply(STAY)
    assert rose_names(s) == (None, None, None)


def test_a_station_reached_by_the_first_of_two_moves_counts_at_once_k13() -> None:
    def leads_on(st: int) -> bool:
        forward = COMPASS_OF[CHART.zone[st]]["F"]
        return all(is_plain(p) for p in path(st, forward, D))

    st = next((st for st in stations() if leads_on(st)), None)
    if st is None:
        pytest.skip("no station with open sea ahead")
    onward = step(st, COMPASS_OF[CHART.zone[st]]["F"], D)
    f, name, compass = approach(st, avoid=[onward])
    s = position(cards={f: name, st: FORWARD, onward: ANY}, ship=f, sail=(8, 3, 3))
    s = s.apply(sail(direction(compass), st))
    assert s.phase == "moved" and rose_names(s)[CHART.zone[st] - 1] == COLOURS[CHART.station[st]]


# --- the finish line ----------------------------------------------------------------------------


@pytest.mark.parametrize("by", ["sail", "ignore"])
@pytest.mark.parametrize("roses", [("yellow", "red", None), (None, "red", "green")])
def test_two_roses_and_the_finish_line_win_k8(by, roses) -> None:
    s = arrive(finish_fields()[0], roses=roses, by=by)
    assert s.is_over() and s.winner == 0 and s.reason == "finish"
    out = s.outcome()
    assert out is not None and out.winners == (0,) and out.ranking[0] == 0


def test_the_finish_line_without_two_roses_has_no_effect_k8() -> None:
    for roses in [(None, None, None), ("yellow", None, None)]:
        s = arrive(finish_fields()[-1], roses=roses)
        assert not s.is_over() and s.phase == "draw" and s.winner == -1
        assert s.apply(END).seat == 1


def test_the_finish_line_needs_a_card_k17() -> None:
    fin = finish_fields()[0]
    f, name, compass = approach(fin)
    s = position(cards={f: name}, ship=f, roses=[("yellow", "red", None), (None,) * 3, (None,) * 3])
    assert refusal(s, sail(direction(compass), fin)) == f"no wind card on {label(fin)} to end on"


# --- the round limit (K15) ----------------------------------------------------------------------


def two_fields(equal: bool) -> tuple[int, int]:
    """Two open sea fields whose distance to the finish is equal (or the first one nearer)."""
    sea = plain_sea()
    for a in sea:
        for b in sea:
            if a != b and (CHART.distance[a] == CHART.distance[b]) == equal:
                if equal or CHART.distance[a] < CHART.distance[b]:
                    return a, b
    raise AssertionError("no such fields")


def test_after_the_last_round_more_roses_then_nearer_the_finish_rank_first_k15() -> None:
    near, far = two_fields(equal=False)
    s = position(
        cards={near: ANY, far: ANY},
        ships=[far, near, CHART.starts[2]],
        roses=[("yellow", None, None), (None, "red", None), ("red", "green", None)],
        options={"rounds": 2},
        turn=5,
        seat=2,
        phase="draw",
    )
    s = s.apply(END)
    assert s.is_over() and s.reason == "rounds" and s.winner == -1 and s.turn == 6
    out = s.outcome()
    assert out is not None
    assert out.ranking == (2, 1, 0) and out.winners == (2,) and out.scores == (1, 1, 2)


def test_those_equal_on_roses_and_distance_share_the_win_k15() -> None:
    a, b = two_fields(equal=True)
    s = position(
        cards={a: ANY, b: ANY},
        ships=[a, b, CHART.starts[2]],
        roses=[("yellow", None, None), ("red", None, None), (None,) * 3],
        options={"rounds": 2},
        turn=5,
        seat=2,
        phase="draw",
    ).apply(END)
    out = s.outcome()
    assert out is not None and out.winners == (0, 1) and out.ranking == (0, 1, 2)


def test_the_outcome_says_what_decided_the_ranking_at_the_round_limit_k15() -> None:
    near, far = two_fields(equal=False)
    by_roses = position(
        cards={near: ANY, far: ANY},
        ships=[near, far, CHART.starts[2]],
        roses=[(None,) * 3, ("yellow", None, None), (None,) * 3],
        options={"rounds": 2},
        turn=5,
        seat=2,
        phase="draw",
    ).apply(END)
    out = by_roses.outcome()
    assert out is not None and out.winners == (1,) and out.reason_code == "rounds"
    assert out.details == {"decided_by": "roses"}  # seat 0 was nearer, but had fewer roses
    by_distance = position(
        cards={near: ANY, far: ANY},
        ships=[far, near, CHART.starts[2]],
        roses=[("yellow", None, None), ("red", None, None), (None,) * 3],
        options={"rounds": 2},
        turn=5,
        seat=2,
        phase="draw",
    ).apply(END)
    out = by_distance.outcome()
    assert out is not None and out.winners == (1,)
    assert out.details == {"decided_by": "to_finish"}


def test_a_win_shared_by_everybody_is_decided_by_nothing_k15() -> None:
    a, b = two_fields(equal=True)
    c = next(f for f in plain_sea() if f not in (a, b) and CHART.distance[f] == CHART.distance[a])
    s = position(
        cards={a: ANY, b: ANY, c: ANY},
        ships=[a, b, c],
        options={"rounds": 2},
        turn=5,
        seat=2,
        phase="draw",
    ).apply(END)
    out = s.outcome()
    assert out is not None and out.winners == (0, 1, 2) and out.details == {"decided_by": "shared"}
    # two of three sharing the win: what put them ahead of the third counts
    out = (
        position(
            cards={a: ANY, b: ANY},
            ships=[a, b, CHART.starts[2]],
            roses=[("yellow", None, None), ("red", None, None), (None,) * 3],
            options={"rounds": 2},
            turn=5,
            seat=2,
            phase="draw",
        )
        .apply(END)
        .outcome()
    )
    assert out is not None and out.winners == (0, 1) and out.details == {"decided_by": "roses"}


def test_the_game_runs_to_the_round_limit_and_not_shorter() -> None:
    early = position(options={"rounds": 2}, turn=4, seat=1, phase="draw").apply(END)
    assert not early.is_over() and early.outcome() is None
    s = RULES.new_game("standard", 3, seed=2, options={"rounds": 1})
    for _ in range(3):
        assert not s.is_over()
        s = run(s, STAY, END)
    assert s.is_over() and s.reason == "rounds"


def test_no_round_limit_with_zero_and_80_by_default() -> None:
    assert RULES.new_game("standard", 3, seed=0).rounds == 80
    s = position(options={"rounds": 0}, turn=10_000, phase="draw").apply(END)
    assert not s.is_over() and s.seat == 1


# --- secrecy (K10) and the remaining refusals ----------------------------------------------------


def test_a_view_hides_the_other_hands_and_the_pile_k10() -> None:
    s = RULES.new_game("standard", 3, seed=4)
    v = s.view(1)
    assert v.hands[1] == s.hands[1]
    assert all(c == -1 for seat in (0, 2) for c in v.hands[seat])
    assert [len(h) for h in v.hands] == [3, 3, 3] and set(v.pile) == {-1} and v.seed == -1


def test_something_that_is_no_action_is_refused() -> None:
    s = at_c()
    assert refusal(s, "sail away").startswith("not a Kap Hoorn action")
    assert refusal(s, ["unhashable"]).startswith("not a Kap Hoorn action")


def test_every_offered_action_is_accepted() -> None:
    s = RULES.new_game("standard", 4, seed=9)
    for a in s.legal_actions():
        after = s.apply(a)
        if isinstance(a, Play):
            assert after.cards[a.to] == a.wind and after.hands[s.seat] != s.hands[s.seat]
            assert any(s.laid >> n & 1 for n in neighbours(a.to))
    assert bits(s.laid) == sorted(CHART.starts)


def test_a_refusal_is_a_code_with_its_data_not_a_sentence() -> None:
    s = at_c(cards={NORTH: OTHER}, hands=[[ANY], [], []])
    assert refused(s, play(wind(OTHER), FAR)) == Refusal("no_card", {"wind": OTHER})
    assert refused(s, play(wind(ANY), NORTH)) == Refusal("occupied", {"field": label(NORTH)})
    assert refused(s, sail(direction(WEST), step(C, WEST, 1))) == Refusal(
        "exact", {"n": D, "field": label(E)}
    )
    assert refused(s, "sail away") == Refusal("other", {"action": "'sail away'"})
    with pytest.raises(IllegalAction, match=f"you hold no {motif(OTHER)} card") as info:
        s.apply(play(wind(OTHER), FAR))  # the English for logs names the card with its number
    assert info.value.code == "no_card" and info.value.params == {"wind": OTHER}


def test_why_not_is_none_for_every_offered_action_and_plays_nothing(monkeypatch) -> None:
    from game.games.kaphoorn.rules import turn

    s = RULES.new_game("standard", 4, seed=9)
    offered_now = s.legal_actions()

    def no_playing(*_: Any) -> None:
        raise AssertionError("why_not built the next state")

    monkeypatch.setattr(turn, "apply", no_playing)
    assert [s.why_not(a) for a in offered_now] == [None] * len(offered_now)
    assert s.why_not(AGAIN) == Refusal("move_first", {})


def test_the_ignore_button_asks_whether_the_wind_can_be_ignored_at_all() -> None:
    s = at_c(cards={NORTH: ANY}, ships=[C, NORTH, CHART.starts[2]], sail=(3, 3, 3))
    assert not any(type(a).__name__ == "Ignore" for a in s.legal_actions())
    assert s.why_not_ignore() == Refusal("ignore_none", {})  # the only card has a ship on it
    free = at_c(cards={NORTH: ANY}, sail=(3, 3, 3))
    assert ignore(NORTH) in free.legal_actions() and free.why_not_ignore() is None
    assert at_c(cards={NORTH: ANY}, sail=(2, 3, 3)).why_not_ignore() == Refusal("ignore_cost")
    moved = at_c(cards={E: ANY, NORTH: ANY}, sail=(3, 3, 3)).apply(sail(direction(WEST), E))
    assert moved.why_not_ignore() == Refusal("moved")


def test_a_card_that_does_not_exist_is_refused() -> None:
    s = at_c()
    for action in (play(len(DECK.winds) + 10, NORTH), replace(len(DECK.winds) + 10, NORTH)):
        assert refusal(s, action) == "there is no such wind card"
