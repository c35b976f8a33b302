"""What the server answers over HTTP: the join page, its files and texts, the seat socket for the
page's own origin; 404 for every other path (no listing, no way out of the page's folder), 403 for
a socket opened from another site or a request naming another host."""

from __future__ import annotations

import http.client
import json

import aiohttp
import pytest

from game import i18n
from game.phones.server import PhoneServer
from game.resources import asset
from tests.phones.phones_support import Phone, events, run


def request(server: PhoneServer, path: str, method: str = "GET",
            headers: dict[str, str] | None = None) -> tuple[int, bytes, str]:  # fmt: skip
    """A raw request: the path is sent exactly as written (no client tidies it)."""
    conn = http.client.HTTPConnection(server.host, server.port, timeout=30)
    try:
        conn.request(method, path, headers=headers or {})
        answer = conn.getresponse()
        return answer.status, answer.read(), answer.getheader("Content-Type", "")
    finally:
        conn.close()


def test_the_page_and_every_file_of_its_folder_are_served(server: PhoneServer) -> None:
    names = sorted(p.name for p in asset("phone").iterdir() if p.is_file())
    assert {"index.html", "phone.js", "phone.css"} <= set(names)
    for name in names:
        status, body, kind = request(server, f"/files/{name}")
        assert status == 200, name
        assert body == (asset("phone") / name).read_bytes()
    assert request(server, "/files/phone.js")[2].split(";")[0] in {
        "text/javascript", "application/javascript"}  # fmt: skip
    assert request(server, "/files/phone.css")[2].startswith("text/css")
    status, body, _ = request(server, "/")
    assert status == 200 and body == (asset("phone") / "index.html").read_bytes()


def test_the_page_names_only_files_that_are_served(server: PhoneServer) -> None:
    page = request(server, "/")[1].decode()
    for name in ("/files/phone.js", "/files/phone.css"):
        assert f'"{name}"' in page
        assert request(server, name)[0] == 200


@pytest.mark.parametrize(
    "path",
    [
        "/nothing",
        "/index.html",
        "/files/",
        "/files",
        "/files/nothing.js",
        "/files/../pyproject.toml",
        "/files/../../game/phones/server.py",
        "/files/..%2f..%2fpyproject.toml",
        "/files/%2e%2e/%2e%2e/pyproject.toml",
        "/files/%2e%2e%2f%2e%2e%2fgame%2fresources.py",
        "/files/..\\..\\pyproject.toml",
        "/files/phone.js/..",
        "/files/.hidden",
        "/files/PHONE.JS",
        "/files/translations/en/phones.toml",
        "//etc/passwd",
        "/../../etc/passwd",
        "/assets/phone/",
        "/phone/",
        "/texts/xx",
        "/texts/../en",
        "/ws/more",
        "/?C=M;O=A",  # (a listing's sort link: the page itself, not a listing)
    ],
)
def test_no_other_path(server: PhoneServer, path: str) -> None:
    status, body, _ = request(server, path)
    if path.startswith("/?"):
        assert status == 200 and body == request(server, "/")[1]
    else:
        assert status == 404, (path, body[:200])
        assert b"pyproject" not in body and b"import" not in body


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_no_other_method(server: PhoneServer, method: str) -> None:
    assert request(server, "/", method)[0] == 404
    assert request(server, "/files/phone.js", method)[0] == 404


def test_a_request_naming_another_host_is_refused(server: PhoneServer) -> None:
    """A page of another site whose name was pointed at this machine (DNS rebinding) names its
    own host: refused, the page and the texts too."""
    for path in ("/", "/files/phone.js", "/texts"):
        assert request(server, path, headers={"Host": f"evil.example:{server.port}"})[0] == 403
        assert request(server, path, headers={"Host": f"{server.host}:{server.port}"})[0] == 200


def test_the_texts_are_the_tables_language_or_the_one_asked(server: PhoneServer) -> None:
    status, body, kind = request(server, "/texts")
    assert status == 200 and kind.startswith("application/json")
    english = json.loads(body)
    assert english["lang"] == "en"
    assert english["texts"]["phones.page.join"] == i18n.load_language("en")["phones.page.join"]
    assert all(key.startswith("phones.") for key in english["texts"])
    server.set_language("de")
    german = json.loads(request(server, "/texts")[1])
    assert german["lang"] == "de" and german["texts"]["phones.page.join"] == "Mitspielen"
    dutch = json.loads(request(server, "/texts/nl")[1])
    assert dutch["lang"] == "nl" and dutch["texts"]["phones.page.join"] == "Meedoen"


def test_every_code_the_page_shows_has_a_text_in_every_language() -> None:
    from game.phones.messages import Code

    for lang in i18n.LANGUAGES:
        texts = i18n.load_language(lang)
        missing = [c.value for c in Code if not isinstance(texts.get(c.value), str)]
        assert missing == [], lang
    page = (asset("phone") / "index.html").read_text(encoding="utf-8")
    page += (asset("phone") / "phone.js").read_text(encoding="utf-8")
    for key in ("phones.page.title", "phones.page.join", "phones.page.connecting"):
        assert key in page


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "https://{host}", None])
def test_a_socket_from_another_origin_is_refused(server: PhoneServer, origin: str | None) -> None:
    async def scenario() -> None:
        named = origin.format(host=f"{server.host}:{server.port}") if origin else None
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await Phone.open(server, origin=named)
        assert refused.value.status == 403
        phone = await Phone.join(server, 0)  # the page's own origin is let in
        await phone.close()

    run(scenario())
    assert server.poll()[0].kind == "joined"


def test_a_socket_of_a_rebound_name_is_refused(server: PhoneServer) -> None:
    """Another site's page whose name now points at this machine: its Origin and Host agree with
    each other, but not with the server's own address."""
    async def scenario() -> None:
        evil = f"evil.example:{server.port}"
        session = aiohttp.ClientSession()
        try:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(f"http://{server.host}:{server.port}/ws",
                                         origin=f"http://{evil}", headers={"Host": evil})
            assert refused.value.status == 403
        finally:
            await session.close()

    run(scenario())
    assert server.poll() == []


def test_sockets_beyond_the_limit_are_refused() -> None:
    from game.phones.messages import Limits
    from tests.phones.phones_support import serve

    server = serve(Limits(connections=2))

    async def scenario() -> None:
        first = await Phone.join(server, 1, device="first-phone")
        second = await Phone.open(server)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await Phone.open(server)
        assert refused.value.status == 503
        await first.close()
        assert [e.kind for e in await events(server, 2)] == ["joined", "left"]
        third = await Phone.join(server, 0)  # a place is free again
        for phone in (second, third):
            await phone.close()

    try:
        run(scenario())
    finally:
        server.stop()
