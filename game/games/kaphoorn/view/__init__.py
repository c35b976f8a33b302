"""How the Kap Hoorn table looks: where everything lies and how it is drawn.

``layout`` (the table's geometry), ``chart`` (ships and things in flight over the sea chart,
and the animations that move them), ``panels`` (banner, the move log's look, question,
log books, reasons) and ``hand`` (the hand of wind cards). The modules take what they draw and
change no game state; only the Kap Hoorn play scene imports them (they import pygame, so the
game's ``__init__`` never does).
"""
