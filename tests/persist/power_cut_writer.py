"""The child of the power-cut test: writes every kind of file in a loop until it is killed.

``python power_cut_writer.py FOLDER FIRST`` writes, for n = FIRST, FIRST + 1, ...: the settings,
a save, a replay (each a version that follows from n, see ``expected_*``) and one statistics row
(started, then finished). After each whole step it prints ``n`` on stdout, so the parent knows
that every step up to the last number it read was complete when it pulled the plug.
"""

from __future__ import annotations

import sys
from pathlib import Path

from game.persist.settings import UI_SCALES, Settings, save_settings
from game.persist.stats import Stats
from game.play import saves
from game.play.config import GameConfig, Seat
from game.play.registry import rules_for

SAVE = "saves/kill-test.json"
REPLAY = "replays/kill-test.json"
CONFIG = GameConfig(
    "bergruft", "standard", (Seat("Anna", "human", "red"), Seat("Ben", "easy", "blue")), seed=7
)


def expected_settings(n: int) -> Settings:
    return Settings(volume=(n % 101) / 100, muted=n % 2 == 1, ui_scale=UI_SCALES[n % 3])


def expected_record(kind: str, n: int) -> saves.Record:
    """The game after its first ``n % 15`` moves (the first legal action each time)."""
    state = rules_for(CONFIG.game).new_game(CONFIG.variant, CONFIG.names, seed=CONFIG.seed)
    moves = []
    for _ in range(n % 15):
        action = state.legal_actions()[0]
        moves.append(action.to_dict())
        state = state.apply(action)
    return saves.build(kind, CONFIG, moves, state)


def seats_of(n: int) -> list[str]:
    return ["human", f"n{n}"]


def main(folder: Path, first: int) -> None:
    stats, problem = Stats.open(folder)
    assert problem is None, problem
    records = {k: [expected_record(k, m) for m in range(15)] for k in ("save", "replay")}
    n = first
    while True:
        save_settings(folder, expected_settings(n))
        saves.write(records["save"][n % 15], folder / SAVE)
        saves.write(records["replay"][n % 15], folder / REPLAY)
        row = stats.started("bergruft", "standard", seats_of(n))
        stats.finished(row, [f"n{n}"])
        print(n, flush=True)
        n += 1


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
