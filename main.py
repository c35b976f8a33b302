"""Speltafel: argument parsing only (see game/cli.py); the loop lives in game.app."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
