"""The end of a game goes one way: the table's record and outcome to the game-over handler,
which has it kept (the replay written, the autosave dropped), tells the policy and shows the
results, or in a headless run prints the outcome and ends the run. Built without an App."""

from __future__ import annotations

import json
from pathlib import Path

from app_support import finished

from game.engine.files import Files
from game.engine.policy import Policy
from game.play import saves
from game.play.config import GameConfig, Seat
from game.play.ending import GameEnd
from game.play.records import Records

CONFIG = GameConfig("bergruft", "standard", (Seat("Anna"), Seat("Ben", "easy")), seed=7)
OUTCOME = {"game": "bergruft", "winners": [0]}


class Results:
    """Where the results would show: what they were given."""

    def __init__(self) -> None:
        self.shown: list[tuple[GameConfig, dict[str, object], Path | None]] = []

    def __call__(self, config: GameConfig, outcome: dict[str, object], replay: Path | None):
        self.shown.append((config, outcome, replay))


class Told(Policy):
    def __init__(self) -> None:
        self.ends: list[tuple[GameConfig, dict[str, object]]] = []

    def game_over(self, config, outcome):
        self.ends.append((config, outcome))


def records(folder, keep=True):
    return Records(Files(folder, folder / "log", lambda text, seconds: None), keep, keep)


def test_a_finished_game_is_kept_and_its_results_shown(tmp_path):
    results, policy = Results(), Told()
    end = GameEnd(results, policy, records(tmp_path))
    end(finished(CONFIG, 3), OUTCOME)
    ((config, outcome, replay),) = results.shown
    assert config == CONFIG and outcome == OUTCOME
    assert replay is not None and saves.read_replay(replay).config == CONFIG
    assert policy.ends == [(CONFIG, OUTCOME)] and end.outcome == OUTCOME


def test_a_headless_run_prints_the_outcome_and_ends_keeping_nothing(tmp_path, capsys):
    ended, results = [], Results()
    end = GameEnd(results, Policy(), records(tmp_path, keep=False), lambda: ended.append(1))
    end(finished(CONFIG, 3), OUTCOME)
    assert json.loads(capsys.readouterr().out) == OUTCOME
    assert ended == [1] and results.shown == []
    assert not any(tmp_path.rglob("*.json"))


def test_the_records_know_the_table_from_the_scene_manager(tmp_path):
    from game.play.table import PlayTable

    kept = records(tmp_path)
    table = PlayTable.__new__(PlayTable)  # what the manager hands its listeners
    table.replaying = False
    kept.scene_entered(table)
    assert kept.playing
    kept.scene_left(table)
    assert not kept.playing and kept.save() is None and kept.autosave() is None
