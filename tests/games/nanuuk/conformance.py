"""What the shared conformance suite (tests/conformance) needs to know of Nanuuk!: few random
games here (the larger conformance test is test_nanuuk_conformance.py); nothing is hidden."""

GAMES = 30
