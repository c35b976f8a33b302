"""Speltafel: Nanuuk!, Kap Hoorn and Der Berg ruft on one screen."""
