"""Real phones for the tests: headless Chromium driven by selenium (issue 30, item 8).

Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them when missing; locally:
``sudo apt-get install -y chromium chromium-driver``). Without them the browser tests are skipped
with that advice, except where ``SPELTAFEL_NEED_BROWSER=1`` (CI sets it): there a missing
browser fails, so CI never passes by skipping them.

``phone()`` opens one browser session: its own profile, so its own storage (another phone);
``size`` a phone's screen in CSS pixels, portrait by default.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack

import pytest

CHROMIUM = ("chromium", "chromium-browser", "google-chrome")
DRIVER = ("chromedriver",)
ADVICE = "sudo apt-get install -y chromium chromium-driver"


def _found(names: tuple[str, ...]) -> str | None:
    return next((path for name in names if (path := shutil.which(name))), None)


def browser_paths() -> tuple[str, str]:
    """The browser and its driver, or the test is skipped (failed where CI needs them)."""
    browser, driver = _found(CHROMIUM), _found(DRIVER)
    if browser and driver:
        return browser, driver
    missing = "chromium" if not browser else "chromium-driver"
    message = f"no {missing} on this machine: {ADVICE}"
    if os.environ.get("SPELTAFEL_NEED_BROWSER") == "1":
        pytest.fail(message)
    pytest.skip(message)


PhoneMaker = Callable[..., "webdriver.Chrome"]  # noqa: F821 (selenium is imported late)


@pytest.fixture
def phone() -> Iterator[PhoneMaker]:
    """Opens headless phones (each its own profile) and closes them at the test's end."""
    browser, driver = browser_paths()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    with ExitStack() as stack:

        def open_phone(size: tuple[int, int] = (390, 844)) -> webdriver.Chrome:
            profile = stack.enter_context(tempfile.TemporaryDirectory(prefix="phone-"))
            options = webdriver.ChromeOptions()
            options.binary_location = browser
            for arg in ("--headless=new", "--no-sandbox", "--disable-gpu",
                        "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                        f"--window-size={size[0]},{size[1]}", "--mute-audio",
                        "--no-first-run", "--disable-extensions"):  # fmt: skip
                options.add_argument(arg)
            made = webdriver.Chrome(service=Service(driver), options=options)
            stack.callback(made.quit)
            made.set_page_load_timeout(60)
            return made

        yield open_phone
