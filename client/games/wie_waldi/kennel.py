"""The kennel ("Done") at the Wie Waldi table: this round's completed dogs, each in a row
that says who owns it (a disc with the owner's initial, the row tinted in their colour)
and who completed it (their marker), under a running count of the cards each player
owns this round (what the tally will rank, WA-6)."""

import math

import pygame

from client import art
from client.games.wie_waldi import art as cards
from client.games.wie_waldi.lanes import KENNEL

ROWS_TOP = 84  # below the heading and the running count
ROW_HEIGHT = 44  # at most: rows grow thinner as dogs are done
OWNER = 26  # the owner's disc at a row's left


def owned_cards(dogs: list[dict], players: int) -> list[int]:
    """Cards each player owns this round: the lengths of the completed dogs they own."""
    counts = [0] * players
    for dog in dogs:
        if dog["complete"] and dog["owner"] is not None and 0 <= dog["owner"] < players:
            counts[dog["owner"]] += len(dog["cards"])
    return counts


def row_rect(slot: int, count: int) -> pygame.Rect:
    """A completed dog's row: two columns, top to bottom, thinner when many are done."""
    rows = max(7, math.ceil(count / 2))
    height = min(ROW_HEIGHT, (KENNEL.height - ROWS_TOP - 8) // rows)
    column, row = divmod(slot, rows)
    width = (KENNEL.width - 30) // 2
    return pygame.Rect(KENNEL.left + 12 + (column % 2) * (width + 6), KENNEL.top + ROWS_TOP + row * height, width,
                       height - 2)


def draw(game, surface) -> None:
    """The heading, the running count and every completed dog (flying in, or at rest)."""
    table = game.table
    surface.blit(art.panel(KENNEL.size, (44, 40, 46), None, 18, 230), KENNEL)
    art.blit_text(surface, "Done", 30, art.GOLD, (KENNEL.left + 18, KENNEL.top + 10), weight="bold")
    art.blit_text(surface, "disc: owner   paw: completer", 20, art.INK_FAINT, (KENNEL.right - 14, KENNEL.top + 18),
                  "topright")
    if game.tallying() or game.view.get("phase") == "over":
        return
    draw_owned(game, surface)
    dogs = {dog["id"]: dog for dog in game.dogs()}
    shown = [dog_id for dog_id in game.kennel if dog_id in dogs]
    for slot, dog_id in enumerate(shown):
        dog, rest = dogs[dog_id], row_rect(slot, len(shown))
        flight = game.flights.get(dog_id)
        if flight is not None and table.anim.running(f"done{dog_id}"):
            draw_flying(game, surface, dog, flight[0], rest, table.anim.get(f"done{dog_id}"))
        else:
            draw_small_dog(game, surface, dog, rest)


def draw_owned(game, surface) -> None:
    """"Cards owned": each player's disc and count, in seat order."""
    table = game.table
    counts = owned_cards(game.dogs(), table.players)
    y = KENNEL.top + 58
    label = art.blit_text(surface, "cards owned", 20, art.INK_DIM, (KENNEL.left + 18, y), "midleft")
    width = (KENNEL.right - 12 - label.right - 8) // max(1, table.players)
    for seat, count in enumerate(counts):
        centre = (label.right + 8 + seat * width + 13, y)
        owner_disc(surface, table, seat, centre, 24)
        art.blit_text(surface, str(count), 24, art.INK, (centre[0] + 16, y), "midleft", "bold")


def owner_disc(surface, table, seat: int, centre, size: int) -> None:
    pygame.draw.circle(surface, table.colour(seat), centre, size // 2)
    art.blit_text(surface, (table.name(seat)[:1] or "?").upper(), max(12, size * 2 // 3), art.NIGHT, centre, "center",
                  "bold")


def draw_small_dog(game, surface, dog: dict, rect: pygame.Rect) -> None:
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
        grow = table.anim.get(f"marker{dog['id']}", 1.0)
        size = max(6, round(min(26, rect.height) * grow))
        token = cards.marker(size, table.colour(dog["marker"]))
        surface.blit(token, token.get_rect(center=(rect.right - 14, rect.centery)))


def draw_flying(game, surface, dog: dict, start: pygame.Rect, end: pygame.Rect, t: float) -> None:
    """A completed dog on its way from its lane to the kennel, shrinking as it goes."""
    table, lanes = game.table, game.lanes
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
