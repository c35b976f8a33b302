"""What the server answers over HTTP: the join page, its files, its texts, and the door to the seat
sockets. Nothing else: no listing, no path of the disk (the files are read once from the package
data into a table by name), 404 for any other path or method, 403 for a request that names
another host (a page of another site reaching this one through its DNS).
"""

from __future__ import annotations

import mimetypes
import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from aiohttp import web

from game import i18n
from game.resources import asset

PAGE = "index.html"
# the names a file of assets/phone/ may have to be served: one folder, no dots but the suffix's
FILE_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*\.(html|js|css|svg|png|webmanifest)")
TEXT_PREFIX = "phones."
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
}

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class File:
    body: bytes
    content_type: str


def page_files() -> dict[str, File]:
    """The files of ``assets/phone/`` by name (read through importlib.resources, once)."""
    files: dict[str, File] = {}
    for node in asset("phone").iterdir():
        if node.is_file() and FILE_NAME.fullmatch(node.name):
            kind = mimetypes.guess_type(node.name)[0] or "application/octet-stream"
            files[node.name] = File(node.read_bytes(), kind)
    return files


def page_texts(lang: str) -> dict[str, object]:
    """The phone page's texts of one language (the keys ``phones.*``; English where one lacks)."""
    texts = {k: v for k, v in i18n.load_language(i18n.FALLBACK).items()
             if k.startswith(TEXT_PREFIX)}  # fmt: skip
    texts.update((k, v) for k, v in i18n.load_language(lang).items() if k.startswith(TEXT_PREFIX))
    return dict(texts)


class Site:
    """The HTTP side: ``app()`` is the aiohttp application, ``socket`` the WebSocket handler."""

    def __init__(self, socket: Handler, language: Callable[[], str]) -> None:
        self._socket = socket
        self._language = language
        self._files = page_files()
        self.hosts: frozenset[str] = frozenset()  # "192.0.2.2:8765": set when the port is bound

    def allow(self, host: str, port: int, more: Iterable[str] = ()) -> None:
        self.hosts = frozenset({f"{host}:{port}", *(f"{m}:{port}" for m in more)})

    def origin_ok(self, request: web.Request) -> bool:
        """A WebSocket opened by the page this server sent (a browser always says where from)."""
        origin = request.headers.get("Origin")
        return request.host in self.hosts and origin == f"http://{request.host}"

    def app(self, limit: int) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=limit)
        app.router.add_get("/", self._page)
        app.router.add_get("/files/{name}", self._file)
        app.router.add_get("/texts", self._texts)
        app.router.add_get("/texts/{lang}", self._texts)
        app.router.add_get("/ws", self._socket)
        return app

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.host not in self.hosts:
            raise web.HTTPForbidden()
        try:
            response = await handler(request)
        except web.HTTPMethodNotAllowed:
            raise web.HTTPNotFound() from None
        if not response.prepared:  # (a socket's answer is on its way already)
            response.headers.update(HEADERS)
        return response

    async def _page(self, request: web.Request) -> web.Response:
        return self._send(self._files.get(PAGE))

    async def _file(self, request: web.Request) -> web.Response:
        return self._send(self._files.get(request.match_info["name"]))

    async def _texts(self, request: web.Request) -> web.Response:
        lang = request.match_info.get("lang", self._language())
        if lang not in i18n.LANGUAGES:
            raise web.HTTPNotFound()
        return web.json_response({"lang": lang, "texts": page_texts(lang)})

    @staticmethod
    def _send(file: File | None) -> web.Response:
        if file is None:
            raise web.HTTPNotFound()
        text = file.content_type.startswith("text/") or file.content_type.endswith("javascript")
        return web.Response(body=file.body, content_type=file.content_type,
                            charset="utf-8" if text else None)  # fmt: skip
