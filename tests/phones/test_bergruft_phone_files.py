"""Der Berg ruft's phone page is package data the server serves by name, and the join page
loads it (its script after the frame's, so that it finds ``window.speltafel.pages``)."""

from __future__ import annotations

from game.phones.site import page_files


def test_the_page_and_its_styles_are_served_and_loaded() -> None:
    files = page_files()
    assert files["bergruft.js"].content_type in ("text/javascript", "application/javascript")
    assert files["bergruft.css"].content_type == "text/css"
    page = files["index.html"].body.decode("utf-8")
    assert '<link rel="stylesheet" href="/files/bergruft.css">' in page
    frame = page.index('<script src="/files/phone.js" defer>')
    assert page.index('<script src="/files/bergruft.js" defer>') > frame
    assert b"pages.bergruft = { render }" in files["bergruft.js"].body
