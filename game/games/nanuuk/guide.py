"""The Nanuuk! guide: one question of the turn at a time, with the rule that allows the answer.

The suggestion looks a little ahead inside the player's own turn (the action, then the best
follow-ups of the same turn, at most ``LOOK`` of them) and scores the result with the Normal
bot's evaluation; placement is scored one action deep (sixty fields). Both stay within a few
milliseconds, so the hint is made in the frame the decision opens.
"""

from __future__ import annotations

from typing import Any

from game.games.nanuuk import log as talk
from game.games.nanuuk.bots.simple import evaluator
from game.games.nanuuk.rules import NanuukState
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
from game.games.nanuuk.rules.sheet import VALUE
from game.games.nanuuk.rules.state import PIECES
from game.i18n import tr
from game.play.guide.base import Hint, Target

LOOK = 2  # follow-up actions of the same turn looked at after the suggested one


def suggest(view: NanuukState, seat: int, place_mover: str | None = None) -> NanuukAction:
    """A good legal action for ``seat`` in ``view`` (the deciding player's own view)."""
    actions = view.legal_actions()
    places = [a for a in actions if isinstance(a, Place)]
    if places:  # the helpers' games: the piece the screen is placing now
        movers = sorted({a.mover for a in places})
        chosen = place_mover if place_mover in movers else movers[0]
        actions = tuple(a for a in places if a.mover == chosen)
    judge = evaluator(view.spec, seat)
    look = 0 if view.phase == "place" else LOOK

    def score(action: NanuukAction) -> float:
        st = view.apply(action)
        for _ in range(look):
            if st.is_over() or st.current_player != seat:
                break
            st = max((st.apply(a) for a in st.legal_actions()), key=judge)
        return judge(st)

    return max(actions, key=score)  # max keeps the first of equals: the rules' own order


def hint(view: NanuukState, seat: int, place_mover: str | None = None) -> Hint:
    action = suggest(view, seat, place_mover)
    name = view.names[seat]
    return Hint(explain(view, action), target_of(view, action), action, tr("guide.turn", name=name))


def target_of(view: NanuukState, action: NanuukAction) -> Target:
    """Where the screen shows the choice: a field, a crack line, or a button."""
    if isinstance(action, Place | Step | Banish):
        return ("field", action.to)
    if isinstance(action, Choose):
        return ("field", view.position(action.mover))
    if isinstance(action, Crack):
        return ("edge", action.edge)
    return ("button", action)


# ---- the words ------------------------------------------------------------------------------
def explain(view: NanuukState, action: NanuukAction) -> str:
    for kind, say in _SAY:
        if isinstance(action, kind):
            return str(say(view, action))
    return tr("guide.nanuuk.other", action=talk.button_text(view, action))


def _mover(view: NanuukState, mover_id: str) -> str:
    return talk.mover_name(view, mover_id)


def _free_ways(view: NanuukState, field: int, leaving: int = -1) -> int:
    """Neighbour fields of ``field`` reachable now (no crack between, nobody there)."""
    taken = view.occupied() & ~(1 << leaving if leaving >= 0 else 0)
    steps = view.spec.board.steps.get(field, ())
    return sum(1 for g, edge in steps if not view.cracks & edge and not taken >> g & 1)


def _place(view: NanuukState, a: Place) -> str:
    mover = _mover(view, a.mover)
    if view.spec.variant == "full":
        return tr("guide.nanuuk.place_full", mover=mover)
    return tr("guide.nanuuk.place", mover=mover, n=_free_ways(view, a.to))


def _choose(view: NanuukState, a: Choose) -> str:
    return tr("guide.nanuuk.choose", mover=_mover(view, a.mover))


def _step(view: NanuukState, a: Step) -> str:
    mover = _mover(view, a.mover)
    rule = tr("guide.nanuuk.step", mover=mover)
    if a.kayak:
        return f"{rule} {tr('guide.nanuuk.kayak')}"
    return f"{rule} {_why_field(view, a)}"


def _why_field(view: NanuukState, a: Step) -> str:
    """What the ringed field offers, in the rules' terms."""
    if view.spec.variant == "full":
        if view.spec.board.igloos >> a.to & 1:
            return tr("guide.nanuuk.why_igloo")
        for k, piece in enumerate(PIECES):
            if view.pieces[k] >> a.to & 1:
                if piece in VALUE:
                    animal = talk.animal_name(piece)
                    return tr("guide.nanuuk.why_animal", animal=animal, n=VALUE[piece])
                if piece == "bear":
                    return tr("guide.nanuuk.why_bear")
                return tr("guide.nanuuk.why_inuk")
        return tr("guide.nanuuk.why_hunt")
    leaving = view.pos[view.mover] if view.mover >= 0 else -1
    return tr("guide.nanuuk.why_free", n=_free_ways(view, a.to, leaving))


def _crack(view: NanuukState, a: Crack) -> str:
    board = view.spec.board
    if a.edge in board.c_lines.get(view.at, ()):
        return tr("guide.nanuuk.crack_c")
    return tr("guide.nanuuk.crack_d")


def _take(view: NanuukState, a: Take) -> str:
    return tr("guide.nanuuk.take", animal=talk.animal_name(a.animal), n=VALUE[a.animal])


def _leave(view: NanuukState, a: Leave) -> str:
    return tr("guide.nanuuk.leave", animal=talk.animal_name(a.animal))


def _exchange(view: NanuukState, a: Exchange) -> str:
    return tr("guide.nanuuk.exchange", animal=talk.animal_name(a.animal))


def _deposit(view: NanuukState, a: Deposit) -> str:
    return tr("guide.nanuuk.deposit", animal=talk.animal_name(a.animal))


def _end(view: NanuukState, a: EndTurn) -> str:
    return tr("guide.nanuuk.leave_igloo" if view.phase == "igloo" else "guide.nanuuk.end")


_SAY: tuple[tuple[type, Any], ...] = (
    (Place, _place),
    (Choose, _choose),
    (Step, _step),
    (Crack, _crack),
    (Take, _take),
    (Leave, _leave),
    (Banish, lambda v, a: tr("guide.nanuuk.banish")),
    (Exchange, _exchange),
    (Deposit, _deposit),
    (Mush, lambda v, a: tr("guide.nanuuk.mush")),
    (Stay, lambda v, a: tr("guide.nanuuk.stay")),
    (EndTurn, _end),
)
