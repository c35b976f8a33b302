"""The Kap Hoorn guide: step 2 (lay wind cards), step 3 (sail) and step 4 (draw), one small
action at a time, with the rule that allows it.

The suggestion is the Easy bot's plan without its whims (a few plans, a short look; about
ten milliseconds), made from the player's own view with a random generator seeded by the
decision and the table's private stream (``game.protocol.streams``), so the same decision
always gets the same hint and no other seat can work it out.
"""

from __future__ import annotations

import random

from game.games.kaphoorn import log as talk
from game.games.kaphoorn.bots.simple import EasyBot, course
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
from game.games.kaphoorn.rules.turn import all_winds
from game.i18n import tr
from game.play.guide.base import Hint, Target

BUTTONS = {Stay: "stay", Again: "again", Buy: "buy", End: "end"}  # as the scene's buttons


class SteadyBot(EasyBot):
    """The Easy bot's sensible plans, never a random whim: a guide does not joke."""

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
    text = explain(view, seat, action, target)
    return Hint(text, target, action, tr("guide.turn", name=view.names[seat]))


def target_of(action: KapAction, selected: int | None, ignoring: bool) -> Target:
    """A card in the hand to pick up, then its field; a button; or a field to sail to."""
    if isinstance(action, Play | Replace):
        return ("field", action.to) if selected == action.wind else ("card", action.wind)
    if isinstance(action, Ignore):
        return ("field", action.to) if ignoring else ("button", "ignore")
    if isinstance(action, Sail):
        return ("button", "ignore") if ignoring else ("field", action.to)
    return ("button", BUTTONS.get(type(action), "end"))


def explain(view: KapState, seat: int, action: KapAction, target: Target) -> str:
    if isinstance(action, Play):
        if target[0] == "card":
            return tr("guide.kaphoorn.pick_card", wind=talk.wind_name(action.wind))
        return tr("guide.kaphoorn.lay")
    if isinstance(action, Replace):
        if target[0] == "card":
            return tr("guide.kaphoorn.pick_cover", wind=talk.wind_name(action.wind))
        return tr("guide.kaphoorn.cover")
    if isinstance(action, Sail):
        if target[0] == "button":
            return tr("guide.kaphoorn.cancel_ignore")
        return _sail(view, seat, action)
    if isinstance(action, Ignore):
        return tr("guide.kaphoorn.ignore" if target[0] == "button" else "guide.kaphoorn.ignore_to")
    return tr(f"guide.kaphoorn.{BUTTONS.get(type(action), 'end')}")


def _sail(view: KapState, seat: int, action: Sail) -> str:
    ship, roses = view.ships[seat], view.roses[seat]
    distance = all_winds()[view.cards[ship]].distance
    rule = tr("guide.kaphoorn.sail", n=distance)
    nearer = course(ship, roses) - course(action.to, roses)
    if nearer > 0:
        return f"{rule} {tr('guide.kaphoorn.nearer', n=nearer)}"
    return rule
