"""What Nanuuk! draws: the floe and its cracks (``floe``), the pieces (``figures``), where the
table's panels stand (``layout``), the floe's pieces and highlights on the table
(``floe_view``), the panels (``panels``), the animations (``motion``) and the floe of the rules
pages' pictures (``pictures_floe``).

Imported by the game's scenes and pictures only; it draws with pygame, so the game's light
``__init__`` (which the bot worker imports) never imports it.
"""
