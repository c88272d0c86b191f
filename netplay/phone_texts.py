"""Every word the phone page shows of its own (`phone_page/`), in the phone's language.

The page's HTML has ``{key}`` placeholders that the phone server fills (escaped) with
these texts worded for the phone; its script gets the same texts as one JSON object in
the page (``<script id="words">``) and fills their ``{fields}`` itself. The words of the
game (its choices and hand lines) come with each update (`netplay.phone_words`), and a
refusal's sentence as the message's ``text`` (`netplay.sayings.worded`).
"""

import json
from typing import Any

from engines.errors import N_

from .language import Words

PAGE: dict[str, str] = {
    # the page itself (index.html)
    "title": N_("Spielabend: your hand"),
    "your_seat": N_("Your seat"),
    "connection": N_("connection"),
    "connecting": N_("Connecting to the table\u2026"),
    "connect_again": N_("Connect again"),
    "secret": N_("Keep this page to yourself: it shows your secrets."),
    # what the script says (phone.js)
    "link_gone": N_("This link no longer opens a seat here. Scan the code on the big screen again."),
    "player": N_("Player {n}"),
    "refused": N_("Refused: {reason}"),
    "table_refused": N_("The table refused this phone: {reason} ({code})"),
    "game_over_bye": N_("The game is over."),
    "disconnected": N_("Disconnected: {reason}"),
    "photo_you": N_("Photo finish: you were first, by {ms} ms"),
    "photo_you_under": N_("Photo finish: you were first, by under 1 ms"),
    "photo_other": N_("Photo finish: {name} was first, by {ms} ms"),
    "photo_other_under": N_("Photo finish: {name} was first, by under 1 ms"),
    "reconnecting": N_("Reconnecting to the table\u2026"),
    "waiting_table": N_("Waiting for the table\u2026"),
    "waiting_start": N_("Waiting for the game to start\u2026"),
    "you_win": N_("Game over. You win!"),
    "winners": N_("Game over. Winner: {names}"),
    "and": N_("{names} and {last}"),
    "paused": N_("Paused by the host"),
    "ready": N_("Ready\u2026 {n}"),
    "sending": N_("Sending: {label}\u2026"),
    "your_move": N_("Your move"),
    "locked": N_("Locked in \u2713"),
    "locked_label": N_("Locked in: {label} \u2713"),
    "waiting_others": N_("Waiting for the others\u2026"),
    "of": N_("{i} of {n}"),
    "play": N_("Play"),
    "next": N_("Next"),
    "hidden": N_("hidden until the reveal"),  # a secret pick's echo (never its face or words)
    "who_plays": N_("Who plays here?"),
    # a phone the table refused (its seat is someone else's now): plainly, with the open seats
    "seat_taken": N_("This seat is taken"),
    "not_seated": N_("This phone has no seat"),
    "open_seats": N_("Open seats: tap one to play it from this phone."),
    "no_open_seats": N_("No seat is open at this table now."),
    "open_seat": N_("Seat {n}"),
}

# The refusal pages (HTTP 404, 409, 410, 429): a title and a sentence each.
SLOW_DOWN = (N_("Slow down"), N_("Too many requests from this phone; wait a moment and reload the page."))
EXPIRED = (N_("This link has expired"),
           N_("This seat has a newer code now. Scan the code on the big screen again to play from this phone."))
NOT_A_SEAT = (N_("Not a seat at this table"),
              N_("This link does not belong to the table running here (it may be from an earlier game). "
                 "Scan the code on the big screen again."))
BOT_SEAT = (N_("A bot plays this seat"), N_("This seat is played by a bot. Pick a seat for a person at the big screen."))
NOTHING = (N_("Nothing here"), N_("Scan a seat's code on the big screen."))


def page_words(words: Words) -> dict[str, str]:
    """Every text of the page, worded in ``words``' language."""
    return {key: words.gettext(text) for key, text in PAGE.items()}


def html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def render(template: str, words: Words, extra: dict[str, str] | None = None) -> str:
    """``template`` (a page of `phone_page/`) with its ``{key}`` placeholders filled: the
    page's texts in ``words``' language, ``{lang}`` (the language's code) and ``{words}``
    (every text as JSON, for the script), plus ``extra`` (already worded)."""
    texts = page_words(words)
    values: dict[str, Any] = {key: html(text) for key, text in texts.items()}
    values.update({key: html(text) for key, text in (extra or {}).items()})
    values["lang"] = html(words.code if words.code != "pseudo" else "en")
    values["words"] = json.dumps({**texts, "lang": words.code}, ensure_ascii=True).replace("</", "<\\/")
    out = template
    for key, value in values.items():
        out = out.replace("{" + key + "}", value)
    return out
