"""The phone companion (issue 30): each human seat may play from the phone in its player's pocket.

A real server inside the game: ``server.PhoneServer`` runs aiohttp (HTTP for the join page and
its files, a WebSocket per seat) on its own asyncio loop in a thread of the game process. It is a
listener of the table, never a second referee: it hands what the phones send to the table through
a thread-safe queue (``poll``) and passes on what the table sends a seat (``send``); it reads no
rules state and draws nothing (no pygame anywhere in this package: the contract "phones" in
pyproject.toml). See docs/PHONES.md.
"""
