"""What the shared tests (tests/conformance, tests/ui, the saves) need to know of Nanuuk!: few
random games here (the larger conformance test is test_nanuuk_conformance.py); nothing is
hidden; the set-ups the saves, the buttons and the accessibility tests are tried on."""

from game.games.nanuuk.rules.why import ENGLISH  # noqa: F401  (the developers' sentences)
from tests.games.nanuuk.guide_words import says as guide_says  # noqa: F401  (its words)

GAMES = 30
SET_UP = ("full", 2)  # the saves' and buttons' tests play the full game (not the introduction)
CROWDED = ("full", 4)  # the most crowded table (the accessibility tests)
PIECE_DRAWER = ("game.games.nanuuk.view.figures", "draw_hunter")  # draws a seat's piece

# the seeded games the guide is walked through (tests/play/test_guide_says.py): every variant;
# the full game's seed 19 and seed 7 meet a walrus after the harpoon was thrown (issue 29)
GUIDE_GAMES = (
    ("full", 2, 7, {"two-hunters": True}),
    ("full", 2, 19, {}),
    ("full", 3, 1, {"variant-1": True, "variant-2": True}),
    ("full", 4, 2, {"cracks": 8}),
    ("intro", 2, 1, {}),
    ("intro", 3, 2, {}),
    ("partner", 4, 1, {}),
    ("neighbourhood", 4, 1, {"winner": "right"}),
    ("helpers", 2, 1, {}),
    ("bear-hunt", 2, 1, {"a": True, "c": True}),
    ("bear-hunt", 3, 1, {"d": True}),
    ("bear-fear", 2, 1, {"bears": 2, "c": True}),
)
# sentences the walk must meet: issue 29's walrus after the harpoon was thrown (145, 146), and
# the one crack for the husky's two steps (option variant 1)
GUIDE_MEETS = ("why_animal_no_harpoon", "mush_one_crack")
