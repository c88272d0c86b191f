"""The phone page in a real browser, timed for tools/bench_phone.py (its "page" figures): headless Chromium with 4x CPU
throttling (a mid-range phone), on loopback, playing a Die Mauer seat by tapping its page.

- tap -> the page's own echo: from the tap's input event to the frame that shows the echo
  (a ``requestAnimationFrame`` then a posted message: the page's own "painted" clock); and
  the page's own part of it, from its click handler's turn to that frame (the rest is the
  browser's input queue on a busy machine);
- tap -> the big screen: from the tap (wall clock) to the host having applied its intent
  (its accept made, after the updates: what the big screen draws next);
- page weight: bytes the page loads for a game (resource timing, bodies) and, per game,
  the sum of its files (page, script, style, that game's sprite sheet and atlas);
- first paint after opening the link (performance paint timing), throttled, a fresh
  browser cache each time.

Only the browser's input (WebDriver clicks) and observers added before the page loads
(CDP) are used: the page's own functions are never called.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
THROTTLE = 4
# Observers, installed before the page's scripts: each tap's input time, the painted frame
# that first shows the echo after it, and each intent the page sends with its tap's time.
OBSERVE = """
window.__taps = []; window.__echoes = []; window.__intents = [];
let lastTap = null;
addEventListener("pointerdown", (event) => {
  lastTap = { stamp: event.timeStamp, wall: performance.timeOrigin + event.timeStamp, handled: null };
  window.__taps.push(lastTap);
}, true);
addEventListener("click", () => { if (lastTap) lastTap.handled = performance.now(); }, true);
const painted = new MessageChannel();
painted.port1.onmessage = (event) => window.__echoes.push([...event.data, performance.now()]);
let shown = false;
new MutationObserver(() => {
  const echo = document.getElementById("echo");
  const now = !!echo && !echo.hidden;
  if (now && !shown && lastTap) {
    const tap = lastTap;
    requestAnimationFrame(() => painted.port2.postMessage([tap.stamp, tap.handled]));
  }
  shown = now;
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["hidden"] });
const Real = window.WebSocket;
window.WebSocket = function (url, protocols) {
  const socket = protocols === undefined ? new Real(url) : new Real(url, protocols);
  const send = socket.send.bind(socket);
  socket.send = (data) => {
    try { const m = JSON.parse(data); if (m.t === "intent" && lastTap) window.__intents.push([m.seq, lastTap.wall]); }
    catch (e) { /* not ours to judge */ }
    send(data);
  };
  return socket;
};
window.WebSocket.prototype = Real.prototype;
window.WebSocket.OPEN = Real.OPEN;
"""
PAINT = """
const paint = performance.getEntriesByType("paint");
const first = paint.find((p) => p.name === "first-contentful-paint") || paint.find((p) => p.name === "first-paint");
return first ? first.startTime : null;
"""
WEIGHT = """
const nav = performance.getEntriesByType("navigation")[0];
let total = nav ? nav.encodedBodySize : 0;
const files = {};
for (const r of performance.getEntriesByType("resource")) { total += r.encodedBodySize; files[r.name.split("/").pop()] = r.encodedBodySize; }
return [total, files];
"""


def chromium() -> tuple[str, str] | None:
    binary = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)
    driver = shutil.which("chromedriver")
    return (binary, driver) if binary and driver else None


class Phone:
    """One headless Chromium, a phone's screen (360 x 740, 2x), throttled."""

    def __init__(self, binary: str, driver: str):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager must never fetch anything
        self.profile = tempfile.mkdtemp(prefix="spielabend-bench-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = binary
        for argument in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                         "--disable-background-networking", "--disable-component-update", "--disable-sync",
                         "--disable-default-apps", "--disable-extensions", "--no-default-browser-check",
                         "--disable-dev-shm-usage", f"--user-data-dir={self.profile}", "--window-size=390,844"):
            options.add_argument(argument)
        self.browser = webdriver.Chrome(service=Service(driver), options=options)
        self.browser.set_page_load_timeout(30)
        self.browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True})
        self.browser.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
        self.browser.execute_cdp_cmd("Network.enable", {})

    def fresh(self) -> None:
        self.browser.execute_cdp_cmd("Network.clearBrowserCache", {})

    def close(self) -> None:
        try:
            self.browser.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)


def percentiles(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"samples": 0}
    ordered = sorted(values)

    def at(share: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(len(ordered) * share))], 1)

    return {"samples": len(values), "p50_ms": at(0.5), "p99_ms": at(0.99), "max_ms": round(ordered[-1], 1)}


def game_weights() -> dict[str, int]:
    """Bytes each game's page loads: the page's files and that game's sheet and atlas."""
    from importlib import resources

    from engines import GAMES
    from netplay.language import words
    from netplay.phones import index_page, phone_assets

    page = len(index_page(words("de")))
    for name in ("phone.js", "draw.js", "awake.js", "phone.css"):
        page += len(resources.files("netplay").joinpath("phone_page", name).read_bytes())
    out = {}
    folder = phone_assets()
    for game in sorted(GAMES):
        sheet = 0
        for suffix in ("json", "png"):
            try:
                sheet += len((folder / f"{game}.{suffix}").read_bytes())
            except OSError:
                pass
        out[game] = page + sheet
    return out


def run(taps: int, loads: int, seed: int = 1) -> dict[str, Any]:
    """The page's figures (see the module docstring), or {"skipped": why}."""
    found = chromium()
    if found is None:
        return {"skipped": "no headless Chromium and chromedriver here"}
    try:
        import selenium  # noqa: F401
    except ImportError:
        return {"skipped": "selenium is not installed"}
    from netplay.host import Host
    from netplay.phones import serve_phones_in_thread
    from netplay.server import serve_in_thread

    applied: dict[int, float] = {}
    echo_ms: list[float] = []
    page_ms: list[float] = []  # from the page getting the tap's click to the echo painted: the page's own part
    screen_ms: list[float] = []
    paints: list[float] = []
    weight: tuple[int, dict[str, int]] | None = None
    rng = random.Random(seed)
    phone = Phone(*found)
    games = 0
    try:
        deadline = time.monotonic() + 60 + taps * 3
        while (len(echo_ms) < taps or len(paints) < loads) and time.monotonic() < deadline:
            games += 1
            host = Host("die_mauer", 3, seed=seed + games, options={"rounds": 1}, bot_delay=0.05,
                        seats=[{"kind": "remote"}, {"kind": "bot"}, {"kind": "bot"}])
            _record_applied(host, applied)
            handle = serve_in_thread(host, interfaces=["127.0.0.1"], advertise=False)
            service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"])
            try:
                phone.fresh()
                phone.browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVE})
                phone.browser.get(service.link(0))
                paint = _wait(lambda: phone.browser.execute_script(PAINT), 10)
                if paint is not None:
                    paints.append(paint)
                if weight is None:
                    _wait(lambda: phone.browser.execute_script("return !!document.querySelector('button.choice');"), 10)
                    weight = phone.browser.execute_script(WEIGHT)
                applied.clear()
                _play(phone.browser, host, rng, taps - len(echo_ms))
                for stamp, handled, shown in phone.browser.execute_script("return window.__echoes;"):
                    echo_ms.append(shown - stamp)
                    if handled is not None:
                        page_ms.append(shown - handled)
                _wait(lambda: all(seq in applied for seq, _ in phone.browser.execute_script("return window.__intents;")),
                      5)
                for seq, wall in phone.browser.execute_script("return window.__intents;"):
                    if seq in applied:
                        screen_ms.append(applied[seq] * 1000 - wall)
            finally:
                service.close()
                handle.close()
    finally:
        phone.close()
    weights = game_weights()
    echo, screen = percentiles(echo_ms[:max(taps, 1)] if echo_ms else []), percentiles(screen_ms)
    first_paint = percentiles(paints)
    return {
        "browser": f"headless Chromium, {THROTTLE}x CPU throttling, 360x740 at 2x, loopback",
        "tap_to_echo": echo,
        "click_handled_to_echo": percentiles(page_ms),
        "tap_to_host_applied": screen,
        "first_paint": first_paint,
        "page_weight_bytes": weight[0] if weight else None,
        "page_files_bytes": weight[1] if weight else None,
        "weight_by_game_bytes": weights,
        "games": games,
        "targets": {"echo_p99_ms": 50, "weight_bytes": 400_000, "first_paint_ms": 1000},
        "meets_targets": {
            "echo": bool(echo.get("p99_ms") is not None and echo["p99_ms"] <= 50),
            "weight": max(weights.values()) <= 400_000 and (weight is None or weight[0] <= 400_000),
            "first_paint": bool(first_paint.get("max_ms") is not None and first_paint["max_ms"] <= 1000),
        },
    }


def _record_applied(host: Any, applied: dict[int, float]) -> None:
    """The wall-clock time the host answered each of seat 0's intents (after applying it)."""
    real = host.intent

    def intent(seat, seq, action, reply, *args, **options):
        def answered(message):
            if seat == 0 and message.get("t") == "accept":
                applied[seq] = time.time()
            reply(message)

        real(seat, seq, action, answered, *args, **options)

    host.intent = intent


def _wait(condition, seconds: float):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    return None


def _play(browser: Any, host: Any, rng: random.Random, taps: int) -> None:
    """Tap enabled choices until ``taps`` taps or the game is over."""
    done = 0
    deadline = time.monotonic() + 30 + taps * 2
    while done < taps and not host.is_over() and time.monotonic() < deadline:
        try:
            buttons = browser.find_elements("css selector", "button.choice:not([disabled])")
            if not buttons:
                time.sleep(0.02)
                continue
            rng.choice(buttons).click()
            done += 1
            time.sleep(0.15)  # the answer lands before the next tap: one echo per tap
        except Exception:  # noqa: BLE001 - the page redrew under the tap: look again
            continue


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(ROOT))
    print(json.dumps(run(10, 3), indent=2))
