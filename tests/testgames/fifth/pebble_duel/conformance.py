"""What the shared tests need to know of Pebble Duel (tests/games_support.py), as a shipped game's
tests/games/<id>/conformance.py says it: a game of 15 pebbles is over in 5 to 15 moves."""

MIDDLE = 4  # moves into a game that leave it unfinished

OWN_LEVEL_WORDS = False  # its three levels are one bot: the set-up shows the shared words
RULES_PAGES = 1  # one page: the pile
