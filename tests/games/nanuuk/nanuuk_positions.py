"""Build Nanuuk! scenario positions for tests: pieces where the test says, then a turn begins.

Fields are written as labels (``"F23"``), cracks as ``"F22|F31"``; see ``levels/nanuuk/floe.toml``
for the map and its labels.
"""

from __future__ import annotations

from typing import Any

from game.games.nanuuk.rules import RULES
from game.games.nanuuk.rules.level import default_level
from game.games.nanuuk.rules.sheet import Sheet
from game.games.nanuuk.rules.state import PIECES, NanuukState
from game.games.nanuuk.rules.turn import start_turn

FLOE = default_level().floe


def field(label: str) -> int:
    return FLOE.field(label)


def label(bit: int) -> str:
    return FLOE.label(bit)


def edge(text: str) -> int:
    a, _, b = text.partition("|")
    return FLOE.edge_bit(field(a), field(b))


def edges(*texts: str) -> int:
    mask = 0
    for text in texts:
        mask |= edge(text)
    return mask


def position(
    variant: str,
    players: int,
    movers: dict[str, str],
    *,
    cracks: tuple[str, ...] = (),
    pieces: dict[str, list[str]] | None = None,
    sheets: dict[str, Sheet] | None = None,
    seat: int = 0,
    turns: tuple[int, ...] | None = None,
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> NanuukState:
    """A position at the start of ``seat``'s turn, placement done.

    ``movers`` gives every mover's field (``{"hunter 1": "F23", ...}``); ``pieces`` replaces
    the floe's animals, Inuit and bears (kinds as in ``PIECES``: fish, seal, walrus, whale,
    inuk, bear; ``None`` keeps the printed set-up); ``turns`` defaults to one finished turn each
    (so the first-round ban on bears, N23, is over); other keyword arguments set state fields.
    """
    state = RULES.new_game(variant, players, seed=0, options=options)
    spec = state.spec
    missing = set(spec.index) - set(movers)
    assert not missing, f"give a field for every mover: {sorted(missing)}"
    pos = [0] * len(spec.movers)
    for mover, where in movers.items():
        pos[spec.index[mover]] = field(where)
    changes: dict[str, Any] = {
        "pos": tuple(pos),
        "cracks": state.cracks | edges(*cracks),
        "placed": len(spec.placing),
        "turns": turns if turns is not None else (1,) * players,
    }
    if pieces is not None:
        unknown = set(pieces) - set(PIECES)
        assert not unknown, f"unknown piece kinds {unknown}"
        changes["pieces"] = tuple(
            sum(1 << field(f) for f in pieces.get(kind, ())) for kind in PIECES
        )
    if sheets:
        all_sheets = list(state.sheets)
        for mover, sheet in sheets.items():
            all_sheets[spec.index[mover]] = sheet
        changes["sheets"] = tuple(all_sheets)
    changes.update(fields)
    return start_turn(state.with_(**changes), seat)


def play(state: NanuukState, *texts: str) -> NanuukState:
    """Apply actions given as their printed form (``"hunter 1 -> F23"``, ``"crack F1|F2"``)."""
    for text in texts:
        by_text = {str(a): a for a in state.legal_actions()}
        assert text in by_text, f"{text!r} not offered; legal: {sorted(by_text)}"
        state = state.apply(by_text[text])
    return state


def offered(state: NanuukState) -> list[str]:
    return sorted(str(a) for a in state.legal_actions())
