"""What tests of a whole App share, wherever they live (tests/ is on the import path through
its conftest.py)."""

from __future__ import annotations

from game.app import App


def close(app: App) -> None:
    """Close what a test's App still holds: open statistics rows, scenes, bot workers."""
    if app.kiosk is not None:
        app.kiosk.close()
    for scene in reversed(app.scenes.stack):
        scene.exit()
    app.scenes.stack.clear()
