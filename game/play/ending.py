"""The end of a game, in one direction: the table hands its record and outcome to this
handler, which has the game kept (``Records``), tells the policy (the kiosk's statistics) and
shows the results; a headless run (``--exit-when-over``) prints the outcome's JSON line and
ends instead."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine.policy import Policy
    from game.play.config import GameConfig
    from game.play.records import Records
    from game.play.saves import Record

# (the finished game's config, its outcome, its replay file): the results take the table's place
Results = Callable[["GameConfig", dict[str, Any], Path | None], None]


class GameEnd:
    def __init__(self, results: Results, policy: Policy, records: Records,
                 end_run: Callable[[], None] | None = None) -> None:  # fmt: skip
        self.results = results
        self.policy = policy
        self.records = records
        self.end_run = end_run  # set: print the outcome and end the run (no results screen)
        self.outcome: dict[str, Any] | None = None  # the last game's, for tools and tests

    def __call__(self, record: Record, outcome: dict[str, Any]) -> None:
        self.outcome = outcome
        replay = self.records.finished(record)  # the autosave goes, a replay is kept
        self.policy.game_over(record.config, outcome)
        if self.end_run is not None:
            try:
                print(json.dumps(outcome), flush=True)
            except BrokenPipeError:  # the reader has gone (``| head``): the run ends all the same
                sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (Python's own advice: no
                # second error when the interpreter flushes stdout at exit)
            self.end_run()
        else:
            self.results(record.config, outcome, replay)
