"""Nanuuk! pictures for the rules help: real positions reached with legal actions, drawn with
the floe renderer and the figures, labelled in the reader's language."""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

import pygame

from game.games.nanuuk.rules import RULES, NanuukState
from game.games.nanuuk.rules.actions import Banish, Choose, Crack, Place, Step
from game.games.nanuuk.rules.sheet import HARPOON, KAYAK, VALUE
from game.games.nanuuk.rules.state import PIECES
from game.games.nanuuk.rules.turn import start_turn
from game.games.nanuuk.view import figures
from game.games.nanuuk.view.pictures_floe import FloeView
from game.i18n import tr
from game.play.pictures.common import LABEL_INK, arrow, label, paper
from game.ui import theme

Size = tuple[int, int]
CLOSE = 96  # hex radius of a close-up, in pixels
PLAYERS = {"intro": 2, "partner": 4, "neighbourhood": 4, "helpers": 2, "bear-hunt": 3,
           "bear-fear": 2, "full": 2}  # fmt: skip
# where the pieces go in the pictures (field numbers F1..), tried in this order
SPREAD = (29, 20, 38, 31, 27, 41, 19, 46, 12, 33)
C_LINE = (255, 140, 30)
D_LINE = (40, 120, 230)


def words(key: str, **params: object) -> str:
    return tr(f"rules_pictures.{key}", **params)


# ---- positions ------------------------------------------------------------------------------
def field(state: NanuukState, number: int) -> int:
    return state.spec.board.floe.field(number)


def new_game(variant: str, players: int | None = None, **options: object) -> NanuukState:
    count = players or PLAYERS.get(variant, 2)
    state = RULES.new_game(variant, count, seed=1, options=dict(options) or None)
    return cast(NanuukState, state)


def placed(state: NanuukState, numbers: Iterable[int] = SPREAD) -> NanuukState:
    """Every piece placed, each on the first free field of ``numbers`` it may take."""
    wanted = [field(state, n) for n in numbers]
    while state.phase == "place":
        actions = [a for a in state.legal_actions() if isinstance(a, Place)]
        chosen = next((a for w in wanted for a in actions if a.to == w), actions[0])
        state = state.apply(chosen)
    return state


def chosen(state: NanuukState, mover: str) -> NanuukState:
    """The current player picks ``mover`` when he has a choice of pieces."""
    if Choose(mover) in state.legal_actions():
        state = state.apply(Choose(mover))
    return state


def steps(state: NanuukState) -> list[Step]:
    return [a for a in state.legal_actions() if isinstance(a, Step)]


def mover_field(state: NanuukState, mover: str) -> int:
    return state.pos[state.spec.index[mover]]


# ---- pictures -------------------------------------------------------------------------------
def floe(variant: str, size: Size) -> pygame.Surface:
    """The variant's floe at the start, every piece placed; the whole floe with the orange
    line round the 24 fields of the polar-bear games, which its page speaks of (issue 29)."""
    state = placed(new_game(variant))
    board = state.spec.board
    region = len(board.in_play) == 24
    bears = new_game("bear-hunt").spec.board.in_play
    view = region_view(state, size) if region else FloeView(state, size, region=bears)
    image = view.finish()
    if not region:  # the line, named where it runs along the top of the 24 fields
        top = min(bears, key=lambda f: (view.centre(f)[1], view.centre(f)[0]))
        x, y = view.centre(top)
        label(image, words("region"), (size[0] / 2, 30), (x, y - view.layout.radius))
    igloos = sorted(f for f in board.in_play if board.floe.kinds[f] == "I")
    if igloos:
        at = view.centre(igloos[0])
        beside = 150 if region else -40  # off the orange line
        label(image, words("igloo"), (at[0] + beside, at[1] - 110), at)
    lone = field(state, 39 if variant != "full" else 29)
    at = view.centre(lone)
    label(image, words("ice_field"), (at[0] + 120, at[1] + 150), at)
    if region:
        label(image, words("region"), (size[0] / 2, 30))
    return image


def move(variant: str, size: Size) -> pygame.Surface:
    """A hunter's steps: every free neighbour not behind a crack lights up."""
    state = placed(new_game("intro"), (29, 20, 38, 31))
    mover = state.spec.movers[0].id
    state = chosen(state, mover)
    here = mover_field(state, mover)
    board = state.spec.board
    behind, crack = board.steps[here][0]
    state = state.with_(cracks=state.cracks | crack)
    view = FloeView(state, size, here, CLOSE)
    view.highlight({a.to: "move" for a in steps(state)})
    image = view.finish()
    (a, b) = view.side(crack)
    label(
        image,
        words("crack"),
        (size[0] * 0.2, size[1] * 0.12),
        ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2),
    )
    target = view.centre(steps(state)[-1].to)
    arrow(image, view.centre(here), target, (60, 180, 90))
    return image


def _entered(crack_all_c: bool) -> tuple[NanuukState, int, int]:
    """A hunter has just stepped onto a field; the crack is due (N7). With ``crack_all_c``
    every C-line of that field was cracked before, so the crack must go on a d-line."""
    state = placed(new_game("intro"), (29, 20, 47, 31))
    mover = state.spec.movers[0].id
    state = chosen(state, mover)
    start = mover_field(state, mover)
    target = field(state, 28)
    if crack_all_c:
        lines = 0
        for edge in state.spec.board.c_lines[target]:
            lines |= edge
        state = state.with_(cracks=state.cracks | lines)
    state = state.apply(Step(mover, target))
    return state, start, target


def crack(variant: str, size: Size) -> pygame.Surface:
    """N7: entering a field, the crack goes on a free C-line of that field; d-lines wait."""
    state, start, target = _entered(False)
    view = FloeView(state, size, target, CLOSE)
    options = [a.edge for a in state.legal_actions() if isinstance(a, Crack)]
    board = state.spec.board
    for edge in board.d_lines[target]:
        a, b = view.layout.edge_segment(edge)
        pygame.draw.line(view.canvas, D_LINE, a, b, 9)
    view.highlight({}, {edge: "crack" for edge in options})
    image = view.finish()
    c_mid = _middle(view, options[0])
    d_mid = _middle(view, board.d_lines[target][-1])
    label(image, words("c_line"), (c_mid[0] + 170, c_mid[1] - 120), c_mid, C_LINE)
    label(image, words("d_line"), (d_mid[0] - 200, d_mid[1] + 140), d_mid, D_LINE)
    arrow(image, view.centre(start), view.centre(target), (60, 180, 90))
    return image


def crack_d(variant: str, size: Size) -> pygame.Surface:
    """Every C-line of the field is cracked already: now a d-line must crack."""
    state, _, target = _entered(True)
    view = FloeView(state, size, target, CLOSE)
    options = [a.edge for a in state.legal_actions() if isinstance(a, Crack)]
    view.highlight({}, {edge: "crack" for edge in options})
    image = view.finish()
    c_mid = _middle(view, state.spec.board.c_lines[target][0])
    d_mid = _middle(view, options[0])
    label(image, words("c_cracked"), (c_mid[0] + 150, c_mid[1] - 140), c_mid, C_LINE)
    label(image, words("d_line"), (d_mid[0] - 160, d_mid[1] + 150), d_mid, D_LINE)
    return image


def _middle(view: FloeView, edge: int) -> tuple[float, float]:
    a, b = view.side(edge)
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def place(variant: str, size: Size) -> pygame.Surface:
    """Placing: the first hunter stands; every free field may take the next."""
    state = new_game("intro")
    state = state.apply(Place(state.spec.movers[0].id, field(state, 29)))
    view = FloeView(state, size)
    view.highlight({a.to: "place" for a in state.legal_actions() if isinstance(a, Place)})
    image = view.finish()
    at = view.centre(field(state, 29))
    label(image, words("first_hunter"), (at[0] + 40, at[1] - 170), at)
    return image


def enclosed(variant: str, size: Size) -> pygame.Surface:
    """A hunter with a crack on every side of its field: enclosed, it leaves the floe."""
    state = placed(new_game("intro", 3), (29, 20, 38))
    here = mover_field(state, state.spec.movers[0].id)
    lines = 0
    for edge in state.spec.board.d_lines[here]:
        lines |= edge
    state = state.with_(cracks=state.cracks | lines)
    view = FloeView(state, size, here, CLOSE)
    view.highlight({here: "bad"})
    image = view.finish()
    at = view.centre(here)
    label(image, words("enclosed"), (at[0] - 60, at[1] - 230), at, theme.palette().danger)
    return image


def four(variant: str, size: Size) -> pygame.Surface:
    """Four hunters on the floe, each player's colour and mark."""
    state = placed(new_game("partner"), (20, 31, 38, 27))
    view = FloeView(state, size, field(state, 29), CLOSE * 0.85)
    image = view.finish()
    for seat in range(len(state.spec.movers)):
        at = view.centre(state.pos[seat])
        below = at[1] > size[1] * 0.6  # the lowest hunter is named below, the others above
        label(image, words("player", n=seat + 1), (at[0], at[1] + (115 if below else -115)), at)
    return image


def neighbourhood(variant: str, size: Size) -> pygame.Surface:
    """N14: player 2 is the first who cannot move; the engine names the winner, the player
    whose left neighbour player 2 is (N35: the left neighbour is the next seat)."""
    state = placed(new_game("neighbourhood"), (20, 31, 38, 27))
    stuck = state.pos[1]
    lines = 0
    for edge in state.spec.board.d_lines[stuck]:
        lines |= edge
    # player 2's turn begins
    state = cast(NanuukState, start_turn(state.with_(cracks=state.cracks | lines), 1))
    (winner,) = state.winners
    view = FloeView(state, size, field(state, 29), CLOSE * 0.85)
    view.highlight({stuck: "bad"})
    image = view.finish()
    at = view.centre(stuck)
    label(image, words("cannot_move", n=2), (at[0] - 60, at[1] + 140), at, theme.palette().danger)
    at = view.centre(state.pos[winner])
    text = words("left_neighbour_stuck", n=winner + 1, stuck=2)
    label(image, text, (size[0] / 2, 40), at)
    return image


def helpers(variant: str, size: Size) -> pygame.Surface:
    """Each player a polar bear and an Inuk, marked with the player's colour."""
    state = placed(new_game("helpers"), (29, 20, 38, 31))
    view = FloeView(state, size, field(state, 29), CLOSE * 0.8)
    image = view.finish()
    for i, mover in enumerate(state.spec.movers[:2]):
        at = view.centre(state.pos[i])
        name = words("bear") if mover.kind == "bear" else words("inuk")
        label(image, name, (at[0] - 150, at[1] - 130 + i * 260), at)
    return image


def region_view(state: NanuukState, size: Size) -> FloeView:
    """A close-up that just holds the fields in play (the 24 fields of the polar-bear games)."""
    board = state.spec.board
    whole = FloeView(state, size).layout
    xs = [whole.centre(f)[0] for f in board.in_play]
    ys = [whole.centre(f)[1] for f in board.in_play]
    r = whole.radius
    scale = min(size[0] / (max(xs) - min(xs) + 2.6 * r), size[1] / (max(ys) - min(ys) + 3.2 * r))
    middle = ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)
    return FloeView(state, size, radius=r * scale, at=middle)


def bear_game(variant: str, size: Size) -> pygame.Surface:
    """The 24 fields of the polar-bear games with the bear and the two Inuit."""
    variant = variant if variant in ("bear-hunt", "bear-fear") else "bear-hunt"
    state = placed(new_game(variant), (29, 27, 40, 31))
    view = region_view(state, size)
    image = view.finish()
    bear = next(i for i, m in enumerate(state.spec.movers) if m.kind == "bear")
    inuk = next(i for i, m in enumerate(state.spec.movers) if m.kind == "Inuk")
    at = view.centre(state.pos[bear])
    label(image, words("bear"), (at[0] + 60, at[1] - 130), at)
    at = view.centre(state.pos[inuk])
    label(image, words("inuk"), (at[0] - 40, at[1] + 130), at)
    label(image, words("region"), (size[0] / 2, 30))
    return image


def bear_steps(variant: str, size: Size) -> pygame.Surface:
    """The bear's turn: one step, or two (the second from where the first ended)."""
    state = placed(new_game("bear-hunt", 3), (29, 27, 40))
    while state.spec.movers[state.spec.index["bear"]].seat != state.seat:
        state = state.apply(state.legal_actions()[0])
    state = chosen(state, "bear")
    here = mover_field(state, "bear")
    view = region_view(state, size)
    first = steps(state)
    view.highlight({a.to: "move" for a in first})
    image = view.finish()
    one, second = first[0].to, []
    for step in first:  # a first step from which a second one leads on
        second = [a.to for a in steps(state.apply(step)) if a.to != here]
        if second:
            one = step.to
            break
    arrow(image, view.centre(here), view.centre(one), (60, 180, 90))
    if second:
        arrow(image, view.centre(one), view.centre(second[0]), (240, 150, 40))
        to = view.centre(second[0])
        label(image, words("second_step"), (to[0] - 170, to[1] - 110), to)
    return image


def setups(variant: str, size: Size) -> pygame.Surface:
    """N2, N4: the printed set-up for 2, 3 and 4 players; the ~~ fields are water with 2 and 3
    players (one hunter each), as the rules engine leaves them out."""
    image = paper(size)
    row_h = size[1] // 3
    floe_size = (round(row_h * 1.42), row_h - 12)
    text_x = floe_size[0] + 28
    for row, players in enumerate((2, 3, 4)):
        state = new_game("full", players)
        top = row * row_h
        image.blit(FloeView(state, floe_size).finish(), (6, top + 6))
        lines = [(words(f"setup_{players}p"), True), (words(f"setup_{players}p_fields"), False)]
        y = top + 24
        for text, bold in lines:
            for line in theme.wrap(text, 26, size[0] - text_x - 12, bold):
                image.blit(theme.font(26, bold).render(line, True, LABEL_INK), (text_x, y))
                y += theme.font(26, bold).get_linesize()
            y += 8
    return image


def full_start() -> NanuukState:
    """The 2-player hunt after placing both hunters in igloo F17 (N20)."""
    state = new_game("full")
    return placed(state, (17,))


def hunt(variant: str, size: Size) -> pygame.Surface:
    """A hunter with the harpoon steps onto a fish: he may take it (N22)."""
    state = full_start()
    here, fish = field(state, 17), field(state, 16)
    view = FloeView(state, size, here, CLOSE)
    view.highlight({a.to: "move" for a in steps(state)})
    image = view.finish()
    arrow(image, view.centre(here), view.centre(fish), (60, 180, 90))
    at = view.centre(fish)
    label(image, words("take"), (at[0] + 10, at[1] + 150), at)
    at = view.centre(field(state, 27))
    label(image, words("seal"), (at[0] + 160, at[1] + 90), at)
    return image


def banish(variant: str, size: Size) -> pygame.Surface:
    """N23: stepping onto the bear with the harpoon banishes it to any empty field."""
    state = full_start()
    beside, bear = field(state, 45), field(state, 44)
    # after each player's first turn (no bear in the first turn), next to the bear
    state = state.with_(pos=(beside, state.pos[1]), turns=(1, 1))
    state = chosen(state, "hunter 1").apply(Step("hunter 1", bear))
    while state.phase == "crack":
        state = state.apply(state.legal_actions()[0])
    view = FloeView(state, size)
    view.highlight({a.to: "banish" for a in state.legal_actions() if isinstance(a, Banish)})
    image = view.finish()
    at = view.centre(bear)
    label(image, words("banish"), (at[0] + 60, at[1] + 200), at, (150, 60, 200))
    return image


def igloo(variant: str, size: Size) -> pygame.Surface:
    """N24: the exchanges in an igloo, drawn with the game's figures."""
    surface = paper(size)
    rows = (("fish", ("husky",)), ("walrus", ("sledge",)), ("seal", ("kayak",)),
            ("whale", ("husky", "sledge", "kayak")))  # fmt: skip
    top = 60
    step = (size[1] - 2 * top) // len(rows)
    label(surface, words("exchange"), (size[0] / 2, 34))
    for i, (animal, gear) in enumerate(rows):
        y = top + step * i + step // 2 + 10
        figures.draw_piece(surface, animal, (150, y), 70)
        arrow(surface, (250, y), (400, y), (150, 44, 32), 7)
        for k, kind in enumerate(gear):
            figures.draw_equipment(surface, kind, (490 + k * 130, y), 62)
    return surface


def kayak(variant: str, size: Size) -> pygame.Surface:
    """N25: with a kayak a hunter crosses one crack; the kayak goes back to the igloo."""
    state = full_start()
    here = field(state, 17)
    board = state.spec.board
    lines = 0
    for _, edge in board.steps[here]:
        lines |= edge
    sheets = list(state.sheets)
    sheets[0] = sheets[0]._replace(carried=HARPOON | KAYAK)
    state = state.with_(cracks=state.cracks | lines, sheets=tuple(sheets))
    state = chosen(state, "hunter 1")
    view = FloeView(state, size, here, CLOSE)
    pieces = 0
    for mask in state.pieces:
        pieces |= mask
    crossing = [a for a in steps(state) if a.kayak and not pieces >> a.to & 1]
    view.highlight({a.to: "kayak" for a in crossing})
    image = view.finish()
    if crossing:
        to = view.centre(crossing[-1].to)
        arrow(image, view.centre(here), to, (40, 150, 255))
        figures.draw_kayak(image, ((view.centre(here)[0] + to[0]) / 2, to[1] - 20), CLOSE * 0.7, 0)
        label(image, words("kayak"), (to[0] + 60, to[1] + 170), to, (40, 120, 230))
    return image


def points(variant: str, size: Size) -> pygame.Surface:
    """N27: what each animal is worth, and the igloo bonus."""
    surface = paper(size)
    label(surface, words("points"), (size[0] / 2, 34))
    animals = [p for p in PIECES if p in VALUE]
    step = (size[1] - 150) // (len(animals) + 1)
    for i, animal in enumerate(animals):
        y = 110 + step * i + step // 2
        figures.draw_piece(surface, animal, (170, y), 66)
        theme.text(surface, f"{VALUE[animal]}", (340, y), 64, (40, 36, 32), True, "center")
    y = 110 + step * len(animals) + step // 2
    figures.draw_hunter(surface, (170, y), 66, theme.colour_rgb("red"), theme.seat_shape(0))
    theme.text(surface, "+2", (340, y), 64, (40, 36, 32), True, "center")
    label(surface, words("in_igloo"), (560, y))
    return surface


def variant3(variant: str, size: Size) -> pygame.Surface:
    """N28 variant 3: cracks laid at random before the hunt."""
    state = placed(new_game("full", cracks=10), (17, 47))
    view = FloeView(state, size)
    image = view.finish()
    label(image, words("variant3"), (size[0] / 2, 40))
    return image


FIGURES = {
    "nanuuk.floe": floe,
    "nanuuk.move": move,
    "nanuuk.crack": crack,
    "nanuuk.crack_d": crack_d,
    "nanuuk.place": place,
    "nanuuk.enclosed": enclosed,
    "nanuuk.four": four,
    "nanuuk.neighbourhood": neighbourhood,
    "nanuuk.helpers": helpers,
    "nanuuk.bear_game": bear_game,
    "nanuuk.bear_steps": bear_steps,
    "nanuuk.setups": setups,
    "nanuuk.hunt": hunt,
    "nanuuk.banish": banish,
    "nanuuk.igloo": igloo,
    "nanuuk.kayak": kayak,
    "nanuuk.points": points,
    "nanuuk.variant3": variant3,
}
