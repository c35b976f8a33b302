"""Games that are not shipped: a fourth and a fifth game for the tests, registered by the
``more_games`` fixture (``tests/testgames/fixture.py``) the way a new game's folder is found."""
