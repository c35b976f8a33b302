"""The phone tests' fixture: a real server on a free port (tests/phones/phones_support.py)."""

from tests.phones.phones_support import server  # noqa: F401
