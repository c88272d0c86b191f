"""A phone player for the picture tests (issue 40): it plays by tapping what the page drew
(a picture button, a piece to play first, a lit place on the board, a target's act button),
never by calling the page's functions; and it watches what the page shows on the way.

`PhonePlayer.play(until)` taps until ``until()`` holds; each tap is one random thing the page
offers now (``prefer`` weighs some by their words). Screens it meets are checked for words
that do not fit (`tests.phone_browser.overflowing`) once per kind of screen, and saved as
screenshots (git-ignored) to look at.
"""

import random
from pathlib import Path

from netplay.host import Host
from tests.phone_browser import heard, overflowing, status, wait_until

SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"  # git-ignored
SMALL_PHONE = (360, 740)  # CSS pixels, portrait
# What the page offers to tap now, read (never acted on) in one go: the lit places, the
# pieces to play first, a target's act button, the other buttons; with their words.
SNAPSHOT = """
const q = (css) => Array.from(document.querySelectorAll(css));
const words = (el) => el.getAttribute("aria-label") || el.innerText.split("\\n")[0];
const thing = (el, kind) => ({element: el, kind: kind, group: el.dataset.group || "",
  words: kind === "act" ? (document.querySelector(".target-label").firstChild.textContent || "") : words(el),
  pressed: el.getAttribute("aria-pressed") === "true",
  size: [el.getBoundingClientRect().width, el.getBoundingClientRect().height]});
const things = [];
for (const el of q("button.choice:not([disabled])")) {
  const cls = el.classList;
  things.push(thing(el, cls.contains("place") ? "place" : cls.contains("first") ? "first" : cls.contains("act") ? "act" : "button"));
}
const screen = q("#choices h2").map((h) => h.textContent).join("|") + (q(".board").length ? "|board" : "") +
  (q("button.first[aria-pressed='true']").length ? "|first" : "");
return {status: document.getElementById("status").textContent, things: things, screen: screen};
"""
# Watches the echo and the status (only reads): each change as [back shown, secret, echo's
# words, status words], from the tap on (started afresh before each secret tap).
WATCH_ECHO = """
window.__echoes = [];
if (window.__echoWatch) window.__echoWatch.disconnect();
const echo = document.getElementById("echo"), status = document.getElementById("status");
const note = () => window.__echoes.push([!!echo.querySelector("[data-sprite='back']") && !echo.hidden,
  echo.classList.contains("secret") && !echo.classList.contains("peek"), echo.innerText, status.innerText]);
window.__echoWatch = new MutationObserver(note);
for (const el of [echo, status]) window.__echoWatch.observe(el, {childList: true, subtree: true, attributes: true,
                                                                 characterData: true});
"""
REDRAWN = ("StaleElementReferenceException", "ElementClickInterceptedException", "ElementNotInteractableException")


class PhonePlayer:
    def __init__(self, phone, name: str, seed: int = 1, prefer=None, secret_groups: tuple[str, ...] = ()):
        self.phone, self.name, self.rng = phone, name, random.Random(seed)
        self.secret_groups = secret_groups  # a tap in these groups is a secret pick: echoed as the back
        self.secrets = 0
        self.missed: dict[str, int] = {}  # taps the page redrew under, by why
        self.prefer = prefer or (lambda words: 1.0)
        self.taps: list[tuple[str, str]] = []  # (kind of thing, its words)
        self.screens: dict[str, list[str]] = {}  # kind of screen -> what overflowed on it
        self.shots: list[Path] = []

    # --- what the page drew -------------------------------------------------------------
    def drawn(self, css: str) -> list:
        return self.phone.find_elements("css selector", css)

    def words_of(self, element) -> str:
        return element.get_attribute("aria-label") or element.text

    def look(self, kind: str) -> None:
        """Check a new kind of screen (its headings, a board, a piece chosen) for words that
        do not fit, and keep a picture of it."""
        if kind in self.screens:
            return
        # the echo may still be flying in (a transform): judge the settled screen, within a second
        try:
            wait_until(lambda: not overflowing(self.phone), 1.0, what="a settled screen")
            found = []
        except AssertionError:
            found = overflowing(self.phone)
        self.screens[kind] = found
        self.shoot(f"{len(self.shots):02d}")

    def shoot(self, what: str) -> Path:
        """The whole page (not only what the screen shows), saved to look at."""
        import base64

        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"phone_play_{self.name}_{what}.png"
        shot = self.phone.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
        path.write_bytes(base64.b64decode(shot["data"]))
        self.shots.append(path)
        return path

    # --- tapping ------------------------------------------------------------------------
    def tap(self, element) -> None:
        """A thumb's tap: the page scrolled so the thing is in the middle of the screen (as a
        player scrolls; the sticky bar would cover it at the top), then a click on it."""
        self.phone.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'});", element)
        element.click()

    def pick(self, things: list[dict]) -> dict:
        weights = [max(0.0, self.prefer(thing["words"])) for thing in things]
        if not any(weights):
            weights = [1.0] * len(things)
        return self.rng.choices(things, weights)[0]

    def tap_once(self) -> bool:
        """One tap on something the page offers now; False when it offers nothing."""
        seen = self.phone.execute_script(SNAPSHOT)  # only reads the page: what a player sees
        if seen["status"].startswith(("Sending", "Wird gesendet")):
            return False
        things = seen["things"]
        lit = [t for t in things if t["kind"] == "place"]
        firsts = [t for t in things if t["kind"] == "first"]
        if lit and (any(f["pressed"] for f in firsts) or not firsts):
            self.look(seen["screen"])
            small = [t["size"] for t in lit if min(t["size"]) < 48]
            assert not small, f"lit places smaller than a thumb: {small}"
            return self.tap_thing(self.pick(lit))
        if firsts:
            self.look(seen["screen"])
            return self.tap_thing(self.pick(firsts))
        acts = [t for t in things if t["kind"] == "act"]
        buttons = [t for t in things if t["kind"] == "button"]
        if acts and (not buttons or self.rng.random() < 0.3):
            self.look(seen["screen"])
            return self.tap_thing(acts[0])
        if buttons:
            self.look(seen["screen"])
            return self.tap_thing(self.pick(buttons))
        return False

    def tap_thing(self, thing: dict) -> bool:
        if thing["group"] in self.secret_groups:
            self.phone.execute_script(WATCH_ECHO)
        self.tap(thing["element"])
        self.taps.append((thing["kind"], thing["words"]))
        self.check_secret(thing["group"], thing["words"])
        return True

    def check_secret(self, group: str, words: str) -> None:
        """A secret pick, just tapped: the echo showed the sheet's back and the page's words,
        and until it went, neither the status nor the echo named what was picked (every
        change of the echo and the status is watched, however soon the reveal came)."""
        if group not in self.secret_groups:
            return
        wait_until(lambda: any(back for back, *_ in self.phone.execute_script("return window.__echoes;")), 3,
                   what=f"the back on the echo of {words!r}")
        shown = self.phone.execute_script("return window.__echoes;")
        for back, secret, echo_words, status_words in shown:
            if secret:
                assert back and words not in echo_words and words not in status_words, (words, shown)
        if not self.secrets:
            self.shoot("secret")
        self.secrets += 1

    def play(self, until, seconds: float = 50.0) -> None:
        def step():
            if until():
                return True
            try:
                self.tap_once()
            except Exception as error:  # noqa: BLE001 - the page redrew under a find or a tap: look again
                if type(error).__name__ not in REDRAWN:
                    raise
                why = type(error).__name__ + ": " + str(error).splitlines()[0][-200:]
                self.missed[why] = self.missed.get(why, 0) + 1
            return False

        try:
            wait_until(step, seconds, what=f"{self.name}: the game")
        except AssertionError as error:
            raise AssertionError(f"{error}; status {status(self.phone)!r}; last taps {self.taps[-6:]}; "
                                 f"missed {self.missed}") from None

    # --- what the page heard ------------------------------------------------------------
    def updates(self) -> list[dict]:
        return [m for m in heard(self.phone) if m["t"] == "update"]

    def result_shown(self) -> bool:
        return any(m["view"].get("game_result") for m in self.updates())


def refuse_the_next_tap(host: Host, seat: int) -> dict:
    """Make the host refuse the seat's next intent the way a table does when the seat's move
    was made elsewhere first (the couch's pad, a second device): just before the intent
    is judged, another legal action of that seat is played. Returns what happened."""
    said: dict = {}
    real = host.intent

    def intent(at_seat, seq, action, reply, *args, **options):
        others = [a for a in host.state.legal_actions(seat) if a != action] if at_seat == seat else []
        if others and not said:
            said["played_first"] = others[0]
            host.apply_action(seat, others[0])

            def answered(message):
                said["answer"] = message
                reply(message)

            real(at_seat, seq, action, answered, *args, **options)
            host.intent = real
            return
        real(at_seat, seq, action, reply, *args, **options)

    host.intent = intent
    return said


def wait_for_refusal(player: PhonePlayer, said: dict, seconds: float = 10.0) -> str:
    """Tap until the host refused a tap; the notice the page then shows."""
    player.play(lambda: "answer" in said, seconds)
    assert said["answer"]["t"] == "reject", said
    notice = wait_until(lambda: player.phone.find_element("id", "notice").text, what="the refusal's words")
    return notice
