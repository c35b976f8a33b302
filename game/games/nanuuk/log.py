"""What the Nanuuk! screen says: translated move-log lines, questions, refusals and reasons.

The rules speak in codes with plain parameters (a refusal's ``code``, the outcome's
``reason_code``); the screen says them in the player's language, and the move-log lines from
the action's data. Nothing here reads the rules' English.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.games.nanuuk.rules.actions import (
    Banish,
    Choose,
    Crack,
    Deposit,
    EndTurn,
    Exchange,
    Leave,
    Mush,
    NanuukAction,
    Place,
    Stay,
    Step,
    Take,
)
from game.games.nanuuk.rules.state import NanuukState
from game.i18n import has, tr
from game.protocol.base import Outcome, Refusal

MOVER_KEYS = {"hunter": "hunter", "bear": "bear", "Inuk": "inuk"}  # a mover id's kind -> key


def mover_name(state: NanuukState | None, mover_id: str) -> str:
    """``hunter 1`` -> "Hunter 1" / "Jäger 1"; ``bear`` -> "polar bear"."""
    kind, _, number = mover_id.partition(" ")
    key = MOVER_KEYS.get(kind)
    return tr(f"nanuuk.mover.{key}", n=number).strip() if key else mover_id


def field_name(state: NanuukState, field: int) -> str:
    return state.spec.board.floe.label(field)


def animal_name(animal: str) -> str:
    return tr(f"nanuuk.animal.{animal}")


LogEntry = tuple[str, dict[str, Any]]  # a move-log line as (code, params): nanuuk.log.<code>
_ANIMAL_LOG: dict[type, str] = {Take: "take", Leave: "leave", Exchange: "exchange",
                                Deposit: "deposit"}  # fmt: skip


def log_entry(state: NanuukState, action: NanuukAction) -> LogEntry:
    """The move-log line for ``action`` taken in ``state``, as a code and plain parameters
    (mover ids, animals, field labels), so the log is translated when drawn."""
    label = state.spec.board.floe.label
    if isinstance(action, Place):
        return "place", {"mover": action.mover, "to": label(action.to)}
    if isinstance(action, Choose):
        return "choose", {"mover": action.mover}
    if isinstance(action, Step):
        return "kayak" if action.kayak else "step", {"mover": action.mover, "to": label(action.to)}
    if isinstance(action, Crack):
        return "crack", {"edge": state.spec.board.floe.edge_label(action.edge)}
    if isinstance(action, Mush):
        return "mush_one" if action.one_crack else "mush", {}
    if isinstance(action, Banish):
        return "banish", {"to": label(action.to)}
    if isinstance(action, Stay):
        return "stay", {"mover": action.mover}
    if isinstance(action, EndTurn):
        return "done", {}
    return _ANIMAL_LOG[type(action)], {"animal": action.animal}


def log_text(code: str, params: dict[str, Any]) -> str:
    """A move-log line in the current language (without the player's name)."""
    return tr(f"nanuuk.log.{code}", **named(params))


def say(state: NanuukState, action: NanuukAction) -> str:
    """One move-log line for ``action`` taken in ``state`` (without the player's name)."""
    return log_text(*log_entry(state, action))


def named(params: Mapping[str, Any]) -> dict[str, Any]:
    """``params`` of the rules with movers and animals put into the current language."""
    out = dict(params)
    if "mover" in out:
        out["mover"] = mover_name(None, out["mover"])
    if "animal" in out:
        out["animal"] = animal_name(out["animal"])
    return out


def button_text(state: NanuukState, action: NanuukAction) -> str:
    """The label of a button for an action that is not picked on the board."""
    if isinstance(action, Take):
        return tr("nanuuk.button.take", animal=animal_name(action.animal))
    if isinstance(action, Leave):
        return tr("nanuuk.button.leave", animal=animal_name(action.animal))
    if isinstance(action, Mush):
        return tr("nanuuk.button.mush_one" if action.one_crack else "nanuuk.button.mush")
    if isinstance(action, Stay):
        return tr("nanuuk.button.stay")
    if isinstance(action, Exchange):
        return tr(f"nanuuk.button.exchange_{action.animal}")
    if isinstance(action, Deposit):
        return tr("nanuuk.button.deposit", animal=animal_name(action.animal))
    if isinstance(action, EndTurn):
        return tr("nanuuk.button.leave_igloo" if state.phase == "igloo" else "nanuuk.button.done")
    if isinstance(action, Choose):  # two of his hunters share an igloo: a button each
        return tr("nanuuk.button.choose", mover=mover_name(state, action.mover))
    return say(state, action)


def question(
    state: NanuukState, name: str, mover: str | None, passed: Sequence[str] = ()
) -> str:
    """What the player is asked now. ``passed``: the pieces (ids) the rules passed over at the
    start of the turn because they cannot move, the moving one then set on its way without a
    choice: the question says so ("only hunter 2 can move", "no polar bear can move")."""
    params: dict[str, Any] = {"name": name, "mover": mover or ""}
    key = f"nanuuk.ask.{state.phase}"
    if state.phase == "step" and state.stepped:
        key = "nanuuk.ask.step_again"
    elif state.phase == "step" and passed:
        kinds = {state.spec.movers[state.spec.index[p]].kind for p in passed}
        moving = state.spec.movers[state.mover].kind
        no_bear = kinds == {"bear"} and moving != "bear"  # N18: then his own Inuk at once
        key = "nanuuk.ask.step_no_bear" if no_bear else "nanuuk.ask.step_only"
    return tr(key, **params) if has(key) else ""


def reason(outcome: Outcome) -> str:
    """What the results screen tells of the end (``results.reason.nanuuk_<reason>``).

    In the full game what decided between the players (N27: ``most_points``, ``equipment``,
    ``shared``) is the news, not how the hunt ended; in the others, how it ended.
    """
    return str(outcome.details.get("decided_by") or outcome.reason_code)


def reason_key(outcome: Outcome) -> str:
    """The results screen's reason: ``nanuuk_<reason>``."""
    return f"nanuuk_{reason(outcome)}"


def reason_text(outcome: Outcome) -> str:
    return tr(f"results.reason.{reason_key(outcome)}")


def refusal_text(refusal: Refusal) -> str:
    """Why the rules refused an action, in the player's language."""
    return tr(f"refusal.nanuuk.{refusal.code}", **named(refusal.params))
