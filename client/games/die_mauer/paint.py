"""Drawing the Die Mauer table: the wall on its shelf, each seat's fist and hidden stock,
the cards of a pick (with a ghost on the wall), the open private panel and the round's
summary. Reads only: every function takes the game's table and a surface."""

from typing import Any, Protocol

import pygame

from client.games.die_mauer import art as pieces
from client.games.die_mauer import layout, words
from client.games.die_mauer.state import Shown
from client.i18n import _
from client.table.choices import Choice
from client.table.handle import TableHandle
from client.table.layout import seat_card
from client.table.types import Colour, View
from client.ui import art


class GameReading(Protocol):
    """What drawing reads of the game's table (`table.DieMauerTable`, which imports this)."""

    table: TableHandle
    shown: Shown

    @property
    def view(self) -> View: ...

    def seat_view(self, seat: int) -> View: ...

    def revealing(self) -> bool: ...

    def summary_shown(self) -> bool: ...

    def seat_state(self, seat: int) -> str: ...

    def picked_on_this_screen(self, seat: int) -> bool: ...

    def ghost_rect(self, seat: int, action: dict[str, Any]) -> pygame.Rect: ...

    def draw_name(self, surface: pygame.Surface, seat: int, pos: tuple[int, int], size: int, width: int,
                  anchor: str = "topleft", colour: Colour | None = None) -> pygame.Rect: ...


STATUS_COLOURS = {"locked": art.GOOD, "choosing": art.INK_DIM, "away": art.INK_DIM, "thinking": art.INK_DIM,
                  "to_act": art.GOLD, "": art.INK}


# --- the wall ---------------------------------------------------------------------------------
def drops(game: GameReading) -> list[dict[str, Any]]:
    """The pieces falling or hopping now (none at "instant" speed: everything is at rest)."""
    space = game.table.physics()
    return space.drops if space is not None else []


def board(game: GameReading, surface: pygame.Surface) -> None:
    space = game.table.physics()
    for bit in space.bits if space is not None else []:  # scattered bits fly behind the panels and words
        size = bit["size"]
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (bit["body"].position.x, bit["body"].position.y)
        pygame.draw.rect(surface, bit["colour"], rect, border_radius=3)
    if game.summary_shown():
        return  # the summary stands where the wall was
    wall = game.shown.wall
    if wall.items:
        placed = wall.layout()
        ground = pygame.Rect(placed.left - 30, layout.WALL_BASE - 4, placed.right - placed.left + 60, 22)
    else:
        ground = pygame.Rect(art.W // 2 - 160, layout.WALL_BASE - 4, 320, 22)
        art.blit_text(surface, _(words.EMPTY_WALL), 34, art.INK_FAINT, (art.W // 2, layout.WALL_BASE - 60), "center")
    surface.blit(art.panel(ground.size, (70, 54, 42), None, 10), ground)
    for piece, rect in wall_rects(game):
        surface.blit(pieces.piece_image(piece, rect.height), rect)


def wall_rects(game: GameReading) -> list[tuple[str, pygame.Rect]]:
    """Where every wall piece is drawn now: at rest in its slot, or falling straight
    down into it (the pymunk body gives only the height above the slot)."""
    wall = game.shown.wall
    slots = wall.layout().slots
    falling = {drop["uid"]: drop for drop in drops(game) if "uid" in drop}
    rects = []
    for piece, uid in wall.items:
        rect = slots[uid].copy()
        drop = falling.get(uid)
        if drop is not None:
            rect.y += min(0, round(drop["body"].position.y - drop["target"][1]))
        rects.append((piece, rect))
    return rects


def ghost(game: GameReading, surface: pygame.Surface, seat: int, action: dict[str, Any]) -> None:
    """Where the focused build would go, drawn as a ghost at that end of the wall."""
    image = pieces.piece_image(action["piece"], game.shown.wall.layout().height, game.table.colour(seat), True)
    surface.blit(image, game.ghost_rect(seat, action))


# --- the seats --------------------------------------------------------------------------------
def seat(game: GameReading, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
    table, view = game.table, game.view
    colour = table.colour(seat)
    seat_card(surface, rect, colour, seat in view.get("active", []))
    master = view.get("master") == seat
    game.draw_name(surface, seat, (rect.left + 20, rect.top + 30), 44, rect.width - (100 if master else 40))
    if master:
        surface.blit(pieces.master_block(46), (rect.right - 62, rect.top + 30))
    penalty = art.blit_text(surface, words.penalty_line(view["totals"][seat]), 28, art.INK_DIM,
                            (rect.right - 20, rect.top + 74), "topright")
    art.blit_text(surface, table.seat(seat).label, 28, art.INK_FAINT, (rect.left + 22, rect.top + 74),
                  width=penalty.left - rect.left - 32)
    if game.revealing():
        opened_fist(game, surface, seat, rect)
    else:
        closed_fist(game, surface, seat, rect)
    for i in range(view["stock_counts"][seat]):  # the hidden stock: face-down blocks
        block = layout.hidden_block(rect, i)
        surface.blit(pieces.hidden_piece(block.size), block)


def opened_fist(game: GameReading, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
    """The fist opening during the reveal, its piece hopping out or standing beside it."""
    table, reveal = game.table, game.shown.reveal
    assert reveal is not None  # revealing() says so
    centre = layout.fist_centre(rect)
    opening = round(table.value(f"fist{seat}", 1.0) * 4) / 4
    fist = pieces.fist_image(game.table.colour(seat), 96, opening)
    surface.blit(fist, fist.get_rect(center=centre))
    piece = reveal["plans"][seat] if seat < len(reveal["plans"]) else None
    hops = [d for d in drops(game) if d.get("kind") == "reveal" and d.get("seat") == seat]
    if piece is not None and not hops:
        image = pieces.piece_image(piece, layout.REVEALED_PIECE)
        surface.blit(image, image.get_rect(midbottom=layout.revealed_spot(rect)))
    elif piece is None:
        art.blit_text(surface, _(words.EMPTY_FIST), 32, art.INK_DIM, (centre[0] + 100, centre[1]), "center")
    for drop in hops:
        hop(surface, drop)


def closed_fist(game: GameReading, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
    """The closed fist and the seat's badge: locked in (it grows in), choosing, to act."""
    centre = layout.fist_centre(rect)
    fist = pieces.fist_image(game.table.colour(seat), 96, 0.0)
    surface.blit(fist, fist.get_rect(center=centre))
    state = game.seat_state(seat)
    room = badge_room(rect)
    if state == "locked":
        grow = min(1.15, game.table.value(f"lock{seat}", 1.0))
        said, size = words.seat_status(state), round(28 * grow) // 2 * 2
        width = min(room.width, max(round(150 * grow), art.text_width(said, size) + 28)) // 2 * 2
        badge = pygame.Rect(0, 0, width, round(48 * grow) // 2 * 2)
        badge.center = room.center
        surface.blit(art.panel(badge.size, art.shade(art.GOOD, 0.55), art.GOOD, 12), badge)
        art.blit_text(surface, said, size, art.INK, badge.center, "center", width=badge.width - 12)
    elif state:
        art.blit_text(surface, words.seat_status(state), 32, STATUS_COLOURS[state], room.center, "center",
                      width=room.width)


def badge_room(zone: pygame.Rect) -> pygame.Rect:
    """Where a seat's badge stands: right of its fist, inside its zone."""
    left = layout.fist_centre(zone)[0] + 58
    room = pygame.Rect(left, 0, zone.right - 12 - left, 60)
    room.centery = layout.fist_centre(zone)[1]
    return room


def hop(surface: pygame.Surface, drop: dict[str, Any]) -> None:
    """A revealed piece: pymunk hops it up and down; it glides sideways to its spot."""
    (start_x, _start_y), (target_x, target_y) = drop["start"], drop["target"]
    glide = min(1.0, drop["age"] / 0.4)
    glide = 1 - (1 - glide) ** 3
    centre = (start_x + (target_x - start_x) * glide, min(drop["body"].position.y, target_y))
    image = pieces.piece_image(drop["piece"], round(drop["size"][1]))
    surface.blit(image, image.get_rect(center=centre))


# --- choices and the private panel --------------------------------------------------------------
def choice(game: GameReading, surface: pygame.Surface, seat: int, card: Choice, focused: bool) -> None:
    rect, piece = card.rect, card.data
    builds = isinstance(card.action, dict) and card.action["type"] == "build"
    lines = card_lines(words.end_card(card.action["end"]) if builds else card.label, rect.width - 8)
    room = rect.height - 40 - CARD_LINE * (len(lines) - 1)  # a label on two lines leaves less for the picture
    surface.blit(art.panel(rect.size, art.PANEL_HI if card.legal else (40, 34, 38), None, 12), rect)
    if piece is None:
        fist = pieces.fist_image(game.table.colour(seat), min(80, room + 16), 0.0)
        surface.blit(fist, fist.get_rect(midtop=(rect.centerx, rect.top)))
    else:
        image = pieces.piece_image(piece, min(76, room), None, not card.legal)
        surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.top + 6)))
    held = game.seat_view(seat).get("stock", []).count(piece) if card.private and piece is not None else 0
    if held > 1:  # the stock holds this piece more than once: one card, with how many
        badge = pygame.Rect(rect.right - 42, rect.top + 4, 38, 30)
        surface.blit(art.panel(badge.size, art.GOLD, None, 10, 255), badge)
        art.blit_text(surface, words.held_count(held), 24, art.NIGHT, badge.center, "center", "bold",
                      width=badge.width - 4)
    size = CARD_TEXT if len(lines) == 1 else CARD_LINE
    for i, line in enumerate(lines):
        y = rect.bottom - 16 - CARD_LINE * (len(lines) - 1 - i)
        art.blit_text(surface, line, size, art.INK if card.legal else art.INK_FAINT, (rect.centerx, y), "center",
                      width=rect.width - 8)
    if focused and card.legal and builds:
        ghost(game, surface, seat, card.action)


CARD_TEXT, CARD_LINE = 24, 20  # a card's label on one line; on two, each line's size and height


def card_lines(label: str, width: int) -> list[str]:
    """A card's label: one line if it fits (a little smaller at most), else two."""
    if art.text_width(label, round(CARD_TEXT * 0.8)) <= width:
        return [label]
    lines = art.wrap(label, CARD_LINE, width)
    return lines if len(lines) == 2 else [label]


def private(game: GameReading, surface: pygame.Surface, seat: int, rect: pygame.Rect,
            choices: list[Choice]) -> None:
    """After a pick (or while only looking): the seat's stock, fitted into its panel."""
    view = game.seat_view(seat)
    mine = view.get("plans", {}).get("mine", "none") if view.get("phase") == "plan" else "none"
    if mine != "none":  # a pick this screen did not send was a bot's, while the seat was away
        note = words.fist_note(mine, game.picked_on_this_screen(seat))
        art.blit_text(surface, note, 28, art.GOLD, (rect.right - 24, rect.top + 14), "topright")
    if choices:
        return
    stock = view.get("stock", [])
    area = layout.stock_area(rect)
    height = min(area.height, 110)
    while height > 30 and sum(pieces.piece_size(p, height)[0] + 10 for p in stock) > area.width:
        height -= 4
    x = area.left
    for piece in stock:
        image = pieces.piece_image(piece, height)
        surface.blit(image, (x, area.bottom - height))
        x += image.get_width() + 10


# --- the round's summary ------------------------------------------------------------------------
def overlay(game: GameReading, surface: pygame.Surface) -> None:
    event, table = game.shown.summary, game.table
    if event is None or not game.summary_shown():
        return
    box = layout.summary_box(table.players)
    surface.blit(art.panel(box.size, art.PANEL, art.GOLD, 18, 255), box)
    art.blit_text(surface, words.summary_title(event["round"]), 56, art.GOLD, (box.centerx, box.top + 46), "center",
                  weight="bold")
    for p, penalty in enumerate(event["penalties"]):
        line = words.summary_line(table.name(p), penalty, event["totals"][p])
        art.blit_text(surface, line, 36, table.colour(p), (box.centerx, box.top + 100 + p * 40), "center",
                      width=box.width - 40)
