"""Nanuuk!: the cracks and the Game of Introduction with its variants, rule by rule.

Each test names the rulebook sentence or ruling (N6-N18 in ``shared/rules/nanuuk.md``, N30-N38
in the engine's package docstring) it checks. Positions are built with ``nanuuk_positions``:
pieces where the test says, at the start of a seat's turn. The floe (``levels/nanuuk/floe.toml``):

      .   .   F1  F2  F3  F4  F5  F6  .   .
        F7  F8  F9  F10 F11 F12 F13 F14 F15 .
      .   F16 F17 F18 F19 F20 F21 F22 F23 F24
        F25 F26 F27 F28 F29 F30 F31 F32 F33 .
      F34 F35 F36 F37 F38 F39 F40 F41 F42 .
        F43 F44 F45 F46 F47 F48 F49 F50 F51 .
      .   F52 F53 F54 F55 F56 F57 F58 F59 .
        .   F60 F61 F62 F63 F64 F65 F66 .   .

Pointy-top hexes, odd rows shifted right: F29 touches F19 F20 (above), F28 F30 (beside) and
F38 F39 (below). Three-dot row F60-F66 (out of the 3-player games); the bear-hunt region is
F2-F5, F9-F13, F18-F21, F27-F31, F37-F40, F46, F48. Seats count from 0 (player A = seat 0).
"""

from __future__ import annotations

import random

import pytest

from game.games.nanuuk.rules import RULES
from game.games.nanuuk.rules.actions import Crack, EndTurn, Place, Step
from game.games.nanuuk.rules.phases import REMOVED
from game.games.nanuuk.rules.spec import board_for
from game.games.nanuuk.rules.state import NanuukState
from game.protocol.base import IllegalAction
from tests.games.nanuuk.nanuuk_positions import edge, field, label, offered, play, position

REGION = (
    "F2 F3 F4 F5 F9 F10 F11 F12 F13 F18 F19 F20 F21 F27 F28 F29 F30 F31 F37 F38 F39 F40 F46 F48"
).split()
DOTS = [f"F{n}" for n in range(60, 67)]

# The six spokes (C-lines) and six edges (d-lines) of the interior field F29, read off the map.
F29_C_LINES = ["F19|F20", "F20|F30", "F30|F39", "F38|F39", "F28|F38", "F19|F28"]
F29_D_LINES = ["F29|F30", "F20|F29", "F19|F29", "F28|F29", "F29|F38", "F29|F39"]


def cracks_of(*texts: str) -> list[str]:
    return sorted(f"crack {t}" for t in texts)


def three(**where: str) -> NanuukState:
    """Game of Introduction, 3 players, seat 0 to move: hunter 1 where the test says."""
    movers = {"hunter 1": "F28", "hunter 2": "F5", "hunter 3": "F50"}
    movers.update({k.replace("_", " "): v for k, v in where.items()})
    return position("intro", 3, movers)


def crack_mask_fields(state: NanuukState) -> list[tuple[int, int]]:
    board = state.spec.board
    out, mask = [], state.cracks
    while mask:
        low = mask & -mask
        out.append(board.floe.edge_ends(low))
        mask ^= low
    return out


# -- N7: where a crack may go --------------------------------------------------------------------
def test_entering_an_interior_field_offers_exactly_its_six_c_lines() -> None:
    state = play(three(), "hunter 1 -> F29")
    assert state.phase == "crack"
    assert offered(state) == cracks_of(*F29_C_LINES)


def test_crack_must_use_a_free_c_line_first() -> None:
    state = position(
        "intro",
        3,
        {"hunter 1": "F28", "hunter 2": "F5", "hunter 3": "F50"},
        cracks=("F19|F20", "F20|F30", "F30|F39", "F38|F39", "F28|F38"),
    )
    state = play(state, "hunter 1 -> F29")
    assert offered(state) == ["crack F19|F28"]  # the one C-line left, no d-line yet


def test_a_d_line_is_refused_while_a_c_line_is_still_free() -> None:
    state = play(three(), "hunter 1 -> F29")
    with pytest.raises(IllegalAction, match="a C-line is still free"):
        state.apply(Crack(edge("F29|F30")))


def test_a_crack_never_lies_twice_on_one_edge() -> None:
    state = position(
        "intro", 3, {"hunter 1": "F28", "hunter 2": "F5", "hunter 3": "F50"}, cracks=("F19|F20",)
    )
    state = play(state, "hunter 1 -> F29")
    assert "crack F19|F20" not in offered(state)
    with pytest.raises(IllegalAction, match="a crack already lies there"):
        state.apply(Crack(edge("F19|F20")))


def test_a_crack_belongs_to_the_field_just_entered() -> None:
    state = play(three(), "hunter 1 -> F29")
    with pytest.raises(IllegalAction, match="not a line of F29"):
        state.apply(Crack(edge("F2|F3")))


def test_when_every_c_line_is_cracked_only_free_d_lines_are_offered() -> None:
    state = position(
        "intro",
        3,
        {"hunter 1": "F28", "hunter 2": "F5", "hunter 3": "F50"},
        cracks=(*F29_C_LINES, "F29|F39"),
    )
    state = play(state, "hunter 1 -> F29")
    free_d = [d for d in F29_D_LINES if d != "F29|F39"]
    assert offered(state) == cracks_of(*free_d)  # including the edge just crossed


def test_the_chosen_crack_is_laid_and_the_next_player_moves() -> None:
    state = play(three(), "hunter 1 -> F29", "crack F19|F20")
    assert state.cracks & edge("F19|F20")
    assert state.current_player == 1 and state.phase == "step"


def test_no_crack_arises_when_every_line_of_the_field_is_cracked() -> None:
    # After a step this cannot happen in the introduction games (the edge just crossed is a
    # free d-line), so N7's third case is checked on the board itself.
    board = board_for("all")
    f29 = field("F29")
    every = sum(edge(t) for t in F29_C_LINES + F29_D_LINES)
    assert board.crack_options(f29, every) == ()
    one_left = board.crack_options(f29, every & ~edge("F29|F30"))
    assert [board.floe.edge_label(e) for e in one_left] == ["F29|F30"]


def test_a_corner_field_on_the_outline_has_only_the_c_lines_between_fields() -> None:
    # F1 touches F2, F8 and F9 only; towards the water there are no lines at all.
    state = position(
        "intro", 4, {"hunter 1": "F2", "hunter 2": "F29", "hunter 3": "F50", "hunter 4": "F56"}
    )
    state = play(state, "hunter 1 -> F1")
    assert offered(state) == cracks_of("F2|F9", "F8|F9")


def test_an_outline_field_with_its_c_lines_cracked_offers_only_its_inland_d_lines() -> None:
    state = position(
        "intro",
        4,
        {"hunter 1": "F2", "hunter 2": "F29", "hunter 3": "F50", "hunter 4": "F56"},
        cracks=("F2|F9", "F8|F9"),
    )
    state = play(state, "hunter 1 -> F1")
    assert offered(state) == cracks_of("F1|F2", "F1|F8", "F1|F9")


def test_the_narrowest_outline_field_has_one_c_line() -> None:
    # F7 touches F8 and F16 only: its one spoke is F8|F16.
    state = position(
        "intro", 4, {"hunter 1": "F8", "hunter 2": "F29", "hunter 3": "F50", "hunter 4": "F56"}
    )
    state = play(state, "hunter 1 -> F7")
    assert offered(state) == cracks_of("F8|F16")


def test_beside_unused_three_dot_fields_their_edges_are_no_lines_in_a_3_player_game() -> None:
    state = position("intro", 3, {"hunter 1": "F44", "hunter 2": "F5", "hunter 3": "F29"})
    state = play(state, "hunter 1 -> F53")
    assert offered(state) == cracks_of("F45|F54", "F44|F45", "F44|F52")


def test_beside_three_dot_fields_all_six_c_lines_count_in_a_4_player_game() -> None:
    state = position(
        "intro", 4, {"hunter 1": "F44", "hunter 2": "F5", "hunter 3": "F29", "hunter 4": "F13"}
    )
    state = play(state, "hunter 1 -> F53")
    assert offered(state) == cracks_of(
        "F45|F54", "F44|F45", "F44|F52", "F52|F60", "F60|F61", "F54|F61"
    )


def test_d_lines_towards_three_dot_fields_never_crack_in_a_3_player_game() -> None:
    spokes = ("F45|F54", "F44|F45", "F44|F52")
    three_p = position(
        "intro", 3, {"hunter 1": "F44", "hunter 2": "F5", "hunter 3": "F29"}, cracks=spokes
    )
    assert offered(play(three_p, "hunter 1 -> F53")) == cracks_of(
        "F53|F54", "F45|F53", "F44|F53", "F52|F53"
    )
    four_p = position(
        "intro",
        4,
        {"hunter 1": "F44", "hunter 2": "F5", "hunter 3": "F29", "hunter 4": "F13"},
        cracks=(*spokes, "F52|F60", "F60|F61", "F54|F61"),
    )
    assert offered(play(four_p, "hunter 1 -> F53")) == cracks_of(
        "F53|F54", "F45|F53", "F44|F53", "F52|F53", "F53|F60", "F53|F61"
    )


@pytest.mark.parametrize(("variant", "players"), [("intro", 3), ("intro", 4), ("bear-hunt", 3)])
def test_cracks_only_ever_lie_between_two_fields_in_play(variant: str, players: int) -> None:
    rng = random.Random(f"nanuuk-intro-{variant}-{players}")
    for seed in range(6):
        state = RULES.new_game(variant, players, seed=seed)
        in_play = state.spec.board.in_play
        for _ in range(400):
            if state.is_over():
                break
            state = state.apply(rng.choice(state.legal_actions()))
            for a, b in crack_mask_fields(state):
                assert a in in_play and b in in_play, (label(a), label(b))
                assert state.spec.board.edge(a, b)


# -- N9: never across a crack, never onto another piece ----------------------------------------
def test_a_hunter_never_moves_across_a_crack() -> None:
    state = position(
        "intro", 3, {"hunter 1": "F28", "hunter 2": "F5", "hunter 3": "F50"}, cracks=("F28|F29",)
    )
    assert "hunter 1 -> F29" not in offered(state)
    with pytest.raises(IllegalAction, match="a crack lies between"):
        state.apply(Step("hunter 1", field("F29")))


def test_a_hunter_never_moves_onto_another_piece() -> None:
    state = three(hunter_2="F29")
    assert "hunter 1 -> F29" not in offered(state)
    with pytest.raises(IllegalAction, match="already holds a piece"):
        state.apply(Step("hunter 1", field("F29")))


def test_a_hunter_steps_only_to_a_neighbouring_field() -> None:
    with pytest.raises(IllegalAction, match="not a neighbouring field"):
        three().apply(Step("hunter 1", field("F30")))


def test_in_the_introduction_an_igloo_is_an_ordinary_field() -> None:
    state = three(hunter_1="F18")
    assert "hunter 1 -> F17" in offered(state)
    blocked = three(hunter_1="F18", hunter_2="F17")
    assert "hunter 1 -> F17" not in offered(blocked)


# -- N10: placement ------------------------------------------------------------------------------
def test_two_players_place_a_one_b_two_a_one_then_a_moves() -> None:
    state = RULES.new_game("intro", 2, seed=1)
    seats = []
    for where in ("F29", "F11", "F50", "F36"):
        seats.append(state.current_player)
        state = state.apply(next(a for a in state.legal_actions() if str(a).endswith(where)))
    assert seats == [0, 1, 1, 0]
    assert [label(p) for p in state.pos] == ["F29", "F36", "F11", "F50"]
    assert state.current_player == 0 and state.phase == "choose"
    assert offered(state) == ["chooses hunter 1", "chooses hunter 2"]


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_players_place_in_seat_order(players: int) -> None:
    state = RULES.new_game("intro", players, seed=1)
    seats = []
    for where in ("F29", "F11", "F50", "F36")[:players]:
        seats.append(state.current_player)
        state = state.apply(next(a for a in state.legal_actions() if str(a).endswith(" " + where)))
    assert seats == list(range(players))
    assert state.current_player == 0 and state.phase == "step"


def test_a_hunter_is_placed_on_any_empty_field() -> None:
    state = RULES.new_game("intro", 4, seed=1)
    assert len(offered(state)) == 66  # every field, igloos and the ~~ and three-dot fields too
    state = play(state, "place hunter 1 on F17")
    assert "place hunter 2 on F17" not in offered(state)
    assert len(offered(state)) == 65
    with pytest.raises(IllegalAction, match="F17 is not an empty field in play"):
        state.apply(Place("hunter 2", field("F17")))


def test_three_players_cannot_place_on_the_three_dot_fields() -> None:
    state = RULES.new_game("intro", 3, seed=1)
    places = {s.rsplit(" ", 1)[1] for s in offered(state)}
    assert len(places) == 59 and not places & set(DOTS)
    with pytest.raises(IllegalAction, match="F60 is not an empty field in play"):
        state.apply(Place("hunter 1", field("F60")))


# -- N11/N12: three and four players -------------------------------------------------------------
def test_a_move_is_one_step_and_one_crack() -> None:
    state = play(three(), "hunter 1 -> F29", "crack F19|F20")
    assert label(state.position("hunter 1")) == "F29"
    assert bin(state.cracks).count("1") == 1


def test_an_enclosed_hunter_is_removed_and_its_player_is_out() -> None:
    # Hunter 2 on F7 has F8 and F16 as neighbours; F7|F8 is cracked already.
    state = position(
        "intro", 3, {"hunter 1": "F9", "hunter 2": "F7", "hunter 3": "F50"}, cracks=("F7|F8",)
    )
    state = play(state, "hunter 1 -> F8", "crack F7|F16")  # crack + hunter + edge
    assert state.pos[1] == REMOVED and state.out == (1,)
    assert not state.is_over()
    assert state.current_player == 2  # seat 1 is passed over
    state = play(state, "hunter 3 -> F49", "crack F40|F48")
    assert state.current_player == 0
    state = play(state, "hunter 1 -> F9", "crack F1|F2")
    assert state.current_player == 2  # and keeps being passed over


def test_a_hunter_that_can_still_move_is_not_removed() -> None:
    state = position(
        "intro",
        3,
        {"hunter 1": "F16", "hunter 2": "F7", "hunter 3": "F50"},
        cracks=("F8|F16",),
        seat=1,
    )
    assert state.current_player == 1 and offered(state) == ["hunter 2 -> F8"]


def test_the_last_player_left_wins_and_the_later_out_rank_higher() -> None:
    state = position(
        "intro",
        3,
        {"hunter 1": "F29", "hunter 2": "F7", "hunter 3": "F34"},
        cracks=("F7|F8", "F7|F16", "F34|F35", "F34|F25", "F34|F43"),
        seat=1,
    )
    assert state.is_over() and state.out == (1, 2)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (0,)
    assert outcome.ranking == (0, 2, 1)  # winner, then the later-out, then the earlier-out


def test_four_players_go_on_until_one_is_left() -> None:
    state = position(
        "intro",
        4,
        {"hunter 1": "F29", "hunter 2": "F7", "hunter 3": "F34", "hunter 4": "F5"},
        cracks=("F7|F8", "F7|F16", "F34|F35", "F34|F25", "F34|F43"),
        seat=1,
    )
    assert not state.is_over() and state.outcome() is None
    assert state.out == (1, 2) and state.current_player == 3  # seats 0 and 3 play on


# -- N13: two players ------------------------------------------------------------------------------
def two(cracks: tuple[str, ...] = (), **where: str) -> NanuukState:
    movers = {"hunter 1": "F29", "hunter 2": "F11", "hunter 3": "F50", "hunter 4": "F5"}
    movers.update({k.replace("_", " "): v for k, v in where.items()})
    return position("intro", 2, movers, cracks=cracks)


def test_two_players_lose_when_both_hunters_cannot_move() -> None:
    # Each hunter is stuck behind one crack and one enemy hunter: neither is enclosed by ice alone.
    state = two(
        ("F7|F8", "F34|F35", "F25|F34"),
        hunter_1="F7",
        hunter_3="F16",
        hunter_2="F34",
        hunter_4="F43",
    )
    assert state.is_over() and state.winners == (1,)


def test_two_players_lose_when_one_hunter_is_enclosed_by_cracks_alone() -> None:
    state = two(("F7|F8", "F7|F16"), hunter_1="F7")
    assert state.is_over() and state.winners == (1,)
    assert state.reason == "two_player_enclosed"  # N13


def test_two_players_lose_when_one_hunter_is_enclosed_by_cracks_and_the_edge() -> None:
    # F34 touches F25, F35 and F43; the other three sides are water.
    state = two(("F25|F34", "F34|F35", "F34|F43"), hunter_1="F34")
    assert state.is_over() and state.winners == (1,)


def test_two_players_a_hunter_blocked_partly_by_another_hunter_is_no_loss() -> None:
    state = two(("F7|F8",), hunter_1="F7", hunter_3="F16")
    assert not state.is_over()
    assert offered(state) == sorted(
        f"hunter 2 -> {f}" for f in ("F3", "F4", "F10", "F12", "F19", "F20")
    )  # the stuck hunter is not offered; the other one moves


def test_two_players_own_hunter_counts_as_a_way_out_too() -> None:
    state = two(("F7|F8",), hunter_1="F7", hunter_2="F16")
    assert not state.is_over() and state.mover == 1  # hunter 2 must move


def test_two_players_the_loser_is_found_at_the_start_of_his_turn() -> None:
    # A's hunter 2 steps onto F16 and cracks its spoke F7|F8: B's hunter 3 on F7 is enclosed by
    # ice alone (F7|F16 was cracked before), though A's hunter stands beside it.
    state = two(("F7|F16",), hunter_2="F26", hunter_3="F7")
    state = play(state, "chooses hunter 2", "hunter 2 -> F16", "crack F7|F8")
    assert state.is_over() and state.winners == (0,)


# -- N14: partner and neighbourhood ---------------------------------------------------------------
def four(variant: str, stuck: int, **options: str) -> NanuukState:
    """Four players; the hunter of seat ``stuck`` sits enclosed on F7 when its turn begins."""
    fields = ["F29", "F13", "F50", "F36"]
    fields[stuck] = "F7"
    movers = {f"hunter {i + 1}": f for i, f in enumerate(fields)}
    return position(
        variant, 4, movers, cracks=("F7|F8", "F7|F16"), seat=stuck, options=options or None
    )


@pytest.mark.parametrize(("stuck", "partner"), [(0, 2), (1, 3), (2, 0), (3, 1)])
def test_partner_the_first_enclosed_hunter_ends_the_game_and_its_partner_wins(
    stuck: int, partner: int
) -> None:
    state = four("partner", stuck)
    assert state.is_over()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (partner,)
    assert outcome.ranking[0] == partner
    assert [outcome.scores[s] for s in range(4)] == [int(s == partner) for s in range(4)]


def test_partner_a_hunter_enclosed_by_a_move_ends_the_game_at_its_turn() -> None:
    state = position(
        "partner",
        4,
        {"hunter 1": "F9", "hunter 2": "F7", "hunter 3": "F50", "hunter 4": "F36"},
        cracks=("F7|F8",),
    )
    state = play(state, "hunter 1 -> F8", "crack F7|F16")
    assert state.is_over() and state.winners == (3,)


# N35: a player's left neighbour is the next seat, his right neighbour the previous one.
@pytest.mark.parametrize(("stuck", "winner"), [(0, 3), (1, 0), (2, 1), (3, 2)])
def test_neighbourhood_the_player_wins_whose_left_neighbour_is_unable_to_move_first(
    stuck: int, winner: int
) -> None:
    state = four("neighbourhood", stuck)
    assert state.is_over() and state.winners == (winner,)
    assert (winner + 1) % 4 == stuck  # the enclosed player is the winner's left neighbour


@pytest.mark.parametrize(("stuck", "winner"), [(0, 1), (1, 2), (2, 3), (3, 0)])
def test_neighbourhood_option_right_the_player_wins_whose_right_neighbour_cannot_move_first(
    stuck: int, winner: int
) -> None:
    state = four("neighbourhood", stuck, winner="right")
    assert state.is_over() and state.winners == (winner,)
    assert (winner - 1) % 4 == stuck  # the enclosed player is the winner's right neighbour


def test_neighbourhood_the_winner_is_left_by_default() -> None:
    assert four("neighbourhood", 2).spec.opt("winner") == "left"


# -- N15: helpers ---------------------------------------------------------------------------------
def helpers(seat: int = 0, cracks: tuple[str, ...] = (), **where: str) -> NanuukState:
    movers = {"bear 1": "F29", "Inuk 1": "F11", "bear 2": "F50", "Inuk 2": "F36"}
    movers.update({k.replace("_", " "): v for k, v in where.items()})
    return position("helpers", 2, movers, cracks=cracks, seat=seat)


def test_helpers_bear_and_inuk_are_placed_a_one_b_both_a_the_second() -> None:
    state = RULES.new_game("helpers", 2, seed=1)
    assert state.current_player == 0
    assert len(offered(state)) == 2 * 66  # A chooses which piece comes first
    state = play(state, "place Inuk 1 on F11")
    assert state.current_player == 1 and len(offered(state)) == 2 * 65
    state = play(state, "place bear 2 on F50")
    assert state.current_player == 1
    assert {s.rsplit(" on ", 1)[0] for s in offered(state)} == {"place Inuk 2"}
    state = play(state, "place Inuk 2 on F36")
    assert state.current_player == 0
    assert {s.rsplit(" on ", 1)[0] for s in offered(state)} == {"place bear 1"}
    state = play(state, "place bear 1 on F29")
    assert state.current_player == 0 and offered(state) == ["chooses Inuk 1", "chooses bear 1"]


def test_helpers_a_player_moves_one_of_his_two_pieces_with_one_crack() -> None:
    state = play(helpers(), "chooses Inuk 1", "Inuk 1 -> F12")
    assert state.phase == "crack"
    state = play(state, "crack F4|F5")
    assert state.current_player == 1
    assert label(state.position("bear 1")) == "F29"


def test_helpers_an_immobile_inuk_cannot_be_chosen() -> None:
    state = helpers(cracks=("F7|F8", "F7|F16"), Inuk_1="F7")
    assert not state.is_over()
    assert state.phase == "step" and all(s.startswith("bear 1 ->") for s in offered(state))


def test_helpers_a_player_whose_bear_cannot_move_loses() -> None:
    state = helpers(seat=1, cracks=("F7|F8",), bear_2="F7", Inuk_1="F16")  # partly a piece
    assert state.is_over() and state.winners == (0,)


# -- N16: two Inuit hunt a polar bear, three players ----------------------------------------------
def hunt(
    seat: int = 2, cracks: tuple[str, ...] = (), players: int = 3, **opts: object
) -> NanuukState:
    """Inuk 1 on F2, Inuk 2 on F5 (2 players: both seat 0's), the bear on F29; ``Inuk_1=...``
    moves a piece, any other keyword is a variant option."""
    where = {"Inuk 1": "F2", "Inuk 2": "F5", "bear": "F29"}
    for key in ("Inuk_1", "Inuk_2", "bear"):
        if key in opts:
            where[key.replace("_", " ")] = str(opts.pop(key))
    return position("bear-hunt", players, where, cracks=cracks, seat=seat, options=opts or None)


def test_bear_hunt_is_played_on_the_24_field_region_only() -> None:
    state = RULES.new_game("bear-hunt", 3, seed=1)
    places = sorted(s.rsplit(" ", 1)[1] for s in offered(state))
    assert places == sorted(REGION)
    assert len(state.spec.board.in_play) == 24


def test_bear_hunt_placement_inuk_1_inuk_2_then_the_bear() -> None:
    state = RULES.new_game("bear-hunt", 3, seed=1)
    seen = []
    for text in ("place Inuk 1 on F2", "place Inuk 2 on F5", "place bear on F29"):
        seen.append(state.current_player)
        assert {s.rsplit(" on ", 1)[0] for s in offered(state)} == {text.rsplit(" on ", 1)[0]}
        state = play(state, text)
    assert seen == [0, 1, 2]
    assert state.current_player == 0 and state.mover == state.spec.index["Inuk 1"]


def test_bear_hunt_the_bear_moves_twice_with_one_crack_at_the_end() -> None:
    state = play(hunt(), "bear -> F30")
    assert state.phase == "step" and "end turn" in offered(state)  # no crack yet
    state = play(state, "bear -> F31")
    # F31 keeps two spokes inside the region: F21|F30 and F30|F40.
    assert offered(state) == cracks_of("F21|F30", "F30|F40")
    state = play(state, "crack F21|F30")
    assert bin(state.cracks).count("1") == 1 and state.current_player == 0


def test_bear_hunt_the_bear_may_stop_after_one_step_then_one_crack() -> None:
    state = play(hunt(), "bear -> F30", "end turn")
    assert offered(state) == cracks_of(
        "F20|F21", "F20|F29", "F21|F31", "F29|F39", "F31|F40", "F39|F40"
    )  # the six spokes of F30, where the bear stopped
    state = play(state, "crack F20|F21")
    assert bin(state.cracks).count("1") == 1 and state.current_player == 0


def test_bear_hunt_the_bear_must_step_before_it_may_stop() -> None:
    state = hunt()
    assert "end turn" not in offered(state)
    with pytest.raises(IllegalAction, match="he must move first"):
        state.apply(EndTurn())


def test_bear_hunt_option_a_a_crack_after_each_step() -> None:
    state = play(hunt(a=True), "bear -> F30")
    assert state.phase == "crack"
    state = play(state, "crack F20|F21")
    assert state.phase == "step" and "end turn" in offered(state)
    state = play(state, "bear -> F31", "crack F30|F40")
    assert bin(state.cracks).count("1") == 2 and state.current_player == 0


def test_bear_hunt_option_a_one_step_gives_one_crack() -> None:
    state = play(hunt(a=True), "bear -> F30", "crack F20|F21", "end turn")
    assert bin(state.cracks).count("1") == 1 and state.current_player == 0


def test_bear_hunt_option_b_the_bear_must_move_twice() -> None:
    state = play(hunt(b=True), "bear -> F30")
    assert state.phase == "step" and "end turn" not in offered(state)
    state = play(state, "bear -> F31", "crack F21|F30")
    assert state.current_player == 0


def test_bear_hunt_option_b_ends_after_one_step_when_no_second_step_exists() -> None:
    # N36. F46 touches only F37 and F38 inside the region. Inuk 1 holds F37; with option a the
    # crack after the first step must go on a d-line (the one spoke F37|F38 is cracked), and
    # F38|F46 closes the way back.
    state = hunt(cracks=("F37|F38",), Inuk_1="F37", bear="F38", a=True, b=True)
    state = play(state, "bear -> F46")
    assert offered(state) == cracks_of("F37|F46", "F38|F46")
    state = play(state, "crack F38|F46")
    assert state.current_player == 0 and not state.is_over()
    assert bin(state.cracks).count("1") == 2  # no second crack for the missing step


def test_bear_hunt_option_c_the_bear_may_stay_and_crack_its_own_field() -> None:
    state = hunt(c=True)
    assert "bear stays" in offered(state)
    state = play(state, "bear stays")
    assert offered(state) == cracks_of(*F29_C_LINES)  # N7 applied to the field it stands on
    state = play(state, "crack F19|F20")
    assert label(state.position("bear")) == "F29" and state.current_player == 0


def test_bear_hunt_staying_is_only_with_option_c() -> None:
    assert "bear stays" not in offered(hunt())


def test_bear_hunt_option_c_staying_is_only_instead_of_a_step() -> None:
    assert "bear stays" not in offered(play(hunt(c=True), "bear -> F30"))


def test_bear_hunt_the_bear_wins_when_an_inuk_cannot_move_at_its_turn() -> None:
    # F46 touches only F37 and F38 in the region.
    state = hunt(seat=0, cracks=("F37|F46", "F38|F46"), Inuk_1="F46")
    assert state.is_over() and state.winners == (2,)


def test_bear_hunt_an_inuk_blocked_by_the_bear_counts_as_enclosed() -> None:
    state = hunt(seat=1, cracks=("F37|F46",), Inuk_2="F46", bear="F38")
    assert state.is_over() and state.winners == (2,)


def test_bear_hunt_an_enclosed_inuk_loses_only_at_its_own_turn() -> None:
    state = hunt(seat=0, cracks=("F37|F46", "F38|F46"), Inuk_2="F46")
    assert not state.is_over() and state.current_player == 0
    state = play(state, "Inuk 1 -> F3", "crack F10|F11")
    assert state.is_over() and state.winners == (2,)


def test_bear_hunt_the_inuit_win_together_when_the_bear_cannot_move() -> None:
    # F48 touches only F39 and F40 in the region: both Inuit stand there.
    state = hunt(seat=2, bear="F48", Inuk_1="F39", Inuk_2="F40")
    assert state.is_over() and state.winners == (0, 1)
    outcome = state.outcome()
    assert outcome is not None and set(outcome.ranking[:2]) == {0, 1}


def test_bear_hunt_option_d_the_inuit_fight_on_for_the_fur() -> None:
    state = hunt(seat=2, bear="F48", Inuk_1="F39", Inuk_2="F40", d=True)
    assert not state.is_over() and state.fur and state.out == (2,)
    assert state.current_player == 0


def test_bear_hunt_option_d_the_last_inuk_able_to_move_wins() -> None:
    # The bear on F48 is cut off by cracks. Inuk 1 walks into F46 where the only crack left is
    # the edge behind it (the spoke F37|F38 and the d-line F37|F46 are cracked): boxed in.
    state = hunt(
        seat=2,
        cracks=("F39|F48", "F40|F48", "F37|F38", "F37|F46"),
        bear="F48",
        Inuk_1="F38",
        Inuk_2="F12",
        d=True,
    )
    assert state.current_player == 0 and state.fur
    state = play(state, "Inuk 1 -> F46")
    assert offered(state) == ["crack F38|F46"]
    state = play(state, "crack F38|F46")
    assert state.current_player == 1
    state = play(state, "Inuk 2 -> F13", "crack F5|F12")
    assert state.is_over() and state.winners == (1,)  # the bear's seat was passed over


def test_bear_hunt_without_option_d_the_enclosed_bear_ends_the_game() -> None:
    state = hunt(seat=2, cracks=("F39|F48", "F40|F48"), bear="F48", Inuk_1="F38", Inuk_2="F12")
    assert state.is_over() and state.winners == (0, 1)


# -- N17: two Inuit hunt a polar bear, two players -------------------------------------------------
def test_bear_hunt_two_players_one_player_moves_both_inuit_each_with_a_crack() -> None:
    state = hunt(seat=0, players=2)
    assert offered(state) == ["chooses Inuk 1", "chooses Inuk 2"]  # he picks the order
    state = play(state, "chooses Inuk 2", "Inuk 2 -> F4")
    assert offered(state) == cracks_of("F3|F11", "F11|F12", "F5|F12")  # the spokes of F4
    state = play(state, "crack F3|F11")
    assert state.current_player == 0 and state.mover == state.spec.index["Inuk 1"]
    assert offered(state) == ["Inuk 1 -> F10", "Inuk 1 -> F3", "Inuk 1 -> F9"]
    state = play(state, "Inuk 1 -> F9", "crack F10|F18")
    assert state.current_player == 1 and bin(state.cracks).count("1") == 2


def test_bear_hunt_two_players_option_e_only_one_inuk_moves() -> None:
    state = play(hunt(seat=0, players=2, e=True), "chooses Inuk 2", "Inuk 2 -> F4", "crack F3|F11")
    assert state.current_player == 1
    assert label(state.position("Inuk 1")) == "F2"


def test_bear_hunt_two_players_the_bear_wins_when_either_inuk_is_enclosed() -> None:
    state = hunt(seat=0, players=2, cracks=("F37|F46", "F38|F46"), Inuk_2="F46")
    assert state.is_over() and state.winners == (1,)


def test_bear_hunt_two_players_the_inuit_player_wins_when_the_bear_is_enclosed() -> None:
    state = hunt(seat=1, players=2, bear="F48", Inuk_1="F39", Inuk_2="F40")
    assert state.is_over() and state.winners == (0,)


def test_bear_hunt_two_players_options_a_to_c_apply_to_the_bear() -> None:
    assert play(hunt(seat=1, players=2, a=True), "bear -> F30").phase == "crack"
    assert "end turn" not in offered(play(hunt(seat=1, players=2, b=True), "bear -> F30"))
    assert "bear stays" in offered(hunt(seat=1, players=2, c=True))


def test_bear_hunt_option_d_is_for_three_players_and_e_for_two() -> None:
    with pytest.raises(ValueError, match="option d is for three players"):
        RULES.new_game("bear-hunt", 2, seed=1, options={"d": True})
    with pytest.raises(ValueError, match="option e is for two players"):
        RULES.new_game("bear-hunt", 3, seed=1, options={"e": True})


# -- N18: two Inuit fear a polar bear -------------------------------------------------------------
# The game is played on the 24-field region (N3, N34). Enclosing a piece cracks every edge its
# field has on the whole floe, so the positions do not depend on where the region ends.
ALL_EDGES = {
    "F2": ("F1|F2", "F2|F3", "F2|F9", "F2|F10"),
    "F5": ("F4|F5", "F5|F6", "F5|F12", "F5|F13"),
    "F48": ("F39|F48", "F40|F48", "F47|F48", "F48|F49", "F48|F56", "F48|F57"),
}


def fear(
    seat: int = 0, cracks: tuple[str, ...] = (), bears: int = 1, **opts: object
) -> NanuukState:
    """Bears on F29 (F12, F20), Inuk 1 on F2, Inuk 2 on F5; ``bear_1=...`` moves a piece."""
    where = {"bear 1": "F29", "bear 2": "F12", "bear 3": "F20", "Inuk 1": "F2", "Inuk 2": "F5"}
    where = {k: v for k, v in where.items() if not k.startswith("bear") or int(k[-1]) <= bears}
    for key in list(opts):
        if key.startswith(("bear_", "Inuk_")):
            where[key.replace("_", " ")] = str(opts.pop(key))
    options: dict[str, object] = {"bears": bears, **opts}
    return position("bear-fear", 2, where, cracks=cracks, seat=seat, options=options)


def bear_moves(state: NanuukState, step: str, crack: str) -> NanuukState:
    """One bear step with its crack, ending the bear's move after one step if it may go on."""
    state = play(state, step)
    if "end turn" in offered(state):
        state = play(state, "end turn")
    return play(state, crack)


@pytest.mark.parametrize(
    ("bears", "order"), [(1, [0, 0, 1]), (2, [0, 1, 0, 1]), (3, [0, 1, 0, 0, 1])]
)
def test_bear_fear_bears_first_alternating_then_the_inuit(bears: int, order: list[int]) -> None:
    state = RULES.new_game("bear-fear", 2, seed=1, options={"bears": bears})
    seats, kinds = [], []
    while state.phase == "place":
        seats.append(state.current_player)
        first = state.legal_actions()[0]
        assert isinstance(first, Place)
        kinds.append(first.mover.split()[0])
        assert {getattr(a, "mover", None) for a in state.legal_actions()} == {first.mover}
        state = state.apply(first)
    assert seats == order
    assert kinds == ["bear"] * bears + ["Inuk", "Inuk"]
    assert state.current_player == 0


def test_bear_fear_a_turn_is_the_bear_then_the_players_own_inuk() -> None:
    state = bear_moves(fear(), "bear 1 -> F30", "crack F20|F21")
    assert state.current_player == 0 and state.mover == state.spec.index["Inuk 1"]
    state = play(state, "Inuk 1 -> F3")
    assert state.phase == "crack"
    state = play(state, "crack F10|F11")
    assert state.current_player == 1
    assert state.phase == "step" and state.mover == state.spec.index["bear 1"]  # every player


def test_bear_fear_without_options_the_bear_moves_one_step_with_its_crack() -> None:
    state = play(fear(), "bear 1 -> F30")
    assert state.phase == "crack"
    state = play(state, "crack F20|F21")
    assert state.mover == state.spec.index["Inuk 1"]


def test_bear_fear_option_b_the_bear_moves_twice_then_the_inuk() -> None:
    state = play(fear(b=True), "bear 1 -> F30")
    assert "end turn" not in offered(state)
    state = play(state, "bear 1 -> F31", "crack F21|F30")
    assert state.mover == state.spec.index["Inuk 1"]


def test_bear_fear_with_several_bears_the_player_chooses_which_moves() -> None:
    state = fear(bears=2)
    assert offered(state) == ["chooses bear 1", "chooses bear 2"]
    state = play(state, "chooses bear 2")
    assert all(s.startswith("bear 2 ->") for s in offered(state))


def test_bear_fear_an_enclosed_bear_cannot_be_chosen() -> None:
    state = fear(bears=2, cracks=ALL_EDGES["F48"], bear_2="F48")
    assert state.phase == "step" and state.mover == state.spec.index["bear 1"]


def test_bear_fear_when_no_bear_can_move_the_inuk_moves_alone() -> None:
    state = fear(cracks=ALL_EDGES["F48"], bear_1="F48")
    assert not state.is_over() and state.mover == state.spec.index["Inuk 1"]


def test_bear_fear_a_player_loses_when_his_inuk_cannot_move_at_his_turn() -> None:
    state = fear(seat=1, cracks=ALL_EDGES["F5"])
    assert state.is_over() and state.winners == (0,)


def test_bear_fear_an_inuk_blocked_after_the_bears_move_just_waits() -> None:
    # N38: Inuk 1 on F2 has only F3 left; the bear enters F10 and cracks its spoke F2|F3.
    cracks = tuple(e for e in ALL_EDGES["F2"] if e != "F2|F3")
    state = fear(cracks=cracks, bear_1="F11")
    state = bear_moves(state, "bear 1 -> F10", "crack F2|F3")
    assert not state.is_over() and state.current_player == 1
    assert label(state.position("Inuk 1")) == "F2"
    state = bear_moves(state, "bear 1 -> F19", "crack F18|F28")
    state = play(state, "Inuk 2 -> F4", "crack F3|F11")
    assert state.is_over() and state.winners == (1,)  # enclosed at the start of his turn


def test_bear_fear_option_c_the_bear_may_stay() -> None:
    state = play(fear(c=True), "bear 1 stays")
    assert offered(state) == cracks_of(*F29_C_LINES)
    state = play(state, "crack F19|F20")
    assert state.mover == state.spec.index["Inuk 1"]


def test_bear_fear_option_a_a_crack_after_each_bear_step() -> None:
    state = play(fear(a=True, b=True), "bear 1 -> F30")
    assert state.phase == "crack"
    state = play(state, "crack F20|F21", "bear 1 -> F31", "crack F30|F40")
    assert bin(state.cracks).count("1") == 2 and state.mover == state.spec.index["Inuk 1"]


def test_bear_fear_is_played_on_the_24_field_region() -> None:
    state = RULES.new_game("bear-fear", 2, seed=1)
    assert len(state.spec.board.in_play) == 24


# -- legal-action counts from fixed positions (checked by hand against the map) --------------------
def turns_from(state: NanuukState) -> int:
    """How many action sequences finish the current seat's turn (a one-turn perft)."""
    seat = state.current_player
    total = 0
    for action in state.legal_actions():
        after = state.apply(action)
        if after.is_over() or after.current_player != seat or after.phase == "place":
            total += 1
        else:
            total += turns_from(after)
    return total


PERFT = [
    # (what, variant, players, movers, cracks, seat, options, actions now, whole-turn sequences)
    # F29: 6 steps, each onto an interior field with 6 C-lines: 6 * 6.
    ("interior hunter", "intro", 3,
     {"hunter 1": "F29", "hunter 2": "F5", "hunter 3": "F50"}, (), 0, {}, 6, 36),
    # F7: steps to F8 (C-lines F1|F9 F9|F17 F16|F17 F7|F16) and F16 (F7|F8 F8|F17 F17|F26
    # F25|F26): 2 * 4.
    ("outline hunter", "intro", 4,
     {"hunter 1": "F7", "hunter 2": "F29", "hunter 3": "F50", "hunter 4": "F56"}, (), 0, {},
     2, 8),
    # F53 without F60 F61: steps to F54 (spokes F45|F46 F46|F55 F45|F53), F45 (6), F44 (6)
    # and F52 (F43|F44 F44|F53): 3 + 6 + 6 + 2.
    ("beside the dots", "intro", 3,
     {"hunter 1": "F53", "hunter 2": "F5", "hunter 3": "F29"}, (), 0, {}, 4, 17),
    # The bear on F46 (region: F37, F38). Via F37: stop (3 spokes) or on to F38 (4), F28 (6),
    # F27 (2), F46 (1) = 16; via F38: stop (4) or on to F39 (4), F37 (3), F28 (6), F29 (6),
    # F46 (1) = 24.
    ("bear in a corner", "bear-hunt", 3,
     {"Inuk 1": "F2", "Inuk 2": "F5", "bear": "F46"}, (), 2, {}, 2, 40),
    # The same with option c: staying cracks the one spoke of F46 (F37|F38).
    ("bear may stay", "bear-hunt", 3,
     {"Inuk 1": "F2", "Inuk 2": "F5", "bear": "F46"}, (), 2, {"c": True}, 3, 41),
    # Helpers: choose the bear (6 steps x 6 C-lines) or the Inuk on F7 (2 steps x 4): 2 choices.
    ("helpers choice", "helpers", 2,
     {"bear 1": "F29", "Inuk 1": "F7", "bear 2": "F50", "Inuk 2": "F36"}, (), 0, {}, 2, 44),
]  # fmt: skip


@pytest.mark.parametrize(
    ("what", "variant", "players", "movers", "cracks", "seat", "options", "now", "sequences"),
    PERFT,
    ids=[row[0] for row in PERFT],
)
def test_legal_action_counts_from_fixed_positions(
    what: str,
    variant: str,
    players: int,
    movers: dict[str, str],
    cracks: tuple[str, ...],
    seat: int,
    options: dict[str, object],
    now: int,
    sequences: int,
) -> None:
    state = position(variant, players, movers, cracks=cracks, seat=seat, options=options or None)
    assert len(state.legal_actions()) == now
    assert turns_from(state) == sequences


PLACEMENTS = [
    ("intro", 2, {}, 66),
    ("intro", 3, {}, 59),
    ("intro", 4, {}, 66),
    ("helpers", 2, {}, 132),
    ("bear-hunt", 3, {}, 24),
    ("bear-hunt", 2, {}, 24),
]


@pytest.mark.parametrize(("variant", "players", "options", "count"), PLACEMENTS)
def test_first_placement_counts(variant: str, players: int, options: dict, count: int) -> None:
    state = RULES.new_game(variant, players, seed=3, options=options or None)
    assert len(state.legal_actions()) == count
