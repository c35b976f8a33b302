"""The packages, found: every package under game/ (a new game's folder is found by itself) and
the two data folders installed inside it, assets/ as game.assets and levels/ as game.levels.

setuptools' ``packages.find`` in pyproject.toml cannot name a package whose folder is not inside
its parent's (package-dir maps the two data folders), so the finding is done here; everything
else is in pyproject.toml.
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["game", "game.*"]), "game.assets", "game.levels"])
