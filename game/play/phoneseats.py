"""The table as the phones' listener (issue 30): one more listener on the table, not a referee.

A human seat may be played from a phone (``GameConfig.phones``). The table keeps the seats that
are on a phone now (``PlayTable.phone_seats``: a seat may be taken back onto the TV) and, each
frame, hands this listener what the phones sent (``PhoneDoor.poll``) and lets it tell each phone
seat what changed (``PhoneDoor.send``). It never imports the server (``game.phones`` lies above
the table): it sees it through ``services.phones.door``.

- **An action** is made with the rules' ``action_from_dict`` and played through
  ``PlayTable.play`` exactly as a click. Refused unless it is that seat's turn and the table
  takes a person's move now; the rules' refusal (or the table's, ``phones.table.*``) goes back
  to that phone alone as a one-off (``{"v": 1, "refusal": {"code", "text"}}``); the TV shows
  nothing for it. A move the table asks about first (``question_before``: it ends the game or
  loses it) is asked on the phone: the choice carries ``asks``, the phone says ``asked``; an
  unasked one is refused (``phones.table.ask_first``), never a dialog on the TV.
- **Undo**: ``PlayTable.undo`` when the decision to take back is that seat's.
- **Language**: each phone may speak another of the table's languages (``i18n.speaking``).
- **Focus**: the choice the phone's player has picked but not yet played, which the TV marks
  (``PlayTable.phone_focused``).
- **Joined / left**: the seat's phone mark on the TV; ``TAKE_BACK_AFTER`` game seconds after a
  phone left, the TV offers to take its seat back onto the TV (``door.remove_seat``).

After anything changed, each phone seat is sent its payload (``payload``: built from the seat's
own view ``state.view(seat)`` and the public things of the table only), and only then.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

from game.i18n import LANGUAGES, language, speaking, tr
from game.persist.log import LOG
from game.play.finale import winners_text
from game.protocol.base import Refusal

if TYPE_CHECKING:
    from game.engine.clock import Stopwatch
    from game.engine.services import PhoneDoor, PhoneNews, Services
    from game.play.config import GameConfig
    from game.play.tabledraw import LogEntry

VERSION = 1
LOG_LINES = 30  # the last public log lines a phone gets
TAKE_BACK_AFTER = 30.0  # game seconds after a phone left before the TV offers its seat back
# what the rules' ``action_from_dict`` may raise for a dict a phone made up: a bad action
DECODE_ERRORS = (ValueError, KeyError, TypeError, IndexError, AttributeError)


class PhoneTable(Protocol):
    """What the listener uses of the table (``game.play.table.PlayTable``, which imports this
    module): its state, seats and log, ``play`` and ``undo``, and the hooks for the phones."""

    state: Any
    config: GameConfig
    services: Services
    time: Stopwatch
    log: list[LogEntry]
    log_serial: int
    players: int
    colours: list[tuple[int, int, int]]
    shapes: list[str]
    phone_seats: set[int]
    phone_focused: tuple[int, Any] | None

    @property
    def holding(self) -> bool: ...

    def play(self, action: Any, by_ai: bool = False, asked: bool = False) -> bool: ...

    def undo(self) -> None: ...

    def is_human(self, seat: int) -> bool: ...

    def on_phone(self, seat: int) -> bool: ...

    def refusal_text(self, refusal: Refusal) -> str: ...

    def question_before(self, old: Any, action: Any) -> str | None: ...

    def log_text(self, entry: LogEntry) -> str: ...

    def finale_sentence(self) -> str: ...

    def seat_taken_back(self, seat: int) -> None: ...

    def phone_page(self, view: Any, seat: int) -> dict[str, Any]: ...

    def phone_choices(self, view: Any, seat: int) -> list[dict[str, Any]]: ...

    def phone_question(self, view: Any, seat: int) -> str: ...

    def phone_asks(self, view: Any, action: Any, seat: int) -> str | None: ...

    def phone_waiting(self, seat: int) -> bool: ...

    def phone_may_undo(self, seat: int) -> bool: ...

    def phone_key(self, seat: int) -> object: ...


class PhoneSeats:
    """The listener of one table's phone seats (see the module)."""

    def __init__(self, table: PhoneTable, door: PhoneDoor) -> None:
        self.table = table
        self.door = door
        self.joined: set[int] = door.connected() & table.phone_seats  # joined at the join screen
        self.langs: dict[int, str] = {}  # the seats whose phone chose its own language
        self.offer_at: dict[int, float] = {}  # a gone phone's seat: when the TV offers it back
        self.offered: set[int] = set()  # seats offered back once since their phone left
        self.sent: dict[int, dict[str, Any]] = {}  # the last payload each seat was sent
        self.keys: dict[int, object] = {}  # what that payload was made from
        self.refusals: deque[tuple[int, str]] = deque(maxlen=50)  # (seat, code): the last sent

    @property
    def seats(self) -> set[int]:
        return self.table.phone_seats

    def lang(self, seat: int) -> str:
        """The language the seat's phone speaks: its own choice, else the table's."""
        return self.langs.get(seat, language())

    # ---- what the phones sent -----------------------------------------------------------------
    def hear(self) -> None:
        """Everything the phones sent since the last frame, in order; then the take-back offer."""
        for news in self.door.poll():
            if news.seat in self.seats:
                self.take(news)
        self.offer_take_back()

    def take(self, news: PhoneNews) -> None:
        seat, kind, body = news.seat, news.kind, news.body
        if kind == "action":
            self.action(seat, body.get("action"), body.get("asked") is True)
        elif kind == "undo":
            self.undo(seat)
        elif kind == "language":
            lang = body.get("lang")
            if lang in LANGUAGES:
                self.langs[seat] = str(lang)
        elif kind == "focus":
            self.focus(seat, body.get("action"))
        elif kind == "joined":
            self.joined.add(seat)
            self.offer_at.pop(seat, None)
            self.offered.discard(seat)
        elif kind == "left":
            self.joined.discard(seat)
            self.offer_at[seat] = self.table.time.now + TAKE_BACK_AFTER

    def action(self, seat: int, data: Any, asked: bool) -> None:
        """A phone's move: made by the rules, played as a click, or refused to that phone."""
        table = self.table
        state = table.state
        try:
            action = state.action_from_dict(data) if isinstance(data, dict) else None
        except DECODE_ERRORS:
            action = None
        if action is None:
            self.refuse(seat, "phones.table.bad_action")
        elif state.current_player != seat or state.is_over():
            self.refuse(seat, "phones.table.not_your_turn")
        elif not table.phone_waiting(seat):
            self.refuse(seat, "phones.table.wait")
        else:
            self.play(seat, action, asked)

    def play(self, seat: int, action: Any, asked: bool) -> None:
        table = self.table
        refusal = table.state.why_not(action)  # the rules' refusal goes to the phone, not the TV
        if refusal is not None:
            with speaking(self.lang(seat)):
                text = table.refusal_text(refusal)
            self.send_refusal(seat, refusal.code, text)
            return
        if not asked and table.question_before(table.state, action) is not None:
            self.refuse(seat, "phones.table.ask_first")
            return
        if not table.play(action, asked=True):  # (legal and asked: cannot be refused here)
            LOG.error("%s: a phone's move %r was not played", table.config.game, action)

    def undo(self, seat: int) -> None:
        if self.table.phone_may_undo(seat):
            self.table.undo()
        else:
            self.refuse(seat, "phones.table.no_undo")

    def focus(self, seat: int, data: Any) -> None:
        """The choice the phone's player picked (not played yet): the TV marks it."""
        table = self.table
        state = table.state
        if state.current_player != seat or not isinstance(data, dict):
            return
        try:
            action = state.action_from_dict(data)
        except DECODE_ERRORS:
            return
        if action in state.view(seat).legal_actions():
            table.phone_focused = (id(state), action)

    def refuse(self, seat: int, code: str) -> None:
        with speaking(self.lang(seat)):
            text = tr(code)
        self.send_refusal(seat, code, text)

    def send_refusal(self, seat: int, code: str, text: str) -> None:
        self.refusals.append((seat, code))
        self.door.send(seat, {"v": VERSION, "refusal": {"code": code, "text": text}}, keep=False)

    # ---- the seat back onto the TV --------------------------------------------------------------
    def offer_take_back(self) -> None:
        """A phone gone ``TAKE_BACK_AFTER`` game seconds: the TV asks whether its seat is
        played on the TV from now on (once; again only when the game waits for that seat)."""
        table = self.table
        now = table.time.now
        for seat, when in sorted(self.offer_at.items()):
            waits_for_it = table.state.current_player == seat
            if now < when or (seat in self.offered and not waits_for_it):
                continue
            self.offered.add(seat)
            self.offer_at[seat] = now + TAKE_BACK_AFTER
            self.ask_take_back(seat)
            return  # one question at a time

    def ask_take_back(self, seat: int) -> None:
        def yes() -> None:
            self.take_back(seat)

        name = self.table.config.names[seat]
        self.table.services.menus.confirm(
            tr("phones.tv.take_back_title"), tr("phones.tv.take_back", name=name), yes,
            tr("phones.tv.take_back_yes"), tr("phones.tv.take_back_no"))  # fmt: skip

    def take_back(self, seat: int) -> None:
        """The seat is played on the TV from now on (with hand-offs where the game has them)."""
        self.door.remove_seat(seat)
        for held in (self.joined, self.offered, self.seats):
            held.discard(seat)
        for kept in (self.offer_at, self.sent, self.keys, self.langs):
            kept.pop(seat, None)
        self.table.seat_taken_back(seat)

    # ---- what the phones are told ---------------------------------------------------------------
    def tell(self) -> None:
        """Each phone seat's payload, if anything it shows changed since the last one sent."""
        for seat in sorted(self.seats):
            key = self.key(seat)
            if key == self.keys.get(seat):
                continue
            self.keys[seat] = key
            made = payload(self.table, seat, self.lang(seat), self.joined)
            if made != self.sent.get(seat):
                self.sent[seat] = made
                self.door.send(seat, made)

    def key(self, seat: int) -> object:
        """What a seat's payload is made from (cheap, each frame): the state, the log, the
        languages, who is on a phone and joined, whether the table waits for the seat."""
        table = self.table
        return (
            id(table.state), table.log_serial, self.lang(seat), language(),
            table.phone_waiting(seat), table.phone_may_undo(seat), table.holding,
            frozenset(self.joined), frozenset(self.seats), table.phone_key(seat),
        )  # fmt: skip


def payload(table: PhoneTable, seat: int, lang: str, joined: set[int]) -> dict[str, Any]:
    """What the seat's phone shows, whole, in ``lang`` (docs/PHONES.md, "The payload"): built
    from the seat's own view and the public things of the table (names, colours, the move log
    the TV shows, whose turn it is, the end) only."""
    state = table.state
    view = state.view(seat)
    with speaking(lang):
        turn = view.current_player
        over = view.is_over()
        yours = turn == seat and not over and table.phone_waiting(seat)
        return {
            "v": VERSION,
            "game": table.config.game,
            "title": tr(f"games.{table.config.game}.title"),
            "lang": lang,
            "seat": seat,
            "players": players(table, joined),
            "turn": None if over else turn,
            "yours": yours,
            "status": status(table, seat, turn, over, yours),
            "question": table.phone_question(view, seat) if turn == seat and not over else "",
            "choices": choices(table, view, seat) if yours else [],
            "undo": table.phone_may_undo(seat),
            "log": [{"seat": e[0], "text": table.log_text(e)} for e in table.log[-LOG_LINES:]],
            "over": ending(table, view) if over else None,
            "page": table.phone_page(view, seat),
        }


def players(table: PhoneTable, joined: set[int]) -> list[dict[str, Any]]:
    seats = table.config.seats
    return [
        {
            "name": seats[s].name,
            "colour": "#{:02x}{:02x}{:02x}".format(*table.colours[s]),
            "shape": table.shapes[s],
            "phone": table.on_phone(s),
            "joined": s in joined,
            "computer": not seats[s].is_human,
        }
        for s in range(table.players)
    ]


def status(table: PhoneTable, seat: int, turn: int | None, over: bool, yours: bool) -> str:
    """Whose turn it is, in words: "Your turn", "Ben is choosing", "Ben is thinking"."""
    if over:
        return tr("phones.table.status.over")
    if turn is None:
        return ""
    if turn == seat:
        return tr("phones.table.status.yours" if yours else "phones.table.status.yours_wait")
    name = table.config.names[turn]
    if not table.is_human(turn):
        return tr("phones.table.status.computer", name=name)
    if table.on_phone(turn):
        return tr("phones.table.status.phone", name=name)
    return tr("phones.table.status.tv", name=name)


def choices(table: PhoneTable, view: Any, seat: int) -> list[dict[str, Any]]:
    """The seat's choices now, numbered, each with the question asked before it (``asks``)."""
    made: list[dict[str, Any]] = []
    for i, choice in enumerate(table.phone_choices(view, seat)):
        choice = {"group": "", **choice, "id": i}
        if "asks" not in choice:
            action = view.action_from_dict(choice["action"])
            choice["asks"] = table.phone_asks(view, action, seat)
        made.append(choice)
    return made


def ending(table: PhoneTable, view: Any) -> dict[str, Any]:
    """The end as the TV tells it: who won and why."""
    out = view.outcome()
    winners: Sequence[int] = list(out.winners) if out is not None else []
    names = [table.config.names[s] for s in winners]
    return {"text": winners_text(names), "winners": list(winners),
            "reason": table.finale_sentence()}  # fmt: skip


class TablePhones:
    """The play table's part for its seats on phones (``PlayTable`` is a ``TablePhones``): which
    seats are on a phone, their listener, what the TV says of them, and the hooks a game's table
    overrides for its phone page (``phone_page``, ``phone_choices``, ``phone_label``,
    ``phone_question``, ``phone_asks``, ``phone_waiting``, ``phone_may_undo``, ``phone_key``)."""

    services: Services
    config: GameConfig
    state: Any
    replaying: bool
    phone_seats: set[int]  # the seats played from a phone now (one may be taken back)
    phone_focused: tuple[int, Any] | None  # (id of the state, the pick of its phone)
    phones: PhoneSeats | None  # the listener, while any seat is on a phone

    if TYPE_CHECKING:  # the table's own

        @property
        def busy(self) -> bool: ...

        @property
        def holding(self) -> bool: ...

        @property
        def may_undo(self) -> bool: ...

        @property
        def last_decider(self) -> int | None: ...

        def ready(self) -> bool: ...

        def ending_words(self, view: Any, action: Any, seat: int) -> str | None: ...

        _built_key: object

    def start_phones(self, replaying: bool) -> None:
        """The seats played from a phone, and their listener, if the phones are on. Without a
        running server (they were switched off, a replay) every seat plays at the TV."""
        door = self.services.phones.door
        wanted = {s for s in self.config.phones if self.config.on_phone(s)}
        on = door is not None and bool(wanted) and not replaying
        self.phone_seats = wanted if on else set()
        self.phone_focused = None
        self.phones = PhoneSeats(cast("PhoneTable", self), door) if on and door else None

    def on_phone(self, seat: int) -> bool:
        """Whether ``seat`` plays from a phone now: no hand-off for it (the games'
        ``prepare_human`` ask), its choices and secrets only on its phone."""
        return seat in self.phone_seats

    def phone_joined(self, seat: int) -> bool:
        """Whether the seat's phone is connected now (its mark on the TV)."""
        return self.phones is not None and seat in self.phones.joined

    def phone_turn_line(self) -> str | None:
        """"Anna is choosing on the phone" while a seat on a phone is to move ("Anna's phone is
        away" while it is gone; the game shows it where it says whose turn it is), else None."""
        seat = self.state.current_player
        if seat is None or self.state.is_over() or not self.on_phone(seat):
            return None
        key = "phones.tv.choosing" if self.phone_joined(seat) else "phones.tv.gone"
        return tr(key, name=self.config.names[seat])

    def phone_pick(self) -> Any | None:
        """The choice the phone of the seat to move has picked but not played yet (the TV
        marks it), if it still stands."""
        focused = self.phone_focused
        if focused is None or focused[0] != id(self.state):
            return None
        return focused[1]

    def seat_taken_back(self, seat: int) -> None:
        """The seat's phone is gone and the TV took it back: it plays at the TV from now on."""
        self._built_key = None

    # ---- the hooks a game's table overrides (docs/PHONES.md) -----------------------------------
    def phone_page(self, view: Any, seat: int) -> dict[str, Any]:
        """The game's own part of the seat's payload (``page``), for its phone page: built only
        from ``view`` (``state.view(seat)``) and the public things of the table."""
        return {}

    def phone_choices(self, view: Any, seat: int) -> list[dict[str, Any]]:
        """The seat's choices now (asked on its turn only): one per legal action of its view,
        ``{"action": to_dict, "label": words, "group": words or ""}``; a game adds keys its
        page uses. The listener numbers them (``id``) and adds ``asks``."""
        return [{"action": a.to_dict(), "label": self.phone_label(view, a), "group": ""}
                for a in view.legal_actions()]  # fmt: skip

    def phone_label(self, view: Any, action: Any) -> str:
        """A choice's words on the phone (by default the rules' own short form)."""
        return str(action)

    def phone_question(self, view: Any, seat: int) -> str:
        """The question line of the seat's turn, in words ("" for none)."""
        return ""

    def phone_asks(self, view: Any, action: Any, seat: int) -> str | None:
        """The question the phone puts before ``action`` (it ends the game or loses it)."""
        if not self.services.settings.confirm_ending:
            return None
        return self.ending_words(view, action, seat)

    def phone_waiting(self, seat: int) -> bool:
        """Whether the table takes ``seat``'s answer now: nothing slides, the end is not being
        shown, nothing lies over the table (a dialog, the pause menu), no hand-off is up."""
        return (not self.busy and not self.replaying and not self.holding and self.ready()
                and self.services.scenes.top is self)  # fmt: skip

    def phone_may_undo(self, seat: int) -> bool:
        """Whether the seat's phone may take back the last decision: its own, where the
        table's undo allows it."""
        return self.may_undo and self.last_decider == seat and self.phone_waiting(seat)

    def phone_key(self, seat: int) -> object:
        """What the seat's ``phone_page`` or choices depend on besides the state, the log and
        the language (a game's own selection): a change sends the payload again."""
        return None
