"""Random streams for the computer seats and the guide that no other seat can reproduce.

A game's chance (the deal, the start player) comes from its seed, and the players may know the
seed: they can choose a game number, and the results screen shows it. So the bots' and the
guide's random choices must not follow from it, or a guesser who runs the open-source bot on
his own view could read the computer caller's number. A table therefore draws a private key
from the operating system and derives the stream of each decision from it.

Only when no person plays does the key follow from the seed: nobody at the table could use it,
and a seeded game of computers (``--seed`` on the command line, the tests, the bench) repeats
exactly. Replays never need the streams: they repeat the recorded actions.
"""

from __future__ import annotations

import random
import secrets

KEY_BITS = 64


class Streams:
    """The private random streams of one table; ``seed(*parts)`` names one decision."""

    __slots__ = ("_key",)

    def __init__(self, key: int) -> None:
        self._key = key

    @classmethod
    def for_table(cls, seed: int, humans: int) -> Streams:
        """A fresh private key while anyone plays; with computers only, one from the seed."""
        if humans:
            return cls(secrets.randbits(KEY_BITS))
        return cls(random.Random(f"computers:{seed}").getrandbits(KEY_BITS))

    def seed(self, *parts: object) -> int:
        """A 32-bit seed for the decision named by ``parts`` (who, which turn, which step)."""
        name = ":".join(map(str, parts))
        return random.Random(f"{self._key}:{name}").getrandbits(32)

    def __repr__(self) -> str:  # the key is the secret: it never shows in a log or traceback
        return "Streams(<private>)"
