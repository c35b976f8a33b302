"""The player's settings in force: the one place that changes, applies and saves them.

It owns the rule of the language: ``--lang`` holds for this run until the player picks a
language in Settings; changing anything else (the volume, say) keeps it. The file keeps the
player's own language, never the run's. A kiosk visitor's flag is a language for the visit only
(``visit``); ``restore_language`` goes back to the run's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from game import i18n
from game.persist.settings import Settings, save_settings

Listener = Callable[[Settings, Settings], None]  # (old, new): apply what changed


class SettingsStore:
    def __init__(self, folder: Path, settings: Settings, run_language: str | None = None) -> None:
        self.folder = folder
        self._settings = settings
        self._run_language = run_language  # --lang, until the player picks a language
        self.listeners: list[Listener] = []  # the display, the sound, the look
        self.not_saved: Callable[[OSError], None] = _raise  # the app tells the player

    @property
    def current(self) -> Settings:
        return self._settings

    @property
    def language(self) -> str:
        """The language of this run: ``--lang`` until the player picks one in Settings."""
        return self._run_language or self._settings.language

    def restore_language(self) -> None:
        """Speak the run's language (at start, and when a kiosk visitor leaves)."""
        i18n.set_language(self.language)

    def visit(self, language: str) -> None:
        """A kiosk visitor's flag: ``language`` until ``restore_language``, never saved."""
        i18n.set_language(language)

    def pick_language(self, language: str) -> None:
        """The player picked ``language`` in Settings: it replaces ``--lang`` (even when it is
        the one the file already held) and is saved."""
        self._run_language = None
        self.change(replace(self._settings, language=language))

    def change(self, settings: Settings) -> None:
        """Apply ``settings`` at once and save them; a file that cannot be written loses the
        player nothing of this run (``not_saved`` tells them)."""
        old, self._settings = self._settings, settings
        if settings.language != old.language:
            self._run_language = None  # the player picked a language: it replaces --lang
        self.restore_language()
        for listener in self.listeners:
            listener(old, settings)
        try:
            save_settings(self.folder, settings)
        except OSError as exc:
            self.not_saved(exc)


def _raise(exc: OSError) -> None:
    raise exc
