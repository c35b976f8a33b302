"""Kap Hoorn saves: ``to_dict``/``from_dict`` round-trip through JSON at every point of seeded
random games; broken saves and malformed actions are refused with a ``ValueError`` saying what
is wrong."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from kaphoorn_positions import (
    CHART,
    DECK,
    area,
    card_total,
    is_plain,
    label,
    motif,
    path,
    plain_sea,
    position,
    random_states,
    relative,
    stations,
    step,
)

from game.games.kaphoorn.rules import RULES, KapState
from game.games.kaphoorn.rules.actions import (  # fmt: skip
    AGAIN,
    BUY,
    END,
    STAY,
    Again,
    Buy,
    End,
    Ignore,
    Play,
    Replace,
    Sail,
    Stay,
    action_from_dict,
    ignore,
    play,
    replace,
    sail,
)
from game.games.kaphoorn.rules.chart import DIRECTIONS, LAND

GAMES = [(seed, 3 + seed % 3) for seed in range(6)]  # (seed, players)
FIRST = DECK.winds[0].name  # any motif of the deck
ALL_TYPES = {Play, Replace, Sail, Ignore, Again, Stay, Buy, End}


def through_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


@cache
def game(seed: int, players: int) -> tuple[tuple[KapState, Any], ...]:
    """A seeded random game with a limit of 12 rounds: (state, action chosen) pairs."""
    return tuple(random_states(seed, players, steps=400, rounds=12))


# --- round trips --------------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "players"), GAMES)
def test_every_position_of_a_game_round_trips(seed, players) -> None:
    for state, _ in game(seed, players):
        data = through_json(state.to_dict())
        assert data["game"] == "kaphoorn" and data["version"] == KapState.VERSION
        back = KapState.from_dict(data)
        assert back == state
        assert back.to_dict() == data
        assert back.legal_actions() == state.legal_actions()
        assert back.outcome() == state.outcome()
        assert card_total(back) == 90


@pytest.mark.parametrize(("seed", "players"), GAMES)
def test_a_rebuilt_game_plays_on_exactly_alike(seed, players) -> None:
    """The seed travels in ``to_dict`` (a save leaves it out, K18): reshuffles after loading
    happen the same way."""
    steps = game(seed, players)
    middle = len(steps) // 3
    state = RULES.state_from_dict(through_json(steps[middle][0].to_dict()))
    for original, action in steps[middle:]:
        assert state == original
        if action is None:
            break
        state = state.apply(action)


def test_the_games_cover_the_phases_endings_and_reshuffles() -> None:
    phases = {s.phase for g in GAMES for s, _ in game(*g)}
    assert {"lay", "draw", "over"} <= phases
    assert all(game(*g)[-1][0].is_over() for g in GAMES)
    assert any(s.reshuffles for g in GAMES for s, _ in game(*g))


@pytest.mark.parametrize(("seed", "players"), GAMES[:3])
def test_views_round_trip_and_keep_the_secrets(seed, players) -> None:
    for i, (state, _) in enumerate(game(seed, players)):
        if i % 7:
            continue
        for seat in range(players):
            view = state.view(seat)
            data = through_json(view.to_dict())
            assert data["seed"] == -1 and set(data["pile"]) <= {None}
            assert all(c is None for s, h in enumerate(data["hands"]) if s != seat for c in h)
            back = KapState.from_dict(data)
            assert back == view and back.viewer == seat


def test_the_phases_of_move_again_round_trip() -> None:
    """Random play seldom pays for "move again": a hand-built ship that does (K13)."""
    name = next(w.name for w in DECK.winds if relative(w) == ("F",) and w.distance >= 2)
    d = motif(name).distance
    f = area(2, lambda f: path(f, "W", 2 * d), "with two legs of open sea to the west")
    e, g = step(f, "W", d), step(f, "W", 2 * d)
    s = position(cards={f: name, e: name, g: name}, ship=f, sail=(6, 3, 3), hands=[[FIRST]] * 3)
    assert card_total(s) == 90
    moved = s.apply(sail(DIRECTIONS.index("W"), e))
    again = moved.apply(AGAIN)
    assert (moved.phase, again.phase) == ("moved", "again")
    for state in (s, moved, again):
        back = KapState.from_dict(through_json(state.to_dict()))
        assert back == state and back.legal_actions() == state.legal_actions()


def test_a_hand_built_position_round_trips_when_it_keeps_the_90_cards() -> None:
    st = stations(2)[0]
    s = position(
        cards={st: FIRST, plain_sea(3)[0]: DECK.winds[-1].name},
        ship=st,
        hands=[[FIRST, FIRST], [], [DECK.winds[1].name]],
        roses=[("red", None, None), (None,) * 3, ("green", "yellow", None)],
        sail=(0, 8, 5),
        discard=[FIRST],
        phase="draw",
        seat=0,
    )
    assert card_total(s) == 90
    assert KapState.from_dict(through_json(s.to_dict())) == s


# --- broken saves -------------------------------------------------------------------------------


@cache
def midgame() -> dict[str, Any]:
    steps = game(*GAMES[0])
    state = next(s for s, _ in steps[len(steps) // 2 :] if s.discard and s.phase == "lay")
    return state.to_dict()


def save(**changes: Any) -> dict[str, Any]:
    data = through_json(midgame())
    data.update(changes)
    return data


def first_card(data: dict[str, Any]) -> str:
    return next(iter(data["cards"]))


def empty_sea() -> str:
    data = midgame()
    return label(next(f for f in plain_sea() if label(f) not in data["cards"]))


def set_in(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def damage(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return damage


def swap_card_key(new: str) -> Callable[[dict[str, Any]], None]:
    def damage(data: dict[str, Any]) -> None:
        data["cards"][new] = data["cards"].pop(first_card(data))

    return damage


def share_a_field(data: dict[str, Any]) -> None:
    """Ship 2 onto ship 1's field, which is no station."""
    assert CHART.field(data["ships"][0]) not in stations()
    data["ships"][1] = data["ships"][0]


LAND_LABEL = label(CHART.terrain.index(LAND))
OTHER_MOTIF = FIRST


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (set_in(("game",), "nanuuk"), "this is a save of 'nanuuk'"),
        (set_in(("version",), 2), "version 2 \\(this build reads 1\\)"),
        (set_in(("version",), None), "version None"),
        (
            lambda d: d["cards"].update({first_card(d): "hurricane"}),
            "unknown wind card 'hurricane'",
        ),
        (set_in(("hands", 0, 0), "hurricane"), "unknown wind card 'hurricane'"),
        (set_in(("pile", 0), "hurricane"), "unknown wind card 'hurricane'"),
        (set_in(("discard", 0), "hurricane"), "unknown wind card 'hurricane'"),
        (lambda d: d["pile"].pop(), "89 cards in play, the deck has 90"),
        (
            lambda d: d["discard"].append(d["pile"][0]),
            "91 cards in play|cards \\(the deck has fewer\\)",
        ),
        (lambda d: d.update(pile=[OTHER_MOTIF] * len(d["pile"])), "cards \\(the deck has fewer\\)"),
        (set_in(("ships", 0), "Z99"), "no field 'Z99' on the chart"),
        (set_in(("ships", 1), "A0"), "no field 'A0' on the chart"),
        (swap_card_key("Z99"), "no field 'Z99' on the chart"),
        (swap_card_key(LAND_LABEL), f"a card on {LAND_LABEL}, where no card can lie"),
        (swap_card_key(label(CHART.starts[4])), "where no card can lie"),
        (lambda d: d["ships"].__setitem__(0, empty_sea()), "ship 1 on .*, no card"),
        (set_in(("hands", 0, 0), None), "hidden cards in a full state"),
        (set_in(("pile", 3), None), "hidden cards in a full state"),
        (set_in(("sail", 2), 9), "sail points 9 \\(0-8\\)"),
        (set_in(("sail", 0), -1), "sail points -1"),
        (set_in(("seat",), 3), "seat 3 out of range"),
        (set_in(("winner",), 7), "winner 7 out of range"),
        (set_in(("viewer",), -2), "viewer -2 out of range"),
        (set_in(("options", "start"), 0), "start -1 out of range"),
        (set_in(("phase",), "sailing"), "unknown phase 'sailing'"),
        (set_in(("roses", 1, 0), "blue"), "unknown wind rose colour 'blue'"),
        (set_in(("roses", 1), ["red", None]), "roses must be a list of 3"),
        (set_in(("ships",), ["A1"]), "ships must be a list of 3"),
        (set_in(("hands",), [[], [], [], []]), "hands must be a list of 3"),
        (set_in(("names",), ["Ann", "Bob"]), "2 players \\(3-5 play\\)"),
        (set_in(("seed",), "abc"), "seed must be a whole number, not 'abc'"),
        (set_in(("turn",), True), "turn must be a whole number"),
        (set_in(("options", "rounds"), 2.5), "rounds must be a whole number"),
        (set_in(("pile",), None), "missing or malformed entry"),
        (lambda d: d["options"].pop("rounds"), "missing or malformed entry 'rounds'"),
    ],
)
def test_a_broken_save_is_refused_with_what_is_wrong(damage, message) -> None:
    data = save()
    assert len(data["names"]) == 3 and data["viewer"] == -1 and data["discard"]
    KapState.from_dict(through_json(data))  # the undamaged save loads
    damage(data)
    with pytest.raises(ValueError, match=f"^Kap Hoorn save: .*({message})"):
        KapState.from_dict(data)


@pytest.mark.parametrize(
    "key",
    sorted(set(RULES.new_game("standard", 3, seed=0).to_dict()) - {"game", "version", "variant"}),
)
def test_a_truncated_save_is_refused(key) -> None:
    data = save()
    del data[key]
    with pytest.raises(ValueError, match=f"^Kap Hoorn save: missing or malformed entry '{key}'"):
        KapState.from_dict(data)


@pytest.mark.parametrize("data", [None, [], "kaphoorn", 3])
def test_something_that_is_no_save_is_refused(data) -> None:
    with pytest.raises(ValueError, match="^Kap Hoorn save: not a JSON object"):
        KapState.from_dict(data)


def test_without_game_or_version_it_is_no_save() -> None:
    for key, message in (("game", "this is a save of None"), ("version", "version None")):
        data = save()
        del data[key]
        with pytest.raises(ValueError, match=message):
            KapState.from_dict(data)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        pytest.param(
            set_in(("variant",), "expert"),
            "variant",
        ),
        pytest.param(
            set_in(("names",), "Ann"),
            "names",
        ),
        pytest.param(
            set_in(("cards",), "x"),
            "cards",
        ),
        pytest.param(
            lambda d: share_a_field(d),
            "ship",
        ),
        pytest.param(
            set_in(("roses", 0), ["red", "red", None]),
            "rose",
        ),
    ],
)
def test_saves_that_should_be_refused_too(damage, message) -> None:
    data = save()
    damage(data)
    with pytest.raises(ValueError, match=f"^Kap Hoorn save: .*{message}"):
        KapState.from_dict(data)


# --- actions ------------------------------------------------------------------------------------


def some_field() -> int:
    f = plain_sea()[0]
    assert is_plain(f)
    return f


def made_actions() -> list[Any]:
    f = some_field()
    return [
        play(0, f),
        play(len(DECK.winds) - 1, CHART.width * CHART.height - 1),
        replace(1, f),
        *(sail(d, f) for d in range(8)),
        ignore(0),
        AGAIN,
        STAY,
        BUY,
        END,
    ]


def test_every_action_type_round_trips() -> None:
    actions = set(made_actions())
    for g in GAMES:
        actions |= {a for _, a in game(*g) if a is not None}
    assert {type(a) for a in actions} == ALL_TYPES
    state = RULES.new_game("standard", 3, seed=0)
    for action in actions:
        data = through_json(action.to_dict())
        assert action_from_dict(data) == action
        assert state.action_from_dict(data) == action
    for simple in (AGAIN, STAY, BUY, END):
        assert action_from_dict(simple.to_dict()) is simple


def test_actions_are_written_with_names_and_labels() -> None:
    f = some_field()
    name = DECK.winds[0].name
    assert play(0, f).to_dict() == {"type": "play", "wind": name, "to": label(f)}
    assert replace(0, f).to_dict() == {"type": "replace", "wind": name, "to": label(f)}
    assert sail(DIRECTIONS.index("SW"), f).to_dict() == {
        "type": "sail",
        "direction": "SW",
        "to": label(f),
    }
    assert ignore(f).to_dict() == {"type": "ignore", "to": label(f)}
    assert [a.to_dict() for a in (AGAIN, STAY, BUY, END)] == [
        {"type": "again"},
        {"type": "stay"},
        {"type": "buy"},
        {"type": "end"},
    ]
    assert str(play(0, f)) == f"plays {DECK.winds[0]} at {label(f)}"
    assert str(sail(DIRECTIONS.index("SW"), f)) == f"sails south-west to {label(f)}"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (None, "not a Kap Hoorn action"),
        ("stay", "not a Kap Hoorn action"),
        ([], "not a Kap Hoorn action"),
        ({}, "not a Kap Hoorn action"),
        ({"type": 3}, "not a Kap Hoorn action"),
        ({"type": "fly", "to": "A1"}, "unknown Kap Hoorn action type 'fly'"),
        ({"type": "play", "wind": "hurricane", "to": "A1"}, "play: unknown wind card 'hurricane'"),
        ({"type": "replace", "to": "A1"}, "replace: unknown wind card None"),
        ({"type": "sail", "direction": "UP", "to": "A1"}, "sail: unknown direction 'UP'"),
        ({"type": "sail", "to": "A1"}, "sail: unknown direction None"),
        ({"type": "ignore", "to": "Z99"}, "no field 'Z99' on the chart"),
        ({"type": "ignore"}, "no field 'None' on the chart"),
        ({"type": "ignore", "to": 12}, "no field '12' on the chart"),
        ({"type": "play", "wind": FIRST, "to": "A0"}, "no field 'A0' on the chart"),
    ],
)
def test_malformed_actions_are_refused(data, message) -> None:
    with pytest.raises(ValueError, match=message):
        action_from_dict(data)


def test_the_deck_counts_in_a_save_are_those_of_the_deck() -> None:
    data = midgame()
    counts = Counter(data["pile"] + data["discard"] + list(data["cards"].values()))
    for hand in data["hands"]:
        counts.update(hand)
    assert counts == Counter({w.name: n for w, n in zip(DECK.winds, DECK.counts, strict=True)})


@pytest.mark.parametrize(("seed", "players"), GAMES[:2])
def test_a_determinized_view_is_a_full_state_that_round_trips(seed, players) -> None:
    state = game(seed, players)[len(game(seed, players)) // 2][0]
    view = state.view(1)
    full = view.determinized(random.Random(seed))
    assert full.viewer == -1 and full.hands[1] == state.hands[1] and full.seed >= 0
    assert [len(h) for h in full.hands] == [len(h) for h in state.hands]
    assert len(full.pile) == len(state.pile) and card_total(full) == 90
    assert KapState.from_dict(through_json(full.to_dict())) == full


# --- records written before the codes (issue 17, step 2) -----------------------------------------

OLD_RECORDS = Path(__file__).parent / "data"  # written by the code at 60bcf96, rounds=4


@pytest.mark.parametrize("kind", ["save", "replay"])
def test_a_record_written_before_the_refusal_codes_still_loads_and_replays(kind: str) -> None:
    from game.play import saves

    record = saves.load(OLD_RECORDS / f"kaphoorn-60bcf96-{kind}.json")  # replays every move
    state = saves.rebuild(record.config, list(record.moves))
    assert state.to_dict() == record.final and KapState.from_dict(record.final) == state
    if kind == "save":  # a game in mid-play goes on
        assert not state.is_over() and state.apply(state.legal_actions()[0]) != state
    else:  # the replay still ends the same way, and now says what decided it (K15)
        out = state.outcome()
        assert out is not None and out.reason_code == "rounds" and out.winners == (1, 0)
        assert out.details == {"decided_by": "to_finish"}


# --- what a save keeps: no seed, the pile without its order (K18, issue 27 item 11) --------------


def _mid_game(seed: int = 4, players: int = 3) -> KapState:
    return game(seed, players)[len(game(seed, players)) // 3][0]


def test_a_stored_position_has_no_seed_and_the_pile_without_its_order() -> None:
    state = _mid_game()
    data = state.stored()
    assert "seed" not in data
    assert data["pile"] == sorted(through_json(state.to_dict())["pile"])
    assert data["hands"] == through_json(state.to_dict())["hands"]  # resuming needs the hands
    same_cards = state.with_(pile=tuple(reversed(state.pile)), seed=state.seed + 1)
    assert same_cards.stored() == data  # nothing in it tells the order or the seed


def test_a_resumed_game_shuffles_the_pile_afresh_from_the_new_seed() -> None:
    state = _mid_game()
    data = through_json(state.stored())
    one, other = RULES.resume(data, seed=11), RULES.resume(data, seed=12)
    assert one.seed == 11 and Counter(one.pile) == Counter(state.pile)
    assert one.hands == state.hands and one.cards == state.cards and one.seat == state.seat
    assert one.pile != other.pile  # the order follows the new seed, not the save
    assert one.stored() == data


def test_a_kaphoorn_save_resumes_and_bots_play_it_to_the_end(tmp_path) -> None:
    """Through the persist API, as the pause menu's Save and the title's Load do it."""
    from game.play import saves
    from game.play.bots import make_bot
    from game.play.config import GameConfig, Seat

    seats = tuple(Seat(n, "easy", "") for n in ("Ann", "Ben", "Cas"))
    cfg = GameConfig("kaphoorn", "standard", seats, 4, {"rounds": 6})
    state = RULES.new_game("standard", cfg.names, seed=4, options=cfg.options)
    moves, rng = [], random.Random(1)
    while len(moves) < 25:
        action = rng.choice(state.legal_actions())
        moves.append(action.to_dict())
        state = state.apply(action)
    path = saves.save_game(tmp_path, saves.build("save", cfg, moves, state))
    text = path.read_text(encoding="utf-8")
    assert '"seed"' not in text and '"moves"' not in text
    assert json.loads(text)["position"]["pile"] == sorted(through_json(state.to_dict())["pile"])
    fresh, resumed = saves.resume_point(saves.load(path))
    assert fresh.seed != cfg.seed and resumed.seed == fresh.seed
    bot = make_bot("kaphoorn", "easy")
    while not resumed.is_over():
        seat = resumed.current_player
        resumed = resumed.apply(bot.choose(resumed.view(seat), random.Random(seat), 0.05))
    assert resumed.outcome() is not None and card_total(resumed) == 90
