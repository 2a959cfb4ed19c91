"""Browser tests: Playwright driving Debian's Chromium (/usr/bin/chromium), headless.

No browser is downloaded. Without /usr/bin/chromium the tests are skipped and say
why; with REQUIRE_BROWSER=1 (CI) they fail instead. Screenshots go to
test-artefacts/ at the project root.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARTEFACTS = Path(__file__).resolve().parents[2] / "test-artefacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]

# Playwright's sync API runs an event loop in this thread; the ORM calls the tests
# make between browser steps are still plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def _require_chromium() -> None:
    if not os.access(CHROMIUM, os.X_OK):
        message = f"{CHROMIUM} is not installed (apt-get install chromium)"
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(message + " and REQUIRE_BROWSER=1")
        pytest.skip(message)


@pytest.fixture(scope="session")
def browser():
    _require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    """A 390x844 phone viewport with touch, as an iPhone 12-14 reports it."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=3,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def shoot():
    """shoot(page, "name") saves a full-page screenshot under test-artefacts/."""
    ARTEFACTS.mkdir(exist_ok=True)

    def _shoot(page, name: str) -> Path:
        path = ARTEFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return _shoot
