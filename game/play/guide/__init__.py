"""The guided first game (issue 9): a panel that says what the decision is and why, and a
pulsing ring with an arrow that points at one good legal choice on the screen.

``base`` holds the shared parts (the :class:`Hint`, the :class:`Guide` that caches, toggles and
draws it); each game's ``guide`` module knows that game's decisions.
"""
