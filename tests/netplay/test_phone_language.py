"""Issue 28 on the phones: a phone reads its own browser's language if we speak it
(``Accept-Language``), else the table's: the page's own texts, the game's words and every
refusal. Without a browser (the page over HTTP, the WebSocket's messages) and in real
headless Chromium started with a German or an English language; 127.0.0.1 only."""

import json
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from netplay.host import Host
from netplay.language import words
from netplay.phone_texts import PAGE
from netplay.phone_words import choice_words, hand_words
from netplay.phones import phone_language, phone_view, serve_phones_in_thread
from tests.netplay.phone_play import PhoneClient
from tests.phone_browser import Browsers, browser_or_skip, heard, status, wait_until

pytestmark = pytest.mark.timeout(120)
SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"  # git-ignored


@pytest.fixture
def table(serve):
    """table(language, seats) -> (host, phone service) of a Die Mauer table, on 127.0.0.1."""
    services = []

    def start(language, seats=None, bot_delay=60.0):
        seats = seats or [{"kind": "remote"}, {"kind": "bot"}, {"kind": "bot"}]
        host = Host("die_mauer", len(seats), seed=7, options={"rounds": 1}, seats=seats, bot_delay=bot_delay)
        handle = serve(host)
        service = serve_phones_in_thread(host, door=handle.call, interfaces=["127.0.0.1"], language=language)
        services.append(service)
        return host, service

    yield start
    for service in services:
        service.close()


def fetch(url: str, accept_language: str | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Accept-Language": accept_language} if accept_language else {})
    try:
        with urllib.request.urlopen(request, timeout=5) as reply:
            return reply.status, reply.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def page_words(html: str) -> dict:
    found = re.search(r'<script id="words" type="application/json">(.*?)</script>', html, re.S)
    assert found, html[:400]
    return json.loads(found.group(1))


# --- without a browser -----------------------------------------------------------------------
@pytest.mark.parametrize(("query", "header", "table_language", "reads"), [
    ("", "de-DE,de;q=0.9,en;q=0.8", "en", "de"),  # the phone's own language first
    ("", "en-US,en;q=0.9", "de", "en"),
    ("", "fr-FR,fr;q=0.9", "de", "de"),  # none of ours: the table's
    ("", None, "de", "de"),
    ("lang=en", "de", "de", "en"),  # the script asks for its page's language
    ("lang=pseudo", None, "en", "pseudo"),
])
def test_which_language_a_phone_reads(query, header, table_language, reads):
    assert phone_language(query, header, table_language) == reads


def test_the_page_comes_in_the_phones_language_and_the_tables_otherwise(table):
    _, german_table = table("de")
    link = german_table.link(0)
    status_code, german = fetch(link)  # no Accept-Language: the table's
    assert status_code == 200 and '<html lang="de">' in german
    assert "Dein Platz" in german and "Zeig diese Seite niemandem" in german and "Neu verbinden" in german
    assert page_words(german)["your_move"] == "Du bist dran" and page_words(german)["lang"] == "de"
    _, english = fetch(link, "en-GB,en;q=0.9")
    assert '<html lang="en">' in english and "Your seat" in english and "Keep this page to yourself" in english
    assert page_words(english)["your_move"] == "Your move"
    assert set(page_words(english)) == {*PAGE, "lang"}
    code, gone = fetch(link.rsplit("/", 1)[0] + "/" + "0" * 32, "de")
    assert code == 404 and "Kein Platz an diesem Tisch" in gone and '<html lang="de">' in gone
    # every placeholder filled; nothing of the page is left English in German
    assert "{" not in german.split('<script id="words"')[0]
    for key, text in PAGE.items():
        assert page_words(german)[key] == words("de").gettext(text)
        assert words("de").has(text), text


def test_a_phones_refusals_and_words_come_in_its_language(table):
    host, service = table("de")
    phone = PhoneClient(service.link(0))  # no Accept-Language, no lang: the table's German
    try:
        update = phone.until("update")
        view, legal = update["view"], update["legal"]
        assert [c["label"] for c in update["choices"]] == [
            choice_words("die_mauer", action, view, words("de"))["label"] for action in legal]
        phone.send({"t": "intent", "seq": 1, "action": legal[0]})
        phone.until("accept")
        phone.send({"t": "intent", "seq": 2, "action": legal[0]})  # no longer its turn
        refused = phone.until("reject")
        assert refused["code"] == "not_your_turn"
        assert refused["reason"] == "it is not player 1's turn"
        assert refused["say"] == "it is not player {player}'s turn" and refused["data"] == {"player": 1}
        assert refused["text"] == "Spieler 1 ist nicht am Zug"
    finally:
        phone.close()


def test_phone_view_words_a_refusal_for_its_reader():
    message = {"t": "reject", "seq": 3, "code": "paused", "reason": "the host paused the game: wait for the countdown",
               "say": "the host paused the game: wait for the countdown", "data": {}}
    assert phone_view(message, "die_mauer", 0, words("de"))["text"] == (
        "der Gastgeber hat das Spiel angehalten: warte auf den Countdown")
    assert phone_view(message, "die_mauer", 0)["text"] == message["reason"]
    old = {"t": "bye", "reason": "the game is over"}  # an older host's bye: its reason, looked up
    assert phone_view(old, "die_mauer", 0, words("de"))["text"] == "das Spiel ist vorbei"


# --- in a real browser ---------------------------------------------------------------------------
@pytest.fixture
def speaking_browsers():
    found = Browsers(*browser_or_skip())
    yield found
    found.close_all()


def _buttons(phone) -> list[str]:
    from selenium.webdriver.common.by import By

    return [button.text for button in phone.find_elements(By.CSS_SELECTOR, "button.choice")]


def _notice(phone) -> str:
    return phone.execute_script('return document.getElementById("notice").textContent;')


@pytest.mark.parametrize(("language", "table_language", "reads"), [("de", "en", "de"), ("en", "de", "en")])
def test_a_browser_in_german_or_english_reads_its_own_language(speaking_browsers, table, language,
                                                               table_language, reads):
    """A German browser at an English table reads German, an English one at a German table
    English: the page's words, the buttons and hand the host words for it, and a refusal."""
    host, service = table(table_language)
    phone = speaking_browsers.new(language=language)
    phone.get(service.link(0))
    tr = words(reads)
    wait_until(lambda: status(phone) == tr.gettext("Your move"), 15, what="the phone's first move")
    assert phone.execute_script("return document.documentElement.lang;") == reads
    assert phone.find_element("id", "name").text == tr.say("Player {n}", {"n": 1})  # the host's default name
    assert phone.find_element("id", "foot").text == tr.gettext("Keep this page to yourself: it shows your secrets.")
    update = [m for m in heard(phone) if m["t"] == "update"][-1]
    assert _buttons(phone) == [choice_words("die_mauer", action, update["view"], tr)["label"]
                               for action in update["legal"]]
    assert update["hand"] == hand_words("die_mauer", update["view"], 0, tr)
    labels = _buttons(phone)
    phone.find_elements("css selector", "button.choice")[0].click()
    # a secret plan: the page never names it until the reveal (issue 40)
    locked = tr.gettext("Locked in: {label} \u2713").format(label=tr.gettext("hidden until the reveal"))
    assert labels[0] not in locked
    wait_until(lambda: status(phone) == locked, 10, what="the locked plan")
    # the same plan again, straight down the page's socket: no longer this seat's turn
    phone.execute_script("const s = window.__sockets[window.__sockets.length - 1];"
                         "s.send(JSON.stringify({t: 'intent', seq: 90, action: arguments[0]}));", update["legal"][0])
    expected = tr.gettext("Refused: {reason}").format(reason=tr.say("it is not player {player}'s turn",
                                                                    {"player": 1}))
    wait_until(lambda: _notice(phone) == expected, 10, what="the refusal")
    SCREENSHOTS.mkdir(exist_ok=True)
    phone.save_screenshot(str(SCREENSHOTS / f"phone_language_{reads}.png"))
    assert ("Spieler 1 ist nicht am Zug" in expected) == (reads == "de")
    assert host.phase == "playing" and not host.is_over()  # the table plays on


def test_every_text_the_script_says_is_a_page_text():
    """phone.js says nothing of its own in English: every ``say("key")`` names a text of
    `netplay.phone_texts.PAGE` (the catalogue words them), and no English sentence is left."""
    script = (Path(__file__).resolve().parents[2] / "netplay" / "phone_page" / "phone.js").read_text()
    keys = set(re.findall(r'say\("(\w+)"', script))
    keys |= {f"{stem}{under}" for stem in re.findall(r'say\("(\w+)" \+ under', script) for under in ("", "_under")}
    assert len(keys) > 20 and keys <= set(PAGE), keys - set(PAGE)
    strings = re.findall(r'"([A-Z][a-z]+ [^"]*)"', script)  # a capitalised sentence in double quotes
    assert strings == [], strings


def test_a_phone_message_the_table_cannot_read_is_refused_saying_what_was_wrong(table):
    """Like a TCP peer's envelope refusal (issue 36): ``say`` is the template of ``reason``,
    filled from ``data``, and the phone reads it in its language: not a vague English line."""
    host, service = table("de")
    phone = PhoneClient(service.link(0))
    try:
        phone.until("update")
        phone.send({"t": "hello", "version": 7, "name": "x", "proof": "", "token": None})
        refused = phone.until("refuse")
    finally:
        phone.close()
    assert refused["code"] == "malformed"
    assert refused["say"] == "a phone needs no hello: its link says which seat it is"
    assert refused["reason"] == refused["say"] and refused["data"] == {}
    assert refused["text"] == "ein Handy braucht kein hello: sein Link sagt, welcher Platz es ist"
