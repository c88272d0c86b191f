"""Phones at the table: the seats' QR codes, drawn with pygame, and the overlay that shows them.

The host's phone server (`netplay.phones`) is started by the hosted table
(`client.hosting.hosted.serve_phones`); what a phone shows comes from the host alone. The
codes are drawn by `client.ui.qr`.
"""

from collections.abc import Callable, Iterable
from typing import Protocol

import pygame

from client.i18n import N_, _
from client.input.router import Intent
from client.table.types import Colour
from client.table.window import Window
from client.ui import art
from client.ui.qr import draw_seat_cards, qr_surface
from client.ui.scene import Scene

STATUS_WORDS = {"none": N_("scan to play from your phone"), "connected": N_("phone connected"),
                "away": N_("phone away: reconnecting...")}


class Phones(Protocol):
    """What the scene reads of a hosted table's phone server (`netplay.phones.PhoneServer`)."""

    def link(self, seat: int) -> str:
        """The address ``seat``'s phone opens."""

    def status(self, seat: int) -> str:
        """``seat``'s phone: "none", "connected" or "away"."""


def draw_seat_code(surface: pygame.Surface, box: pygame.Rect, link: str, name: str, colour: Colour,
                   status: str) -> None:
    """One seat's card: its name in its colour, its QR code, its link and its phone's status."""
    surface.blit(art.panel(box.size, (34, 30, 40), colour, 16, 250), box)
    art.blit_text(surface, name, 38, colour, (box.centerx, box.top + 16), "midtop", "bold", width=box.width - 32)
    code = qr_surface(link, min(box.width - 60, box.height - 66 - LINK_ROOM))
    where = code.get_rect(midtop=(box.centerx, box.top + 66))
    surface.blit(code, where)
    art.blit_text(surface, _(STATUS_WORDS[status]) if status in STATUS_WORDS else status, 26, art.GOLD if status == "connected" else art.INK_DIM,
                  (box.centerx, where.bottom + 14), "midtop", "regular", width=box.width - 24)
    for row, part in enumerate(link_lines(link)):  # big and light enough to read (or type) from the couch
        art.blit_text(surface, part, LINK_SIZE, art.INK, (box.centerx, where.bottom + 52 + row * (LINK_SIZE + 6)),
                      "midtop", "semibold", width=box.width - 24)


LINK_SIZE = 28
LINK_ROOM = 52 + 3 * (LINK_SIZE + 6) + 10  # under the code: the status line and the link's three lines


def link_lines(link: str) -> list[str]:
    """A phone's link as three short lines: the address, then its seat's token in halves
    (a whole link on one line is only readable set small)."""
    address, slash, token = link.partition("/p/")
    if not slash:
        return [link]
    half = (len(token) + 1) // 2
    return [address, "/p/" + token[:half], token[half:]]


class PhonesScene(Scene):
    """The QR codes of ``seats`` over the scene below (a table, a LAN lobby): ``name(seat)``
    and ``colour(seat)`` say whose. Esc, confirm or a click closes it; it also closes by
    itself once every seat in ``until_joined`` has its phone."""

    opaque = False
    app: Window

    def __init__(self, app: Window, phones: Phones, seats: list[int] | Callable[[], list[int]],
                 name: Callable[[int], str], colour: Callable[[int], Colour], until_joined: Iterable[int] = ()):
        """``seats``: a list, or a function giving the list each frame (a lobby's open seats)."""
        super().__init__(app)
        self.phones = phones
        self.shown_seats = seats
        self.name, self.colour = name, colour
        self.until_joined = list(until_joined)

    def seats(self) -> list[int]:
        return list(self.shown_seats() if callable(self.shown_seats) else self.shown_seats)

    def handle(self, intent: Intent) -> bool:
        if intent.pressed and intent.action in ("escape", "back", "confirm"):
            self.app.pop()
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        waiting = [seat for seat in self.until_joined if self.phones.status(seat) != "connected"]
        if self.until_joined and not waiting and self.app.top is self:
            self.app.pop()

    def still(self) -> bool:
        return False  # a phone may connect at any moment

    def draw(self, surface: pygame.Surface) -> None:
        draw_seat_cards(surface, _("Play from your phone"),
                        _("Scan your seat's code with a phone on this network: your secrets stay in your hand."),
                        _("No seat here can take a phone now."), self.seats(), (520, 760, 860, 160),
                        lambda box, seat: draw_seat_code(surface, box, self.phones.link(seat), self.name(seat),
                                                         self.colour(seat), self.phones.status(seat)))
