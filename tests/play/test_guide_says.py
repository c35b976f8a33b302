"""Issue 29, item 6: the guide never suggests a move that does nothing. Its suggestion is a
legal action, the table plays it as suggested (a click on the ringed place, Enter, a pad's A),
and its words say what that action does.

Every shipped game that guides is walked through seeded whole games of people only (the
knob ``GUIDE_GAMES``: ``(variant, players, seed, options)``); at each decision the table's
guide is asked, its action must be legal through the rules, and after the table played it the
game's own check (the knob ``guide_says(old, hint, new)``, in its test folder) compares the
hint's sentences (``Hint.words``: keys and parameters) with what the action did. Now and then
another legal action is played instead, so the walk meets the positions people make; the
sentences it must meet on its way are the knob ``GUIDE_MEETS`` (Nanuuk!: a walrus after the
harpoon was thrown, issue 29's case).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game import i18n
from game.games.nanuuk import guide as nanuuk_guide
from game.games.nanuuk.rules.sheet import SLEDGE, Sheet
from game.i18n import LANGUAGES, tr
from game.play.config import GameConfig, Seat
from game.play.registry import plugin
from game.ui import theme
from tests.finale_positions import answer
from tests.games.nanuuk.nanuuk_positions import position
from tests.games_support import knob, shipped
from tests.scenes_support import Driver, table_class

FOLLOWED = 0.75  # the share of decisions at which the walk plays the guide's suggestion


def guided_games() -> list[str]:
    return [g for g in shipped() if table_class(g).guides()]


def walks(game: str) -> list[tuple[str, int, int, dict[str, Any]]]:
    """The seeded games walked: the knob, else each variant once at its fewest players."""
    default = [(v.id, v.min_players, 1, {}) for v in plugin(game).rules.variants()]
    return list(knob(game, "GUIDE_GAMES", default))


def open_table(drive: Driver, game: str, variant: str, players: int, seed: int,
               options: dict[str, Any] | None = None) -> Any:  # fmt: skip
    seats = tuple(Seat(f"Player {n + 1}") for n in range(players))
    config = GameConfig(game, variant, seats, seed, dict(options or {}), guided=True)
    drive.app.scenes.reset(table_class(game), config=config)
    drive.frames(2)
    return drive.app.scenes.stack[0]


def next_hint(drive: Driver, scene: Any) -> Any:
    """The hint of the next decision (a hand-off screen passed on the way), None once over."""

    def ready() -> bool:
        top = drive.app.scenes.top
        if top is not scene and top.name == "handoff":
            top.ring.items[0].activate()
            drive.app.scenes.apply_pending()
        return scene.state.is_over() or (scene.guide_hint() is not None and not scene.busy)

    assert drive.until(ready, seconds=60)
    return None if scene.state.is_over() else scene.guide_hint()


# ---- the walk: every hint legal, and its words what its action does --------------------------
@pytest.mark.parametrize("game", guided_games())
def test_every_hint_is_legal_and_says_what_its_action_does(drive, game) -> None:
    says: Callable[[Any, Any, Any], None] | None = knob(game, "guide_says", None)
    assert says is not None, f"{game}: its test folder's conformance.py names no guide_says"
    seen: set[tuple[str, ...]] = set()
    cut: list[str] = []
    for variant, players, seed, options in walks(game):
        scene = open_table(drive, game, variant, players, seed, options)
        rng = random.Random(seed)
        checked = 0
        for _ in range(3000):
            hint = next_hint(drive, scene)
            if hint is None:
                break
            if hint.keys() not in seen:  # its words, in every language, fit the panel
                seen.add(hint.keys())
                cut += cut_words(scene)
            old = scene.state
            assert old.why_not(hint.action) is None, f"{variant}: an illegal hint {hint}"
            assert hint.action in old.legal_actions() and hint.words, hint
            if rng.random() < FOLLOWED:
                played(drive, scene, hint.action)
                try:
                    says(old, hint, scene.state)
                except AssertionError as failed:
                    raise AssertionError(f"{game} {variant} seed {seed}: {hint.text}") from failed
                checked += 1
            else:
                played(drive, scene, rng.choice(old.legal_actions()))
        assert scene.state.is_over(), f"{game} {variant} seed {seed} did not end"
        # the bots think by the clock, so a game's length (and how many hints the walk follows)
        # varies from machine to machine: a short Der Berg ruft game met 10 on a busy one
        assert checked > 5
    assert not cut, "\n".join(cut)
    said = {key for keys in seen for key in keys}
    unmet = set(knob(game, "GUIDE_MEETS", ())) - said
    assert not unmet, f"{game}: the walk never met {sorted(unmet)}"  # the cases that matter


def played(drive: Driver, scene: Any, action: Any) -> None:
    """``action`` played at the table; a move that ends the game asks first (issue 29, item 5):
    the walk says yes, and the table then plays it."""
    before = len(scene.moves)
    if not scene.play(action):
        drive.frames(1)
        assert answer(drive, yes=True), f"{action} was not played and nothing was asked"
    assert scene.moves[before:][:1] == [action.to_dict()], f"not {action}"
    scene.skip()


def cut_words(scene: Any) -> list[str]:
    """The guide's panel of this decision drawn in every language at 130 % text: the texts
    that had to be cut to fit (none may be)."""
    cut: list[str] = []
    surface = pygame.Surface((1920, 1080))
    try:
        for language in LANGUAGES:
            i18n.set_language(language)
            theme.configure(False, 1.3, False)
            recording = theme.start_recording()
            try:
                scene.draw_guide(surface)  # the hint made anew, in this language
            finally:
                theme.stop_recording(recording)
            cut += [f"{language}: {whole!r}" for whole, _ in recording.cuts]
    finally:
        i18n.set_language("en")
        theme.configure(False, 1.0, False)
    return cut


# ---- the table plays what the guide suggests: mouse, keys, pad --------------------------------
def press(drive: Driver, scene: Any, hint: Any, how: str) -> None:
    if how == "mouse":
        rect = scene.guide_rect(hint.target)
        assert rect is not None, hint
        drive.click(rect.center)
    elif how == "keys":
        drive.key(pygame.K_RETURN)
    else:
        drive.pad(pygame.CONTROLLER_BUTTON_A)


@pytest.mark.parametrize("how", ["mouse", "keys", "pad"])
@pytest.mark.parametrize("game", guided_games())
def test_the_table_plays_what_the_guide_suggests(drive, game, how) -> None:
    """The ringed place clicked, or Enter or A pressed (the focus starts on the guide's
    target): the table plays exactly the suggested action; a first step of it (a card picked
    up, a number tapped) leads to the same suggestion at its next place."""
    variant, players, seed, options = walks(game)[0]
    scene = open_table(drive, game, variant, players, seed, options)
    played = 0
    while played < 14:
        hint = next_hint(drive, scene)
        if hint is None:
            break
        drive.frames(1)  # the hint is seen (and the focus put on its target)
        before, moves = scene.state, len(scene.moves)
        press(drive, scene, hint, how)
        drive.frames(2)
        if scene.state is before:  # a first step: the same action, pointed at its next place
            after = next_hint(drive, scene)
            assert after is not None and after.action == hint.action, (hint, after)
            assert after.target != hint.target, f"{how}: nothing happened on {hint.target}"
            continue
        assert scene.moves[moves:][:1] == [hint.action.to_dict()], f"{how}: not {hint.action}"
        played += 1
    assert played >= 8 or scene.state.is_over()


# ---- issue 29's case: the harpoon thrown, a walrus next door (145, 146) ------------------------
def test_the_guide_promises_no_take_without_the_harpoon() -> None:
    """The hunter's harpoon was thrown at a polar bear; the guide sends him onto the walrus
    beside him. It must not say "if you take it with your harpoon": the rules offer no take,
    and nothing would happen. It says why he cannot take it."""
    state = position(
        "full", 2, {"hunter 1": "F44", "hunter 2": "F41"},
        pieces={"walrus": ["F36", "F10"], "fish": ["F16", "F23"], "seal": ["F27", "F12"],
                "whale": ["F11"], "bear": ["F35", "F50"], "inuk": ["F25"]},
        sheets={"hunter 1": Sheet(carried=SLEDGE, bag=1)},  # a fish in the bag, no harpoon
    )  # fmt: skip
    hint = nanuuk_guide.hint(state.view(0), 0)
    assert str(hint.action) == "hunter 1 -> F36"  # the walrus's field
    promise = tr("guide.nanuuk.why_animal", animal=tr("nanuuk.animal.walrus"), n=3)
    assert promise not in hint.text
    assert "why_animal_no_harpoon" in hint.keys()
    entered = state.apply(hint.action)
    entered = entered.apply(entered.legal_actions()[0])  # the crack
    assert entered.phase != "take" and entered.piece_at(hint.action.to) == "walrus"
