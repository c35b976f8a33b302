"""The server's life: it listens on the LAN address, answers the page, frees its port when it
stops (twice is fine), and a busy port is a code with the port, not a traceback."""

from __future__ import annotations

import asyncio
import http.client
import ipaddress
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import game
from game.phones.lan import lan_address
from game.phones.messages import Code, PhoneError
from game.phones.server import DEFAULT_PORT, PhoneServer
from tests.phones.phones_support import HOST, Phone, free_port, run, serve


def get(server: PhoneServer, path: str) -> tuple[int, bytes, http.client.HTTPResponse]:
    conn = http.client.HTTPConnection(server.host, server.port, timeout=30)
    try:
        conn.request("GET", path)
        answer = conn.getresponse()
        return answer.status, answer.read(), answer
    finally:
        conn.close()


def phone_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "phones" and t.is_alive()]


def test_the_default_port_and_the_lan_address() -> None:
    assert PhoneServer().port == DEFAULT_PORT == 8765
    found = ipaddress.IPv4Address(lan_address())  # an address, found without a request
    assert not found.is_unspecified


def test_it_listens_on_the_lan_address_and_answers_the_page() -> None:
    server = PhoneServer(free_port())
    try:
        address = server.start()
        assert server.host == lan_address()
        assert address == f"http://{server.host}:{server.port}/"
        status, body, answer = get(server, "/")
        assert status == 200
        assert b'src="/files/phone.js"' in body
        assert answer.getheader("Content-Type", "").startswith("text/html")
        assert "default-src 'self'" in answer.getheader("Content-Security-Policy", "")
        assert answer.getheader("X-Content-Type-Options") == "nosniff"
    finally:
        server.stop()


def test_stop_closes_the_connections_and_frees_the_port() -> None:
    server = serve()
    port = server.port

    async def scenario() -> int | None:
        phone = await Phone.join(server, 0)
        closed = asyncio.ensure_future(phone.closed())  # a phone reads all the time
        await asyncio.to_thread(server.stop)
        code = await closed
        await phone.close()
        return code

    assert run(scenario()) == 1001  # going away
    assert not server.running and server.connected() == set()
    assert phone_threads() == []
    # the port is free at once: bound and listened on again, by a socket and by a new server
    with socket.socket() as again:
        again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        again.bind((HOST, port))
        again.listen()
    second = serve(port=port)
    try:
        assert get(second, "/")[0] == 200
    finally:
        second.stop()


def test_stop_is_safe_twice_and_before_start() -> None:
    idle = PhoneServer(free_port(), host=HOST)
    idle.stop()
    server = serve()
    server.stop()
    server.stop()
    assert not server.running and phone_threads() == []
    # sending to a stopped server is no error (the table may send while it closes)
    server.send(0, {"view": 1})
    assert server.poll() == []


def test_a_busy_port_is_a_code_with_the_port() -> None:
    with socket.socket() as holder:
        holder.bind((HOST, 0))
        holder.listen()
        port = holder.getsockname()[1]
        server = PhoneServer(port, host=HOST)
        with pytest.raises(PhoneError) as refused:
            server.start()
    assert refused.value.code is Code.PORT_BUSY
    assert refused.value.params == {"port": port}
    assert not server.running and phone_threads() == []
    server.stop()  # nothing to stop: no error either


def test_a_second_server_on_the_same_port_is_busy() -> None:
    first = serve()
    try:
        with pytest.raises(PhoneError) as refused:
            PhoneServer(first.port, host=HOST).start()
        assert refused.value.code is Code.PORT_BUSY
        assert get(first, "/")[0] == 200  # the first one goes on
    finally:
        first.stop()


def test_an_address_it_cannot_have_is_a_code_too() -> None:
    server = PhoneServer(free_port(), host="192.0.2.254")  # TEST-NET-1: not this machine's
    with pytest.raises(PhoneError) as refused:
        server.start()
    assert refused.value.code is Code.CANNOT_LISTEN
    assert refused.value.params["port"] == server.port
    assert not server.running and phone_threads() == []


def test_the_port_busy_code_has_words_on_the_tv() -> None:
    from game import i18n

    for lang in i18n.LANGUAGES:
        text = i18n.load_language(lang)[Code.PORT_BUSY.value]
        assert isinstance(text, str) and "{port}" in text


def test_a_seats_address_makes_a_qr_matrix() -> None:
    """What the join screen will draw: segno's matrix of the seat's address (token after #)."""
    import segno

    server = PhoneServer(DEFAULT_PORT, host="192.168.1.20")  # not started: nothing to bind
    url = server.join_url(0)
    assert url == f"http://192.168.1.20:8765/#{server.add_seat(0).token}"
    qr = segno.make(url, error="m")
    rows = [list(row) for row in qr.matrix]
    assert len(rows) == len(rows[0]) >= 21 and {v for row in rows for v in row} == {0, 1}


def test_stop_from_a_signal_handler_while_the_game_loop_holds_the_servers_lock() -> None:
    """SIGTERM may arrive while the game loop is inside ``send``: stop() in the handler, on the
    same thread, must neither deadlock nor leave the port taken (in a process of its own, so a
    deadlock ends at the guard rather than hanging the tests)."""
    port = free_port()
    script = (
        "import signal, socket, threading\n"
        "from game.phones.server import PhoneServer\n"
        f"server = PhoneServer({port}, host='{HOST}')\n"
        "server.start()\n"
        "signal.signal(signal.SIGTERM, lambda *_: server.stop())\n"
        "with server._lock:  # the game loop in the middle of send()\n"
        "    signal.raise_signal(signal.SIGTERM)\n"
        "assert not server.running\n"
        "assert not [t for t in threading.enumerate() if t.name == 'phones']\n"
        "print('stopped', flush=True)\n"
    )
    done = python(script)
    assert done.returncode == 0 and done.stdout.split() == ["stopped"], done.stderr
    again = serve(port=port)  # the port is free
    again.stop()


def python(script: str) -> subprocess.CompletedProcess[str]:
    root = Path(game.__file__).parents[1]
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=root, timeout=120)  # fmt: skip


def test_a_game_that_exits_without_stop_closes_the_server_cleanly() -> None:
    """``start`` registers ``stop`` with atexit: the process ends, its phones told, no error."""
    script = (
        "import atexit, threading\n"
        "from game.phones.server import PhoneServer\n"
        f"server = PhoneServer({free_port()}, host='{HOST}')\n"
        # atexit runs the last registered first: this one after the server's own stop
        "atexit.register(lambda: print('stopped' if not server.running and not [\n"
        "    t for t in threading.enumerate() if t.name == 'phones'] else 'running'))\n"
        "server.start()\n"
        "print('started', flush=True)\n"
    )
    done = python(script)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["started", "stopped"] and "Traceback" not in done.stderr
