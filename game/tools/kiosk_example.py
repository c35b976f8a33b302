"""``python -m game.tools.kiosk_example > kiosk.toml``: the example kiosk configuration, every key
with its default and what it means, for the games installed (their ids, variants and levels).
The operator starts from it; the repository keeps no copy of it, so a new game changes no
shared file."""

from __future__ import annotations

from game.persist.kiosk_config import KioskConfig
from game.play import registry  # noqa: F401  (the games the defaults name)


def main() -> None:
    print(KioskConfig().to_toml(), end="")


if __name__ == "__main__":
    main()
