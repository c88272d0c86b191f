"""Drawing a seat's zone at the Drunter & Drüber table: a picture remade only when what it
shows changes (name, status, building cards, the hand of tiles face up, people cards),
then what moves on it (a pass stamped, a lock flashing, the finale's cards and points).
Module functions taking the game table (``game``) and a surface; they change nothing
but the game table's cache of seat pictures (``game.seat_pictures``)."""

from typing import Any, NamedTuple, Protocol

import pygame

from client.games.drunter_druber import art as dart
from client.games.drunter_druber import words as say
from client.games.drunter_druber.layout import HAND_UNIT, finale_seat_start, hand_entry, seat_parts
from client.games.drunter_druber.state import TownState
from client.i18n import _, current
from client.table.handle import TableHandle
from client.table.types import Colour, View
from client.ui import art
from engines.drunter_druber.board import KINDS
from engines.drunter_druber.rules import PEOPLE


class SeatLook(NamedTuple):
    """What a seat's still picture shows: it is drawn again only when this changes."""

    size: tuple[int, int]  # the seat's zone's
    active: bool  # the seat is to act (lit)
    colour: Colour
    name: str
    label: str  # who plays it (and, several seats here, its peek button)
    status: tuple[str, Colour]  # what it is doing, and the words' colour (`status`)
    people: tuple[str, ...]  # the people cards it holds
    hand: tuple[tuple[str, tuple[int, ...]], ...]  # its tiles: each kind's count of singles, doubles, triples
    picked: tuple[str, int] | None  # the tile it picked from its hand to lay (`picked_tile`)
    show_hand: bool  # no peek hint, blind legend or Jein buttons over its hand
    cards: int  # its building cards (face down)
    finale: bool
    language: str  # the words are in the window's language


class SeatReading(Protocol):
    """What drawing a seat reads of the Drunter & Drüber table (`table.DrunterDruberTable`,
    which imports this); it changes only the seat pictures it keeps there."""

    table: TableHandle
    state: TownState
    stage: dict[int, dict[str, Any]]
    seat_pictures: dict[int, tuple[SeatLook, pygame.Surface]]

    @property
    def view(self) -> View: ...

    def prompting(self, seat: int) -> bool: ...

    def catching_up(self) -> bool: ...

    def draw_name(self, surface: pygame.Surface, seat: int, pos: tuple[int, int], size: int, width: int,
                  anchor: str = "topleft", colour: Colour | None = None) -> pygame.Rect: ...


def seat(game: SeatReading, surface: pygame.Surface, seat: int, zone: pygame.Rect) -> None:
    """The seat's zone: its still picture (cached), then what moves on it."""
    table, view, finale = game.table, game.view, game.state.finale
    people = tuple(view.get("people", [[]] * (seat + 1))[seat])
    hands = view.get("hands", [])
    hand = hands[seat] if seat < len(hands) else {}
    who = table.seat(seat)
    label = who.label
    if who.here and len(table.local_seats) > 1 and not game.prompting(seat):
        label += "   " + say.peek_reminder(who.peek_button)
    show_hand = not game.prompting(seat) and not any(c.data and c.data[0] == "jein" for c in table.choices(seat))
    key = SeatLook(zone.size, seat in view.get("active", []) and view.get("phase") != "over", table.colour(seat),
                   table.name(seat), label, status(game, seat), people,
                   tuple((k, tuple(v)) for k, v in sorted(hand.items())), picked_tile(game, seat), show_hand,
                   view.get("card_counts", [1] * (seat + 1))[seat], finale is not None, current().code)
    cached = game.seat_pictures.get(seat)
    if cached is None or cached[0] != key:
        picture = art.background("table").subsurface(zone).copy()
        still(game, picture, seat, pygame.Rect((0, 0), zone.size), key)
        cached = (key, picture.convert() if pygame.display.get_surface() else picture)
        game.seat_pictures[seat] = cached
    surface.blit(cached[1], zone)
    if finale is not None:
        building_cards(game, surface, seat, zone)
    stamps(game, surface, seat, seat_parts(table.layout.seats[seat]))


def still(game: SeatReading, surface: pygame.Surface, seat: int, zone: pygame.Rect, key: SeatLook) -> None:
    """The still part of a seat's zone, drawn at ``zone`` (its own picture's rect)."""
    active, colour, label, (words, words_colour), people = key.active, key.colour, key.label, key.status, key.people
    show_hand, finale = key.show_hand, key.finale
    surface.blit(art.panel(zone.size, art.PANEL_HI if active else art.PANEL, colour if active else None), zone)
    pygame.draw.rect(surface, colour, pygame.Rect(zone.left + 8, zone.top + 12, 8, zone.height - 24),
                     border_radius=4)
    right = zone.right - 500 if finale else building_cards(game, surface, seat, zone)
    name_width = right - zone.left - 40
    if words:
        width = min(art.text_width(words, 28) + 10, name_width // 2)
        art.blit_text(surface, words, 28, words_colour, (right - 10, zone.top + 30), "midright", width=width)
        name_width -= width + 10
    game.draw_name(surface, seat, (zone.left + 28, zone.top + 8), 40, name_width)
    count = art.blit_text(surface, say.people_cards(len(people)), 24, art.INK_DIM, (zone.right - 16, zone.top + 56),
                          "topright")
    art.blit_text(surface, label, 24, art.INK_FAINT, (zone.left + 30, zone.top + 56), width=count.left - zone.left - 46)
    parts = seat_parts(zone)
    if show_hand:
        tiles_in_hand(game, surface, seat, zone)
    people_cards(surface, people, parts["people"])


def building_cards(game: SeatReading, surface: pygame.Surface, seat: int, zone: pygame.Rect) -> int:
    """The seat's building cards: backs (DD-9), or in the finale their faces and the
    points counted so far. Returns the left edge of what it drew."""
    finale = game.state.finale
    count: int = game.view.get("card_counts", [1] * (seat + 1))[seat]
    right = zone.right - 14
    if finale is not None and seat < len(finale["cards"]):
        t = game.table.value("finale", 1e9)
        shown = t >= finale_seat_start(seat)
        if shown:
            score = game.state.score_at(seat, game.view.get("tiles", []), t)
            words = art.blit_text(surface, str(score), 44, art.GOLD, (right, zone.top + 30), "midright", weight="bold")
            right = words.left - 12
        for i, card in reversed(list(enumerate(finale["cards"][seat]))):
            if shown:
                rect = dart.card_pill(surface, card, (right, zone.top + 30), faint=i > 0)
            else:
                image = dart.building_card(None, 34, 46)
                rect = image.get_rect(midright=(right, zone.top + 30))
                surface.blit(image, rect)
            right = rect.left - 8
        return right
    for i in range(count):
        image = dart.building_card(None, 34, 46)
        surface.blit(image, image.get_rect(midright=(right - i * 40, zone.top + 30)))
    return right - count * 40


def status(game: SeatReading, seat: int) -> tuple[str, Colour]:
    """What the seat is doing, in a word or two, and its colour."""
    view = game.view
    phase = view.get("phase")
    if game.state.finale is not None:
        return "", art.INK
    # while events the view does not hold yet play (a reveal, a tile landing), who acts is
    # history: only what those events told (cards put down, lock-ins) still shows
    acting = seat in view.get("active", []) and not game.catching_up()
    if phase == "pick":
        if seat in view.get("pick", {}).get("locked", []) or seat in game.state.locked_now:
            return _(say.LOCKED_IN), art.GOOD
        if game.catching_up():
            return "", art.INK
        return _(say.CHOOSING if seat in game.table.local_seats else say.THINKING), art.INK_DIM
    vote = view.get("vote")
    if vote and phase in ("vote", "jein"):
        if acting and phase == "jein":
            return _(say.DECLARES_JEIN), art.GOLD
        tray = game.state.tray
        told = tray["counts"] if tray is not None else {}  # put down by events the view does not hold yet
        count = told.get(seat, vote["committed"][seat])
        if acting and count is None:
            return _(say.VOTES), art.GOLD
        return (say.cards_down(count) if count is not None else ""), art.INK_DIM
    if acting:
        return _(say.LAYS_A_TILE), art.GOLD
    return "", art.INK


def tiles_in_hand(game: SeatReading, surface: pygame.Surface, seat: int, zone: pygame.Rect) -> None:
    """The seat's tiles, face up (DD-2): a row per kind, singles to triples, with counts."""
    hands = game.view.get("hands", [])
    hand = hands[seat] if seat < len(hands) else {}
    left = seat_parts(zone)["hand"].left
    picked = picked_tile(game, seat)
    for kind in KINDS:
        counts = hand.get(kind, [0, 0, 0])
        entry = hand_entry(zone, kind, 1)
        art.blit_text(surface, _(say.KIND_NAMES[kind]), 24, art.INK_DIM, (left, entry.centery), "midleft")
        for size in (1, 2, 3):
            entry = hand_entry(zone, kind, size)
            count = counts[size - 1]
            tile_rect = pygame.Rect(entry.left + 4, entry.centery - HAND_UNIT // 2, size * HAND_UNIT, HAND_UNIT)
            dart.hand_tile(surface, kind, tile_rect, faint=count == 0)
            art.blit_text(surface, f"x{count}", 24, art.INK if count else art.INK_FAINT,
                          (tile_rect.right + 6, entry.centery), "midleft")
            if picked == (kind, size):
                pygame.draw.rect(surface, art.GOLD, entry.inflate(2, 0), width=3, border_radius=6)


def picked_tile(game: SeatReading, seat: int) -> tuple[str, int] | None:
    """The (kind, size) the seat has picked from its hand to lay, if any."""
    tile = game.stage.get(seat, {}).get("tile") if seat in game.table.local_seats else None
    return None if tile is None else tuple(tile)


def people_cards(surface: pygame.Surface, held: tuple[str, ...], rect: pygame.Rect) -> None:
    """The seat's people cards: the ones still held face up, spent ones as empty places."""
    gap = 6
    w = (rect.width - 3 * gap) // 4
    h = min(52, (rect.height - gap) // 2)
    for i, card in enumerate(PEOPLE):
        slot = pygame.Rect(rect.left + (i % 4) * (w + gap), rect.top + (i // 4) * (h + gap), w, h)
        if card in held:
            surface.blit(dart.people_card(card, w, h), slot)
        else:
            pygame.draw.rect(surface, (58, 50, 56), slot, width=2, border_radius=6)


def stamps(game: SeatReading, surface: pygame.Surface, seat: int, parts: dict[str, pygame.Rect]) -> None:
    """A pass stamped over the hand for a moment; a ring flashes round a seat whose pick locks."""
    table = game.table
    if table.running(f"lock{seat}"):
        grow = round(10 * (1 - (table.progress(f"lock{seat}") or 0.0)))
        pygame.draw.rect(surface, art.GOOD, parts["zone"].inflate(grow, grow), width=4, border_radius=18)
    if table.running(f"pass{seat}"):
        progress = table.progress(f"pass{seat}") or 0.0
        fade = 1.0 if progress < 0.75 else (1 - progress) / 0.25
        box = parts["hand"].inflate(-60, -parts["hand"].height // 3)
        stamp = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(stamp, (*art.DANGER, round(230 * fade)), stamp.get_rect(), border_radius=10)
        art.blit_text(stamp, _(say.PASS_STAMP), 32, art.INK, stamp.get_rect().center, "center", weight="bold",
                      width=box.width - 20)
        stamp.set_alpha(round(255 * fade))
        surface.blit(stamp, box)
