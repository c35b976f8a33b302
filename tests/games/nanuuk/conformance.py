"""What the shared tests (tests/conformance, tests/ui, the saves) need to know of Nanuuk!: few
random games here (the larger conformance test is test_nanuuk_conformance.py); nothing is
hidden; the set-ups the saves, the buttons and the accessibility tests are tried on."""

from game.games.nanuuk.rules.why import ENGLISH  # noqa: F401  (the developers' sentences)

GAMES = 30
SET_UP = ("full", 2)  # the saves' and buttons' tests play the full game (not the introduction)
CROWDED = ("full", 4)  # the most crowded table (the accessibility tests)
PIECE_DRAWER = ("game.games.nanuuk.view.figures", "draw_hunter")  # draws a seat's piece
