"""Pure-Python rules engines. Nothing here imports pygame or the rest of ``game``."""
