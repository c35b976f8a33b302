"""What the shared tests (tests/conformance, the saves, the screens) need to know of Nanuuk!:
few random games here (the larger conformance test is test_nanuuk_conformance.py); nothing is
hidden; the set-up the saves and the buttons are tried on."""

GAMES = 30

SET_UP = ("full", 2)  # the saves' and buttons' tests play the full game (not the introduction)

CROWDED = ("full", 4)  # the most crowded table (the accessibility tests)
PIECE_DRAWER = ("game.games.nanuuk.view.figures", "draw_hunter")  # draws a seat's piece
