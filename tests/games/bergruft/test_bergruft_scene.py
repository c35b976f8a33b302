"""The Der Berg ruft play scene under SDL's dummy driver: whole games by AI, by keys and by mouse,
the hot-seat hand-off (B7), the guess pad and the refusal of illegal clicks."""

from __future__ import annotations

import json
import random
import tomllib

import pygame
import pytest

from game.games.bergruft.rules import AllowGuess, Guess, Hint, Phase, SetFlags
from game.games.bergruft.scene import BergruftScene
from game.games.bergruft.view import prompt
from game.i18n import TRANSLATIONS_DIR, tr
from game.play.config import GameConfig, Seat
from game.play.finale import FINAL_HOLD
from tests.finale_positions import answer
from tests.scenes_support import table_class

AI_ONLY = GameConfig(
    "bergruft", "standard", (Seat("Anna", "easy", "red"), Seat("Ben", "normal", "blue")), seed=7
)
HUMAN_VS_AI = GameConfig(
    "bergruft", "standard", (Seat("Anna", "human", "red"), Seat("Ben", "easy", "blue")), seed=3
)
TWO_HUMANS = GameConfig(
    "bergruft", "standard", (Seat("Anna", "human", "red"), Seat("Ben", "human", "blue")), seed=3
)
FOUR = GameConfig(
    "bergruft",
    "standard",
    (
        Seat("Anna", "human", "red"),
        Seat("Ben", "easy", "blue"),
        Seat("Cleo", "normal", "yellow"),
        Seat("Dirk", "easy", "green"),
    ),
    seed=4,
)


def start(drive, config: GameConfig) -> BergruftScene:
    drive.app.scenes.reset(table_class("bergruft"), config=config)
    drive.frames(2)
    scene = drive.app.scenes.stack[0]
    assert isinstance(scene, BergruftScene)
    return scene


def place(scene: BergruftScene, state) -> None:
    """Put a scenario position on the board (as if the game had got there)."""
    scenes = scene.services.scenes
    while scenes.top is not scene:  # close an opening hand-off
        scenes.pop()
        scenes.apply_pending()
    scene.handoff_up = False
    scene.state = scene.shown = state
    scene.viewer = None
    scene.ai_job = None
    scene.settle()
    scene._built_key = None


def centre(element) -> tuple[int, int]:
    return element.rect.center


def human_log(scene: BergruftScene, seat: int) -> set[str]:
    return {key for s, key, _ in scene.log if s == seat}


# ---- whole games --------------------------------------------------------------------------------
def test_ai_game_reaches_game_over_with_the_outcome(drive):
    drive.app.options.speed = 40
    drive.app.options.exit_when_over = True
    scene = start(drive, AI_ONLY)
    assert drive.until(lambda: drive.app.outcome is not None, seconds=120)
    out = drive.app.outcome
    assert json.loads(json.dumps(out)) == out  # JSON-safe
    assert set(out) == {
        "game", "variant", "seed", "options", "players", "kinds", "colours", "scores",
        "ranking", "winners", "reason", "turns", "details",
    }  # fmt: skip
    assert out["game"] == "bergruft" and out["seed"] == 7
    assert out["players"] == ["Anna", "Ben"] and out["kinds"] == ["easy", "normal"]
    assert out["colours"] == ["red", "blue"]
    assert out["turns"] == scene.state.turn and out["winners"]
    st = scene.state
    for seat, detail in enumerate(out["details"]):
        assert detail == {
            "peter": st.peter[seat],
            "heidi": st.heidi[seat],
            "free_steps": st.free_steps(seat),
            "stones": st.mountain[st.peter[seat]],
        }
        assert out["scores"][seat] == detail["stones"] * detail["free_steps"]


def test_final_position_shows_for_a_moment_before_the_results(drive, monkeypatch):
    calls = []
    monkeypatch.setattr(type(drive.app.ending), "__call__", lambda _, r, out: calls.append(out))
    scene = start(drive, AI_ONLY)
    last = scene.state.with_positions((13, 0), (16, 1), caller=0)  # B19: Heidi stays below
    place(scene, last.apply(SetFlags(0, "Anna", 15)).apply(Guess(1, "Ben", 0)))
    scene.play(AllowGuess(0, "Anna", Hint.HIGHER))
    scene.play(Guess(1, "Ben", 1))
    scene.play(AllowGuess(0, "Anna", Hint.HIGHER))
    scene.play(Guess(1, "Ben", 2))  # third wrong guess, off by 13: punish or waive
    scene.play(scene.state.legal_actions()[0])
    assert scene.state.is_over()
    scene.skip()
    drive.run(FINAL_HOLD - 0.5)
    assert calls == []  # still showing the final position, its end told (issue 29)
    drive.run(0.8)
    assert len(calls) == 1


def play_by_keys(drive, scene: BergruftScene) -> None:
    """One decision with the keyboard only: Enter picks what has the focus."""
    if scene._question() == "set" and scene.selected is not None:
        assert scene.ring.current.element.text.startswith("Set")
    drive.key(pygame.K_RETURN)


def test_human_vs_ai_by_keyboard_only(drive):
    # With a person at the table the computer's stream is fresh every run (game.protocol.streams),
    # so each run plays another game; the loop is only a guard (some 100 rounds reach turn 6).
    scene = start(drive, HUMAN_VS_AI)
    for _ in range(3000):
        if scene.state.is_over() or scene.state.turn >= 6:
            break
        if answer(drive, by="key"):  # a move that ends the game asks first: Anna says Yes
            continue
        if scene._question() is not None:
            play_by_keys(drive, scene)
        else:
            drive.key(pygame.K_RETURN, frames=4)  # skips animations, otherwise nothing
    assert scene.state.turn >= 6 or scene.state.is_over()
    assert {"set", "guess"} <= human_log(scene, 0)  # Anna called and guessed, with keys
    assert {"set", "guess"} <= human_log(scene, 1)  # and so did the AI


def test_keyboard_arrows_move_on_the_pad(drive):
    scene = start(drive, HUMAN_VS_AI)
    place(scene, scene.state.with_positions((0, 0), (1, 1), caller=0))
    drive.frames(3)
    assert scene._question() == "set"
    assert scene.ring.current.element.text == "7"
    drive.key(pygame.K_DOWN)
    assert scene.ring.current.element.text == "13"
    drive.key(pygame.K_LEFT)
    drive.key(pygame.K_RETURN)
    assert scene.selected == 12
    assert scene.ring.current.element.text == "Set 12"  # the focus moves on to "Set"
    drive.key(pygame.K_RETURN)
    assert scene.state.phase is Phase.GUESS and scene.state.number == 12


def test_digit_keys_go_to_a_number_and_enter_sets_it(drive):
    scene = start(drive, HUMAN_VS_AI)
    place(scene, scene.state.with_positions((0, 0), (1, 1), caller=0))
    drive.frames(3)
    drive.key(pygame.K_4)
    assert scene.ring.current.element.text == "4" and scene.selected is None  # only the focus
    drive.key(pygame.K_1)
    drive.key(pygame.K_2)  # quickly after the 1: twelve
    assert scene.ring.current.element.text == "12"
    drive.key(pygame.K_RETURN)
    assert scene.selected == 12
    drive.run(2)
    drive.key(pygame.K_KP9)  # the number pad too; a pause began a new number
    assert scene.ring.current.element.text == "9"


def test_a_typed_guess_the_hints_exclude_says_why_and_enter_guesses_a_typed_one(drive):
    scene = start(drive, HUMAN_VS_AI)
    place(scene, hinted(scene))
    drive.frames(3)
    before = scene.state
    drive.key(pygame.K_3)  # greyed out: the hint says higher than 5
    assert scene.state is before and "higher than 5" in scene.notice[0]
    drive.run(2)
    drive.key(pygame.K_8)
    moves = len(scene.moves)
    drive.key(pygame.K_RETURN)
    assert scene.state is not before and len(scene.moves) == moves + 1
    assert scene.moves[-1]["value"] == 8 and "guess" in scene.moves[-1].values()


def decisions(scene):
    """The controls of the question, without the button that opens the whole move log."""
    return [item for item in scene.ring.items if item.element.text != tr("movelog.open")]


def click_decision(drive, scene: BergruftScene) -> None:
    question = scene._question()
    enabled = [item.element for item in decisions(scene) if item.enabled]
    if question == "set":
        drive.click(centre(enabled[5]))
        confirm = decisions(scene)[-1].element
        assert confirm.is_enabled
        drive.click(centre(confirm))
    else:
        drive.click(centre(enabled[len(enabled) // 2]))


def test_human_vs_ai_by_mouse_only(drive):
    scene = start(drive, HUMAN_VS_AI)
    for _ in range(1000):  # a guard only, as above
        if scene.state.is_over() or scene.state.turn >= 6:
            break
        if answer(drive, by="mouse"):  # a move that ends the game asks first: Anna clicks Yes
            continue
        if scene._question() is not None:
            click_decision(drive, scene)
        else:
            drive.click((600, 600), frames=4)  # a click on the board skips animations
    assert scene.state.turn >= 6 or scene.state.is_over()
    assert {"set", "guess"} <= human_log(scene, 0)


def test_touch_taps_reach_the_pad(drive):
    scene = start(drive, HUMAN_VS_AI)
    place(scene, scene.state.with_positions((0, 0), (1, 1), caller=0))
    drive.frames(3)
    drive.tap(centre(decisions(scene)[4].element))
    assert scene.selected == 4
    assert all(item.element.rect.height >= 80 for item in decisions(scene))  # big hit areas


# ---- the hot-seat hand-off (B7) -----------------------------------------------------------------
def test_handoff_before_the_caller_sets_and_before_the_guesser_guesses(drive):
    scene = start(drive, TWO_HUMANS)
    st = scene.state
    caller, guesser = st.names[st.caller], st.names[st.guesser]
    top = drive.app.scenes.top
    assert top.name == "handoff" and caller in top.title and guesser in top.message
    assert scene.drawn_number is None and not scene.number_visible
    assert scene._question() is None  # no pad behind the hand-off
    drive.key(pygame.K_RETURN)  # "I'm <caller>, show me"
    assert drive.app.scenes.top is scene and scene._question() == "set"
    drive.click(centre(decisions(scene)[9].element))
    assert scene.drawn_number == 9  # Anna sees her flags
    drive.click(centre(decisions(scene)[-1].element))
    assert scene.state.phase is Phase.GUESS
    assert drive.until(lambda: drive.app.scenes.top.name == "handoff", seconds=3)
    top = drive.app.scenes.top
    assert guesser in top.title
    drive.frames(3)
    assert scene.drawn_number is None and not scene.number_visible  # hidden again
    drive.click(centre(top.ring.items[0].element))  # "I'm <guesser>, show me"
    drive.frames(2)
    assert scene._question() == "guess"
    assert scene.drawn_number is None  # the guesser never sees the number


def test_the_caller_takes_his_flags_back_on_the_hand_off_before_the_guesser_looks(drive):
    """Undo takes back the flags just set, before the device goes to the guesser (B7); the
    caller then sets them anew."""
    scene = start(drive, TWO_HUMANS)
    drive.key(pygame.K_RETURN)  # "I'm <caller>, show me"
    caller = scene.state.caller
    assert scene.play(SetFlags(caller, scene.state.names[caller], 9))
    assert drive.until(lambda: drive.app.scenes.top.name == "handoff", seconds=3)
    handoff = drive.app.scenes.top
    undo = handoff.ring.items[1].element
    assert handoff.undo_text in undo.text
    drive.click(centre(undo))
    assert drive.until(lambda: drive.app.scenes.top.name == "handoff", seconds=3)
    assert scene.state.phase is Phase.SET and scene.moves == []
    drive.key(pygame.K_RETURN)  # the caller looks behind the screen again
    assert scene._question() == "set"
    assert scene.play(SetFlags(caller, scene.state.names[caller], 4))


def test_no_undo_past_a_hint_nor_past_a_computers_move(drive):
    scene = start(drive, TWO_HUMANS)
    place(scene, scene.state.with_positions((0, 0), (1, 1), caller=0))
    assert scene.play(SetFlags(0, "Anna", 9)) and scene.history  # the flags may go back
    assert scene.play(Guess(1, "Ben", 3)) and not scene.history  # the guess told Anna
    assert scene.play(AllowGuess(0, "Anna", Hint.HIGHER)) and not scene.history
    scene = start(drive, HUMAN_VS_AI)
    while len(scene.moves) < 2:  # Anna sets her flags, Ben guesses; or the other way round
        st, question = scene.state, scene._question()
        if question == "set":
            scene.play(SetFlags(0, "Anna", 7))
        elif question == "guess":
            scene.play(Guess(0, "Anna", st.low))
        drive.frames(1)
    assert not scene.history  # Ben, a computer, has answered


def test_handoff_before_the_caller_decides_after_a_wrong_guess(drive):
    scene = start(drive, TWO_HUMANS)
    place(scene, scene.state.with_positions((0, 0), (1, 1), caller=0).apply(SetFlags(0, "Anna", 9)))
    scene.viewer = 1
    drive.frames(3)
    assert scene._question() == "guess"
    scene._guess(3)
    scene.skip()
    assert drive.until(lambda: drive.app.scenes.top.name == "handoff", seconds=3)
    assert scene.drawn_number is None
    drive.key(pygame.K_RETURN)
    drive.frames(3)
    assert scene._question() == "decide" and scene.drawn_number == 9


def test_no_handoff_and_no_number_when_an_ai_calls(drive):
    scene = start(drive, HUMAN_VS_AI)
    place(scene, scene.state.with_positions((0, 0), (1, 1), caller=1))
    assert drive.until(lambda: scene.state.phase is Phase.GUESS, seconds=10)
    assert drive.until(lambda: scene._question() == "guess", seconds=5)
    assert drive.app.scenes.top is scene
    assert scene.drawn_number is None


# ---- the guess pad and illegal clicks -----------------------------------------------------------
def hinted(scene: BergruftScene):
    st = scene.state.with_positions((0, 0), (1, 1), caller=1)
    st = st.apply(SetFlags(1, "Ben", 9)).apply(Guess(0, "Anna", 5))
    st = st.apply(AllowGuess(1, "Ben", Hint.HIGHER)).apply(Guess(0, "Anna", 13))
    return st.apply(AllowGuess(1, "Ben", Hint.LOWER))  # the guess must lie in 6..12


def test_guess_pad_greys_out_what_the_hints_exclude(drive):
    scene = start(drive, HUMAN_VS_AI)
    place(scene, hinted(scene))
    drive.frames(3)
    assert scene._question() == "guess"
    enabled = {int(item.element.text) for item in decisions(scene) if item.enabled}
    assert enabled == set(range(6, 13))
    assert prompt.hint_text(scene.state) == "Lower than 13!"


def test_an_illegal_click_shows_the_reason_and_changes_nothing(drive):
    scene = start(drive, HUMAN_VS_AI)
    place(scene, hinted(scene))
    drive.frames(3)
    before = scene.state
    drive.click(centre(decisions(scene)[3].element))  # 3 is greyed out: the hint says higher
    assert scene.state is before
    assert scene.notice is not None and "higher than 5" in scene.notice[0]
    drive.click(centre(decisions(scene)[14].element))
    assert scene.state is before and "lower than 13" in scene.notice[0]
    drive.run(4)
    assert scene.notice is None  # shown briefly, no modal


def test_summit_rule_hides_lift_and_explains_a_click_on_it(drive):
    scene = start(drive, HUMAN_VS_AI)
    st = scene.state.with_positions((5, 0), (15, 1), caller=0)
    place(scene, st.apply(SetFlags(0, "Anna", 10)).apply(Guess(1, "Ben", 2)))
    drive.frames(3)
    assert scene._question() == "decide"
    allow, lift = (item.element for item in decisions(scene))
    assert allow.is_enabled and not lift.is_enabled  # B6
    before = scene.state
    drive.click(centre(lift))
    assert scene.state is before and "Summit rule" in scene.notice[0]
    drive.click(centre(allow))
    assert scene.state.phase is Phase.GUESS and scene.state.low == 3


def test_a_click_skips_the_running_animation(drive):
    scene = start(drive, FOUR)
    place(scene, scene.state.with_positions((0, 0, 0, 0), (1, 1, 1, 1), caller=0))
    drive.frames(2)
    scene.play(SetFlags(0, "Anna", 4))
    scene.ai_job = None
    scene.play(Guess(1, "Ben", 4))  # guessed at once: Ben's pair climbs 3
    assert scene.busy
    drive.click((600, 600))
    assert not scene.busy
    assert scene.tracks[(1, "peter")].shown_step() == 4


def test_escape_opens_the_pause_menu(drive):
    scene = start(drive, HUMAN_VS_AI)
    drive.key(pygame.K_ESCAPE)
    assert drive.app.scenes.top.name == "pause"
    assert scene in drive.app.scenes.visible()


# ---- translations ------------------------------------------------------------------------------
def keys(lang: str, name: str) -> set[str]:
    def flat(prefix: str, node: dict) -> set[str]:
        out = set()
        for k, v in node.items():
            out |= flat(f"{prefix}{k}.", v) if isinstance(v, dict) else {prefix + k}
        return out

    with (TRANSLATIONS_DIR / lang / name).open("rb") as fh:
        return flat("", tomllib.load(fh))


@pytest.mark.parametrize("name", ["bergruft.toml", "handoff.toml"])
def test_every_string_is_in_dutch_and_german(name):
    english = keys("en", name)
    assert keys("nl", name) == english
    assert keys("de", name) == english


# ---- whole hot-seat games with one input device alone --------------------------------------------
def _play_to_results(drive, decide, confirm_handoff, skip, by: str, limit: int = 6000) -> None:
    """Two humans play a whole game, through every hand-off, until the results scene shows."""
    drive.app.options.speed = 4.0
    for _ in range(limit):
        top = drive.app.scenes.top
        if top.name == "results":
            return
        if top.name == "handoff":
            confirm_handoff(top)
        elif top.name == "confirm":  # the move that ends the game asks first (issue 29)
            answer(drive, by=by)
        elif top.name == "bergruft" and top._question() is not None:
            decide(top)
        else:
            skip()
    raise AssertionError("the game did not reach the results")


def test_two_humans_play_a_whole_game_with_a_gamepad_alone(drive):
    start(drive, TWO_HUMANS.with_seed(11))
    a, right = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_DPAD_RIGHT
    rng = random.Random(5)  # vary the numbers: always 7 against 7 would restart both for ever

    def decide(scene):
        for _ in range(rng.randrange(4)):
            drive.pad(right, frames=1)
        before = (scene.state, scene.selected)
        drive.pad(a)
        if drive.app.scenes.top.name == "movelog":  # the focus was on "All moves": B closes it
            drive.pad(pygame.CONTROLLER_BUTTON_B)
        if (scene.state, scene.selected) == before:  # focus was on a greyed-out number
            drive.pad(right)

    _play_to_results(drive, decide, lambda _: drive.pad(a), lambda: drive.pad(a, frames=4), "pad")
    outcome = drive.app.scenes.top.outcome
    assert outcome["players"] == ["Anna", "Ben"] and outcome["winners"]


def test_two_humans_play_a_whole_game_by_touch_alone(drive):
    start(drive, TWO_HUMANS.with_seed(12))
    rng = random.Random(6)

    def decide(scene):
        enabled = [item.element for item in decisions(scene) if item.enabled]
        if scene._question() == "set":
            drive.tap(centre(enabled[rng.randrange(16)]))
            drive.tap(centre(decisions(scene)[-1].element))
        else:
            drive.tap(centre(rng.choice(enabled)))

    def confirm(handoff):
        drive.tap(centre(handoff.ring.items[0].element))

    _play_to_results(drive, decide, confirm, lambda: drive.tap((600, 600), frames=4), "touch")
    assert drive.app.scenes.top.outcome["winners"]


def test_flags_restarts_and_the_final_avalanche_are_heard(drive, fake_audio):
    scene = start(drive, AI_ONLY)
    assert fake_audio.ambients[-1] == "bergruft"  # the mountain wind, from the start
    place(scene, scene.state.with_positions((3, 0), (6, 1), caller=0))
    scene.play(SetFlags(0, "Anna", 4))
    assert fake_audio.played[-1] == "flags"
    scene.ai_job = None
    fake_audio.played.clear()
    scene.play(Guess(1, "Ben", 4))  # guessed at once: the caller's pair starts again
    drive.run(6.0)
    assert "rockslide" in fake_audio.played and "flag" in fake_audio.played
    last = scene.state.with_positions((13, 0), (16, 1), caller=0)  # B19: Heidi stays below
    place(scene, last.apply(SetFlags(0, "Anna", 15)).apply(Guess(1, "Ben", 0)))
    scene.play(AllowGuess(0, "Anna", Hint.HIGHER))
    scene.play(Guess(1, "Ben", 1))
    scene.play(AllowGuess(0, "Anna", Hint.HIGHER))
    scene.play(Guess(1, "Ben", 2))
    fake_audio.played.clear()
    scene.play(scene.state.legal_actions()[0])
    assert scene.state.is_over()
    drive.run(6.0)
    assert "rockslide" in fake_audio.played  # the avalanches at the end
    assert fake_audio.played.index("rockslide") < fake_audio.played.index("good")
