"""The messages between a phone and the server, their limits, and the server's own refusals.

A phone sends JSON objects with a ``type``:

- ``{"type": "hello", "token": T, "device": D}`` or ``{"type": "hello", "code": C, "device": D}``:
  join (or come back to) a seat; ``D`` is the id the page keeps in its storage;
- ``{"type": "action", "action": {...}, "asked": true}``: an action in the rules' own terms (its
  ``to_dict`` form), handed to the table as it is: the server never reads it; ``asked`` (optional,
  false by default): the phone asked its player the table's question before a deciding move;
- ``{"type": "focus", "action": {...}}``: the choice the phone's player has picked but not yet
  played (the TV marks it); like an action, never read by the server;
- ``{"type": "undo"}``: take back the seat's last decision (where the table allows it);
- ``{"type": "language", "lang": "nl"}``: this phone speaks another of the table's languages;
- ``{"type": "ping"}``: answered with ``{"type": "pong"}``.

The server sends:

- ``{"type": "welcome", "seat": s, "token": T, "code": C, "lang": L}`` on joining, then at once
  the last message the table kept for the seat;
- ``{"type": "table", "body": {...}}``: what the table sends the seat (its view, the public log
  lines, a refusal of its action), the body as the table made it;
- ``{"type": "error", "code": "phones.…", "params": {...}}``: a refusal the page translates; it
  changes nothing;
- ``{"type": "pong"}``.

Every code is a key of the translation files (``assets/translations/<lang>/phones.toml``).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Code(StrEnum):
    """The server's refusals and messages, each a translation key."""

    PORT_BUSY = "phones.port_busy"  # params: port
    CANNOT_LISTEN = "phones.cannot_listen"  # params: port, reason
    NOT_STARTED = "phones.not_started"
    TOO_BIG = "phones.error.too_big"  # params: limit
    TOO_FAST = "phones.error.too_fast"
    NOT_TEXT = "phones.error.not_text"
    BAD_JSON = "phones.error.bad_json"
    NOT_OBJECT = "phones.error.not_object"
    UNKNOWN_TYPE = "phones.error.unknown_type"  # params: type
    BAD_FIELD = "phones.error.bad_field"  # params: field
    NOT_JOINED = "phones.error.not_joined"
    ALREADY_JOINED = "phones.error.already_joined"
    UNKNOWN_SEAT = "phones.error.unknown_seat"
    SEAT_TAKEN = "phones.error.seat_taken"
    TOO_MANY_TRIES = "phones.error.too_many_tries"
    RELEASED = "phones.error.released"
    REPLACED = "phones.error.replaced"
    CLOSING = "phones.error.closing"


class PhoneError(Exception):
    """A refusal with its code and parameters, for a screen (or the page) to put in words."""

    def __init__(self, code: Code, **params: Any) -> None:
        super().__init__(code.value, params)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Limits:
    """What one connection may send. ``burst`` messages at once, then ``per_second`` (a token
    bucket); a phone clicks a few times a second at most."""

    message_bytes: int = 16 * 1024  # larger: refused with an error, the connection stays
    frame_bytes: int = 64 * 1024  # larger: the connection is closed (1009, message too big)
    burst: int = 20
    per_second: float = 5.0
    floods: int = 200  # refused messages in a row before the connection is closed (1008)
    join_failures: int = 20  # wrong tokens or codes from one address before it is refused
    connections: int = 32  # open sockets at once
    queued: int = 256  # messages waiting for a slow phone before its connection is dropped


class Bucket:
    """A token bucket: ``take()`` is whether one more message may pass now."""

    def __init__(self, burst: int, per_second: float,
                 clock: Callable[[], float] = time.monotonic) -> None:  # fmt: skip
        self._burst, self._rate, self._clock = float(burst), per_second, clock
        self._level = float(burst)
        self._at = clock()

    def take(self) -> bool:
        now = self._clock()
        self._level = min(self._burst, self._level + (now - self._at) * self._rate)
        self._at = now
        if self._level >= 1.0:
            self._level -= 1.0
            return True
        return False


@dataclass(frozen=True)
class PhoneEvent:
    """What the table gets from ``PhoneServer.poll``: a seat's phone ``joined`` (or came back),
    ``left`` (its connection closed), sent an ``action`` (``body["action"]``, untouched;
    ``body["asked"]``), picked a choice to ``focus`` (``body["action"]``), asked to ``undo``,
    or chose a ``language`` (``body["lang"]``)."""

    seat: int
    kind: str
    body: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Hello:
    device: str
    token: str | None
    code: str | None


@dataclass(frozen=True)
class Action:
    action: dict[str, Any]
    asked: bool = False


@dataclass(frozen=True)
class Focus:
    action: dict[str, Any]


@dataclass(frozen=True)
class Undo:
    pass


@dataclass(frozen=True)
class Language:
    lang: str


@dataclass(frozen=True)
class Ping:
    pass


Inbound = Hello | Action | Focus | Ping | Undo | Language

DEVICE = re.compile(r"[A-Za-z0-9_-]{8,64}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,128}")
CODE = re.compile(r"[A-Za-z0-9 -]{1,16}")
LANG = re.compile(r"[a-z]{2}")


def _text(raw: dict[str, Any], name: str, pattern: re.Pattern[str]) -> str:
    value = raw.get(name)
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise PhoneError(Code.BAD_FIELD, field=name)
    return value


def parse(text: str, limits: Limits) -> Inbound:
    """A phone's message, or the ``PhoneError`` that refuses it."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > limits.message_bytes:
        raise PhoneError(Code.TOO_BIG, limit=limits.message_bytes)
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        raise PhoneError(Code.BAD_JSON) from None
    if not isinstance(raw, dict):
        raise PhoneError(Code.NOT_OBJECT)
    kind = raw.get("type")
    if kind == "hello":
        device = _text(raw, "device", DEVICE)
        if "token" in raw:
            return Hello(device, _text(raw, "token", TOKEN), None)
        return Hello(device, None, _text(raw, "code", CODE))
    if kind == "action":
        action = raw.get("action")
        if not isinstance(action, dict) or not action:
            raise PhoneError(Code.BAD_FIELD, field="action")
        asked = raw.get("asked", False)
        if not isinstance(asked, bool):
            raise PhoneError(Code.BAD_FIELD, field="asked")
        return Action(action, asked)
    if kind == "focus":
        action = raw.get("action")
        if not isinstance(action, dict) or not action:
            raise PhoneError(Code.BAD_FIELD, field="action")
        return Focus(action)
    if kind == "ping":
        return Ping()
    if kind == "undo":
        return Undo()
    if kind == "language":
        return Language(_text(raw, "lang", LANG))
    shown = kind if isinstance(kind, str) else type(kind).__name__
    raise PhoneError(Code.UNKNOWN_TYPE, type=shown[:32])


def dump(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def error(problem: PhoneError) -> str:
    return dump({"type": "error", "code": problem.code.value, "params": problem.params})


def welcome(seat: int, token: str, code: str, lang: str) -> str:
    return dump({"type": "welcome", "seat": seat, "token": token, "code": code, "lang": lang})


def table(body: dict[str, Any]) -> str:
    """What the table sends a seat, wrapped: it raises here (on the table's thread) if the body is
    no JSON object."""
    if not isinstance(body, dict):
        raise TypeError(f"a phone is sent a dict, not {type(body).__name__}")
    return dump({"type": "table", "body": body})


PONG = dump({"type": "pong"})
