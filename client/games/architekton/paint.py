"""Drawing the Architekton table: the supply, the board under its camera, the seats'
zones, the choices (ghosts on the board), and what moves over it all. Reads only
(besides the table's two cached board images)."""

from collections.abc import Callable

import pygame

from client.games.architekton import art as pieces
from client.games.architekton import layout, words
from client.games.architekton.choices import lifted, placing
from client.games.architekton.layout import SUPPLY, TILE, inner
from client.games.architekton.paint_overlay import overlay as overlay  # the table's overlay hook
from client.games.architekton.paint_overlay import summary_shown
from client.games.architekton.reading import (
    BoardTable,
    progress,
    zone,
)
from client.games.architekton.state import (
    Effects,
    Final,
    Scoring,
    Square,
    group_links,
)
from client.i18n import _
from client.table.choices import Choice
from client.table.types import Colour
from client.ui import art

HINT_SIZE = 26  # about 17 pixels on a 1280x720 window

# --- the supply --------------------------------------------------------------------------------
def supply(game: BoardTable, surface: pygame.Surface) -> None:
    view = game.view
    surface.blit(art.panel(SUPPLY.size, art.PANEL), SUPPLY)
    art.blit_text(surface, _(words.SUPPLY), 40, art.GOLD, (SUPPLY.left + 22, SUPPLY.top + 12), weight="bold",
                  width=SUPPLY.width - 44)
    for row, label in enumerate(words.SUPPLY_ROWS):
        slot = layout.supply_slot(row, 0)
        art.blit_text(surface, _(label), 26, art.INK_DIM, (slot.left, slot.top - 32), width=SUPPLY.right - 22 - slot.left)
    taking = view.get("phase") == "take"
    takeable = set(view.get("takeable", []))
    raised = lifted(game)
    for tile, rect in layout.supply_rects(game.shown.supply).items():
        if tile in raised:
            continue  # its choice draws it, lifted
        surface.blit(pieces.tile_image(tile, 0, rect.width), rect)
        if taking and tile not in takeable:
            surface.blit(pieces.veil(rect.size, 110), rect)
    top = layout.supply_slot(1, 0).bottom + 26
    for row, (label, counts) in enumerate(((words.STACKS, game.shown.stacks), (words.RESERVE, game.shown.reserve))):
        art.blit_text(surface, _(label), 26, art.INK_DIM, (SUPPLY.left + 22, top + row * 100), width=SUPPLY.width - 44)
        for index, count in enumerate(words.tile_counts(counts)):
            art.blit_text(surface, count, 26, art.INK, (SUPPLY.left + 22, top + 30 + index * 30 + row * 100),
                          width=SUPPLY.width - 44)
    if game.shown.turns_left is not None:
        box = pygame.Rect(SUPPLY.left + 14, SUPPLY.bottom - 112, SUPPLY.width - 28, 98)
        surface.blit(art.panel(box.size, (70, 36, 36), art.DANGER, 14), box)
        art.blit_text(surface, _(words.LAST_ROUND_BOX), 40, art.DANGER, (box.centerx, box.top + 30), "center", "bold",
                      width=box.width - 24)
        art.blit_text(surface, words.turns_left(game.shown.turns_left), 28, art.INK, (box.centerx, box.top + 70),
                      "center", width=box.width - 24)
    elif view.get("revenge"):
        lines = art.wrap(_(words.REVENGE_LINE), 26, SUPPLY.width - 44)
        for row, line in enumerate(lines):
            art.blit_text(surface, line, 26, art.INK_DIM, (SUPPLY.left + 22, SUPPLY.bottom - 20 - 30 * (len(lines) - row)),
                          width=SUPPLY.width - 44)


# --- the board ------------------------------------------------------------------------------------
def board(game: BoardTable, surface: pygame.Surface) -> None:
    effects = game.effects
    if effects.final is None or not summary_shown(game, effects.final):
        supply(game, surface)
    camera = game.camera
    view_rect = layout.BOARD  # the felt; the camera sees it above the hint's band (`layout.CAMERA`)
    size = max(4, round(TILE * camera.zoom))
    hidden = landing(effects, "tile")
    hidden_houses = landing(effects, "house")
    bounds = game.shown.bounds(2)
    # One image of the whole board at a whole number of pixels a square, drawn again only
    # when a square changes or the zoom reaches another size (the camera rests on whole sizes).
    smooth = camera.goal is None  # while gliding, quickly scaled tiles; smoothly scaled at rest
    colours = [game.table.colour(p) for p in range(game.table.players)]
    key = (game.shown.version, size, smooth, frozenset(hidden), frozenset(hidden_houses), tuple(colours))
    if game.board_image is None or game.board_image[0] != key:
        picture = pieces.board_picture(game.shown.cells, bounds, size, smooth, hidden, hidden_houses, colours)
        game.board_image = (key, picture)
    x, y = camera.to_screen(bounds[:2])
    at = (round(x) - view_rect.left, round(y) - view_rect.top)
    # At rest, the felt with the board on it is kept as one image too (one blit a frame).
    if game.board_view is None or game.board_view[0] != (key, at):
        view = pieces.felt(tuple(view_rect)).copy()
        view.set_clip(squares_clip(view_rect).move(-view_rect.left, -view_rect.top))
        view.blit(game.board_image[1], at)
        view.set_clip(None)
        game.board_view = ((key, at), view) if smooth else None
    else:
        view = game.board_view[1]
    surface.blit(view, view_rect)
    clip = surface.get_clip()
    surface.set_clip(squares_clip(view_rect))
    if effects.final is not None:
        removal(game, surface, effects.final)
        traces(game, surface, effects.final, size)
    if effects.scoring is not None:
        scoring(game, surface, effects.scoring)
    surface.set_clip(clip)
    hint(surface, view_rect, game.camera.following)


def landing(effects: Effects, kind: str) -> set[Square]:
    """The squares a flying ``kind`` ("tile" or "house") is on its way to: hidden there meanwhile."""
    squares = set()
    for flight in effects.flights:
        end = flight["end"]
        if flight["kind"] == kind and not isinstance(end, pygame.Rect) and len(end) == 2:
            squares.add(end)
    return squares


def flying_to_hand(effects: Effects, seat: int) -> set[int]:
    """The slots of ``seat``'s hand a taken tile is on its way to: empty meanwhile."""
    slots = set()
    for flight in effects.flights:
        end = flight["end"]
        if flight["kind"] == "tile" and not isinstance(end, pygame.Rect) and len(end) == 3 and end[1] == seat:
            slots.add(end[2])
    return slots


def squares_clip(felt: pygame.Rect) -> pygame.Rect:
    """Where the board's squares show: inside the felt's round corners and above the band
    the camera hint stands in (it never covers a square)."""
    inside = felt.inflate(-20, -20)
    inside.height = layout.CAMERA.bottom - inside.top
    return inside


def hint_rect(felt: pygame.Rect, line: str) -> pygame.Rect:
    """The camera hint's strip, in the band at the felt's foot, under the squares."""
    width = min(art.text_width(line, HINT_SIZE) + 28, felt.width - 40)
    strip = pygame.Rect(0, 0, width, HINT_SIZE + 14)
    strip.bottomright = (felt.right - 14, felt.bottom - 8)
    return strip


def hint(surface: pygame.Surface, view_rect: pygame.Rect, following: bool) -> None:
    """How to steer the camera, at the board's foot."""
    line = words.hint_line(following)
    strip = hint_rect(view_rect, line)
    surface.blit(art.panel(strip.size, art.NIGHT, None, 10, 200), strip)
    art.blit_text(surface, line, HINT_SIZE, art.INK_DIM, strip.center, "center", width=strip.width - 20)


def scoring(game: BoardTable, surface: pygame.Surface, event: Scoring) -> None:
    """A surround being scored (AR-4): a ring round the building, a tick or a cross on
    every side."""
    square = game.camera.square(event["x"], event["y"])
    pulse = progress(game, event["tween"])
    colour = game.table.colour(event["owner"]) if event["owner"] is not None else art.INK
    grow = round(6 + 10 * pulse)
    pygame.draw.rect(surface, colour, square.inflate(grow, grow), max(3, square.width // 16), border_radius=10)
    for side, good in enumerate(event["matches"]):
        if good is None:
            continue
        dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[side]
        centre = (square.centerx + dx * square.width // 2, square.centery + dy * square.height // 2)
        pieces.mark(surface, centre, good, max(14, square.width // 3))


def removal(game: BoardTable, surface: pygame.Surface, final: Final) -> None:
    """Final scoring (AR-6): removed buildings fade out one after another, crossed out."""
    done = game.table.progress(final["removal"])
    elapsed = 1e9 if done is None else done * final["removal_seconds"]
    for index, ((x, y), cell) in enumerate(final["gone"].items()):
        t = min(1.0, max(0.0, (elapsed - 0.22 * index) / 0.45))
        if t >= 1.0:
            continue
        rect = inner(game.camera.square(x, y))
        image = pieces.moving_tile(cell["tile"], cell["rot"], rect.width)
        image.set_alpha(round(255 * (1 - t)))
        surface.blit(image, rect)
        if cell["house"] is not None:
            pieces.house_on(surface, game.table.colour(cell["house"]), cell["house"], rect)
        if t > 0:
            width = max(3, rect.width // 12)
            pygame.draw.line(surface, art.DANGER, rect.topleft, rect.bottomright, width)
            pygame.draw.line(surface, art.DANGER, rect.bottomleft, rect.topright, width)


def traces(game: BoardTable, surface: pygame.Surface, final: Final, size: int) -> None:
    """Each player's largest diagonal group of houses, traced house by house (AR-6)."""
    camera = game.camera
    t = progress(game, final["trace"])
    if game.table.running(final["removal"]) or t <= 0:
        return
    for seat, group in enumerate(final["groups"]):
        if not group:
            continue
        colour = game.table.colour(seat)
        links = group_links(group)
        shown = t * len(links)
        width = max(4, size // 9)
        for index, (a, b) in enumerate(links):
            if index >= shown:
                break
            start, end = (camera.to_screen(layout.square_centre(*square)) for square in (a, b))
            part = min(1.0, shown - index)
            tip = (start[0] + (end[0] - start[0]) * part, start[1] + (end[1] - start[1]) * part)
            pygame.draw.line(surface, art.NIGHT, start, tip, width + 4)
            pygame.draw.line(surface, colour, start, tip, width)
        for x, y in group[: 1 + int(shown)]:
            pygame.draw.circle(surface, colour, camera.square(x, y).center, max(8, size // 3), max(3, size // 14))
        if t >= 1.0:
            x, y = group[-1]
            badge = pygame.Rect(0, 0, 54, 40)
            badge.midbottom = camera.square(x, y).midtop
            surface.blit(art.panel(badge.size, art.NIGHT, colour, 10, 240), badge)
            art.blit_text(surface, str(len(group)), 30, colour, badge.center, "center", "bold")


# --- the seats -----------------------------------------------------------------------------------
def seat(game: BoardTable, surface: pygame.Surface, seat_index: int, rect: pygame.Rect) -> None:
    table, view, shown = game.table, game.view, game.shown
    colour = table.colour(seat_index)
    active = seat_index in view.get("active", [])
    surface.blit(art.panel(rect.size, art.PANEL_HI if active else art.PANEL, colour if active else None), rect)
    pygame.draw.rect(surface, colour, pygame.Rect(rect.left + 14, rect.top + 10, rect.width - 28, 10),
                     border_radius=5)
    surface.blit(pieces.house_image(colour, seat_index, 44), (rect.left + 16, rect.top + 28))
    half = rect.width // 2
    game.draw_name(surface, seat_index, (rect.left + 68, rect.top + 28), 44, half - 90)
    art.blit_text(surface, table.seat(seat_index).label, 26, art.INK_FAINT, (rect.left + 70, rect.top + 76),
                  width=half - 90)
    count = shown.chips[seat_index]
    surface.blit(pieces.chip_image(40), (rect.left + 20, rect.top + 114))
    art.blit_text(surface, str(count), 44, art.GOLD, (rect.left + 70, rect.top + 132), "midleft", "bold")
    art.blit_text(surface, words.chip_label(count), 24, art.INK_DIM, (rect.left + 70, rect.top + 162), "midleft",
                  width=76)
    stock, placed = shown.houses[seat_index], shown.houses_on_board(seat_index)
    surface.blit(pieces.house_image(colour, seat_index, 34), (rect.left + 150, rect.top + 116))
    revenge = bool(view.get("revenge"))
    room = half - 192 - 16 - (116 if revenge else 0)
    art.blit_text(surface, words.in_stock(stock), 28, art.INK, (rect.left + 192, rect.top + 116), width=room)
    art.blit_text(surface, words.on_the_board(placed), 24, art.INK_DIM, (rect.left + 192, rect.top + 150), width=room)
    if revenge:
        points = shown.victory_points[seat_index]
        art.blit_text(surface, str(points), 44, art.GOLD, (rect.left + half - 24, rect.top + 124), "midright",
                      "bold")
        label = art.wrap(_(words.VICTORY_POINTS), 20, 108)
        for row, line in enumerate(label[:2]):
            art.blit_text(surface, line, 20, art.INK_DIM, (rect.left + half - 24, rect.top + 154 + row * 20),
                          "midright", width=108)
    hand(game, surface, seat_index, rect)


def hand(game: BoardTable, surface: pygame.Surface, seat_index: int, rect: pygame.Rect) -> None:
    """The tiles a seat took (AR-2), or what it is asked to decide (AR-4)."""
    view, effects = game.view, game.effects
    right = pygame.Rect(rect.centerx, rect.top + 22, rect.width // 2 - 16, rect.height - 34)
    settling = view.get("settling") or {}
    if view.get("phase") == "settle" and settling.get("owner") == seat_index:
        if effects.fresh_game:
            return
        answered = effects.answered
        if answered is not None:  # sent and settled; the table is still showing what followed
            art.blit_text(surface, words.settled(answered["take_back"], answered["paid"]), 28, art.INK_DIM,
                          (right.left + 20, right.top + 40), width=right.width - 30)
            return
        if effects.final is not None or effects.early is not None:
            return
        art.blit_text(surface, words.enclosed(settling.get("mismatches", 1)), 28, art.INK,
                      (right.left + 20, right.top + 4), width=right.width - 30)
        if seat_index not in game.table.local_seats:
            art.blit_text(surface, _(words.DECIDING), 30, art.INK_DIM, right.center, "center", width=right.width - 30)
        return
    if view.get("current") != seat_index and not game.shown.hand:
        return
    flying = flying_to_hand(effects, seat_index)
    spots = view.get("spots", {})
    in_hand = game.shown.hand if view.get("current") == seat_index else []
    shown_placing = placing(game, seat_index) if len(in_hand) == 2 else None
    for index, tile in enumerate(game.shown.taken):
        if index in flying or tile not in in_hand:
            continue
        slot = layout.hand_slot(zone(game, seat_index), index)
        surface.blit(pieces.tile_image(tile, 0, slot.width), slot)
        if tile == shown_placing:
            pygame.draw.rect(surface, art.GOLD, slot.inflate(10, 10), 4, border_radius=12)
            art.blit_text(surface, _(words.PLACING), 22, art.GOLD, (slot.centerx, slot.bottom + 8), "midtop",
                          width=slot.width + 80)
        if view.get("phase") == "place" and len(in_hand) == 2 and tile in spots and not spots[tile]:
            surface.blit(pieces.veil(slot.size, 170), slot)
            lines = art.wrap(_(words.PLACE_OTHER_FIRST), 22, slot.width - 10, "bold")
            for row, line in enumerate(lines):
                art.blit_text(surface, line, 22, art.GOLD,
                              (slot.centerx, slot.centery + round((row - (len(lines) - 1) / 2) * 25)), "center", "bold",
                              width=slot.width - 6)


# --- choices -----------------------------------------------------------------------------------------
def choice(game: BoardTable, surface: pygame.Surface, seat_index: int, item: Choice, focused: bool) -> None:
    kind = item.data[0] if item.data else ""
    colour = game.table.colour(seat_index)
    rect = item.rect
    if kind == "supply":
        pygame.draw.rect(surface, colour, rect.inflate(6, 6), 3, border_radius=10)
    elif kind == "lifted":
        raised = rect.move(0, -6)
        surface.blit(pieces.tile_image(item.data[1], 0, rect.width), raised)
        pygame.draw.rect(surface, art.GOLD, raised.inflate(8, 8), 4, border_radius=12)
    elif kind == "spot":
        on_board(game, surface, lambda: spot(game, surface, item, focused, colour))
    elif kind == "rot":
        tile, x, y, rot = item.data[1:]
        turns = [c for c in game.table.choices(seat_index) if c.data and c.data[0] == "rot"]
        if turns and turns[0] is item:
            turning_row(game, surface, turns, colour)
        if focused:
            on_board(game, surface, lambda: ghost(game, surface, tile, x, y, rot, colour))
        surface.blit(art.panel(rect.size, art.PANEL_HI, colour if focused else None, 12), rect)
        surface.blit(pieces.tile_image(tile, rot, rect.width - 16), rect.inflate(-16, -16))
    elif kind == "hand":
        pygame.draw.rect(surface, colour if item.legal else art.INK_FAINT, rect.inflate(8, 8), 3, border_radius=12)
        if item.legal:
            art.blit_text(surface, _(words.OR_THIS), 22, art.INK_DIM, (rect.centerx, rect.bottom + 8), "midtop",
                          width=rect.width + 80)
    elif kind == "move":
        on_board(game, surface, lambda: moving(game, surface, item, focused, colour))
    elif kind == "settle":
        surface.blit(art.panel(rect.size, art.PANEL_HI, colour if focused else None, 12), rect)
        art.blit_text(surface, item.label, 28, art.INK, rect.center, "center", width=rect.width - 20)


def turning_row(game: BoardTable, surface: pygame.Surface, turns: list[Choice], colour: Colour) -> None:
    """Behind the rotations to choose: a panel joined to the square they are for."""
    row = turns[0].rect.unionall([c.rect for c in turns[1:]]).inflate(24, 52)
    row.top -= 14
    x, y = turns[0].data[2:4]
    square = game.camera.square(x, y)
    pygame.draw.line(surface, colour, square.center, row.center, 4)
    surface.blit(art.panel(row.size, art.NIGHT, colour, 14, 245), row)
    art.blit_text(surface, _(words.TURN_IT), 22, art.INK_DIM, (row.centerx, row.top + 6), "midtop",
                  width=row.width - 16)


def on_board(game: BoardTable, surface: pygame.Surface, draw: Callable[[], None]) -> None:
    clip = surface.get_clip()
    surface.set_clip(game.camera.view.inflate(-6, -6))
    draw()
    surface.set_clip(clip)


def spot(game: BoardTable, surface: pygame.Surface, item: Choice, focused: bool, colour: Colour) -> None:
    """A legal square: outlined in the seat's colour; the focused one shows its ghost."""
    tile, x, y, rot = item.data[1:]
    if focused:
        ghost(game, surface, tile, x, y, rot, colour)
        return
    rect = inner(item.rect)
    surface.blit(pieces.tint(rect.size, tuple(colour), 60), rect)
    pygame.draw.rect(surface, colour, rect, max(2, rect.width // 26), border_radius=max(3, rect.width // 10))


def ghost(game: BoardTable, surface: pygame.Surface, tile: str, x: int, y: int, rot: int, colour: Colour) -> None:
    rect = inner(game.camera.square(x, y))
    surface.blit(pieces.ghost_image(tile, rot, rect.width), rect)
    pygame.draw.rect(surface, colour, rect, max(2, rect.width // 22), border_radius=max(3, rect.width // 10))


def moving(game: BoardTable, surface: pygame.Surface, item: Choice, focused: bool, colour: Colour) -> None:
    """A house that may move onto the new building (AR-3); the focused one shows where."""
    rect = item.rect
    pygame.draw.rect(surface, colour, rect, max(3, rect.width // 20), border_radius=8)
    target = game.view.get("moving")
    if focused and target:
        end = game.camera.square(*target).center
        pygame.draw.line(surface, art.GOLD, rect.center, end, max(3, rect.width // 14))
        pygame.draw.circle(surface, art.GOLD, end, max(6, rect.width // 8))
