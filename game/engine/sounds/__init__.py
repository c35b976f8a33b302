"""Sound recipes synthesised with numpy: effects (``effects``) and ambient loops (``ambient``;
each game's plugin names its loop).

Every recipe returns mono float samples at ``dsp.RATE`` between -1 and 1; ``game.engine.sound``
converts them to the mixer's format on its background thread.
"""

from game.engine.sounds.effects import EFFECTS

__all__ = ["EFFECTS"]
