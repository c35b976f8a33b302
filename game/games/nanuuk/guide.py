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
from game.games.nanuuk.rules import NanuukState, moves
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
from game.games.nanuuk.rules.codes import Refused
from game.games.nanuuk.rules.sheet import HARPOON, IGLOO_BONUS, VALUE, Sheet
from game.i18n import tr
from game.play.guide.base import Hint, Target, Words

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
    return Hint.said(
        explain(view, action), target_of(view, action), action, tr("guide.turn", name=name)
    )


def target_of(view: NanuukState, action: NanuukAction) -> Target:
    """Where the screen shows the choice: a field, a crack line, or a button (a piece that
    shares its igloo with another that may be chosen is chosen by its button)."""
    if isinstance(action, Place | Step | Banish):
        return ("field", action.to)
    if isinstance(action, Choose):
        if shared_choice(view, action):
            return ("button", action)
        return ("field", view.position(action.mover))
    if isinstance(action, Crack):
        return ("edge", action.edge)
    return ("button", action)


def shared_choice(view: NanuukState, action: Choose) -> bool:
    """Whether another piece that may be chosen stands on the field of ``action``'s (hunters
    share an igloo in the full game): a click there could mean either, so it has a button."""
    at = view.position(action.mover)
    return any(
        isinstance(a, Choose) and a != action and view.position(a.mover) == at
        for a in view.legal_actions()
    )


# ---- the words: (key, parameters) per sentence, what the action does ------------------------
Said = tuple[Words, ...]
G = "guide.nanuuk."


def explain(view: NanuukState, action: NanuukAction) -> Said:
    for kind, say in _SAY:
        if isinstance(action, kind):
            return tuple(say(view, action))
    return ((G + "other", {"action": talk.button_text(view, action)}),)


def _mover(view: NanuukState, mover_id: str) -> str:
    return talk.mover_name(view, mover_id)


def ways_out(view: NanuukState, mover: int, field: int) -> int:
    """The steps mover ``mover`` would have from ``field`` (the rules' own count: no crack
    between, nobody there), were it standing there now."""
    pos = list(view.pos)
    pos[mover] = field
    return len(moves.targets(view.with_(pos=tuple(pos)), mover))


def _place(view: NanuukState, a: Place) -> Said:
    mover = _mover(view, a.mover)
    if view.spec.variant == "full":
        return ((G + "place_full", {"mover": mover}),)
    n = ways_out(view, view.spec.index[a.mover], a.to)
    return ((G + "place", {"mover": mover, "n": n}),)


def _choose(view: NanuukState, a: Choose) -> Said:
    """The ringed piece, and why: the most room, or else the better move this turn."""
    def room(c: Choose) -> int:
        i = view.spec.index[c.mover]
        return len(moves.targets(view, i))

    most = max(room(c) for c in view.legal_actions() if isinstance(c, Choose))
    key = "choose" if room(a) == most else "choose_best"
    return ((G + key, {"mover": _mover(view, a.mover)}),)


def _step(view: NanuukState, a: Step) -> Said:
    rule: Words = (G + "step", {"mover": _mover(view, a.mover)})
    if a.kayak:
        return (rule, (G + "kayak", {}))
    return (rule, _why_field(view, a))


def _why_field(view: NanuukState, a: Step) -> Words:
    """What the ringed field offers, in the rules' terms: only what entering it will do."""
    if view.spec.variant != "full":
        return (G + "why_free", {"n": ways_out(view, view.mover, a.to)})
    sheet = view.sheets[view.mover]
    if view.spec.board.igloos >> a.to & 1:
        return _why_igloo(sheet)
    piece = view.piece_at(a.to)
    if piece in VALUE:
        animal = {"animal": talk.animal_name(piece), "n": VALUE[piece]}
        refused = sheet.why_not_take(piece)
        return (G + ("why_animal" if refused is None else _CANNOT_TAKE[refused]), animal)
    if piece == "bear":
        return (G + "why_bear", {})
    if piece == "inuk" and not sheet.inuk:
        return (G + "why_inuk", {})
    return (G + "why_hunt", {})


_CANNOT_TAKE = {
    Refused.CANNOT_HUNT: "why_animal_no_harpoon",
    Refused.BAG_HOLDS: "why_animal_bag_holds",
    Refused.WHALE_NEEDS_INUK: "why_animal_no_inuk",
}


def _why_igloo(sheet: Sheet) -> Words:
    """N24: a lost harpoon comes back; animals in the bag may be stored or exchanged; else the
    igloo counts at the end (N27)."""
    harpoon = not sheet.carried & HARPOON
    if harpoon and sheet.bag:
        return (G + "why_igloo", {})
    if harpoon:
        return (G + "why_igloo_harpoon", {})
    if sheet.bag:
        return (G + "why_igloo_store", {})
    return (G + "why_igloo_bonus", {"n": IGLOO_BONUS})


def _crack(view: NanuukState, a: Crack) -> Said:
    board = view.spec.board
    if a.edge in board.c_lines.get(view.at, ()):
        return ((G + "crack_c", {}),)
    return ((G + "crack_d", {}),)


def _animal(key: str) -> Any:
    def say(view: NanuukState, a: Take | Leave | Exchange | Deposit) -> Said:
        params: dict[str, Any] = {"animal": talk.animal_name(a.animal)}
        if key == "take":
            params["n"] = VALUE[a.animal]
        return ((G + key, params),)

    return say


def _mush(view: NanuukState, a: Mush) -> Said:
    return ((G + ("mush_one_crack" if a.one_crack else "mush"), {}),)


def _end(view: NanuukState, a: EndTurn) -> Said:
    return ((G + ("leave_igloo" if view.phase == "igloo" else "end"), {}),)


_SAY: tuple[tuple[type, Any], ...] = (
    (Place, _place),
    (Choose, _choose),
    (Step, _step),
    (Crack, _crack),
    (Take, _animal("take")),
    (Leave, _animal("leave")),
    (Banish, lambda v, a: ((G + "banish", {}),)),
    (Exchange, _animal("exchange")),
    (Deposit, _animal("deposit")),
    (Mush, _mush),
    (Stay, lambda v, a: ((G + "stay", {}),)),
    (EndTurn, _end),
)
