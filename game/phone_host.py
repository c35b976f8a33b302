"""The app's phone companion (``game.engine.services.Phones``): at most one ``PhoneServer``.

The menus and the table may not import ``game.phones`` (it sits beside the menus, above the
table); they see this object as ``services.phones``. ``open()`` starts the server on the port of
the settings (``phones_port``) or of ``--phones-port``, in the table's language (followed
whenever a scene closes: the settings, from the pause menu, may have changed it); a port it
cannot listen on becomes ``PhonesUnavailable`` with the words' key and, for a busy port, another
port that is free now (the suggestion the join screen shows). ``close()`` stops it.

The app closes it at the end of a game (the results screen), at the title (quit to title, the
kiosk's return, an error's), and when the run ends (the window's close, SIGTERM: the loop's
``closing``): as a scene listener it hears the results and the title open.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from game import i18n
from game.engine.services import PhoneDoor, PhoneNews, PhonesUnavailable
from game.phones.messages import Code, PhoneError, PhoneEvent
from game.phones.server import PhoneServer

if TYPE_CHECKING:
    from game.engine.scenes import Scene

# the scenes at which no phone is wanted any more: the end of a game, and the title
CLOSING_SCENES = frozenset({"results", "title"})
SUGGESTION_RANGE = 40  # ports after the busy one that are tried for a free one
HIGHEST_PORT = 65535


class HostServer(PhoneServer):
    """The server as the scenes get it: news a scene read but left for the next one (the join
    screen keeps "joined" and "left"; a phone's language chosen meanwhile is the table's) comes
    first at the next poll, in the order it came."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._unread: list[PhoneEvent] = []

    def unread(self, news: Sequence[PhoneNews]) -> None:
        self._unread = [PhoneEvent(n.seat, n.kind, dict(n.body)) for n in news] + self._unread

    def poll(self) -> list[PhoneEvent]:
        earlier, self._unread = self._unread, []
        return earlier + super().poll()


class PhoneHost:
    """The one phone server of a run, started and stopped by the app (see the module's text).
    ``port``: the port in force when it opens (the settings', or ``--phones-port``); ``host``:
    the address to listen on (None: the machine's LAN address; tests give the loopback)."""

    def __init__(self, port: Callable[[], int], host: str | None = None) -> None:
        self.port = port
        self.host = host
        self._server: HostServer | None = None

    @property
    def door(self) -> PhoneDoor | None:
        return self._server

    def open(self) -> PhoneDoor:
        if self._server is not None:
            return self._server
        port = self.port()
        server = HostServer(port, host=self.host, language=i18n.language())
        try:
            server.start()
        except PhoneError as problem:
            raise unavailable(problem, server.host, port) from None
        self._server = server
        return server

    def close(self) -> None:
        """Stop the server: every phone told and closed, the port free. Safe to call again."""
        server, self._server = self._server, None
        if server is not None:
            server.stop()

    # ---- a scene listener (``SceneManager.listeners``) ----------------------------------------
    def scene_entered(self, scene: Scene) -> None:
        if scene.name in CLOSING_SCENES:
            self.close()

    def scene_left(self, scene: Scene) -> None:
        # the settings (from the pause menu, mid-game) may have changed the TV's language: a
        # page opened or a phone joined from now on speaks it too, as the table's payloads do
        if self._server is not None:
            self._server.set_language(i18n.language())


def unavailable(problem: PhoneError, host: str | None, port: int) -> PhonesUnavailable:
    """The server's refusal as the join screen's words: a busy port with a free one to try (or,
    none found, the flag that chooses one), another failure with its reason."""
    if problem.code is Code.PORT_BUSY:
        free = free_port_after(host, port)
        if free is None:
            return PhonesUnavailable("join.port_busy_none", port=port)
        return PhonesUnavailable("join.port_busy", port=port, free=free)
    reason = str(problem.params.get("reason", ""))
    return PhonesUnavailable("join.cannot_listen", port=port, reason=reason)


def free_port_after(host: str | None, port: int) -> int | None:
    """The first port after ``port`` that ``host`` can listen on now, or None."""
    for candidate in range(port + 1, min(port + SUGGESTION_RANGE, HIGHEST_PORT) + 1):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind((host or "", candidate))
            except OSError:
                continue
            return candidate
    return None
