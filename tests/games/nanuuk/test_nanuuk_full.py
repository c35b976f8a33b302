"""Nanuuk! (the full hunting game) as the rulebook tells it: rulings N19-N29 and N30-N37.

Each test builds a small position on the floe of ``levels/nanuuk/floe.toml`` (labels below) and
plays the rulebook's sentences with the printed actions::

      .   .   F1  F2  F3  F4  F5  F6  .   .
        F7  F8  F9  F10 F11 F12 F13 F14 F15 .
      .   F16 F17 F18 F19 F20 F21 F22 F23 F24
        F25 F26 F27 F28 F29 F30 F31 F32 F33 .
      F34 F35 F36 F37 F38 F39 F40 F41 F42 .
        F43 F44 F45 F46 F47 F48 F49 F50 F51 .
      .   F52 F53 F54 F55 F56 F57 F58 F59 .
        .   F60 F61 F62 F63 F64 F65 F66 .   .

Igloos F17, F22, F47. The ~~ fields (:data:`WAVES`) are not used in the 2-player game with one
hunter each nor in the 3-player game (N2); the three-dots row F60-F66 is in play in the full
game. Unless a test says
otherwise it is a 2-player game, every player has finished one turn (so the first-round ban on
bears is over) and only the pieces the test names lie on the floe, plus a spare fish far off on
F57 that keeps the hunt going (N26) unless the test is about its end.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from nanuuk_positions import edge, edges, field, label, offered, play, position

from game.games.nanuuk.rules import RULES, NanuukState
from game.games.nanuuk.rules.actions import (
    Banish,
    Crack,
    Deposit,
    EndTurn,
    Exchange,
    Leave,
    Mush,
    Place,
    Step,
    Take,
)
from game.games.nanuuk.rules.sheet import ANIMAL_BITS, HARPOON, HUSKY, KAYAK, SLEDGE, WHALE, Sheet
from game.protocol.base import IllegalAction, Refusal

ALL = frozenset(f"F{n}" for n in range(1, 67))
WAVES = frozenset("F1 F6 F7 F15 F24 F33 F34 F43 F51 F52 F59".split())
DOTS = frozenset(f"F{n}" for n in range(60, 67))
IGLOOS = frozenset({"F17", "F22", "F47"})
FISH, SEAL, WALRUS = ANIMAL_BITS["fish"], ANIMAL_BITS["seal"], ANIMAL_BITS["walrus"]
EVERYTHING = HARPOON | HUSKY | SLEDGE | KAYAK
SPARE = "F57"  # a fish far off that keeps the hunt going
EMPTY_IGLOO = {"fish": 0, "seal": 0, "walrus": 0, "whale": 0, "inuit": 0}


def hunt(
    movers: dict[str, str] | None = None,
    *,
    players: int = 2,
    pieces: dict[str, list[str]] | None = None,
    spare: bool = True,
    **kw: Any,
) -> NanuukState:
    """A full-game position; by default hunter 1 in igloo F17, hunter 2 in igloo F22.

    Only the given ``pieces`` lie on the floe, and with ``spare`` a fish on :data:`SPARE` far
    off, so that the hunt goes on (N26) while the test looks elsewhere.
    """
    if movers is None:
        movers = {"hunter 1": "F17", "hunter 2": "F22"}
    pieces = {kind: list(where) for kind, where in (pieces or {}).items()}
    if spare:
        pieces["fish"] = [*pieces.get("fish", []), SPARE]
    return position("full", players, movers, pieces=pieces, **kw)


def sheet(state: NanuukState, mover: str = "hunter 1") -> Sheet:
    return state.sheets[state.spec.index[mover]]


def at(state: NanuukState, mover: str) -> str:
    return label(state.position(mover))


def steps_of(state: NanuukState) -> set[str]:
    """The fields offered to step to, ``"F19 by kayak"`` for a step across a crack."""
    return {
        label(a.to) + (" by kayak" if a.kayak else "")
        for a in state.legal_actions()
        if isinstance(a, Step)
    }


def cracks_offered(state: NanuukState) -> set[str]:
    return {str(a).removeprefix("crack ") for a in state.legal_actions() if isinstance(a, Crack)}


def pieces_on(state: NanuukState, kind: str) -> list[str]:
    """The fields holding ``kind`` (without the spare fish)."""
    return [f for f in state.to_dict()["pieces"][kind] if f != SPARE]


def crack_count(state: NanuukState) -> int:
    return bin(state.cracks).count("1")


def ring(centre: str) -> tuple[str, ...]:
    """Cracks on every edge of ``centre`` in the 2-player floe (it becomes an island)."""
    board = RULES.new_game("full", 2, seed=0).spec.board
    return tuple(f"{centre}|{label(g)}" for g, _ in board.steps[field(centre)])


# -- N19: the game sheet ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (2, {"two-hunters": True}), (3, {}), (4, {})]
)
def test_every_hunter_starts_with_the_harpoon_only(players: int, options: dict[str, Any]) -> None:
    state = RULES.new_game("full", players, seed=3, options=options)
    assert len(state.sheets) == len(state.spec.movers) == (4 if options else players)
    for s in state.sheets:
        assert s.to_dict() == {
            "carried": ["harpoon"],
            "bag": [],
            "inuk": False,
            "igloo": EMPTY_IGLOO,
        }
        assert s.points == 0 and s.equipment == 1


# -- N20, N30, N34: placement and the fields in play -------------------------------------------
def test_hunters_are_placed_on_igloos_only_in_seat_order_and_may_share_one() -> None:
    state = RULES.new_game("full", 3, seed=0)
    for seat, hunter in enumerate(("hunter 1", "hunter 2", "hunter 3")):
        assert state.phase == "place" and state.seat == seat
        assert offered(state) == [f"place {hunter} on {igloo}" for igloo in ("F17", "F22", "F47")]
        state = play(state, f"place {hunter} on F17")  # all three share the left igloo
    assert [at(state, h) for h in ("hunter 1", "hunter 2", "hunter 3")] == ["F17"] * 3
    assert state.phase == "step" and state.seat == 0 and state.turns == (0, 0, 0)
    assert steps_of(state) == {"F8", "F9", "F16", "F18", "F26", "F27"}


def test_a_hunter_cannot_start_on_ordinary_ice() -> None:
    state = RULES.new_game("full", 2, seed=0)
    with pytest.raises(IllegalAction, match="hunters start on an igloo"):
        state.apply(Place("hunter 1", field("F18")))


def test_two_players_with_two_hunters_place_a_b_b_a_on_the_whole_floe() -> None:
    state = RULES.new_game("full", 2, seed=0, options={"two-hunters": True})
    assert len(state.spec.board.in_play) == len(ALL)
    order = []
    for hunter, igloo in (("hunter 1", "F17"), ("hunter 3", "F22"), ("hunter 4", "F47")):
        order.append(state.seat)
        assert {str(a).split(" on ")[0] for a in state.legal_actions()} == {f"place {hunter}"}
        state = play(state, f"place {hunter} on {igloo}")
    order.append(state.seat)
    state = play(state, "place hunter 2 on F22")
    assert order == [0, 1, 1, 0]  # N30: A one, B two, A his second
    assert state.seat == 0 and offered(state) == ["chooses hunter 1", "chooses hunter 2"]


def test_two_players_with_one_hunter_each_leave_out_the_wave_fields() -> None:
    state = RULES.new_game("full", 2, seed=0)
    in_play = {label(f) for f in state.spec.board.in_play}
    assert in_play == ALL - WAVES
    state = hunt({"hunter 1": "F16", "hunter 2": "F22"})
    assert steps_of(state) == {"F8", "F17", "F25", "F26"}  # not F7 (~~)
    state = hunt({"hunter 1": "F53", "hunter 2": "F22"})
    assert steps_of(state) == {"F44", "F45", "F54", "F60", "F61"}  # not F52 (~~)


def test_the_three_player_full_game_counts_the_waves_fields_as_water() -> None:
    """N2 (revised): in the 3-player full game the ~~ fields "are not part of the game. They
    count like water"; the three-dots row is in play."""
    state = RULES.new_game("full", 3, seed=0)
    assert {label(f) for f in state.spec.board.in_play} == ALL - WAVES
    state = hunt({"hunter 1": "F53", "hunter 2": "F22", "hunter 3": "F47"}, players=3)
    assert steps_of(state) == {"F44", "F45", "F54", "F60", "F61"}  # not F52 (~~)


def test_four_players_and_two_hunters_each_use_every_field() -> None:
    movers = {"hunter 1": "F53", "hunter 2": "F22", "hunter 3": "F47", "hunter 4": "F17"}
    state = hunt(movers, players=4)
    assert steps_of(state) == {"F44", "F45", "F52", "F54", "F60", "F61"}
    state = hunt(movers, options={"two-hunters": True})
    assert state.phase == "choose"
    assert steps_of(play(state, "chooses hunter 1")) == {"F44", "F45", "F52", "F54", "F60", "F61"}


# -- N21 (with N6-N9): a step and a crack ---------------------------------------------------------
def test_a_turn_is_one_step_to_a_neighbour_and_one_crack_on_a_c_line() -> None:
    state = hunt()
    assert steps_of(state) == {"F8", "F9", "F16", "F18", "F26", "F27"}
    state = play(state, "hunter 1 -> F18")
    assert state.phase == "crack"
    # N7: the C-lines of F18 are the edges between consecutive neighbours around it
    assert cracks_offered(state) == {"F9|F10", "F10|F19", "F19|F28", "F27|F28", "F17|F27", "F9|F17"}
    state = play(state, "crack F9|F10")
    assert state.cracks == edge("F9|F10")
    assert state.seat == 1 and state.phase == "step" and state.turns == (2, 1)
    assert at(state, "hunter 1") == "F18"


def test_when_every_c_line_is_cracked_the_crack_goes_on_a_d_line() -> None:
    c_lines = ("F9|F10", "F10|F19", "F19|F28", "F27|F28", "F17|F27", "F9|F17")
    state = play(hunt(cracks=c_lines), "hunter 1 -> F18")
    assert cracks_offered(state) == {
        "F9|F18", "F10|F18", "F17|F18", "F18|F19", "F18|F27", "F18|F28"
    }  # fmt: skip
    with pytest.raises(IllegalAction, match="a crack already lies there"):
        state.apply(Crack(edge("F9|F10")))


def test_a_player_must_step_before_his_turn_can_end() -> None:
    state = hunt()
    assert "end turn" not in offered(state)
    with pytest.raises(IllegalAction, match="he must move first"):
        state.apply(EndTurn())


def test_a_d_line_is_refused_while_a_c_line_is_free() -> None:
    state = play(hunt(), "hunter 1 -> F18")
    with pytest.raises(IllegalAction, match="a C-line is still free"):
        state.apply(Crack(edge("F18|F19")))


def test_when_no_line_is_free_no_crack_arises() -> None:
    lines = ("F9|F10", "F10|F19", "F19|F28", "F27|F28", "F17|F27", "F9|F17")
    lines += ("F9|F18", "F10|F18", "F17|F18", "F18|F19", "F18|F27", "F18|F28")
    kayak = {"hunter 1": Sheet(carried=HARPOON | KAYAK)}  # he comes in over the crack F17|F18
    state = play(hunt(cracks=lines, sheets=kayak), "hunter 1 -> F18 by kayak")
    assert state.seat == 1 and state.cracks == edges(*lines)


def test_a_hunter_never_crosses_a_crack_nor_enters_another_hunters_field() -> None:
    state = hunt({"hunter 1": "F18", "hunter 2": "F19"}, cracks=("F18|F27",))
    assert steps_of(state) == {"F9", "F10", "F17", "F28"}
    with pytest.raises(IllegalAction, match="a crack lies between"):
        state.apply(Step("hunter 1", field("F27")))
    with pytest.raises(IllegalAction, match="F19 already holds a piece"):
        state.apply(Step("hunter 1", field("F19")))
    with pytest.raises(IllegalAction, match="F30 is not a neighbouring field in play"):
        state.apply(Step("hunter 1", field("F30")))


def test_a_refusal_is_a_code_with_plain_parameters_and_why_not_says_the_same() -> None:
    """The rules never write sentences for players: the screen translates the code."""
    state = hunt({"hunter 1": "F18", "hunter 2": "F19"}, cracks=("F18|F27",))
    refusals = [
        (Step("hunter 1", field("F27")), Refusal("crack_between")),
        (Step("hunter 1", field("F19")), Refusal("occupied", {"field": "F19"})),
        (Step("hunter 1", field("F30")), Refusal("not_neighbour", {"field": "F30"})),
        (Step("hunter 2", field("F20")), Refusal("not_this_piece", {"mover": "hunter 2"})),
        (Crack(edge("F9|F10")), Refusal("not_now", {"phase": "step"})),
        (Exchange("fish"), Refusal("not_now", {"phase": "step"})),
        (EndTurn(), Refusal("move_first")),
    ]
    for action, refusal in refusals:
        with pytest.raises(IllegalAction) as refused:
            state.apply(action)
        assert (refused.value.code, refused.value.params) == (refusal.code, refusal.params)
        assert state.why_not(action) == refusal
    assert state.why_not(Step("hunter 1", field("F10"))) is None
    with pytest.raises(IllegalAction, match="^now is the time to step$"):  # for developers
        state.apply(Crack(edge("F9|F10")))


def test_a_refusal_about_an_animal_names_the_animal() -> None:
    state = into_igloo(Sheet(bag=SEAL))
    assert state.why_not(Exchange("walrus")) == Refusal("not_in_bag", {"animal": "walrus"})
    assert state.why_not(Deposit("fish")) == Refusal("not_in_bag", {"animal": "fish"})
    assert state.why_not(Leave("seal")) == Refusal("not_now", {"phase": "igloo"})
    state = play(hunt(pieces={"fish": ["F18"]}), "hunter 1 -> F18", "crack F9|F10")
    assert state.why_not(Take("seal")) == Refusal("no_animal", {"animal": "seal"})
    assert state.why_not(Leave("seal")) == Refusal("no_animal", {"animal": "seal"})
    assert state.why_not(Leave("fish")) is None


def test_any_number_of_hunters_may_share_an_igloo_during_the_hunt() -> None:
    state = hunt({"hunter 1": "F18", "hunter 2": "F17"})
    assert "F17" in steps_of(state)
    state = play(state, "hunter 1 -> F17", "crack F9|F18")
    assert at(state, "hunter 1") == at(state, "hunter 2") == "F17"


def test_a_player_none_of_whose_hunters_can_move_is_skipped_without_a_crack() -> None:
    # hunter 2 on F2 is an island (F1 is a ~~ field in the 2-player game)
    start = hunt({"hunter 1": "F17", "hunter 2": "F2"}, cracks=ring("F2"), pieces={"fish": ["F40"]})
    cracks = start.cracks
    state = play(start, "hunter 1 -> F18", "crack F27|F28")
    assert state.seat == 0 and state.skipped == (1,)  # his turn passed
    assert state.cracks == cracks | edge("F27|F28")  # one crack only: none for the skipped one
    assert state.turns == (2, 2) and state.phase == "step"
    assert not state.is_over() and not state.home


def test_several_players_skipped_in_a_row_are_all_named() -> None:
    movers = {"hunter 1": "F17", "hunter 2": "F2", "hunter 3": "F5"}
    cracks = ("F1|F2", "F2|F3", "F2|F9", "F2|F10", "F4|F5", "F5|F6", "F5|F12", "F5|F13")
    state = hunt(movers, players=3, cracks=cracks)
    state = play(state, "hunter 1 -> F18", "crack F27|F28")
    assert state.seat == 0 and state.skipped == (1, 2) and state.turns == (2, 2, 2)


def test_a_player_is_skipped_at_the_start_too() -> None:
    state = hunt(
        {"hunter 1": "F17", "hunter 2": "F2"}, cracks=ring("F2"), pieces={"fish": ["F40"]}, seat=1
    )
    assert state.seat == 0 and state.skipped == (1,) and state.turns == (1, 2)


def test_with_two_hunters_the_player_chooses_which_one_moves() -> None:
    movers = {"hunter 1": "F17", "hunter 2": "F22", "hunter 3": "F47", "hunter 4": "F40"}
    state = hunt(movers, pieces={"fish": ["F30"]}, options={"two-hunters": True})
    assert state.phase == "choose" and offered(state) == ["chooses hunter 1", "chooses hunter 2"]
    state = play(state, "chooses hunter 2")
    assert steps_of(state) == {"F13", "F14", "F21", "F23", "F31", "F32"}
    state = play(state, "hunter 2 -> F23", "crack F14|F22")
    assert state.seat == 1 and offered(state) == ["chooses hunter 3", "chooses hunter 4"]


def test_with_two_hunters_an_immobile_one_cannot_be_chosen() -> None:
    movers = {"hunter 1": "F2", "hunter 2": "F22", "hunter 3": "F47", "hunter 4": "F40"}
    state = hunt(
        movers, cracks=("F1|F2", "F2|F3", "F2|F9", "F2|F10"), options={"two-hunters": True}
    )
    assert state.phase == "step" and state.mover == state.spec.index["hunter 2"]


# -- N22: Inuk, fish, seal, walrus, whale -------------------------------------------------------
def test_an_inuk_joins_a_hunter_whose_inuk_slot_is_empty() -> None:
    state = play(hunt(pieces={"inuk": ["F18"]}), "hunter 1 -> F18", "crack F9|F10")
    assert sheet(state).inuk and pieces_on(state, "inuk") == []
    assert state.seat == 1


def test_an_inuk_stays_on_the_floe_when_the_hunter_already_has_one() -> None:
    state = hunt(pieces={"inuk": ["F18"]}, sheets={"hunter 1": Sheet(inuk=True)})
    state = play(state, "hunter 1 -> F18", "crack F9|F10")
    assert sheet(state).inuk and pieces_on(state, "inuk") == ["F18"]


@pytest.mark.parametrize("animal", ["fish", "seal", "walrus"])
def test_a_hunter_with_harpoon_and_a_free_slot_may_take_the_animal(animal: str) -> None:
    state = play(hunt(pieces={animal: ["F18"]}), "hunter 1 -> F18", "crack F9|F10")
    assert state.phase == "take" and offered(state) == [f"leave {animal}", f"take {animal}"]
    taken = play(state, f"take {animal}")
    assert sheet(taken).to_dict()["bag"] == [animal] and pieces_on(taken, animal) == []
    assert taken.seat == 1


@pytest.mark.parametrize("animal", ["fish", "seal", "walrus"])
def test_a_hunter_may_always_enter_a_field_and_leave_its_animal(animal: str) -> None:
    state = play(hunt(pieces={animal: ["F18"]}), "hunter 1 -> F18", "crack F9|F10")
    left = play(state, f"leave {animal}")
    assert sheet(left).bag == 0 and pieces_on(left, animal) == ["F18"]
    assert at(left, "hunter 1") == "F18" and left.seat == 1


@pytest.mark.parametrize(
    ("why", "hunter"),
    [
        ("no harpoon", Sheet(carried=0)),
        ("slot full", Sheet(bag=FISH | SEAL | WALRUS)),
    ],
)
@pytest.mark.parametrize("animal", ["fish", "seal", "walrus"])
def test_no_take_is_offered_without_harpoon_or_with_the_slot_full(
    animal: str, why: str, hunter: Sheet
) -> None:
    state = hunt(pieces={animal: ["F18"]}, sheets={"hunter 1": hunter})
    state = play(state, "hunter 1 -> F18", "crack F9|F10")
    assert state.seat == 1 and state.phase == "step"  # no question: the turn passed
    assert pieces_on(state, animal) == ["F18"] and sheet(state) == hunter


def test_a_whale_needs_an_inuk_at_the_hunters_side() -> None:
    without = play(hunt(pieces={"whale": ["F18"]}), "hunter 1 -> F18", "crack F9|F10")
    assert without.seat == 1 and pieces_on(without, "whale") == ["F18"]
    state = hunt(pieces={"whale": ["F18"]}, sheets={"hunter 1": Sheet(inuk=True)})
    state = play(state, "hunter 1 -> F18", "crack F9|F10")
    assert offered(state) == ["leave whale", "take whale"]
    state = play(state, "take whale")
    assert sheet(state) == Sheet(bag=WHALE, inuk=True) and not sheet(state).fresh_inuk


def test_whale_needs_an_inuk_who_has_not_hunted_a_whale() -> None:
    """'A hunter can kill only one whale with the same Inuk': the Inuk of the first whale goes
    to the igloo with it, and the next whale waits for a new Inuk."""
    state = hunt(
        {"hunter 1": "F18", "hunter 2": "F22"},
        pieces={"whale": ["F27", "F16"], "inuk": ["F25"]},
        sheets={"hunter 1": Sheet(inuk=True)},
    )
    state = play(state, "hunter 1 -> F27", "crack F28|F37", "take whale")
    state = play(state, "hunter 2 -> F31", "crack F21|F30")
    state = play(state, "hunter 1 -> F17", "crack F9|F18")
    assert offered(state) == [
        "deposit whale",
        "end turn",
        "exchange whale for husky + sledge + kayak",
    ]
    state = play(state, "exchange whale for husky + sledge + kayak", "end turn")
    assert sheet(state) == Sheet(carried=EVERYTHING, inuk=False, igloo=(0, 0, 0, 1, 1))
    state = play(state, "hunter 2 -> F40", "crack F30|F39")
    # the second whale: no Inuk at his side any more, so no take; on to the new Inuk
    state = play(state, "husky + sledge: double move", "hunter 1 -> F16", "crack F8|F17")
    assert state.phase == "step" and pieces_on(state, "whale") == ["F16"]
    state = play(state, "hunter 1 -> F25", "crack F26|F35")
    assert sheet(state).inuk and sheet(state).fresh_inuk
    state = play(state, "hunter 2 -> F49", "crack F40|F41")
    state = play(state, "hunter 1 -> F16", "crack F17|F26")
    assert offered(state) == ["leave whale", "take whale"]


# -- N23: the polar bear --------------------------------------------------------------------------
def test_no_harpoon_cannot_enter_the_bears_field() -> None:
    state = hunt(pieces={"bear": ["F18"]}, sheets={"hunter 1": Sheet(carried=0)})
    assert "F18" not in steps_of(state)
    with pytest.raises(IllegalAction, match="no harpoon: cannot enter the bear's field"):
        state.apply(Step("hunter 1", field("F18")))


@pytest.mark.parametrize(("seat", "turns"), [(0, (0, 0)), (1, (1, 0))])
def test_no_bear_can_be_banished_in_a_players_first_turn(seat: int, turns: tuple) -> None:
    movers = {"hunter 1": "F17", "hunter 2": "F22"}
    bear = "F18" if seat == 0 else "F23"
    state = hunt(movers, pieces={"bear": [bear]}, seat=seat, turns=turns)
    assert state.seat == seat and bear not in steps_of(state)
    with pytest.raises(IllegalAction, match="first round: the polar bear cannot be banished yet"):
        state.apply(Step(f"hunter {seat + 1}", field(bear)))


def test_after_his_first_turn_a_player_may_face_the_bear() -> None:
    state = hunt(pieces={"bear": ["F18"]}, turns=(1, 0))
    assert "F18" in steps_of(state)


def test_banish_targets_are_exactly_the_empty_fields() -> None:
    pieces = {"bear": ["F18", "F10"], "fish": ["F40"], "inuk": ["F50"], "whale": ["F3"]}
    state = hunt({"hunter 1": "F17", "hunter 2": "F30"}, pieces=pieces)
    state = play(state, "hunter 1 -> F18", "crack F9|F10")
    assert state.phase == "banish"
    banish = {label(a.to) for a in state.legal_actions()}
    not_empty = IGLOOS | {"F18", "F30", "F10", "F40", "F50", "F3", SPARE}  # hunters, pieces
    assert banish == ALL - WAVES - not_empty
    with pytest.raises(IllegalAction, match="F40 is not empty"):
        state.apply(Banish(field("F40")))


def test_banishing_the_bear_throws_the_harpoon_to_the_igloo_side() -> None:
    state = hunt(pieces={"bear": ["F18"], "fish": ["F19"]})
    state = play(state, "hunter 1 -> F18", "crack F9|F10", "banish bear -> F66")
    assert pieces_on(state, "bear") == ["F66"] and sheet(state).to_dict()["carried"] == []
    assert state.seat == 1
    # he cannot hunt until he returns to an igloo ...
    state = play(state, "hunter 2 -> F23", "crack F14|F22", "hunter 1 -> F19", "crack F10|F11")
    assert state.seat == 1 and pieces_on(state, "fish") == ["F19"]
    # ... nor face a bear (N23)
    assert not sheet(state).carries(HARPOON)


def test_an_igloo_gives_a_lost_harpoon_back() -> None:
    state = hunt({"hunter 1": "F18", "hunter 2": "F22"}, sheets={"hunter 1": Sheet(carried=0)})
    state = play(state, "hunter 1 -> F17", "crack F9|F18")
    assert sheet(state).carried == HARPOON and state.seat == 1  # nothing to exchange: no question


# -- N24: in the igloo -----------------------------------------------------------------------------
def into_igloo(hunter: Sheet) -> NanuukState:
    state = hunt({"hunter 1": "F18", "hunter 2": "F22"}, sheets={"hunter 1": hunter})
    return play(state, "hunter 1 -> F17", "crack F9|F18")


def test_in_the_igloo_animals_buy_the_equipment_he_does_not_carry() -> None:
    state = into_igloo(Sheet(bag=FISH | SEAL | WALRUS))
    assert state.phase == "igloo"
    assert offered(state) == [
        "deposit fish", "deposit seal", "deposit walrus", "end turn",
        "exchange fish for husky", "exchange seal for kayak", "exchange walrus for sledge",
    ]  # fmt: skip
    state = play(state, "exchange fish for husky", "exchange seal for kayak")
    assert sheet(state).to_dict() == {
        "carried": ["harpoon", "husky", "kayak"],
        "bag": ["walrus"],
        "inuk": False,
        "igloo": {**EMPTY_IGLOO, "fish": 1, "seal": 1},
    }
    state = play(state, "exchange walrus for sledge")
    assert sheet(state).carried == EVERYTHING and sheet(state).bag == 0


def test_no_exchange_for_equipment_already_carried_but_the_animal_may_be_deposited() -> None:
    state = into_igloo(Sheet(carried=HARPOON | HUSKY, bag=FISH))
    assert offered(state) == ["deposit fish", "end turn"]
    with pytest.raises(IllegalAction, match="he already carries that equipment"):
        state.apply(Exchange("fish"))
    state = play(state, "deposit fish")
    assert sheet(state) == Sheet(carried=HARPOON | HUSKY, igloo=(1, 0, 0, 0, 0))


def test_a_whale_buys_husky_sledge_and_kayak_when_one_is_missing() -> None:
    state = into_igloo(Sheet(carried=HARPOON | HUSKY | KAYAK, bag=WHALE, inuk=True))
    state = play(state, "exchange whale for husky + sledge + kayak")
    assert sheet(state).carried == EVERYTHING
    assert not sheet(state).inuk and sheet(state).igloo == (0, 0, 0, 1, 1)  # the Inuk went along


def test_a_deposited_whale_takes_its_inuk_to_the_igloo() -> None:
    state = into_igloo(Sheet(carried=EVERYTHING, bag=WHALE, inuk=True))
    assert offered(state) == ["deposit whale", "end turn"]  # he carries the whole set
    state = play(state, "deposit whale")
    assert sheet(state) == Sheet(carried=EVERYTHING, inuk=False, igloo=(0, 0, 0, 1, 1))


def test_an_inuk_who_has_not_hunted_a_whale_stays_with_the_hunter() -> None:
    state = into_igloo(Sheet(bag=FISH | SEAL, inuk=True))
    state = play(state, "exchange fish for husky", "deposit seal", "end turn")
    assert sheet(state) == Sheet(carried=HARPOON | HUSKY, inuk=True, igloo=(1, 1, 0, 0, 0))


def test_any_number_of_exchanges_and_deposits_in_any_order_then_done() -> None:
    state = into_igloo(Sheet(carried=0, bag=FISH | SEAL | WALRUS | WHALE, inuk=True))
    assert sheet(state).carries(HARPOON)  # the harpoon came back first
    state = play(state, "deposit seal", "exchange walrus for sledge", "exchange fish for husky")
    assert state.phase == "igloo" and state.seat == 0
    assert offered(state) == [
        "deposit whale",
        "end turn",
        "exchange whale for husky + sledge + kayak",
    ]
    state = play(state, "exchange whale for husky + sledge + kayak")
    assert offered(state) == ["end turn"]
    state = play(state, "end turn")
    assert state.seat == 1 and sheet(state) == Sheet(EVERYTHING, 0, False, (1, 1, 1, 1, 1))


# -- N25, N26a, N37: kayak, husky and sledge -------------------------------------------------
def test_a_kayak_crosses_exactly_one_crack_and_goes_back_to_the_igloo() -> None:
    state = hunt(
        {"hunter 1": "F18", "hunter 2": "F22"},
        cracks=("F18|F19", "F18|F28"),
        sheets={"hunter 1": Sheet(carried=HARPOON | KAYAK)},
    )
    assert steps_of(state) == {"F9", "F10", "F17", "F27", "F19 by kayak", "F28 by kayak"}
    with pytest.raises(IllegalAction, match="a kayak is used only to cross a crack"):
        state.apply(Step("hunter 1", field("F10"), kayak=True))
    crossed = play(state, "hunter 1 -> F19 by kayak", "crack F10|F11")
    assert sheet(crossed).carried == HARPOON and at(crossed, "hunter 1") == "F19"
    walked = play(state, "hunter 1 -> F10", "crack F2|F3")
    assert sheet(walked).carried == HARPOON | KAYAK  # no crack crossed: the kayak stays


def test_one_kayak_is_one_crossing_even_in_a_double_move() -> None:
    state = hunt(
        {"hunter 1": "F18", "hunter 2": "F22"},
        cracks=("F18|F19", "F19|F20"),
        sheets={"hunter 1": Sheet(carried=EVERYTHING)},
    )
    state = play(state, "husky + sledge: double move", "hunter 1 -> F19 by kayak", "crack F10|F11")
    assert steps_of(state) == {"F10", "F11", "F28", "F29"}  # F18 and F20 lie across cracks now


def test_a_kayak_bought_in_the_igloo_crosses_again_in_the_same_move() -> None:
    """'This also applies to the kayak': the first step crosses into the igloo by kayak, a seal
    buys a new kayak there, and the second step crosses again."""
    state = hunt(
        {"hunter 1": "F18", "hunter 2": "F22"},
        cracks=("F17|F18", "F17|F26"),
        sheets={"hunter 1": Sheet(carried=EVERYTHING, bag=SEAL)},
    )
    state = play(state, "husky + sledge: double move", "hunter 1 -> F17 by kayak", "crack F8|F9")
    assert "F26" not in steps_of(state) and "F26 by kayak" not in steps_of(state)
    state = play(state, "exchange seal for kayak", "end turn")
    assert "F26 by kayak" in steps_of(state)
    state = play(state, "hunter 1 -> F26 by kayak", "crack F16|F25")
    assert state.seat == 1 and sheet(state).carried == HARPOON


def test_husky_and_sledge_give_a_second_step_each_with_its_crack() -> None:
    state = hunt(sheets={"hunter 1": Sheet(carried=HARPOON | HUSKY | SLEDGE)})
    assert "husky + sledge: double move" in offered(state)
    state = play(state, "husky + sledge: double move")
    assert sheet(state).carried == HARPOON  # both go back to the igloo side at once
    state = play(state, "hunter 1 -> F18")
    assert state.phase == "crack"  # the first step cracks the ice
    state = play(state, "crack F9|F10")
    assert state.phase == "step" and state.seat == 0
    state = play(state, "hunter 1 -> F19", "crack F11|F20")
    assert state.seat == 1 and state.cracks == edges("F9|F10", "F11|F20")
    assert at(state, "hunter 1") == "F19"


@pytest.mark.parametrize("carried", [HARPOON | HUSKY, HARPOON | SLEDGE, HARPOON | KAYAK])
def test_husky_and_sledge_are_used_only_together(carried: int) -> None:
    state = hunt(sheets={"hunter 1": Sheet(carried=carried)})
    assert not [a for a in offered(state) if a.startswith("husky")]
    with pytest.raises(IllegalAction, match="used only together"):
        state.apply(Mush())


def test_each_step_of_a_double_move_enters_its_field() -> None:
    """N26a: an animal is taken on the first step, an Inuk met on the second."""
    state = hunt(
        pieces={"fish": ["F18"], "inuk": ["F19"]},
        sheets={"hunter 1": Sheet(carried=HARPOON | HUSKY | SLEDGE)},
    )
    state = play(state, "husky + sledge: double move", "hunter 1 -> F18", "crack F9|F10")
    assert offered(state) == ["leave fish", "take fish"]
    state = play(state, "take fish", "hunter 1 -> F19", "crack F11|F20")
    assert sheet(state) == Sheet(carried=HARPOON, bag=FISH, inuk=True) and state.seat == 1


def test_the_extra_step_may_be_forgone_and_the_equipment_is_spent() -> None:
    state = hunt(sheets={"hunter 1": Sheet(carried=HARPOON | HUSKY | SLEDGE)})
    state = play(state, "husky + sledge: double move", "hunter 1 -> F18", "crack F9|F10")
    assert "end turn" in offered(state)
    state = play(state, "end turn")
    assert state.seat == 1 and at(state, "hunter 1") == "F18" and sheet(state).carried == HARPOON


def test_the_triple_move_through_an_igloo() -> None:
    """The first step of a double move ends in an igloo; husky and sledge bought there again
    double the second step."""
    state = hunt(
        {"hunter 1": "F18", "hunter 2": "F22"},
        sheets={"hunter 1": Sheet(carried=HARPOON | HUSKY | SLEDGE, bag=FISH | WALRUS)},
    )
    state = play(state, "husky + sledge: double move", "hunter 1 -> F17", "crack F9|F18")
    assert state.phase == "igloo"
    state = play(state, "exchange fish for husky", "exchange walrus for sledge", "end turn")
    assert state.phase == "step" and "husky + sledge: double move" in offered(state)
    state = play(state, "husky + sledge: double move", "hunter 1 -> F26", "crack F16|F25")
    state = play(state, "hunter 1 -> F35", "crack F36|F44")
    assert state.seat == 1 and at(state, "hunter 1") == "F35"
    assert crack_count(state) == 3 and sheet(state).carried == HARPOON


# -- N26, N31: the end of the hunt, the homecoming and the end of the game -----------------------
def test_the_hunt_goes_on_while_an_animal_can_be_reached() -> None:
    state = play(hunt(pieces={"fish": ["F40"]}), "hunter 1 -> F18", "crack F9|F10")
    assert not state.home and state.seat == 1


def test_the_hunt_is_over_when_the_animals_left_are_cut_off_by_cracks() -> None:
    state = hunt(pieces={"fish": ["F2"]}, cracks=ring("F2"), spare=False)
    state = play(state, "hunter 1 -> F18", "crack F9|F10")
    assert state.home and not state.is_over()
    # the homecoming: hunter 2 stays in his igloo (his turns are skipped), hunter 1 goes home
    assert state.seat == 0 and state.skipped == ()
    state = play(state, "hunter 1 -> F17", "crack F8|F9")
    assert state.is_over()
    assert state.reason == "hunt_over"  # N26


def test_a_kayak_makes_one_crossing_count_for_reaching_an_animal() -> None:
    kayak = {"hunter 2": Sheet(HARPOON | KAYAK)}
    state = hunt(pieces={"fish": ["F2"]}, cracks=ring("F2"), sheets=kayak, spare=False)
    state = play(state, "hunter 1 -> F18", "crack F9|F10")
    assert not state.home


def test_a_kayak_does_not_count_two_crossings() -> None:
    # F2 is an island inside the island F3 + F9 + F10: two cracks lie on every way to it
    outer = ("F3|F4", "F3|F11", "F8|F9", "F9|F17", "F9|F18", "F10|F11", "F10|F18", "F10|F19")
    state = hunt(
        {"hunter 1": "F17", "hunter 2": "F22"},
        pieces={"fish": ["F2"]},
        cracks=ring("F2") + outer,
        sheets={"hunter 1": Sheet(HARPOON | KAYAK), "hunter 2": Sheet(HARPOON | KAYAK)},
        spare=False,
    )
    state = play(state, "hunter 1 -> F18", "crack F27|F28")
    assert state.home


@pytest.mark.parametrize(
    ("inuk_on_floe", "hunter_2", "over"),
    [
        ([], Sheet(), True),  # no Inuk left to help: the whale does not count
        (["F30"], Sheet(), False),  # an Inuk on the floe
        ([], Sheet(inuk=True), False),  # a fresh Inuk with hunter 2
        ([], Sheet(bag=WHALE, inuk=True), True),  # his Inuk has hunted its whale
    ],
)
def test_a_whale_counts_only_while_a_fresh_inuk_is_on_the_floe_or_with_a_hunter(
    inuk_on_floe: list[str], hunter_2: Sheet, over: bool
) -> None:
    pieces = {"whale": ["F40"], "inuk": inuk_on_floe}
    state = hunt(pieces=pieces, sheets={"hunter 2": hunter_2}, spare=False)
    state = play(state, "hunter 1 -> F18", "crack F9|F10")
    assert state.home is over


POCKET = ("F2|F9", "F2|F10", "F3|F10", "F3|F11", "F3|F4")  # F2 + F3: cut off, no igloo


def _hunt_checked(state: NanuukState) -> NanuukState:
    """Hunter 1 walks out of igloo F17; as his turn ends the rules check the hunt (N26)."""
    return play(state, "hunter 1 -> F18", "crack F9|F10")


def test_an_animal_only_a_stranded_hunter_without_harpoon_could_reach_ends_the_hunt() -> None:
    """N26: "An animal that only a stranded hunter without harpoon ... could reach does not
    keep the hunt going." Hunter 2 is shut in F2 + F3 with a fish and no harpoon."""
    state = hunt(
        {"hunter 1": "F17", "hunter 2": "F3"},
        pieces={"fish": ["F2"]}, cracks=POCKET, sheets={"hunter 2": Sheet(0)}, spare=False,
    )  # fmt: skip
    assert _hunt_checked(state).home


@pytest.mark.parametrize(("animal", "over"), [("fish", True), ("seal", False)])
def test_an_animal_only_a_stranded_hunter_with_that_slot_full_could_reach_ends_the_hunt(
    animal: str, over: bool
) -> None:
    """N26: taken "by that hunter: he carries a harpoon and has that animal's bag slot free".
    Hunter 2, shut in with a fish in his bag, cannot take a second fish; a seal he could."""
    state = hunt(
        {"hunter 1": "F17", "hunter 2": "F3"},
        pieces={animal: ["F2"]}, cracks=POCKET, sheets={"hunter 2": Sheet(bag=FISH)},
        spare=False,
    )  # fmt: skip
    assert _hunt_checked(state).home is over


def test_a_whale_keeps_the_hunt_going_only_if_its_hunter_can_meet_an_inuk_on_the_way() -> None:
    """N26: "a whale also needs an Inuk with him, or one he can still meet on the way". The
    only Inuk left stands shut in on F2, where no hunter can meet him."""
    state = hunt(pieces={"whale": ["F40"], "inuk": ["F2"]}, cracks=POCKET, spare=False)
    assert _hunt_checked(state).home


@pytest.mark.parametrize(("bag", "over"), [(0, True), (SEAL, False)])
def test_a_hunter_who_can_reach_an_igloo_and_from_there_the_animal_keeps_the_hunt_going(
    bag: int, over: bool
) -> None:
    """N26: "he can first reach an igloo (where he gets a harpoon back ...) and from that igloo
    reach the animal". Hunter 2, shut in without harpoon, crosses by kayak to the igloos; the
    fish lies on the island F57, one more crack away: only a kayak bought with a seal (N24)
    takes him there."""
    state = hunt(
        {"hunter 1": "F17", "hunter 2": "F3"},
        pieces={"fish": ["F57"]}, cracks=POCKET + ring("F57"),
        sheets={"hunter 2": Sheet(KAYAK, bag=bag)}, spare=False,
    )  # fmt: skip
    assert _hunt_checked(state).home is over


def test_a_hunter_without_harpoon_keeps_the_hunt_going_by_way_of_an_igloo() -> None:
    """N26: hunter 2 has thrown his harpoon, but he can reach igloo F22 and from there the fish
    on F40. Hunter 1, shut in without a harpoon, walks in his pocket."""
    state = hunt(
        {"hunter 1": "F3", "hunter 2": "F21"},
        pieces={"fish": ["F40"]}, cracks=POCKET,
        sheets={"hunter 1": Sheet(0), "hunter 2": Sheet(0)}, spare=False,
    )  # fmt: skip
    assert not play(state, "hunter 1 -> F2", "crack F9|F10").home


def test_in_the_homecoming_the_hunters_outside_move_until_they_are_home() -> None:
    state = hunt({"hunter 1": "F19", "hunter 2": "F22"}, spare=False)  # no animals at all
    state = play(state, "hunter 1 -> F20", "crack F11|F12")
    assert state.home and state.seat == 0  # hunter 2 is home: his turns are skipped
    state = play(state, "hunter 1 -> F21", "crack F12|F13")
    assert state.seat == 0 and not state.is_over()
    state = play(state, "hunter 1 -> F22", "crack F13|F14")
    assert state.is_over() and at(state, "hunter 1") == at(state, "hunter 2") == "F22"


def test_a_stranded_hunter_is_skipped_and_the_game_ends_when_the_rest_are_home() -> None:
    pocket = ("F2|F9", "F2|F10", "F3|F10", "F3|F11", "F3|F4")  # F2 + F3 hold no igloo
    state = hunt({"hunter 1": "F18", "hunter 2": "F3"}, cracks=pocket, spare=False)
    state = play(state, "hunter 1 -> F17", "crack F8|F9")
    assert state.is_over() and at(state, "hunter 2") == "F3"
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (2, 0) and outcome.winners == (0,)
    assert outcome.reason_code == "hunt_over" and outcome.details == {"decided_by": "most_points"}


def test_the_homecoming_skips_a_stranded_hunter_while_the_other_walks_home() -> None:
    pocket = ("F2|F9", "F2|F10", "F3|F10", "F3|F11", "F3|F4")
    state = hunt({"hunter 1": "F19", "hunter 2": "F3"}, cracks=pocket, seat=1, spare=False)
    assert state.seat == 1  # the hunt is still on: he may walk in his pocket
    state = play(state, "hunter 2 -> F2", "crack F9|F10")
    assert state.home and state.seat == 0
    state = play(state, "hunter 1 -> F18", "crack F10|F19")
    assert state.seat == 0 and state.skipped == ()


def test_when_no_hunter_can_move_any_more_the_game_ends() -> None:
    """N31: hunter 1 leaves the fish on F3 and is shut in; hunter 2 was already shut in."""
    shut = ("F2|F9", "F2|F10", "F3|F4", "F3|F10", "F3|F11", "F10|F11", "F4|F11")
    state = hunt(
        {"hunter 1": "F2", "hunter 2": "F5"}, pieces={"fish": ["F3"]}, cracks=shut + ring("F5")
    )
    state = play(state, "hunter 1 -> F3")
    assert cracks_offered(state) == {"F2|F3"}
    state = play(state, "crack F2|F3", "leave fish")
    assert state.is_over() and not state.home
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (0, 0) and outcome.winners == (0, 1)
    assert outcome.reason_code == "no_moves" and outcome.details == {"decided_by": "shared"}


# -- N27: the score --------------------------------------------------------------------------
def finish(hunter_1: Sheet, hunter_2: Sheet, hunter_2_at: str = "F22") -> NanuukState:
    """Hunter 1 walks from F18 into igloo F17; no animal is left, so the game ends there."""
    pocket = ("F2|F9", "F2|F10", "F3|F10", "F3|F11", "F3|F4")  # hunter 2 stranded on F3
    state = hunt(
        {"hunter 1": "F18", "hunter 2": hunter_2_at},
        cracks=pocket,
        sheets={"hunter 1": hunter_1, "hunter 2": hunter_2},
        spare=False,
    )
    state = play(state, "hunter 1 -> F17", "crack F8|F9")
    if state.phase == "igloo":
        state = play(state, "end turn")
    assert state.is_over()
    return state


def test_animals_carried_or_deposited_score_and_a_hunter_at_home_gets_two_more() -> None:
    hunter_1 = Sheet(bag=FISH | WHALE, inuk=True, igloo=(0, 1, 1, 0, 0))  # 1 + 4 + 2 + 3 = 10
    hunter_2 = Sheet(bag=SEAL, igloo=(2, 0, 0, 0, 0))  # 2 + 2 * 1 = 4
    state = finish(hunter_1, hunter_2, hunter_2_at="F3")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (12, 4) and outcome.ranking == (0, 1) and outcome.winners == (0,)
    assert outcome.reason_code == "hunt_over" and outcome.details == {"decided_by": "most_points"}


def test_the_score_counts_during_the_game_too() -> None:
    state = hunt(
        {"hunter 1": "F18", "hunter 2": "F22"},
        sheets={"hunter 1": Sheet(bag=WALRUS, igloo=(1, 0, 0, 1, 1)), "hunter 2": Sheet(bag=SEAL)},
    )
    assert (state.score(0), state.score(1)) == (3 + 1 + 4, 2 + 2)


def test_equal_points_the_hunter_with_more_carried_equipment_wins() -> None:
    state = finish(Sheet(), Sheet(carried=HARPOON | HUSKY, bag=SEAL), hunter_2_at="F3")
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (2, 2)
    assert outcome.winners == (1,) and outcome.ranking == (1, 0)
    assert outcome.reason_code == "hunt_over" and outcome.details == {"decided_by": "equipment"}


def test_equal_points_and_equipment_is_a_shared_win() -> None:
    state = finish(Sheet(bag=SEAL), Sheet(bag=SEAL))
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (4, 4)
    assert outcome.winners == (0, 1) and outcome.ranking == (0, 1)
    assert outcome.reason_code == "hunt_over" and outcome.details == {"decided_by": "shared"}


def test_with_two_hunters_each_a_player_scores_the_sum_of_both_sheets() -> None:
    movers = {"hunter 1": "F18", "hunter 2": "F22", "hunter 3": "F47", "hunter 4": "F17"}
    sheets = {
        "hunter 1": Sheet(bag=FISH),  # 1
        "hunter 2": Sheet(igloo=(0, 1, 0, 0, 0)),  # 2
        "hunter 3": Sheet(bag=WALRUS),  # 3
        "hunter 4": Sheet(bag=WHALE, inuk=True),  # 4
    }
    state = hunt(movers, sheets=sheets, options={"two-hunters": True}, spare=False)
    state = play(state, "chooses hunter 1", "hunter 1 -> F17", "crack F8|F9", "end turn")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (1 + 2 + 2 * 2, 3 + 4 + 2 * 2) and outcome.winners == (1,)


def test_three_players_are_ranked_by_points_then_equipment() -> None:
    movers = {"hunter 1": "F18", "hunter 2": "F22", "hunter 3": "F47"}
    sheets = {
        "hunter 1": Sheet(bag=WALRUS),  # 3 + 2
        "hunter 2": Sheet(bag=WALRUS, igloo=(0, 0, 0, 1, 1)),  # 3 + 4 + 2
        "hunter 3": Sheet(carried=HARPOON | SLEDGE, bag=WALRUS),  # 3 + 2, more equipment
    }
    state = hunt(movers, players=3, sheets=sheets, spare=False)
    state = play(state, "hunter 1 -> F17", "crack F8|F9", "end turn")
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (5, 9, 5)
    assert outcome.ranking == (1, 2, 0) and outcome.winners == (1,)


# -- N28: the variants -----------------------------------------------------------------------
def test_variant_1_offers_one_crack_for_the_whole_double_move() -> None:
    state = hunt(
        sheets={"hunter 1": Sheet(carried=HARPOON | HUSKY | SLEDGE)}, options={"variant-1": True}
    )
    mush = [a for a in offered(state) if a.startswith("husky")]
    assert mush == ["husky + sledge: double move", "husky + sledge: double move, one crack"]
    state = play(state, "husky + sledge: double move, one crack", "hunter 1 -> F18")
    assert state.phase == "step" and state.cracks == 0  # no crack after the first step
    state = play(state, "hunter 1 -> F19")
    assert state.phase == "crack"  # one crack at the end, from the field he ends on
    assert cracks_offered(state) == {
        "F10|F11",
        "F11|F20",
        "F20|F29",
        "F28|F29",
        "F18|F28",
        "F10|F18",
    }
    state = play(state, "crack F10|F11")
    assert state.seat == 1 and crack_count(state) == 1


def test_variant_1_a_crack_after_each_step_may_still_be_chosen() -> None:
    state = hunt(
        sheets={"hunter 1": Sheet(carried=HARPOON | HUSKY | SLEDGE)}, options={"variant-1": True}
    )
    state = play(state, "husky + sledge: double move", "hunter 1 -> F18")
    assert state.phase == "crack"


def test_variant_1_one_crack_is_still_due_when_the_second_step_is_forgone() -> None:
    state = hunt(
        sheets={"hunter 1": Sheet(carried=HARPOON | HUSKY | SLEDGE)}, options={"variant-1": True}
    )
    state = play(state, "husky + sledge: double move, one crack", "hunter 1 -> F18", "end turn")
    assert state.phase == "crack" and "F9|F10" in cracks_offered(state)
    state = play(state, "crack F9|F10")
    assert state.seat == 1 and crack_count(state) == 1


def test_without_variant_1_there_is_no_one_crack_double_move() -> None:
    state = hunt(sheets={"hunter 1": Sheet(carried=HARPOON | HUSKY | SLEDGE)})
    with pytest.raises(IllegalAction, match="one crack for a double move needs variant 1"):
        state.apply(Mush(one_crack=True))


def social(hunter_1: str, cracks: tuple[str, ...], hunter_2: str = "F2") -> NanuukState:
    return hunt({"hunter 1": hunter_1, "hunter 2": hunter_2}, cracks=cracks,
                options={"variant-2": True})  # fmt: skip


def test_variant_2_a_c_line_that_cuts_a_hunter_off_is_not_offered_while_another_is_free() -> None:
    # hunter 2 on F2 has one way left: over the edge F2|F10; the crack of F9 could cut it
    cracks = ("F2|F3", "F2|F9")
    state = play(social("F17", cracks), "hunter 1 -> F9")
    assert cracks_offered(state) == {"F8|F17", "F17|F18", "F10|F18"}  # (a): not F2|F10
    with pytest.raises(IllegalAction, match="variant 2: this crack would cut a hunter off"):
        state.apply(Crack(edge("F2|F10")))
    plain = play(hunt({"hunter 1": "F17", "hunter 2": "F2"}, cracks=cracks), "hunter 1 -> F9")
    assert cracks_offered(plain) == {"F2|F10", "F8|F17", "F17|F18", "F10|F18"}


def test_variant_2_when_only_blocking_c_lines_are_free_they_are_offered() -> None:
    cracks = ("F2|F3", "F2|F9", "F8|F17", "F17|F18", "F10|F18")
    state = play(social("F17", cracks), "hunter 1 -> F9")
    assert cracks_offered(state) == {"F2|F10"}  # (b) comes before any d-line


def test_variant_2_a_d_line_that_cuts_a_hunter_off_is_not_offered_while_another_is_free() -> None:
    # hunter 2 on F2 can only leave over F2|F3; every C-line of F3 is cracked
    cracks = ("F2|F9", "F2|F10", "F10|F11", "F4|F11")
    state = play(social("F4", cracks), "hunter 1 -> F3")
    assert cracks_offered(state) == {"F3|F4", "F3|F10", "F3|F11"}  # (c): not F2|F3


def test_variant_2_when_only_blocking_d_lines_are_free_they_are_offered() -> None:
    cracks = ("F2|F9", "F2|F10", "F10|F11", "F4|F11", "F3|F10", "F3|F11")
    state = play(social("F4", cracks), "hunter 1 -> F3")
    assert cracks_offered(state) == {"F2|F3", "F3|F4"}  # (d): both cut somebody off


def test_variant_3_lays_random_cracks_reproducibly_by_seed() -> None:
    first = RULES.new_game("full", 2, seed=11, options={"cracks": 8})
    again = RULES.new_game("full", 2, seed=11, options={"cracks": 8})
    other = RULES.new_game("full", 2, seed=12, options={"cracks": 8})
    assert crack_count(first) == 8 and first.cracks == again.cracks != other.cracks
    board_edges = sum(first.spec.board.edges)
    assert first.cracks & ~board_edges == 0  # only edges between two fields in play (N6)


@pytest.mark.parametrize("count", [-1, 61, 2.5, True])
def test_variant_3_the_number_of_cracks_is_checked(count: Any) -> None:
    with pytest.raises(ValueError, match="cracks must be a whole number 0-60"):
        RULES.new_game("full", 2, seed=0, options={"cracks": count})


def test_two_hunters_each_is_for_two_players_only() -> None:
    with pytest.raises(ValueError, match="two-hunters is for two players"):
        RULES.new_game("full", 3, seed=0, options=TWO)


def test_variant_3_lays_listed_cracks_exactly() -> None:
    listed = ["F9|F10", "F18|F19"]
    state = RULES.new_game("full", 2, seed=0, options={"crack-list": listed})
    assert state.cracks == edges(*listed)
    both = RULES.new_game("full", 2, seed=0, options={"crack-list": listed, "cracks": 3})
    assert both.cracks & edges(*listed) == edges(*listed) and crack_count(both) == 5


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ("F1|F2", "F1 and F2 share no edge in play"),  # F1 is a ~~ field in this game
        ("F9|F30", "F9 and F30 share no edge in play"),
        ("F99|F9", "unknown field 'F99'"),
    ],
)
def test_variant_3_a_bad_crack_list_entry_is_refused_by_name(entry: str, problem: str) -> None:
    with pytest.raises(ValueError, match=re.escape(f"crack-list entry '{entry}': {problem}")):
        RULES.new_game("full", 2, seed=0, options={"crack-list": ["F9|F10", entry]})


# -- N29: free-style set-up ------------------------------------------------------------------
FREE = {
    "bears": ["F30"],
    "fish": ["F40", "F41"],
    "seals": ["F12"],
    "walruses": ["F36"],
    "whales": ["F11"],
    "inuit": ["F45"],
}


def test_a_valid_free_style_set_up_is_used() -> None:
    state = RULES.new_game("full", 2, seed=0, options={"setup": FREE})
    assert state.to_dict()["pieces"] == {
        "fish": ["F40", "F41"], "seal": ["F12"], "walrus": ["F36"], "whale": ["F11"],
        "inuk": ["F45"], "bear": ["F30"],
    }  # fmt: skip


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"inuit": ["F20"]}, "whale on F11 is next to the Inuk on F20"),
        ({"fish": ["F47"]}, "fish on F47 is on an igloo"),
        ({"whales": ["F18"]}, "whale on F18 is next to the igloo F17"),
        ({"seals": ["F1"]}, r"seal on F1 is not in play in this game \(a ~~ field\)"),
        ({"seals": ["F40"]}, r"two pieces on F40 \(fish and seal\)"),
    ],
)
def test_a_free_style_set_up_that_breaks_the_construction_rules_is_refused(
    change: dict[str, list[str]], problem: str
) -> None:
    with pytest.raises(ValueError, match=problem):
        RULES.new_game("full", 2, seed=0, options={"setup": {**FREE, **change}})


def test_two_whales_side_by_side_are_allowed_in_a_free_style_set_up() -> None:
    """Only a warning: the rulebook allows it 'if it is not possible because of the set up'."""
    state = RULES.new_game("full", 2, seed=0, options={"setup": {**FREE, "whales": ["F11", "F4"]}})
    assert pieces_on(state, "whale") == ["F4", "F11"]


def test_a_free_style_set_up_cannot_use_more_pieces_than_the_box_holds() -> None:
    whales = {**FREE, "whales": ["F11", "F4", "F58", "F64"]}
    with pytest.raises(ValueError, match="4 whales, but the box holds only 3"):
        RULES.new_game("full", 2, seed=0, options={"setup": whales})


def test_an_unknown_set_up_name_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown set-up '5p'"):
        RULES.new_game("full", 2, seed=0, options={"setup": "5p"})


# -- saves and the move log ------------------------------------------------------------------
def round_trip(state: NanuukState) -> NanuukState:
    back = NanuukState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert back == state and offered(back) == offered(state)
    return back


def test_a_save_in_the_igloo_phase_goes_on_where_it_stopped() -> None:
    state = into_igloo(Sheet(bag=FISH | WHALE, inuk=True))
    state = play(state, "exchange fish for husky")
    back = round_trip(state)
    assert back.phase == "igloo" and sheet(back) == sheet(state)
    assert play(back, "deposit whale", "end turn") == play(state, "deposit whale", "end turn")


def test_a_save_in_the_banish_phase_goes_on_where_it_stopped() -> None:
    state = hunt(pieces={"bear": ["F18"], "fish": ["F40"]}, options={"crack-list": ["F60|F61"]})
    state = play(state, "hunter 1 -> F18", "crack F9|F10")
    back = round_trip(state)
    assert back.phase == "banish" and back.to_dict()["turn"]["at"] == "F18"
    assert play(back, "banish bear -> F66") == play(state, "banish bear -> F66")


def test_a_save_in_the_middle_of_a_double_move_and_with_a_free_style_set_up() -> None:
    options = {"setup": FREE, "variant-1": True, "variant-2": True, "cracks": 2}
    state = RULES.new_game("full", 2, seed=5, options=options)
    state = play(state, "place hunter 1 on F17", "place hunter 2 on F47")
    state = state.with_(sheets=(Sheet(carried=EVERYTHING), Sheet()))
    state = play(state, "husky + sledge: double move, one crack", "hunter 1 -> F18")
    back = round_trip(state)
    assert back.steps == 1 and back.owed and back.spec.options.items() >= options.items()


def test_the_move_log_names_the_player() -> None:
    state = hunt()
    step = next(a for a in state.legal_actions() if str(a) == "hunter 1 -> F18")
    assert state.describe(step) == "Player 1: hunter 1 -> F18"
    movers = {"hunter 1": "F17", "hunter 2": "F22"}
    named = position("full", ["Ann", "Bob"], movers, seat=1, turns=(1, 1))
    step = next(a for a in named.legal_actions() if str(a) == "hunter 2 -> F23")
    assert named.describe(step) == "Bob: hunter 2 -> F23"
    after = play(named, "hunter 2 -> F23")
    assert after.describe(after.legal_actions()[0]).startswith("Bob: crack ")


# -- perft: legal-action counts from fixed positions, checked by hand on the map ------------------
def perft(state: NanuukState, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(state.apply(a), depth - 1) for a in state.legal_actions())


def printed(players: int, igloos: tuple[str, ...], **options: Any) -> NanuukState:
    state = RULES.new_game("full", players, seed=0, options=options)
    for igloo in igloos:
        state = play(state, str(state.legal_actions()[0]).rsplit(" on ", 1)[0] + f" on {igloo}")
    return state


TWO = {"two-hunters": True}
PERFT = [
    # (name, position, depth, count); the hand count follows each line
    ("3p placement", lambda: RULES.new_game("full", 3, seed=0), 1, 3),  # three igloos
    # 2p printed set-up, hunter 1 in F17: steps F8 F9 F16 F18 F26 F27 ...
    ("2p printed, F17", lambda: printed(2, ("F17", "F22")), 1, 6),
    # ... and their free C-lines: F8 2, F9 4, F16 3 (F7, F1 are ~~), F18 6, F26 6, F27 6
    ("2p printed, F17", lambda: printed(2, ("F17", "F22")), 2, 27),
    # ... then take or leave (fish F16: 3 cracks x 2, seal F27: 6 x 2) or hunter 2 in F22 has
    # 6 steps (F8: 2 x 6, F9: 4 x 6, F18: 6 x 6, F26: 6 x 6): 6 + 12 + 12 + 24 + 36 + 36
    ("2p printed, F17", lambda: printed(2, ("F17", "F22")), 3, 126),
    # 4p printed set-up, hunter 1 in F47: six steps, six C-lines each (bears F29 F43 F51 far off)
    ("4p printed, F47", lambda: printed(4, ("F47", "F17", "F22", "F47")), 2, 36),
    # 3p: the same; the three-dots row is in play (N2: only the ~~ fields are water)
    ("3p printed, F47", lambda: printed(3, ("F47", "F17", "F22")), 2, 36),
    # 2 x 2 hunters: choose one of 2 hunters (F17, F47), then 6 steps each
    ("2p two hunters", lambda: printed(2, ("F17", "F22", "F22", "F47"), **TWO), 2, 12),
    # F18 with everything, F18|F19 cracked: F9 F10 F17 F27 F28, F19 by kayak, double move
    (
        "kayak + husky + sledge",
        lambda: hunt(
            {"hunter 1": "F18", "hunter 2": "F22"},
            cracks=("F18|F19",),
            sheets={"hunter 1": Sheet(carried=EVERYTHING)},
        ),
        1,
        7,
    ),
    # in the igloo with fish, seal, walrus, whale and a fresh Inuk: 4 exchanges + 4 deposits + end
    ("igloo", lambda: into_igloo(Sheet(bag=FISH | SEAL | WALRUS | WHALE, inuk=True)), 1, 9),
]


@pytest.mark.parametrize(("name", "make", "depth", "count"), PERFT, ids=[p[0] for p in PERFT])
def test_perft_counts(name: str, make: Any, depth: int, count: int) -> None:
    assert perft(make(), depth) == count
