"""How often the loop draws: a still screen costs little (issue 18, item 8).

While someone plays (an input in the last ``ACTIVE_S`` seconds) the loop runs at 60 frames a
second. Once nobody has touched anything for that long, it runs at the pace the top scene asks
for (``Scene.pace``): 60 for a scene that moves in earnest (a table, a demo game), ``DECOR``
for one whose decoration moves slowly (the title's snow, an emblem: only the parts that move, if
the scene names them, and the whole once every ``REFRESH_S`` seconds), and for a still one (a menu)
``DECOR`` frames of logic a second but a drawing only when what is shown changes (another scene,
a toast coming or going) and otherwise once every ``REFRESH_S`` seconds, for whatever its update
changed. Between frames the loop sleeps in short slices and wakes as soon as an event waits, so
the first touch after a quiet minute is answered at once.

Only the real loop (``App.run``) paces itself: tests, the bench and headless runs call
``App.frame`` and draw every frame.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable

ACTIVE_S = 2.0  # seconds after the last input in which every frame is drawn, at 60 a second
FULL = 60.0  # frames a second of a scene that moves in earnest
DECOR = 12.0  # of a slow decoration, and the logic of a still screen: 5 steps a frame
REFRESH_S = 1.0  # a still scene is drawn at least this often
SLICE_S = 0.01  # how long an idle loop sleeps before it looks for events again
ALL, MOVING, NOTHING = "all", "moving", "nothing"  # what a frame draws (Pacer.should_draw)


class Pacer:
    def __init__(self, now: Callable[[], float] = time.perf_counter) -> None:
        self.now = now
        self.last_input = now()
        self.last_draw = float("-inf")
        self.look: Hashable = None  # what the last drawn frame showed (scenes, toasts)
        self.pace = FULL  # what the screen asked for at the last frame

    @property
    def idle(self) -> bool:
        return self.now() - self.last_input >= ACTIVE_S

    def input_seen(self) -> None:
        self.last_input = self.now()

    def should_draw(self, pace: float, look: Hashable) -> str:
        """What to draw this frame: ``ALL``, only the parts that move (``MOVING``, an idle frame
        of a slow decoration) or ``NOTHING``. ``pace``: the frames a second the screen asks for
        while idle (0: it stands still); ``look``: what is shown, whose change is drawn at once."""
        self.pace, now = pace, self.now()
        changed = look != self.look
        if not self.idle or changed or now - self.last_draw >= REFRESH_S or pace >= FULL:
            self.last_draw, self.look = now, look
            return ALL
        return MOVING if pace > 0 else NOTHING

    def frame_time(self) -> float:
        """1/60 s while someone plays; when idle, as the screen asked (a still one: DECOR)."""
        return 1 / (FULL if not self.idle else max(self.pace, DECOR))

    def wait(self, began: float, pending: Callable[[], bool]) -> None:
        """Sleep until the frame that began at ``began`` is over; an idle frame ends early
        when an event is waiting (``pending``)."""
        end, wake = began + self.frame_time(), self.idle
        while (left := end - self.now()) > 0:
            if wake and pending():
                return
            time.sleep(min(SLICE_S, left))
