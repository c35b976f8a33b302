"""Kiosk mode (``python main.py --kiosk``): Speltafel as an unattended station at a game event.

``controller`` holds the state machine (idle timers, attract mode, quit blocking, the admin
chord, statistics, error recovery); ``attract``, ``still`` and ``admin`` are its scenes, which
it opens with itself as their ``station`` (``station.Station``: what they ask of it).
"""
