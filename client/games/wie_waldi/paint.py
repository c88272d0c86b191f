"""Drawing the Wie Waldi table: the dogs in their lanes, cards flying in and plays waiting
for the host's answer, each seat's zone (name and bones, markers, piles, hand card, race
buttons) and the targets a seat's card fits; what shows over everything is
`paint_overlay`'s. Reads only.

A seat at this screen shows its hand card face up (a race leaves no time to hide it);
another machine's seat shows its card only as a back (WA-8). Its race buttons are named as
its device calls them (remapped keys, a pad's own face-button labels)."""

import math

import pygame

from client.games.wie_waldi import art as cards
from client.games.wie_waldi import words
from client.games.wie_waldi.layout import (
    BOARD,
    DOGS,
    HAND_HEIGHT,
    KEY_PILES,
    PAD_PILES,
    PILE_HEIGHT,
    ZoneParts,
)
from client.games.wie_waldi.paint_overlay import kennel
from client.games.wie_waldi.paint_overlay import overlay as overlay  # the table's overlay hook
from client.games.wie_waldi.reading import RaceTable
from client.games.wie_waldi.state import Dog, Photo
from client.i18n import _
from client.table.choices import Choice
from client.table.handle import SeatSnapshot
from client.table.layout import seat_card
from client.table.types import Colour
from client.ui import art
from engines.wie_waldi.cards import COLOURS, MARKERS, dog_mark

# A pad's face buttons in the colours printed on an Xbox pad (others: grey caps).
XBOX_FACES = {"A": (70, 150, 70), "B": (176, 60, 56), "X": (56, 100, 190), "Y": (180, 150, 40)}  # as printed
SHAKE_SECONDS = 0.6  # a refused card shakes in its seat's hand this long


# --- the dogs on the table ------------------------------------------------------------------
def board(game: RaceTable, surface: pygame.Surface) -> None:
    surface.blit(art.panel(BOARD.size, (52, 66, 54), None, 18, 140), BOARD)
    kennel(game, surface)
    if game.tallying() or game.view.get("phase") == "over":
        return
    if not game.dogs() and game.view.get("phase") == "race":
        art.blit_text(surface, _(words.HEAD_STARTS), 34, art.INK_FAINT, DOGS.center, "center")
    for dog in game.dogs():
        if not dog["complete"]:
            draw_dog(game, surface, dog)
    pending_plays(game, surface)


def card_from(game: RaceTable, dog: int, index: int, rest: pygame.Rect) -> pygame.Rect:
    """Where card ``index`` of ``dog`` is drawn now: flying in from its player's hand."""
    name = f"card{dog}:{index}"
    arrival = game.race.arrivals.get((dog, index))
    if not game.table.running(name) or arrival is None:
        return rest
    start = game.zone_parts(arrival[0])["hand"]
    t = game.table.value(name)
    rect = rest.copy()
    rect.center = (round(start.centerx + (rest.centerx - start.centerx) * t),
                   round(start.centery + (rest.centery - start.centery) * t))
    return rect


def draw_dog(game: RaceTable, surface: pygame.Surface, dog: Dog) -> None:
    """An open dog in its lane: its number, its cards (in their players' colours) and its
    open end, pulsing in the end's coat colour and pattern (WA-1)."""
    lanes = game.race.lanes
    lane = lanes.lanes.get(dog["id"])
    if lane is None:
        return
    length = len(dog["cards"])
    height = lanes.card_height()
    lane_rect = lanes.lane_rect(lane)
    art.blit_text(surface, dog_mark(dog["id"]), 24, art.INK_DIM, (lane_rect.left + 15, lane_rect.centery), "center")
    end = lanes.card_rect(lane, length, length)
    if dog["end"] is not None:
        cards.socket(surface, end, COLOURS.index(dog["end"]), 0.5 + 0.5 * math.sin(game.clock * 4))
    for index, card in enumerate(dog["cards"]):
        rest = lanes.card_rect(lane, index, length)
        image = cards.card_image(card["card"], height, game.table.colour(card["player"]))
        surface.blit(image, card_from(game, dog["id"], index, rest))


def pending_plays(game: RaceTable, surface: pygame.Surface) -> None:
    """A seat's play sent and not yet answered: its card waits, see-through, where it
    will land (it settles when the host answers)."""
    lanes = game.race.lanes
    for seat in game.table.model.pending:
        action = game.tentative(seat)
        if action is None or action["type"] not in ("start", "play"):
            continue
        rect = lanes.head_rect() if action["type"] == "start" else lanes.end_rect(action["dog"], action["end"])
        if rect is not None:
            ghost = cards.card_image(action["card"], rect.height, game.table.colour(seat), True)
            surface.blit(ghost, rect)


def choice(game: RaceTable, surface: pygame.Surface, seat: int, target: Choice, focused: bool) -> None:
    """A place the seat's card fits: the focused one shows the card there, see-through, in
    the seat's colour; the others a small mark in that colour."""
    action = target.action
    if not isinstance(action, dict) or action["type"] in ("draw", "put_back"):
        return  # the piles and the hand card are drawn in the zone
    code = game.hand(seat)
    height = game.race.lanes.card_height()
    if focused and code:
        rect = target.rect.inflate(-(target.rect.width - height * cards.CARD_RATIO), -(target.rect.height - height))
        surface.blit(cards.card_image(code, height, game.table.colour(seat), True), rect)
    else:
        pygame.draw.circle(surface, game.table.colour(seat), (target.rect.right - 6, target.rect.top + 6), 6)


# --- a seat's zone ------------------------------------------------------------------------------
def seat(game: RaceTable, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
    """Its name, bones and markers left, its three piles, its hand card and its buttons."""
    table, view = game.table, game.view
    colour = table.colour(seat)
    seat_card(surface, rect, colour, seat in view.get("active", []))
    total = view.get("totals", [0] * table.players)[seat]
    points = art.blit_text(surface, str(total), 40, art.GOLD, (rect.right - 18, rect.top + 30), "topright",
                           "bold")
    bone = cards.bone(44, cards.BONE_COLOURS["gold"])
    surface.blit(bone, bone.get_rect(midright=(points.left - 8, points.centery)))
    game.draw_name(surface, seat, (rect.left + 18, rect.top + 28), 40, points.left - rect.left - 80)
    art.blit_text(surface, table.seat(seat).label, 24, art.INK_FAINT, (rect.left + 20, rect.top + 78),
                  width=rect.width // 2 - 20)
    left = view.get("markers", [MARKERS] * table.players)[seat]
    for i in range(MARKERS):
        token = cards.marker(24, colour, used=i >= left)
        surface.blit(token, (rect.right - 18 - (MARKERS - i) * 28, rect.top + 78))
    parts = game.zone_parts(seat)
    piles(game, surface, seat, parts)
    hand(game, surface, seat, parts)
    legend(game, surface, seat, parts)
    if game.fits_nowhere(seat):
        fits_nowhere(game, surface, seat, parts)
    photo = game.race.photo
    if photo is not None and photo["loser"] == seat and seat not in table.local_seats and game.photo_words():
        behind(game, surface, seat, photo, parts)  # a seat here hears it in its refusal's words


def behind(game: RaceTable, surface: pygame.Surface, seat: int, photo: Photo, parts: ZoneParts) -> None:
    """Over another machine's loser's piles, while the photo finish shows: "12 ms behind Anna"."""
    strip_words(surface, parts, words.behind(game.table.name(photo["winner"]), photo["ms"]), art.NIGHT,
                game.table.colour(photo["winner"]), 235)


def fits_nowhere(game: RaceTable, surface: pygame.Surface, seat: int, parts: ZoneParts) -> None:
    """Over the pile keys (no pile can be drawn while a card is held): the card in hand
    fits no dog, and how to put it back."""
    table = game.table
    device = table.seat(seat).device
    devices = ["keys1", "keys2"] if device == "any" else [device]
    back = _(words.RIGHT_CLICK) if device == "mouse" else "/".join(table.button_label(d, "back") for d in devices)
    strip_words(surface, parts, words.fits_nowhere(back), (70, 40, 36), art.DANGER, 240)


def strip_words(surface: pygame.Surface, parts: ZoneParts, said: str, fill: Colour, border: Colour, alpha: int) -> None:
    """A plate over the pile keys with ``said`` on it: one line, or two smaller ones when
    it is too long (a longer language), the plate growing down into the free room."""
    left, right = parts["piles"][0].left - 6, parts["piles"][-1].right + 6
    room = right - left - 16
    size, rows = 24, [said]
    if art.text_width(said, 24, "semibold") > room:
        size, rows = 20, art.wrap(said, 20, room, "semibold")[:2]
    strip = pygame.Rect(left, parts["keys"] - 20, right - left, 40 if len(rows) == 1 else 50)
    surface.blit(art.panel(strip.size, fill, border, 10, alpha), strip)
    step = 21
    for k, row in enumerate(rows):
        y = strip.centery + round((k - (len(rows) - 1) / 2) * step)
        art.blit_text(surface, row, size, art.INK, (strip.centerx, y), "center", width=room)


def piles(game: RaceTable, surface: pygame.Surface, seat: int, parts: ZoneParts) -> None:
    """The seat's three face-down piles, each with its size (a played-out one says so)."""
    sizes = game.view.get("pile_sizes", [[0, 0, 0]] * game.table.players)[seat]
    colour = game.table.colour(seat)
    for k, pile in enumerate(parts["piles"]):
        count = sizes[k]
        if not count:
            pygame.draw.rect(surface, (92, 78, 70), pile, width=2, border_radius=8)
            art.blit_text(surface, _(words.PLAYED_OUT), 20, art.INK_FAINT, pile.center, "center", width=pile.width - 6)
            continue
        for depth in range(min(3, count - 1), -1, -1):
            surface.blit(cards.card_back(PILE_HEIGHT, colour), pile.move(depth * 3, -depth * 3))
        badge = pygame.Rect(0, 0, 40, 30)
        badge.center = (pile.centerx, pile.bottom - 18)
        surface.blit(art.panel(badge.size, art.NIGHT, None, 8, 220), badge)
        art.blit_text(surface, str(count), 24, art.INK, badge.center, "center", "bold")


def hand(game: RaceTable, surface: pygame.Surface, seat: int, parts: ZoneParts) -> None:
    """The card the seat holds: flying in from its pile, shaking when a play was refused,
    flying back when a play shown at once was refused, gone while a play or put-back waits
    for its answer (a play is drawn on the table then), a see-through card back while a
    draw waits for it."""
    spot, colour = parts["hand"].copy(), game.table.colour(seat)
    pygame.draw.rect(surface, (36, 30, 36), spot, border_radius=10)
    pygame.draw.rect(surface, (92, 78, 70), spot, width=2, border_radius=10)
    tentative = game.tentative(seat)
    if tentative is not None and tentative["type"] in ("start", "play", "put_back"):
        return  # it waits on the table (a play) or has gone back under its pile (a put-back)
    holding = game.view.get("holding", [None] * game.table.players)[seat]
    if tentative is not None and tentative["type"] == "draw" and holding is None:
        surface.blit(cards.card_back(HAND_HEIGHT, colour, True), spot)  # drawn, face down until the host says
        return
    if flying_back(game, surface, seat, spot):
        return
    code = game.hand(seat)
    if holding is None and code is None:
        return
    image = cards.card_image(code, HAND_HEIGHT, colour) if code else cards.card_back(HAND_HEIGHT, colour)
    table = game.table
    if table.running(f"draw{seat}") and holding is not None:
        pile, t, to = parts["piles"][holding], table.value(f"draw{seat}"), parts["hand"]
        spot.topleft = (round(pile.left + (to.left - pile.left) * t), round(pile.top + (to.top - pile.top) * t))
    lost = game.race.lost.get(seat)
    if lost is not None and game.clock - lost[0] < SHAKE_SECONDS:  # refused: the card shakes, and stays
        since = game.clock - lost[0]
        spot.x += round(math.sin(since * 50) * 8 * (1 - since / SHAKE_SECONDS))
        pygame.draw.rect(surface, art.DANGER, spot.inflate(10, 10), width=4, border_radius=12)
    surface.blit(image, spot)


def flying_back(game: RaceTable, surface: pygame.Surface, seat: int, spot: pygame.Rect) -> bool:
    """A refused play that was shown at once flies back from where it waited to the hand
    spot, growing to the hand's size; True while it does."""
    table, flight = game.table, game.race.taken_back.get(seat)
    name = f"return{seat}"
    if flight is None or not table.running(name):
        return False
    code, start = flight
    t = table.value(name)
    height = round(start.height + (spot.height - start.height) * t) // 2 * 2  # even sizes: fewer cached images
    image = cards.card_image(code, max(10, height), game.table.colour(seat))
    centre = (round(start.centerx + (spot.centerx - start.centerx) * t),
              round(start.centery + (spot.centery - start.centery) * t))
    surface.blit(image, image.get_rect(center=centre))
    return True


def legend(game: RaceTable, surface: pygame.Surface, seat: int, parts: ZoneParts) -> None:
    """This seat's race buttons, named as its device calls them (following remapping
    and the pad's own face-button labels); another machine's seat shows none. Words too
    long for one line (a longer language) take two."""
    table = game.table
    player = table.seat(seat)
    if not player.here:
        return
    device = player.device
    zone = table.layout.seats[seat]
    room = zone.width - 36
    if device == "mouse":
        parts_said = [_(said) for said in words.MOUSE_LEGEND]
        one_line = "   ".join(parts_said)
        rows = [one_line] if art.text_width(one_line, 22, "semibold") <= room else parts_said
        for k, row in enumerate(rows):
            art.blit_text(surface, row, 22, art.INK_DIM, (zone.left + 18, parts["legend"] - 24 * (len(rows) - 1 - k)),
                          width=room)
        return
    devices = ["keys1", "keys2"] if device == "any" else [device]
    pile_buttons = PAD_PILES if device.startswith("pad:") else KEY_PILES
    for k, pile in enumerate(parts["piles"]):
        names = "/".join(table.button_label(d, pile_buttons[k]) for d in devices)
        cards.keycap(surface, names, (pile.centerx, parts["keys"]), 22, face=face(game, player, pile_buttons[k]))
    caps = [("/".join(table.button_label(d, action) for d in devices), what, face(game, player, action))
            for action, what in (("confirm", _(words.PLAY)), ("back", _(words.PUT_BACK)))]
    moves = _(words.PAD_MOVES) if device.startswith("pad:") else "/".join(
        "".join(table.button_label(d, a) for a in ("up", "left", "down", "right")) for d in devices)
    said = words.next_dog(moves)
    wide = sum(cards.keycap_width(name, 22) + 6 + art.text_width(what, 22, "semibold") + 16 for name, what, _f in caps)
    two_rows = wide + art.text_width(said, 22, "semibold") > room
    y = parts["legend"] + 14 - (25 if two_rows else 0)
    x = zone.left + 18
    for name, what, colour in caps:
        cap = cards.keycap(surface, name, (x, y), 22, anchor="midleft", face=colour)
        text = art.blit_text(surface, what, 22, art.INK_DIM, (cap.right + 6, cap.centery), "midleft")
        x = text.right + 16
    if two_rows:
        x, y = zone.left + 18, parts["legend"] + 14
    art.blit_text(surface, said, 22, art.INK_FAINT, (x, y), "midleft", width=max(20, zone.right - 16 - x))


def face(game: RaceTable, player: SeatSnapshot, action: str) -> Colour | None:
    """A pad's face button in the colour printed on an Xbox pad (others: grey caps)."""
    if not player.is_pad or player.family != "xbox":
        return None
    return XBOX_FACES.get(game.table.button_label(player.device, action))
