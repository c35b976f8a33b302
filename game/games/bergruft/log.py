"""What a move of Der Berg ruft says: its move-log entries ``(seat, key, params)`` and the story
box's account of a resolved turn. Keys with parameters, translated when drawn
(``bergruft.log.<key>``, ``bergruft.story.<key>``), so they follow a change of language."""

from __future__ import annotations

from typing import Any

from game.games.bergruft.rules import (
    AllowGuess,
    BergAction,
    BergState,
    Guess,
    Hint,
    LiftScreen,
    Phase,
    Punish,
    SetFlags,
    Waive,
)

LogEntry = tuple[int | None, str, dict[str, Any]]  # as the table keeps them (game.play.table)


def entries(old: BergState, action: BergAction, new: BergState) -> list[LogEntry]:
    """The log lines ``action`` makes, taking the game from ``old`` to ``new``."""
    seat, name = action.seat, action.name
    lines: list[LogEntry] = []
    if isinstance(action, SetFlags):
        lines.append((seat, "set", {"name": name}))
    elif isinstance(action, Guess):
        lines.append((seat, "guess", {"name": name, "value": action.value}))
    elif isinstance(action, AllowGuess):
        hint = "higher" if action.hint is Hint.HIGHER else "lower"
        lines.append((seat, f"allow_{hint}", {"name": name}))
    elif isinstance(action, LiftScreen):
        lines.append((seat, "lift", {"name": name, "n": action.flags}))
    elif isinstance(action, Punish):
        lines.append((seat, "punish", {"name": name, "guesser": action.guesser_name}))
    elif isinstance(action, Waive):
        lines.append((seat, "waive", {"name": name}))
    if new.phase is Phase.PUNISH:
        assert new.number is not None
        off = abs(new.guesses[-1] - new.number)
        lines.append((None, "off_by", {"n": new.number, "off": off}))
    if new.turn > old.turn and new.last_result is not None:
        lines += result_entries(new)
    return lines


def result_entries(st: BergState) -> list[LogEntry]:
    """The log lines of the turn just resolved: guessed, or revealed and climbed."""
    r = st.last_result
    assert r is not None
    caller, guesser = st.names[r.caller], st.names[r.guesser]
    lines: list[LogEntry] = []
    if r.guessed:
        lines.append((r.guesser, "guessed", {"name": guesser, "k": len(r.guesses), "n": r.bonus}))
    else:
        lines.append((None, "revealed", {"n": r.number}))
        climbs = {"name": caller, "peter": r.caller_peter_climb, "heidi": r.caller_heidi_climb}
        lines.append((r.caller, "climb", climbs))
        if r.caller_restart:
            lines.append((r.caller, "restart", {"name": caller}))
        if r.capped:
            lines.append((r.guesser, "punished", {"name": guesser}))
    if r.summit is not None:
        lines.append((r.summit, "summit", {"name": st.names[r.summit]}))
    return lines


def narration(st: BergState) -> tuple[str, dict[str, Any]]:
    """The story box's account of the turn just resolved."""
    r = st.last_result
    assert r is not None
    caller, guesser = st.names[r.caller], st.names[r.guesser]
    if r.guessed:
        return "guessed", {"guesser": guesser, "caller": caller, "n": r.bonus}
    key = "restart" if r.caller_restart else "climbed"
    climbs = {"n": r.number, "peter": r.caller_peter_climb, "heidi": r.caller_heidi_climb}
    return key, {"caller": caller, "guesser": guesser, **climbs}
