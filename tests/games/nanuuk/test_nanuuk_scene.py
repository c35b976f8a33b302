"""The Nanuuk! play scene under SDL's dummy driver: whole games by synthetic clicks and keys on the
highlighted targets (never by calling the rules), AI seats, undo, refusals and the results."""

from __future__ import annotations

import dataclasses
import json
import random

import pygame
import pytest

from game import i18n
from game.games.nanuuk.rules.actions import Banish, Crack, Step, Take
from game.games.nanuuk.scene import NanuukScene
from game.i18n import tr
from game.menus.replay import ReplayScene
from game.menus.title import TitleScene
from game.play.config import GameConfig, Seat
from game.ui import theme
from tests.finale_positions import answer
from tests.scenes_support import table_class


def config(variant: str, kinds: list[str], seed: int, **options: object) -> GameConfig:
    names = ("Anna", "Ben", "Cleo", "Dirk")
    colours = ("red", "blue", "yellow", "green")
    seats = tuple(Seat(names[i], k, colours[i]) for i, k in enumerate(kinds))
    return GameConfig("nanuuk", variant, seats, seed, dict(options))


def start(drive, cfg: GameConfig) -> NanuukScene:
    drive.app.scenes.reset(table_class("nanuuk"), config=cfg)
    drive.frames(2)
    scene = drive.app.scenes.stack[0]
    assert isinstance(scene, NanuukScene)
    return scene


def target_point(scene: NanuukScene, kind: str, where: int) -> tuple[int, int]:
    if kind == "edge":
        (x1, y1), (x2, y2) = scene.layout.edge_segment(where)
        return round((x1 + x2) / 2), round((y1 + y2) / 2)
    x, y = scene.layout.centre(where)
    return round(x), round(y)


def settle(drive, scene: NanuukScene) -> None:
    drive.until(lambda: not scene.busy, seconds=10)


def human_step(drive, scene: NanuukScene, rng: random.Random, use_keys: bool) -> None:
    """One human decision made the way a player makes it: on the board or with a button."""
    targets = scene.board_targets()
    buttons = [item for item in scene.ring.items if item.enabled]
    undo = [b for b in buttons if b.element.text == "Undo"]
    buttons = [b for b in buttons if b not in undo]
    if targets and (not buttons or rng.random() < 0.85):
        n = rng.randrange(len(targets))
        if use_keys:
            for _ in range(n):
                drive.key(pygame.K_RIGHT, frames=1)
            drive.key(pygame.K_RETURN)
        else:
            drive.click(target_point(scene, targets[n][0], targets[n][1]))
    else:
        assert buttons, f"nothing to do in phase {scene.state.phase}"
        choice = rng.choice(buttons)
        drive.click(choice.element.rect.center)


def play_out(drive, scene: NanuukScene, seed: int, use_keys: bool, limit: int = 3000) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if drive.app.outcome is not None:
            return
        settle(drive, scene)
        if scene.state.is_over() or not scene.human_turn:
            drive.frames(5)
            continue
        before = len(scene.log)
        human_step(drive, scene, rng, use_keys)
        answer(drive, by="key" if use_keys else "mouse")  # a move that ends the game asks first
        settle(drive, scene)
        assert len(scene.log) > before or scene.place_mover is not None
    pytest.fail("the game did not end")


@pytest.mark.parametrize("use_keys", [False, True])
def test_a_whole_introduction_game_by_clicks_or_keys(drive, use_keys) -> None:
    drive.app.options.exit_when_over = True
    drive.app.options.speed = 8
    scene = start(drive, config("intro", ["human", "human"], seed=5))
    play_out(drive, scene, seed=1, use_keys=use_keys)
    drive.until(lambda: drive.app.outcome is not None, seconds=10)
    out = drive.app.outcome
    assert out["game"] == "nanuuk" and out["variant"] == "intro" and len(out["winners"]) == 1
    assert out["reason"] == "nanuuk_two_player_enclosed"
    assert json.loads(json.dumps(out)) == out


def test_a_whole_full_game_by_clicks(drive) -> None:
    drive.app.options.exit_when_over = True
    drive.app.options.speed = 8
    scene = start(drive, config("full", ["human", "human"], seed=3))
    play_out(drive, scene, seed=2, use_keys=False)
    drive.until(lambda: drive.app.outcome is not None, seconds=10)
    out = drive.app.outcome
    outcome = scene.state.outcome()
    assert out["variant"] == "full" and outcome is not None
    assert out["reason"] == f"nanuuk_{outcome.details['decided_by']}"  # N27: what decided it
    for seat, detail in enumerate(out["details"]):
        animals = detail["fish"] + 2 * detail["seal"] + 3 * detail["walrus"] + 4 * detail["whale"]
        assert out["scores"][seat] == animals + detail["igloo_bonus"]


def test_ai_seats_play_a_full_game_to_the_results(drive) -> None:
    drive.app.options.speed = 30
    scene = start(drive, config("full", ["easy", "normal", "easy"], seed=4))
    assert drive.until(lambda: drive.app.scenes.top.name == "results", seconds=900)
    assert scene.state.is_over()


def test_a_click_on_a_field_that_is_not_offered_says_why(drive) -> None:
    scene = start(drive, config("intro", ["human", "human"], seed=5))
    floe = scene.state.spec.board.floe
    drive.click(target_point(scene, "field", floe.field("F29")))  # A places on F29
    settle(drive, scene)
    drive.click(target_point(scene, "field", floe.field("F29")))  # B cannot place there too
    assert scene.notice is not None and "not free" in scene.notice[0]
    assert scene.notice[0] == tr("refusal.nanuuk.not_empty", field="F29")
    assert scene.state.phase == "place" and len(scene.log) == 1


def watch_text(monkeypatch) -> list[str]:
    """The texts the screen draws from now on."""
    drawn: list[str] = []
    original = theme.text

    def text(surface, content, *args, **kwargs):
        drawn.append(str(content))
        return original(surface, content, *args, **kwargs)

    monkeypatch.setattr(theme, "text", text)
    return drawn


def test_a_refusal_is_said_in_the_players_language_from_the_rules_code(drive) -> None:
    i18n.set_language("de")
    scene = start(drive, config("intro", ["human", "human"], seed=5))
    floe = scene.state.spec.board.floe
    drive.click(target_point(scene, "field", floe.field("F29")))
    settle(drive, scene)
    drive.click(target_point(scene, "field", floe.field("F29")))
    assert scene.notice is not None
    assert scene.notice[0] == "Das Feld ist nicht frei."  # refusal.nanuuk.not_empty in German


def test_the_move_log_keeps_codes_and_follows_a_change_of_language(drive, monkeypatch) -> None:
    scene = start(drive, config("intro", ["human", "human"], seed=5))
    floe = scene.state.spec.board.floe
    drive.click(target_point(scene, "field", floe.field("F29")))
    settle(drive, scene)
    assert scene.log == [(0, "place", {"mover": "hunter 1", "to": "F29"})]
    drawn = watch_text(monkeypatch)
    scene.painted.reset()  # the panels are painted when they change: once more, to be seen
    drive.frames(1)
    assert "Anna: places hunter 1 on F29" in drawn
    i18n.set_language("nl")  # a change of language repaints them in the next frame
    drawn.clear()
    drive.frames(1)
    assert "Anna: zet jager 1 op F29" in drawn
    assert "Anna: places hunter 1 on F29" not in drawn


def test_undo_takes_back_the_last_human_decision_but_never_an_ai_move(drive) -> None:
    scene = start(drive, config("intro", ["human", "human"], seed=5))
    floe = scene.state.spec.board.floe
    drive.click(target_point(scene, "field", floe.field("F29")))
    settle(drive, scene)
    first = scene.state
    drive.click(target_point(scene, "field", floe.field("F40")))
    settle(drive, scene)
    assert scene.state != first
    scene.undo()
    assert scene.state == first and len(scene.log) == 1
    scene = start(drive, config("intro", ["human", "easy"], seed=5))
    drive.click(target_point(scene, "field", floe.field("F29")))
    drive.until(lambda: scene.human_turn and len(scene.log) >= 3, seconds=60)
    before = scene.state
    scene.undo()  # the AI moved since: nothing to undo
    assert scene.state == before


def test_the_crack_question_highlights_lines_and_a_click_picks_one(drive) -> None:
    scene = start(drive, config("intro", ["human", "human", "human"], seed=5))
    floe = scene.state.spec.board.floe
    for label in ("F29", "F11", "F45"):
        drive.click(target_point(scene, "field", floe.field(label)))
        settle(drive, scene)
    drive.click(target_point(scene, "field", floe.field("F30")))  # hunter 1 steps
    settle(drive, scene)
    assert scene.state.phase == "crack"
    targets = scene.board_targets()
    assert targets and all(kind == "edge" for kind, _, _ in targets)
    assert all(isinstance(action, Crack) for _, _, action in targets)
    kind, edge, _ = targets[2]
    drive.click(target_point(scene, kind, edge))
    settle(drive, scene)
    assert scene.state.cracks & edge


def test_monkey_input_never_breaks_the_scene(drive) -> None:
    drive.app.options.speed = 10
    start(drive, config("full", ["human", "easy", "human"], seed=9))
    rng = random.Random(3)
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
            pygame.K_TAB, pygame.K_SPACE]  # fmt: skip
    for _ in range(700):
        roll = rng.random()
        if roll < 0.5:
            drive.click((rng.randrange(1920), rng.randrange(1080)), frames=1)
        elif roll < 0.9:
            drive.key(rng.choice(keys), frames=1)
        else:
            drive.frames(3)
        if drive.app.scenes.top.name != "nanuuk":  # the pause menu: back into the game
            drive.key(pygame.K_ESCAPE, frames=2)
    assert drive.app.scenes.stack[0].name == "nanuuk"


def _nonblank(surface: pygame.Surface) -> bool:
    small = pygame.transform.smoothscale(surface, (64, 36))
    colours = {small.get_at((x, y))[:3] for x in range(0, 64, 4) for y in range(0, 36, 4)}
    return len(colours) > 20


def test_screenshots_of_mid_game_igloo_dialog_and_results_are_not_blank(drive, tmp_path) -> None:
    from game.games.nanuuk.rules.sheet import Sheet
    from game.games.nanuuk.rules.turn import start_turn

    scene = start(drive, config("full", ["human", "easy"], seed=3))
    st = scene.state
    floe = st.spec.board.floe
    pos = (floe.field("F18"), floe.field("F22"))
    sheets = (Sheet(carried=1, bag=0b0111, inuk=True), Sheet())
    scene.state = start_turn(st.with_(pos=pos, placed=2, turns=(1, 1), sheets=sheets), 0)
    scene._built_key = None
    drive.frames(2)
    drive.click(target_point(scene, "field", floe.field("F17")))  # into the igloo
    settle(drive, scene)
    if scene.state.phase == "crack":
        kind, edge, _ = scene.board_targets()[0]
        drive.click(target_point(scene, kind, edge))
        settle(drive, scene)
    assert scene.state.phase == "igloo" and scene.dialog_rect() is not None
    drive.frames(2)
    shot = tmp_path / "igloo.png"
    drive.app.save_screenshot(shot)
    assert _nonblank(pygame.image.load(str(shot)))
    drive.app.options.speed = 30
    play_out(drive, scene, seed=4, use_keys=False)
    assert drive.until(lambda: drive.app.scenes.top.name == "results", seconds=30)
    drive.frames(3)
    shot = tmp_path / "results.png"
    drive.app.save_screenshot(shot)
    assert _nonblank(pygame.image.load(str(shot)))


def test_a_gamepad_and_a_finger_each_make_a_move(drive) -> None:
    scene = start(drive, config("intro", ["human", "human", "human"], seed=5))
    first = scene.board_targets()[0]
    drive.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # focus the second placement field
    drive.pad(pygame.CONTROLLER_BUTTON_A)
    settle(drive, scene)
    assert scene.log and scene.state.pos[0] != first[1] and scene.state.pos[0] >= 0
    kind, where, _ = scene.board_targets()[5]
    drive.tap(target_point(scene, kind, where))
    settle(drive, scene)
    assert scene.state.pos[1] == where and len(scene.log) == 2


def test_steps_cracks_and_the_harpoon_are_heard(drive, fake_audio) -> None:
    scene = start(drive, config("intro", ["human", "human", "human"], seed=5))
    assert fake_audio.ambients[-1] == "nanuuk"  # the floe's wind, from the start
    floe = scene.state.spec.board.floe
    for label in ("F29", "F11", "F45"):
        drive.click(target_point(scene, "field", floe.field(label)))
        settle(drive, scene)
    fake_audio.played.clear()
    drive.click(target_point(scene, "field", floe.field("F30")))  # hunter 1 steps
    settle(drive, scene)
    assert fake_audio.played == ["step"]
    kind, edge, _ = scene.board_targets()[0]
    drive.click(target_point(scene, kind, edge))
    settle(drive, scene)
    assert fake_audio.played[:2] == ["step", "crack"]
    # the full game's moments, through the same animation start
    old = dataclasses.replace(scene.state, at=scene.state.pos[0])
    fake_audio.played.clear()
    scene.animate(old, Banish(old.pos[1]), old)
    scene.animate(old, Take("walrus"), old)
    scene.animate(old, Take("fish"), old)
    scene.animate(old, Step(old.spec.movers[0].id, old.pos[1], kayak=True), old)
    assert fake_audio.played == ["harpoon", "harpoon", "good", "splash"]
    drive.app.scenes.reset(TitleScene)
    drive.frames(2)
    assert fake_audio.ambients[-1] is None  # the loop ends with the game


def test_the_replay_viewer_tells_each_move_as_the_log_does(drive) -> None:
    from game.games.nanuuk.rules import RULES
    from game.play import saves

    cfg = config("intro", ["human", "human"], seed=5)
    state = RULES.new_game("intro", cfg.names, seed=5)
    moves = []
    for _ in range(2):  # Anna places hunter 1, Ben hunter 3 (N10: two hunters each)
        action = state.legal_actions()[0]
        moves.append(action.to_dict())
        state = state.apply(action)
    drive.app.scenes.push(ReplayScene, record=saves.build("replay", cfg, moves, state))
    drive.frames(2)
    viewer = drive.scene
    drive.key(pygame.K_RIGHT)
    assert viewer.talk == f"Anna: places hunter 1 on {moves[0]['to']}"
    i18n.set_language("de")
    drive.key(pygame.K_RIGHT)
    assert viewer.talk == f"Ben: setzt Jäger 3 auf {moves[1]['to']}"
