"""What the Nanuuk! table draws: where its panels stand (``layout``), the floe's pieces and
highlights (``floe_view``), the panels (``panels``) and the animations (``motion``).

Imported by the Nanuuk! scene only; it draws with pygame, so the game's light ``__init__`` (which
the bot worker imports) never imports it.
"""
