"""The rules protocol every game speaks (ARCHITECTURE.md): ``State``, ``Rules``, ``Variant``,
``Outcome``, ``IllegalAction`` and ``Refusal`` with codes (``base``), the bot interface
(``bots``) and the bots' private random streams (``streams``). Pure Python: nothing here
imports pygame or the rest of ``game``."""
