"""What the Nanuuk! screen says: translated move-log lines, questions and reasons.

The rules engine prints its actions in English for logs and tests; the screen says the same
things in the player's language from the action's data.
"""

from __future__ import annotations

from typing import Any

from game.i18n import has, tr
from game.rules.nanuuk.actions import (
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
from game.rules.nanuuk.state import NanuukState

REASONS = {  # the engine's reason (before any "; tie-break") -> translation key
    "the last hunter able to move": "last_hunter",
    "a hunter of the loser is enclosed (N13)": "two_player_enclosed",
    "the partner of the enclosed hunter wins": "partner",
    "whose left neighbour is enclosed first wins (N14)": "left_neighbour",
    "whose right neighbour is enclosed first wins (N14)": "right_neighbour",
    "the opponent's polar bear is enclosed (N15)": "bear_enclosed",
    "the polar bear is enclosed (N16)": "inuit_win",
    "an Inuk is enclosed (N16)": "bear_wins",
    "the last Inuk able to move wins the fur (N16 d)": "fur",
    "his Inuk is enclosed (N18)": "inuk_enclosed",
    "every hunter is home or stranded (N26)": "hunt_over",
    "no hunter can move any more (N31)": "no_moves",
}
TIE_BREAKS = {
    "most points": "most_points",
    "the tie broken by equipment": "equipment",
    "a shared win": "shared",
}


def mover_name(state: NanuukState, mover_id: str) -> str:
    """``hunter 1`` -> "Hunter 1" / "Jäger 1"; ``bear`` -> "polar bear"."""
    kind, _, number = mover_id.partition(" ")
    key = {"hunter": "hunter", "bear": "bear", "Inuk": "inuk"}[kind]
    return tr(f"nanuuk.mover.{key}", n=number).strip()


def field_name(state: NanuukState, field: int) -> str:
    return state.spec.board.floe.label(field)


def animal_name(animal: str) -> str:
    return tr(f"nanuuk.animal.{animal}")


def say(state: NanuukState, action: NanuukAction) -> str:
    """One move-log line for ``action`` taken in ``state`` (without the player's name)."""
    label = state.spec.board.floe.label
    if isinstance(action, Place):
        return tr("nanuuk.log.place", mover=mover_name(state, action.mover), to=label(action.to))
    if isinstance(action, Choose):
        return tr("nanuuk.log.choose", mover=mover_name(state, action.mover))
    if isinstance(action, Step):
        key = "nanuuk.log.kayak" if action.kayak else "nanuuk.log.step"
        return tr(key, mover=mover_name(state, action.mover), to=label(action.to))
    if isinstance(action, Crack):
        return tr("nanuuk.log.crack", edge=state.spec.board.floe.edge_label(action.edge))
    if isinstance(action, Mush):
        return tr("nanuuk.log.mush_one" if action.one_crack else "nanuuk.log.mush")
    if isinstance(action, Take):
        return tr("nanuuk.log.take", animal=animal_name(action.animal))
    if isinstance(action, Leave):
        return tr("nanuuk.log.leave", animal=animal_name(action.animal))
    if isinstance(action, Banish):
        return tr("nanuuk.log.banish", to=label(action.to))
    if isinstance(action, Exchange):
        return tr("nanuuk.log.exchange", animal=animal_name(action.animal))
    if isinstance(action, Deposit):
        return tr("nanuuk.log.deposit", animal=animal_name(action.animal))
    if isinstance(action, Stay):
        return tr("nanuuk.log.stay", mover=mover_name(state, action.mover))
    if isinstance(action, EndTurn):
        return tr("nanuuk.log.done")
    return str(action)


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
    return say(state, action)


def question(state: NanuukState, name: str, mover: str | None) -> str:
    """What the player is asked now."""
    params: dict[str, Any] = {"name": name, "mover": mover or ""}
    key = f"nanuuk.ask.{state.phase}"
    if state.phase == "step" and state.stepped:
        key = "nanuuk.ask.step_again"
    return tr(key, **params) if has(key) else ""


def reason_key(reason: str) -> str:
    """A stable code for how the game ended (``nanuuk_hunt_over``, ``nanuuk_equipment`` ...).

    For the full game the tie-break decides the wording; for the others, how it ended.
    """
    head, _, tail = reason.partition("; ")
    if tail in TIE_BREAKS:
        return f"nanuuk_{TIE_BREAKS[tail]}"
    return f"nanuuk_{REASONS.get(head, 'other')}"


def reason_text(reason: str) -> str:
    return tr(f"results.reason.{reason_key(reason)}")


def illegal_text(reason: str) -> str:
    """The engine's IllegalAction reason in the player's language when we know it."""
    for key in ILLEGAL:
        if reason.startswith(key):
            return tr(f"nanuuk.illegal.{ILLEGAL[key]}")
    return tr("nanuuk.illegal.other")


ILLEGAL = {
    "a crack lies between": "crack_between",
    "a C-line is still free": "c_line_free",
    "no harpoon: cannot enter the bear's field": "no_harpoon",
    "first round": "first_round",
    "no empty field to banish": "no_banish_field",
    "now is the time to": "not_now",
    "hunters start on an igloo": "start_on_igloo",
    "he must move first": "move_first",
    "variant 2": "variant_2",
    "a crack already lies there": "already_cracked",
}
ILLEGAL_SUFFIXES = {
    "already holds a piece": "occupied",
    "is not a neighbouring field in play": "not_neighbour",
    "is not an empty field in play": "not_empty",
    "is not the piece moving now": "not_this_piece",
    "is not empty": "banish_not_empty",
}


def explain(reason: str) -> str:
    for suffix, key in ILLEGAL_SUFFIXES.items():
        if suffix in reason:
            return tr(f"nanuuk.illegal.{key}")
    return illegal_text(reason)
