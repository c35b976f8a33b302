"""``python -m game.tools.kiosk_example > kiosk.example.toml``: the example kiosk configuration,
every key with its default and what it means, for the games there are (a test compares the
file in the repository with it)."""

from __future__ import annotations

from game.persist.kiosk_config import KioskConfig
from game.play import registry  # noqa: F401  (the games the defaults name)


def main() -> None:
    print(KioskConfig().to_toml(), end="")


if __name__ == "__main__":
    main()
