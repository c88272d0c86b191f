"""A headless Chromium driven by Selenium, as a phone's browser: for the phone tests.

`browser_or_skip` gives a factory of browsers, or skips the test with the reason when
Chromium, its driver or Selenium is missing (CI installs Debian's `chromium` and
`chromium-driver` best-effort). Nothing is downloaded: the driver is Debian's, and the
browser is started with its background networking off; pages come from 127.0.0.1 only.
"""

import os
import shutil
import tempfile
import time

import pytest

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
DRIVER_NAMES = ("chromedriver",)
# Sees every message the page's WebSocket hears, before the page does, and says (with the
# wall-clock milliseconds it was sent at, on the page's own clock).
RECORD_SOCKETS = """
window.__heard = []; window.__sockets = []; window.__said = [];
const Real = window.WebSocket;
window.WebSocket = function (url, protocols) {
  const socket = protocols === undefined ? new Real(url) : new Real(url, protocols);
  window.__sockets.push(socket);
  socket.addEventListener("message", (event) => window.__heard.push(event.data));
  const send = socket.send.bind(socket);
  socket.send = (data) => { window.__said.push([performance.timeOrigin + performance.now(), data]); send(data); };
  return socket;
};
window.WebSocket.prototype = Real.prototype;
window.WebSocket.OPEN = Real.OPEN;
"""


def _find(names) -> str | None:
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


def browser_or_skip():
    try:
        import selenium  # noqa: F401
    except ImportError:
        pytest.skip("selenium is not installed (pip install -e '.[test]')")
    binary, driver = _find(CHROMIUM_NAMES), _find(DRIVER_NAMES)
    if binary is None or driver is None:
        pytest.skip("no headless browser here: install Debian's chromium and chromium-driver "
                    "(.ci/run does, where apt-get works)")
    return binary, driver


class Browsers:
    """Opens headless Chromium windows the size of a phone; `close_all` ends them."""

    def __init__(self, binary: str, driver: str):
        self.binary, self.driver = binary, driver
        self.open: list = []
        self.dirs: list[str] = []

    def new(self, record: bool = True, phone: tuple[int, int] | None = None, language: str | None = None):
        """A browser window; ``phone`` (width, height in CSS pixels) emulates a phone's
        screen in portrait (a headless window itself is never narrower than 500 px);
        ``language`` starts it in that language (``--lang`` and its ``Accept-Language``)."""
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager must never fetch anything
        profile = tempfile.mkdtemp(prefix="spielabend-chromium-")
        self.dirs.append(profile)
        options = webdriver.ChromeOptions()
        options.binary_location = self.binary
        for argument in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                         "--disable-background-networking", "--disable-component-update", "--disable-sync",
                         "--disable-default-apps", "--disable-extensions", "--no-default-browser-check",
                         "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=390,844"):
            options.add_argument(argument)
        if language is not None:
            options.add_argument(f"--lang={language}")
            options.add_argument(f"--accept-lang={language}")
            options.add_experimental_option("prefs", {"intl.accept_languages": language})
        try:
            browser = webdriver.Chrome(service=Service(self.driver), options=options)
        except Exception as error:  # noqa: BLE001 - a browser that will not start is a skip, with why
            pytest.skip(f"headless Chromium did not start here: {str(error).splitlines()[0][:200]}")
        browser.set_page_load_timeout(15)
        browser.set_script_timeout(10)
        if record:
            browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_SOCKETS})
        if phone is not None:
            browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": phone[0], "height": phone[1], "deviceScaleFactor": 2, "mobile": True})
        self.open.append(browser)
        return browser

    def close_all(self) -> None:
        for browser in self.open:
            try:
                browser.quit()
            except Exception:  # noqa: BLE001, S110 - it may have gone already
                pass
        for profile in self.dirs:
            shutil.rmtree(profile, ignore_errors=True)


def heard(browser) -> list[dict]:
    import json

    return [json.loads(text) for text in browser.execute_script("return window.__heard || [];")]


def said(browser) -> list[tuple[float, dict]]:
    """What the page sent: (wall-clock seconds, message) pairs."""
    import json

    return [(at / 1000, json.loads(text)) for at, text in browser.execute_script("return window.__said || [];")]


def status(browser) -> str:
    from selenium.webdriver.common.by import By

    return browser.find_element(By.ID, "status").text


def enabled_choices(browser) -> list:
    from selenium.webdriver.common.by import By

    return browser.find_elements(By.CSS_SELECTOR, "button.choice:not([disabled])")


def playable_choices(browser) -> list:
    """What a player would tap next to move the game on: the lit places if any (a chosen
    piece's spots), else every enabled choice but a piece already chosen (tapping it again
    unchooses it). May raise if the page redraws while it looks."""
    offered = enabled_choices(browser)
    lit = [b for b in offered if "lit" in (b.get_attribute("class") or "").split()]
    return lit or [b for b in offered if b.get_attribute("aria-pressed") != "true"]


def wait_until(condition, seconds: float = 10.0, step=None, what: str = "the page"):
    """Poll ``condition`` (calling ``step`` between polls, e.g. to run frames) until true."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not get there within {seconds:g} s")
        if step is not None:
            step()
        else:
            time.sleep(0.02)


def click_choice(browser, label: str) -> None:
    """Tap the choice with ``label`` (it must be there and enabled)."""
    for button in enabled_choices(browser):
        if button.text == label:
            button.click()
            return
    raise AssertionError(f"no enabled choice {label!r}: {[b.text for b in enabled_choices(browser)]}")


# Every element whose content is wider than its box (scrollWidth > clientWidth), as
# "tag#id.class 'text'": words that do not fit. Elements that are meant to scroll or clip
# (overflow-x auto/scroll/hidden with text-overflow: ellipsis) count only if they clip text.
OVERFLOWING = """
const out = [];
for (const el of document.querySelectorAll("body *")) {
  if (!el.getClientRects().length || el.tagName === "SCRIPT" || el.tagName === "VIDEO") continue;
  const style = getComputedStyle(el);
  if (style.display === "none" || style.visibility === "hidden") continue;
  if (el.clientWidth === 0 && el.clientHeight === 0) continue;
  // a box made to pan (a board drawn bigger than the screen) scrolls on purpose; its insides are checked
  if (style.overflowX === "auto" || style.overflowX === "scroll") continue;
  if (el.scrollWidth > el.clientWidth + 1) {
    const name = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
      (typeof el.className === "string" && el.className ? "." + el.className.trim().split(/\\s+/).join(".") : "");
    out.push(name + " " + JSON.stringify((el.innerText || el.getAttribute("aria-label") || "").slice(0, 60)) +
      " (" + el.scrollWidth + " > " + el.clientWidth + ")");
  }
}
if (document.documentElement.scrollWidth > window.innerWidth) out.push("the page scrolls sideways");
return out;
"""


def overflowing(browser) -> list[str]:
    """What on the page does not fit its box (empty: every word fits). For the words-that-fit
    checks: call it on each screen a test reaches, at 360 CSS px, in English and German."""
    return list(browser.execute_script(OVERFLOWING))


SMALL_TARGETS = """
const out = [];
for (const el of document.querySelectorAll("button, a[href]")) {
  const box = el.getBoundingClientRect();
  if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden" || el.disabled) continue;
  if (box.width < 48 || box.height < 48) {
    out.push((el.getAttribute("aria-label") || el.textContent).slice(0, 40) + " " +
             Math.round(box.width) + "x" + Math.round(box.height));
  }
}
return out;
"""


def small_targets(browser) -> list[str]:
    """Every enabled button or link on show that is under 48 x 48 CSS pixels (a thumb's size)."""
    return list(browser.execute_script(SMALL_TARGETS))


def tap(browser, css: str, seconds: float = 5.0) -> None:
    """Tap the element ``css`` names, found afresh until the tap lands (the page redraws on
    every message, so an element found a moment ago may be gone): e.g. a board's place,
    ``tap(phone, ".board button.place.lit[data-place='left']")``, or a piece to play,
    ``tap(phone, "button.first[data-first='p_t']")``."""
    from selenium.common.exceptions import (
        ElementClickInterceptedException,
        NoSuchElementException,
        StaleElementReferenceException,
    )

    def once():
        try:
            browser.find_element("css selector", css).click()
            return True
        except (StaleElementReferenceException, NoSuchElementException, ElementClickInterceptedException):
            return False

    wait_until(once, seconds, what=f"a tap on {css}")
