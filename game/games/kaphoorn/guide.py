"""The Kap Hoorn guide: step 2 (lay wind cards), step 3 (sail) and step 4 (draw), one small
action at a time, with the rule that allows it.

The suggestion is the short planner's best plan without its whims (what Easy played before
issue 31: a few plans, a short look; about ten milliseconds), made from the player's own view
with a random generator seeded by the decision and the table's private stream
(``game.protocol.streams``), so the same decision always gets the same hint and no other seat
can work it out.
"""

from __future__ import annotations

import random

from game.games.kaphoorn import log as talk
from game.games.kaphoorn.bots.simple import ShortPlanBot, course
from game.games.kaphoorn.rules import KapState
from game.games.kaphoorn.rules.actions import (
    Again,
    Buy,
    End,
    Ignore,
    KapAction,
    Play,
    Replace,
    Sail,
    Stay,
)
from game.games.kaphoorn.rules.turn import MAX_SAIL, all_winds, free_card_due
from game.i18n import tr
from game.play.guide.base import Hint, Target, Words

BUTTONS = {Stay: "stay", Again: "again", Buy: "buy", End: "end"}  # as the scene's buttons


class SteadyBot(ShortPlanBot):
    """The short planner's sensible plans, never a random whim: a guide does not joke."""

    whim = 0.0


_BOT = SteadyBot()


def suggest(view: KapState, seat: int, secret: int = 0) -> KapAction:
    """A good legal action for ``seat`` from its own view (hidden cards stay hidden), drawn
    from the table's private stream ``secret``, the same all through one decision."""
    rng = random.Random(f"{secret}:{view.turn}:{view.phase}:{view.played}:{seat}")
    return _BOT.choose(view, rng, 0.1)  # type: ignore[no-any-return]


def hint(
    view: KapState,
    seat: int,
    selected: int | None = None,
    ignoring: bool = False,
    secret: int = 0,
) -> Hint:
    action = suggest(view, seat, secret)
    target = target_of(action, selected, ignoring)
    words = explain(view, seat, action, target)
    return Hint.said(words, target, action, tr("guide.turn", name=view.names[seat]))


def target_of(action: KapAction, selected: int | None, ignoring: bool) -> Target:
    """A card in the hand to pick up, then its field; a button; or a field to sail to."""
    if isinstance(action, Play | Replace):
        return ("field", action.to) if selected == action.wind else ("card", action.wind)
    if isinstance(action, Ignore):
        return ("field", action.to) if ignoring else ("button", "ignore")
    if isinstance(action, Sail):
        return ("button", "ignore") if ignoring else ("field", action.to)
    return ("button", BUTTONS.get(type(action), "end"))


G = "guide.kaphoorn."


def explain(view: KapState, seat: int, action: KapAction, target: Target) -> tuple[Words, ...]:
    """The sentences (key and parameters) that say what ``action`` does, step by step."""
    if isinstance(action, Play):
        if target[0] == "card":
            return ((G + "pick_card", {"wind": talk.wind_name(action.wind)}),)
        return ((G + "lay", {}),)
    if isinstance(action, Replace):
        if target[0] == "card":
            return ((G + "pick_cover", {"wind": talk.wind_name(action.wind)}),)
        return ((G + "cover", {}),)
    if isinstance(action, Sail):
        if target[0] == "button":
            return ((G + "cancel_ignore", {}),)
        return _sail(view, seat, action)
    if isinstance(action, Ignore):
        return ((G + ("ignore" if target[0] == "button" else "ignore_to"), {}),)
    if isinstance(action, Stay):
        full = view.sail[seat] >= MAX_SAIL  # K12: never more than eight sail points
        return ((G + ("stay_full" if full else "stay"), {"n": MAX_SAIL}),)
    if isinstance(action, End):
        return ((G + ("end" if free_card_due(view) else "end_drawn"), {}),)
    return ((G + BUTTONS.get(type(action), "end"), {}),)


def _sail(view: KapState, seat: int, action: Sail) -> tuple[Words, ...]:
    ship, roses = view.ships[seat], view.roses[seat]
    distance = all_winds()[view.cards[ship]].distance
    rule: Words = (G + "sail", {"n": distance})
    nearer = course(ship, roses) - course(action.to, roses)
    if nearer > 0:
        return (rule, (G + "nearer", {"n": nearer}))
    return (rule,)
