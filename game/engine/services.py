"""What a scene may use of the running program: ``Services``, a value of real parts.

A scene (and the kiosk's policy) gets this one value: the scene stack, the clock, the settings
store, sound, toasts, the files, the policy in force, the game-over handler, the menus that
the parts below them open (``Menus``), the records of the game in play, and of the loop and
the display only what a scene may ask (quit, the stop request, the focus ring, full screen).
Not the window, the accumulator or the running flag: a scene cannot make the loop misbehave.
A test builds one from parts of its own, without an App.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame_gui

    from game.engine.audio import Audio
    from game.engine.clock import Clock
    from game.engine.files import Files
    from game.engine.policy import Policy
    from game.engine.scenes import SceneManager
    from game.engine.settings_store import SettingsStore
    from game.engine.stop import StopRequest
    from game.persist.settings import Settings


class Run(Protocol):
    """What a scene may ask of the loop (``game.engine.loop.Loop``)."""

    stop: StopRequest  # the operating system's request to stop (SIGTERM, SIGINT, a logout)
    show_focus: bool  # the focus ring shows (keys or a gamepad were used last)
    raise_errors: bool  # tests and headless runs: an error stops the run

    def quit(self, operator: bool = False) -> None: ...


class Screen(Protocol):
    """What a scene may ask of the display (``game.engine.display.Display``)."""

    fullscreen: bool

    def reopen(self) -> None: ...


class Toaster(Protocol):
    def add(self, text: str, seconds: float, once: bool = False) -> None: ...


class Keeper(Protocol):
    """The game being played, kept (``game.play.records.Records``)."""

    @property
    def playing(self) -> bool: ...

    def save(self) -> Path | None: ...

    def autosave(self) -> Path | None: ...


GameOver = Callable[[Any, dict[str, Any]], None]  # (the table's record, the outcome)


# ---- the phones (issue 30; docs/PHONES.md) ---------------------------------------------------
# The phone server lives in game.phones, beside the menus and above the table: neither may import
# it. They see it through these protocols; the app (which may) hands in the real one.
class PhoneNews(Protocol):
    """One thing a phone did (``game.phones.messages.PhoneEvent``): ``kind`` is "joined",
    "left", "action" (``body["action"]``, the rules' dict; ``body["asked"]``: the phone asked its
    player first), "focus" (``body["action"]``: picked, not played yet), "undo" or "language"
    (``body["lang"]``)."""

    @property
    def seat(self) -> int: ...

    @property
    def kind(self) -> str: ...

    @property
    def body(self) -> dict[str, Any]: ...


class SeatPassLike(Protocol):
    @property
    def token(self) -> str: ...

    @property
    def code(self) -> str: ...


class PhoneDoor(Protocol):
    """A running phone server as the join screen and the table use it
    (``game.phones.server.PhoneServer``): thread-safe, never blocks the loop."""

    @property
    def address(self) -> str: ...

    def add_seat(self, seat: int) -> SeatPassLike: ...

    def join_url(self, seat: int) -> str: ...

    def release(self, seat: int) -> None: ...

    def remove_seat(self, seat: int) -> None: ...

    def set_language(self, lang: str) -> None: ...

    def poll(self) -> Sequence[PhoneNews]: ...

    def unread(self, news: Sequence[PhoneNews]) -> None:
        """Put back news read but not used: the next ``poll`` returns it first (the join screen
        uses "joined" and "left"; the rest is the table's)."""

    def send(self, seat: int, payload: dict[str, Any], *, keep: bool = True) -> None: ...

    def connected(self) -> set[int]: ...


class PhonesUnavailable(Exception):
    """The phone server cannot listen: ``key`` names the words (``phones.port_busy``), with
    ``params`` (the port, a suggestion)."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class Phones(Protocol):
    """The phone companion as the scenes see it: at most one server, which the app starts and
    stops (at the end of a game, quit to title, window close, SIGTERM)."""

    @property
    def door(self) -> PhoneDoor | None:
        """The running server, or None."""

    def open(self) -> PhoneDoor:
        """Start the server (the running one if it is): raises ``PhonesUnavailable``."""

    def close(self) -> None:
        """Stop it: every connection closed, the port free; harmless when stopped."""


class NoPhones:
    """No phone companion (a test's services, a run without one): nothing ever listens."""

    door: PhoneDoor | None = None

    def open(self) -> PhoneDoor:
        raise PhonesUnavailable("phones.off")

    def close(self) -> None:
        pass


class Menus(Protocol):
    """The menus that the parts below them (the kit, the table) and beside them (the kiosk)
    open; the composition root wires them to their scenes (``game.menus.doors``). The menus
    open each other by class. The table asks before a move that ends the game (``confirm``)."""

    def title(self) -> None:
        """Close every scene and show the title screen."""

    def pause(self, game: str) -> None:
        """The pause menu over ``game``'s table."""

    def settings(self) -> None:
        """The settings over the scene on top."""

    def confirm(self, title: str, message: str, on_yes: Callable[[], None], yes: str = "",
                no: str = "") -> None:  # fmt: skip
        """A question over the scene on top (``yes``/``no``: the buttons' words, by default
        Yes and No): ``on_yes`` runs after a "yes"; a "no" (Esc, pad B) changes nothing."""


@dataclass(frozen=True)
class Services:
    scenes: SceneManager
    clock: Clock
    settings_store: SettingsStore
    audio: Audio
    toasts: Toaster
    files: Files
    policy: Policy  # how the program behaves around the scenes (the kiosk's, in kiosk mode)
    game_over: GameOver  # a play table hands its record and outcome here at its game's end
    menus: Menus  # the title, pause and settings, for those who may not import the menus
    records: Keeper  # "Save game", the autosave on leaving a game
    run: Run
    screen: Screen
    new_ui_manager: Callable[[], pygame_gui.UIManager]
    phones: Phones = field(default_factory=NoPhones)  # the phone companion (issue 30)

    # ---- the names scenes use ---------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        return self.settings_store.current

    def update_settings(self, settings: Settings) -> None:
        """Apply and save new settings (language, access, volume, fullscreen)."""
        self.settings_store.change(settings)

    @property
    def data_dir(self) -> Path:
        return self.files.data_dir

    @property
    def log_path(self) -> Path:
        return self.files.log_path

    def sound(self, name: str) -> None:
        self.audio.sound(name)

    def ambient(self, game: str | None) -> None:
        """A game scene's ambient loop, from its enter to its exit (None: no loop)."""
        self.audio.ambient(game)

    def toast(self, text: str, seconds: float = 3.0, once: bool = False) -> None:
        """A message on top of every scene for ``seconds``; ``once``: not while it shows."""
        self.toasts.add(text, seconds, once)

    @property
    def stop(self) -> StopRequest:
        return self.run.stop

    def quit(self, operator: bool = False) -> None:
        """End the run, if the policy lets it (``operator``: the kiosk admin menu's Quit)."""
        self.run.quit(operator)

    @property
    def show_focus(self) -> bool:
        return self.run.show_focus

    @property
    def raise_errors(self) -> bool:
        """Tests and headless runs: an error stops the run instead of being shown."""
        return self.run.raise_errors

    @property
    def fullscreen(self) -> bool:
        return self.screen.fullscreen

    def reopen_display(self) -> None:
        self.screen.reopen()
