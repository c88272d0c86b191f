"""What shows over the Wie Waldi table: "Ready... 3", "Wuff!", "Stop!", a photo finish, the
round's tally, and the kennel ("Done"): this round's completed dogs, each in a row that says
who owns it (a disc with the owner's initial, the row tinted in their colour) and who
completed it (their marker, WA-4), under a running count of the cards each player owns this
round (what the tally will rank, WA-6). Reads only."""

import math

import pygame

from client.games.wie_waldi import art as cards
from client.games.wie_waldi import words
from client.games.wie_waldi.layout import (
    BOARD,
    DOGS,
    KENNEL,
    OWNER,
    kennel_row,
    tally_box,
)
from client.games.wie_waldi.reading import RaceTable
from client.games.wie_waldi.state import Dog, owned_cards
from client.i18n import _
from client.table.handle import TableHandle
from client.table.types import Colour
from client.ui import art
from client.ui.tween import ease_out_cubic


# --- over everything ------------------------------------------------------------------------------
def overlay(game: RaceTable, surface: pygame.Surface) -> None:
    """"Stop!", the tally, "Ready... 3" or "Wuff!", whichever is on now."""
    phase, race = game.view.get("phase"), game.race
    if game.stopping() and race.stopped is not None:
        banner(surface, game.stop_words(race.stopped), game.table.value("stop", 1.0), art.DANGER)
    elif game.tallying() or (phase == "over" and race.stopped is not None):
        tally(game, surface)
    elif phase == "ready":
        countdown(game, surface)
    table = game.table
    if table.running("wuff") and phase == "race":
        banner(surface, _(words.WUFF), min(1.0, table.value("wuff") * 3), art.GOLD, 1 - (table.progress("wuff") or 0.0))
    if game.photo_words() is not None:
        photo_finish(game, surface)


PHOTO_BOX = pygame.Rect(0, 0, 560, 350)
PHOTO_CARD = 150  # the two cards' height in a photo finish


def photo_finish(game: RaceTable, surface: pygame.Surface) -> None:
    """"Photo finish", "Anna by 12 ms" and the two cards side by side: the winner's (in
    the dog now) and the loser's (face up only if its seat plays at this screen: WA-8),
    each over its player's name, "first" and "12 ms later". It pops in and fades out."""
    photo, table = game.race.photo, game.table
    said = game.photo_words()
    if photo is None or said is None:
        return
    progress = table.progress("photo") or 0.0
    fade = min(1.0, progress * 8, (1.0 - progress) * 6)
    layer = pygame.Surface(PHOTO_BOX.size, pygame.SRCALPHA)
    box = layer.get_rect()
    layer.blit(art.panel(box.size, art.NIGHT, art.GOLD, 22, 240), box)
    art.blit_text(layer, _(words.PHOTO_FINISH), 26, art.INK_DIM, (box.centerx, box.top + 12), "midtop")
    art.blit_text(layer, said, 44, art.GOLD, (box.centerx, box.top + 42), "midtop", "bold", width=box.width - 30)
    shots = ((photo["winner"], photo["card"], _(words.FIRST)), (photo["loser"], photo["loser_card"],
                                                              words.later(photo["ms"])))
    for k, (seat, code, note) in enumerate(shots):
        colour = table.colour(seat)
        centre_x = box.centerx + (k * 2 - 1) * 130
        image = cards.card_image(code, PHOTO_CARD, colour) if code else cards.card_back(PHOTO_CARD, colour)
        card_rect = image.get_rect(midtop=(centre_x, box.top + 100))
        if k == 0:
            pygame.draw.rect(layer, art.GOLD, card_rect.inflate(10, 10), width=4, border_radius=12)
        layer.blit(image, card_rect)
        game.draw_name(layer, seat, (centre_x, card_rect.bottom + 8), 28, 240, "midtop")
        art.blit_text(layer, note, 22, art.GOLD if k == 0 else art.INK_DIM, (centre_x, card_rect.bottom + 42),
                      "midtop", width=240)
    if fade < 1.0:
        layer.set_alpha(round(255 * max(0.0, fade)))
    where = PHOTO_BOX.copy()
    where.center = DOGS.center
    surface.blit(layer, where)


def banner(surface: pygame.Surface, said: str, grow: float, colour: Colour, fade: float = 1.0) -> None:
    """Big words on a plate over the dogs, ``grow`` (0-1) of their full size."""
    size = max(8, round(120 * grow)) // 2 * 2
    # long words (another language) are set smaller, never past the table's edge
    room = 2 * min(DOGS.centerx - BOARD.left, BOARD.right - DOGS.centerx) - 120
    wide = art.text_width(said, size, "bold")
    if wide > room:
        size = max(8, size * room // wide) // 2 * 2
    image = art.text(said, size, tuple(colour), "bold")
    box = image.get_rect(center=DOGS.center).inflate(80, 30)
    plate = art.panel(box.size, art.NIGHT, colour, 24, 230)
    if fade < 1.0:
        plate = plate.copy()
        plate.set_alpha(round(255 * fade))
        image = image.copy()
        image.set_alpha(round(255 * fade))
    surface.blit(plate, box)
    surface.blit(image, image.get_rect(center=box.center))


def countdown(game: RaceTable, surface: pygame.Surface) -> None:
    """"Ready" and the seconds left until the host says "Wuff!" (WA-5)."""
    ready_end = game.race.ready_end
    left = None if ready_end is None else ready_end - game.clock
    if left is None or left <= 0:
        banner(surface, _(words.READY), 1.0, art.INK)
        return
    number = math.ceil(left)
    beat = 1 - (number - left)  # 1 at the start of each second, falling to 0
    banner(surface, words.countdown(number), 0.8 + 0.2 * ease_out_cubic(beat), art.INK)


def tally(game: RaceTable, surface: pygame.Surface) -> None:
    """The round's owned cards counted up, the rank bones and a played-out pile's bronze
    (WA-6), then points and totals."""
    event, table = game.race.stopped, game.table
    if event is None:
        return
    t = table.value("tally", 1.0)
    box = tally_box(table.players)
    surface.blit(art.panel(box.size, art.PANEL, art.GOLD, 20, 248), box)
    art.blit_text(surface, words.tally_heading(event["round"], event["reason"]), 44, art.GOLD,
                  (box.centerx, box.top + 16), "midtop", "bold", width=box.width - 40)
    for x, head, room in zip((330, 560, 820, 990), words.TALLY_HEADS, (200, 240, 150, 150), strict=True):
        art.blit_text(surface, _(head), 24, art.INK_FAINT, (box.left + x, box.top + 78), "midtop", width=room)
    most = max(event["cards"]) or 1
    for p in range(table.players):
        y = box.top + 122 + p * 62
        game.draw_name(surface, p, (box.left + 30, y), 36, 200)
        shown = min(event["cards"][p], math.floor(most * t * 1.25))
        bar = pygame.Rect(box.left + 250, y + 4, round(140 * shown / most), 30)
        pygame.draw.rect(surface, table.colour(p), bar, border_radius=6)
        art.blit_text(surface, str(shown), 32, art.INK, (box.left + 410, y + 2), "topleft", "bold")
        if t >= 0.8:
            x = box.left + 500
            for kind in event["bones"][p]:
                image = cards.bone(60, cards.BONE_COLOURS[kind])
                surface.blit(image, image.get_rect(midleft=(x, y + 19)))
                x += 68
            if event["emptied"][p]:
                art.blit_text(surface, _(words.PILE_BONUS), 22, cards.BONE_COLOURS["bronze"], (x, y + 8))
            art.blit_text(surface, f"+{event['points'][p]}", 36, art.GOLD, (box.left + 820, y), "midtop", "bold")
            art.blit_text(surface, str(event["totals"][p]), 36, art.INK, (box.left + 990, y), "midtop", "bold")


# --- the kennel ------------------------------------------------------------------------------------
def kennel(game: RaceTable, surface: pygame.Surface) -> None:
    """The heading, the running count and every completed dog (flying in, or at rest)."""
    table = game.table
    surface.blit(art.panel(KENNEL.size, (44, 40, 46), None, 18, 230), KENNEL)
    heading = art.blit_text(surface, _(words.KENNEL), 30, art.GOLD, (KENNEL.left + 18, KENNEL.top + 10),
                            weight="bold")
    room = KENNEL.right - 14 - heading.right - 12
    keys = [_(said) for said in words.KENNEL_KEY]
    one_line = "   ".join(keys)
    if art.text_width(one_line, 20, "semibold") <= room:
        art.blit_text(surface, one_line, 20, art.INK_FAINT, (KENNEL.right - 14, KENNEL.top + 18), "topright")
    else:  # a longer language: one under the other
        for k, said in enumerate(keys):
            art.blit_text(surface, said, 18, art.INK_FAINT, (KENNEL.right - 14, KENNEL.top + 8 + k * 22), "topright",
                          width=room)
    if game.tallying() or game.view.get("phase") == "over":
        return
    cards_owned(game, surface)
    dogs = {dog["id"]: dog for dog in game.dogs()}
    shown = [dog_id for dog_id in game.race.kennel if dog_id in dogs]
    for slot, dog_id in enumerate(shown):
        dog, rest = dogs[dog_id], kennel_row(slot, len(shown))
        flight = game.race.flights.get(dog_id)
        if flight is not None and table.running(f"done{dog_id}"):
            flying_dog(game, surface, dog, flight[0], rest, table.value(f"done{dog_id}"))
        else:
            small_dog(game, surface, dog, rest)


def cards_owned(game: RaceTable, surface: pygame.Surface) -> None:
    """"Cards owned": each player's disc and count, in seat order, at the kennel's right;
    the label takes the room left of them."""
    table = game.table
    counts = owned_cards(game.dogs(), table.players)
    y = KENNEL.top + 58
    per = 44  # a disc and a two-digit count
    first = KENNEL.right - 10 - per * table.players
    art.blit_text(surface, _(words.CARDS_OWNED), 20, art.INK_DIM, (KENNEL.left + 18, y), "midleft",
                  width=first - 8 - KENNEL.left - 18)
    for seat, count in enumerate(counts):
        centre = (first + seat * per + 11, y)
        owner_disc(surface, table, seat, centre, 22)
        art.blit_text(surface, str(count), 20, art.INK, (centre[0] + 14, y), "midleft", "bold")


def owner_disc(surface: pygame.Surface, table: TableHandle, seat: int, centre: tuple[int, int], size: int) -> None:
    """A disc in the seat's colour with its name's initial."""
    pygame.draw.circle(surface, table.colour(seat), centre, size // 2)
    art.blit_text(surface, (table.name(seat)[:1] or "?").upper(), max(12, size * 2 // 3), art.NIGHT, centre, "center",
                  "bold")


def small_dog(game: RaceTable, surface: pygame.Surface, dog: Dog, rect: pygame.Rect) -> None:
    """A completed dog's row: tinted in its owner's colour, the owner's disc at its left,
    its cards side by side, the completer's marker at its right (WA-4)."""
    table = game.table
    if dog["owner"] is not None:
        tint = art.panel(rect.size, art.shade(table.colour(dog["owner"]), 0.45), None, 8, 200)
        surface.blit(tint, rect)
        owner_disc(surface, table, dog["owner"], (rect.left + OWNER // 2 + 1, rect.centery), min(OWNER, rect.height))
    length = len(dog["cards"])
    height = rect.height - 2
    width = round(height * cards.CARD_RATIO)
    left = rect.left + OWNER + 4
    room = rect.right - 30 - width - left
    step = width if length * width <= room + width else max(3, room // max(1, length - 1))
    for index, card in enumerate(dog["cards"]):
        image = cards.card_image(card["card"], height, table.colour(card["player"]))
        surface.blit(image, (left + index * step, rect.top + 1))
    if dog["marker"] is not None:
        grow = table.value(f"marker{dog['id']}", 1.0)
        size = max(6, round(min(26, rect.height) * grow))
        token = cards.marker(size, table.colour(dog["marker"]))
        surface.blit(token, token.get_rect(center=(rect.right - 14, rect.centery)))


def flying_dog(game: RaceTable, surface: pygame.Surface, dog: Dog, start: pygame.Rect, end: pygame.Rect,
               t: float) -> None:
    """A completed dog on its way from its lane to the kennel, shrinking as it goes."""
    table, lanes = game.table, game.race.lanes
    length = len(dog["cards"])
    height = round(lanes.card_height() + (end.height - 2 - lanes.card_height()) * t)
    width = round(height * cards.CARD_RATIO)
    left = start.left + 34 + (end.left + OWNER + 4 - start.left - 34) * t
    top = start.top + (end.top - start.top) * t
    lift = math.sin(t * math.pi) * 40
    for index, card in enumerate(dog["cards"]):
        image = cards.card_image(card["card"], max(10, height), table.colour(card["player"]))
        surface.blit(image, (round(left + index * width * (1 - 0.4 * t)), round(top - lift)))
    if length and dog["marker"] is not None:
        token = cards.marker(24, table.colour(dog["marker"]))
        surface.blit(token, (round(left), round(top - lift - 10)))
