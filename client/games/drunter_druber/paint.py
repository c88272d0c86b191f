"""Drawing the Drunter & Drüber table: the town and what moves on it, the band under it
(the vote's tray, the legend, the finale's words), the choices, the private panels and a
tile flying back. Module functions taking the game table (``game``) and a surface; they
read the views and ``game.state`` and change nothing. The seats' zones are in
`paint_seats`.

Secrets (DD-9) are drawn only in ``private``, from the seat's own view, inside the seat's
open panel; everything else reads the shared view, so the shared screen is the same
whatever a seat holds or is choosing.
"""

import math
from typing import Literal, Protocol

import pygame

from client.games.drunter_druber import art as dart
from client.games.drunter_druber import town
from client.games.drunter_druber import words as say
from client.games.drunter_druber.layout import (
    BUILDING_XY,
    FINALE_INTRO,
    FINALE_PER_SEAT,
    FRAME,
    STRETCH_BOX,
    TOILET_XY,
    TRAY,
    Cell,
    band_beside,
    cell_rect,
    cells_rect,
    hand_entry,
)
from client.games.drunter_druber.state import (
    Finale,
    TownState,
    Tray,
    counted,
    covered_cells,
    points_now,
)
from client.games.drunter_druber.town import BoardPainter
from client.i18n import _
from client.table.choices import Choice
from client.table.handle import TableHandle
from client.table.types import View
from client.ui import art
from client.ui.tween import ease_out_back, ease_out_cubic
from engines.drunter_druber.board import STRETCH_KIND, STRETCHES
from engines.drunter_druber.rules import count_votes

TRAY_FILL = (40, 34, 44)

# What the table puts in a choice's ``data`` (`Choice.data`), by its first item: a tile of the
# hand (kind, size), a place (the tile's kind, its cells, the side it is entered by, its
# stretch), a people card in a vote (chosen or not), "put down" (how many cards), a Jein's
# side, a building card of the variant's pick; ("",) for none.
PlaceData = tuple[Literal["place"], str, tuple[Cell, ...], str, str]
ChoiceData = (tuple[Literal["tile"], str, int] | PlaceData | tuple[Literal["card"], str, bool]
              | tuple[Literal["put"], int] | tuple[Literal["jein"], str] | tuple[Literal["pick"], str]
              | tuple[Literal[""]])


class GameReading(Protocol):
    """What drawing reads of the Drunter & Drüber table (`table.DrunterDruberTable`, which
    imports this): the views, what the events told (``state``) and the town's picture."""

    table: TableHandle
    state: TownState
    town: BoardPainter

    @property
    def view(self) -> View: ...

    def seat_view(self, seat: int) -> View: ...

    def private_rect(self, seat: int, count: int) -> pygame.Rect: ...


# --- the board ------------------------------------------------------------------------------
def board(game: GameReading, surface: pygame.Surface) -> None:
    state = game.state
    surface.blit(game.town.image(state.shown_tiles(game.view)), FRAME.topleft)
    vote_marks(game, surface)
    landing(game, surface)
    dock_marks(game, surface)
    barriers(game, surface)
    tokens(game, surface)
    finale_lights(game, surface)
    stretch_box(game, surface)
    if state.finale is not None:
        finale_words(game, surface, state.finale)
    elif state.tray is not None and tray_shown(game):
        tray(game, surface, state.tray)
    else:
        legend(game, surface)


def vote_marks(game: GameReading, surface: pygame.Surface) -> None:
    """While a vote runs, the tile voted on pulses and its toilets stand on top of it."""
    shown = game.state.tray
    if shown is None or not tray_shown(game):
        return
    result = shown.get("result")
    if result is not None and result["stays"]:
        return  # the toilets are covered for good
    vote = game.view.get("vote")
    land = game.state.landing
    cells = vote["tile"] if vote else land["tile"]["cells"] if land else []
    if cells and result is None:
        glow = 0.5 + 0.5 * math.sin(game.table.clock * 6)
        rect = cells_rect([tuple(c) for c in cells]).inflate(6, 6)
        pygame.draw.rect(surface, art.mix(art.GOLD, art.INK, glow), rect, width=4, border_radius=10)
    for cell in shown["toilets"]:
        dart.toilet_cell(surface, cell_rect(cell).inflate(-10, -10))


def landing(game: GameReading, surface: pygame.Surface) -> None:
    land = game.state.landing
    if land is None:
        return
    p = game.table.value("land", 1.0)
    tile = land["tile"]
    cells = tuple(tuple(c) for c in tile["cells"])
    image = town.lone_tile(town.look(tile), cells, land["entry"])
    rect = cells_rect(list(cells))
    scale = 1.35 - 0.35 * ease_out_back(p)
    if p >= 1.0:
        surface.blit(image, rect)
        return
    size = (max(1, round(rect.width * scale)), max(1, round(rect.height * scale)))
    shadow = pygame.Surface(size, pygame.SRCALPHA)
    shadow.fill((0, 0, 0, round(90 * (1 - p))))
    lift = round(16 * (1 - p))
    surface.blit(shadow, shadow.get_rect(center=(rect.centerx + lift, rect.centery + lift)))
    scaled = pygame.transform.smoothscale(image, size)
    scaled.set_alpha(round(150 + 105 * min(1.0, p * 1.6)))
    surface.blit(scaled, scaled.get_rect(center=rect.center))
    if p > 0.45:  # a puff of dust where it lands
        t = (p - 0.45) / 0.55
        for i in range(10):
            angle = i * math.tau / 10
            reach = 0.5 + 0.5 * t
            x = rect.centerx + math.cos(angle) * (rect.width / 2 + 6) * reach
            y = rect.centery + math.sin(angle) * (rect.height / 2 + 6) * reach
            pygame.draw.circle(surface, art.shade(dart.KIND_COLOURS[tile["kind"]], 1.2), (x, y),
                               max(1, round(5 * (1 - t))))


def dock_marks(game: GameReading, surface: pygame.Surface) -> None:
    """Where the picked tile can dock, for the seat choosing its place."""
    table = game.table
    for seat in table.local_seats:
        docks = {choice.data[2][0] for choice in table.choices(seat) if choice.data and choice.data[0] == "place"}
        colour = table.colour(seat)
        for cell in docks:
            rect = cell_rect(cell).inflate(-6, -6)
            mark = pygame.Surface(rect.size, pygame.SRCALPHA)
            mark.fill((*colour, 60))
            surface.blit(mark, rect)
            pygame.draw.rect(surface, colour, rect, width=2, border_radius=6)


def barriers(game: GameReading, surface: pygame.Surface) -> None:
    for stretch, cell in game.state.barriers(game.view).items():
        grow = game.table.value(f"close{stretch}", 1.0)
        size = max(4, round(52 * ease_out_back(min(1.0, grow))))
        rect = cell_rect(cell)
        dart.barrier(surface, (rect.centerx, rect.centery + 14), size)


def tokens(game: GameReading, surface: pygame.Surface) -> None:
    """Each open stretch's construction token; the one whose tile lands slides along."""
    standing = game.state.tokens(game.view)
    land = game.state.landing
    for stretch in STRETCHES:
        cell = standing.get(stretch)
        if cell is None:
            continue
        end = cell_rect(cell).center
        centre: tuple[float, float] = end
        if land is not None and land["tile"]["stretch"] == stretch and land["from"] is not None:
            p = ease_out_cubic(min(1.0, max(0.0, (game.table.value("land", 1.0) - 0.3) / 0.7)))
            start = cell_rect(land["from"]).center
            centre = (start[0] + (end[0] - start[0]) * p, start[1] + (end[1] - start[1]) * p)
        image = dart.token_image(stretch, STRETCH_KIND[stretch], 50)
        surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


def stretch_box(game: GameReading, surface: pygame.Surface) -> None:
    box = STRETCH_BOX
    surface.blit(art.panel(box.size, art.PANEL), box)
    closed = set(game.view.get("closed", [])) | set(game.state.closing)
    for i, stretch in enumerate(STRETCHES):
        y = box.top + 12 + i * 30
        image = dart.token_image(stretch, STRETCH_KIND[stretch], 28)
        surface.blit(image, (box.left + 12, y))
        shut = stretch in closed
        state = art.blit_text(surface, say.stretch_state(shut), 24, art.DANGER if shut else art.INK_FAINT,
                              (box.right - 14, y + 14), "midright", width=80)
        art.blit_text(surface, _(say.STRETCH_NAMES[stretch]), 26, art.INK, (box.left + 48, y + 14), "midleft",
                      width=state.left - box.left - 56)


# --- the band under the board: the vote's tray, the legend, the finale's words --------------------
def band(game: GameReading) -> pygame.Rect:
    """The band under the board, less the part a lone seat's always-open card panel takes."""
    table = game.table
    if len(table.local_seats) == 1:
        seat = table.local_seats[0]
        if table.seat(seat).panel_open and not any(c.private for c in table.choices(seat)):
            return band_beside(game.private_rect(seat, 0))
    return TRAY.copy()


def tray_shown(game: GameReading) -> bool:
    shown = game.state.tray
    if shown is None:
        return False
    return shown["result"] is None or game.table.running("tally")


def tray(game: GameReading, surface: pygame.Surface, shown: Tray) -> None:
    """The vote: each voter's cards, face down until all have voted, then turned over; the tally."""
    table, name = game.table, game.table.name
    box = band(game)
    surface.blit(art.panel(box.size, TRAY_FILL, art.GOLD, 16, 240), box)
    tiles = game.view.get("tiles", [])
    landing = game.state.landing
    tile = landing["tile"] if landing is not None else (tiles[-1] if tiles else None)
    room = box.width - 330  # left of the tally
    kind, size = (tile["kind"], tile["size"]) if tile else (None, None)
    title = say.tray_title(name(shown["placer"]), kind, size, wide=True)
    if art.text_width(title, 28, "bold") > room:  # what yes and no mean only where it fits
        title = say.tray_title(name(shown["placer"]), kind, size, wide=False)
    art.blit_text(surface, title, 28, art.GOLD, (box.left + 20, box.top + 12), weight="bold", width=room)
    order = shown["order"]
    area = pygame.Rect(box.left + 14, box.top + 50, box.width - 310, box.height - 60)
    width = area.width // max(1, len(order))
    active = game.view.get("active", []) if game.view.get("phase") in ("vote", "jein") else []
    flip = table.value("flip", 1.0)
    for i, seat in enumerate(order):
        column = pygame.Rect(area.left + i * width, area.top, width - 8, area.height)
        art.blit_text(surface, name(seat), 26, table.colour(seat), (column.left + 6, column.top),
                      weight="bold", width=column.width - 8)
        cards = shown["cards"][seat] if shown["cards"] else None
        count = len(cards) if cards else shown["counts"].get(seat)
        spot = pygame.Rect(column.left + 6, column.top + 34, column.width - 12, column.height - 36)
        if count is None:
            words = _(say.CHOOSING) if seat in active else _(say.WAITING)
            art.blit_text(surface, words, 24, art.INK_DIM if seat in active else art.INK_FAINT, spot.midleft,
                          "midleft")
            continue
        drop = table.value(f"down{seat}", 1.0)
        pop = f"jein{seat}"  # a Jein just declared swells for a moment
        swell = 1 + 0.3 * math.sin(math.pi * (table.progress(pop) or 0.0)) if table.running(pop) else 1.0
        card_fan(surface, spot, count, cards, flip, shown["jein"].get(seat), drop, swell)
    tally(game, surface, shown, pygame.Rect(box.right - 290, box.top + 12, 276, box.height - 24))


def card_fan(surface: pygame.Surface, spot: pygame.Rect, count: int, cards: list[str] | None, flip: float,
             side: str | None, drop: float, swell: float = 1.0) -> None:
    """``count`` cards put down: backs, or faces once revealed (turning over with ``flip``)."""
    w, h = 56, 76
    step = min(w + 6, (spot.width - w) // max(1, count - 1)) if count > 1 else 0
    lift = round((1 - ease_out_cubic(drop)) * -30)
    for i in range(count):
        x = spot.left + i * step
        if cards is None or flip < 0.5:
            image = dart.people_card("blank", w, h, face=False)
        else:
            card = cards[i]
            image = dart.people_card(card, w, h, side=side if card == "jein" else None)
        squeeze = abs(math.cos(math.pi * flip)) if cards is not None and flip < 1.0 else 1.0
        if squeeze < 1.0:
            image = pygame.transform.smoothscale(image, (max(1, round(w * squeeze)), h))
        elif swell > 1.0 and cards is not None and cards[i] == "jein":
            image = pygame.transform.smoothscale(image, (round(w * swell), round(h * swell)))
        surface.blit(image, image.get_rect(midtop=(x + w // 2, spot.top + lift)))
        if cards is not None and flip >= 0.5 and cards[i] == "jein" and side is not None:
            art.blit_text(surface, say.counts_as(side), 22, art.INK, (x + w // 2, spot.top + h + 2), "midtop")


def tally(game: GameReading, surface: pygame.Surface, shown: Tray, box: pygame.Rect) -> None:
    surface.blit(art.panel(box.size, art.PANEL), box)
    cards = shown["cards"]
    if not cards:
        art.blit_text(surface, _(say.CARDS_DOWN), 26, art.INK_DIM, (box.centerx, box.top + 26), "center")
        art.blit_text(surface, say.voters_done(len(shown["counts"]), len(shown["order"])), 30, art.INK,
                      (box.centerx, box.top + 64), "center")
        art.blit_text(surface, _(say.FACE_DOWN), 22, art.INK_FAINT, (box.centerx, box.top + 104), "center")
        return
    result = shown["result"]
    if result is not None:
        yes, no = result["yes"], result["no"]
    else:
        sides = [shown["jein"].get(seat) for seat in range(len(cards))]
        yes, no = count_votes(list(cards), sides)
    art.blit_text(surface, say.yes_count(yes), 40, dart.YES_GREEN, (box.left + 20, box.top + 34), "midleft",
                  weight="bold")
    art.blit_text(surface, say.no_count(no), 40, dart.NO_RED, (box.right - 20, box.top + 34), "midright",
                  weight="bold")
    if result is None:
        art.blit_text(surface, _(say.JEIN_TO_DECLARE), 24, art.INK_DIM, (box.centerx, box.top + 88), "center")
        return
    grow = ease_out_back(min(1.0, game.table.value("tally", 1.0) * 6))
    art.blit_text(surface, say.who_won(yes, no, result["stays"]), max(8, round(44 * grow)), art.GOLD,
                  (box.centerx, box.top + 86), "center", weight="bold")
    art.blit_text(surface, say.tile_fate(game.table.name(result["placer"]), result["stays"]), 26, art.INK,
                  (box.centerx, box.top + 128), "center", width=box.width - 16)


def legend(game: GameReading, surface: pygame.Surface) -> None:
    """What the town's symbols mean, for a first game on the couch."""
    box = band(game)
    surface.blit(art.panel(box.size, art.PANEL, None, 16, 200), box)
    wide = box.width > 900
    per_row = 6 if wide else 3
    width = (box.width - 40) // per_row
    for i, kind in enumerate(dart.TYPE_COLOURS):
        cell = pygame.Rect(box.left + 20 + (i % per_row) * width, box.top + 12 + (i // per_row) * 54, 48, 48)
        dart.building_cell(surface, cell, kind, i % 5 + 1)
        art.blit_text(surface, say.card_name(kind), 26, art.INK_DIM, (cell.right + 8, cell.centery), "midleft",
                      width=width - 62)
    row = box.top + (80 if wide else 120)
    dart.toilet_cell(surface, pygame.Rect(box.left + 16, row, 56, 56))
    art.blit_text(surface, _(say.LEGEND_TOILET), 26, art.INK_DIM, (box.left + 80, row + 28), "midleft",
                  width=box.width // 2 - 90)
    image = dart.token_image("street", "street", 44)
    half = box.left + box.width // 2
    surface.blit(image, (half, row + 6))
    art.blit_text(surface, _(say.LEGEND_END), 26, art.INK_DIM, (half + 52, row + 28), "midleft",
                  width=box.right - half - 66)
    if wide:
        words = f"{_(say.LEGEND_BRIDGE)}  {_(say.LEGEND_PEEK)}"  # the peek hint where it fits
        if art.text_width(words, 24) > box.width - 30:
            words = _(say.LEGEND_BRIDGE)
        art.blit_text(surface, words, 24, art.INK_FAINT, (box.centerx, box.bottom - 16), "midbottom",
                      width=box.width - 30)


# --- choices ------------------------------------------------------------------------------------
def choice(game: GameReading, surface: pygame.Surface, seat: int, choice: Choice, focused: bool) -> None:
    data: ChoiceData = choice.data or ("",)
    rect = choice.rect
    if data[0] == "tile":
        mark = pygame.Surface(rect.size, pygame.SRCALPHA)
        mark.fill((255, 255, 255, 46 if focused else 22))
        surface.blit(mark, rect)
        pygame.draw.rect(surface, game.table.colour(seat), rect, width=2, border_radius=6)
    elif data[0] == "place":
        if focused:
            ghost(game, surface, data)
    elif data[0] == "card":
        card, chosen = data[1], data[2]
        lifted = rect.move(0, -8 if chosen else 0)
        surface.blit(dart.people_card(card, lifted.width, lifted.height), lifted)
        if chosen:
            pygame.draw.rect(surface, art.GOLD, lifted.inflate(6, 6), width=4, border_radius=8)
            art.blit_text(surface, _(say.CHOSEN_MARK), 22, art.NIGHT, (lifted.right - 6, lifted.top + 4), "topright",
                          weight="bold")
    elif data[0] == "put":
        ready = data[1] > 0
        surface.blit(art.panel(rect.size, art.shade(art.GOOD, 0.6) if ready else (52, 46, 50),
                               art.GOOD if ready else None, 12), rect)
        for i, line in enumerate(say.put_down_lines(data[1])):
            art.blit_text(surface, line, 28, art.INK if ready else art.INK_FAINT,
                          (rect.centerx, rect.centery + (i * 2 - 1) * 17), "center")
    elif data[0] == "jein":
        side = data[1]
        fill = dart.YES_GREEN if side == "yes" else dart.NO_RED
        surface.blit(art.panel(rect.size, art.shade(fill, 0.7), fill, 12), rect)
        art.blit_text(surface, say.jein_side(side), 30, art.INK, rect.center, "center", weight="bold")
    elif data[0] == "pick":
        surface.blit(dart.building_card(data[1], rect.width, rect.height), rect)
    else:
        surface.blit(art.panel(rect.size, art.PANEL_HI, None, 12), rect)
        art.blit_text(surface, choice.label, 28, art.INK, rect.center, "center", width=rect.width - 12)


def ghost(game: GameReading, surface: pygame.Surface, data: PlaceData) -> None:
    """The focused place: the tile as a ghost where it would lie, and where the token goes."""
    kind, cells, entry, stretch = data[1:]
    image = town.lone_tile(stretch, cells, entry).copy()
    image.set_alpha(round(170 + 60 * game.table.pulse))
    surface.blit(image, cells_rect(list(cells)))
    token = dart.token_image(stretch, kind, 40).copy()
    token.set_alpha(150)
    surface.blit(token, token.get_rect(center=cell_rect(cells[-1]).center))
    for cell in cells:  # what the tile would cover, on top of the ghost: a toilet calls a vote
        corner = cell_rect(cell)
        badge = pygame.Rect(corner.right - 32, corner.top + 2, 30, 30)
        if cell in TOILET_XY:
            pygame.draw.circle(surface, art.GOLD, badge.center, 17)
            dart.toilet_cell(surface, badge.inflate(8, 8))
        elif cell in BUILDING_XY:
            dart.building_cell(surface, badge.inflate(8, 8), *BUILDING_XY[cell])


# --- private panels --------------------------------------------------------------------------------
def private(game: GameReading, surface: pygame.Surface, seat: int, rect: pygame.Rect, choices: list[Choice]) -> None:
    """What only this seat may see, inside its open panel: its building card(s) and how
    they stand now."""
    view = game.seat_view(seat)
    cards = view.get("cards", [])
    first = view.get("first_card")
    tiles = view.get("tiles", [])
    corner = (rect.right - 24, rect.top + 16)
    if choices and choices[0].data and choices[0].data[0] in ("card", "put"):  # a vote
        words = say.cards_now([(card, points_now(card, tiles)) for card in cards])
        art.blit_text(surface, words, 26, art.GOLD, corner, "topright", width=rect.width // 2 - 30)
        return
    if choices:  # the variant's pick: the two cards are the choices
        art.blit_text(surface, _(say.PICK_EXPLAINED), 24, art.INK_DIM, corner, "topright", width=rect.width // 2 - 30)
        for option in choices:
            art.blit_text(surface, say.points_now(points_now(option.data[1], tiles)), 24, art.INK,
                          (option.rect.centerx, option.rect.bottom + 2), "midtop")
        return
    if len(cards) == 1:  # one card: the card itself, and how it stands
        card = cards[0]
        surface.blit(dart.building_card(card, 124, 108), (rect.left + 20, rect.top + 62))
        standing = counted(card, covered_cells(tiles))
        lines = [say.points_now(sum(p for _cell, p in standing)), say.standing(len(standing), card in dart.TYPE_COLOURS)]
        for i, line in enumerate(lines):
            art.blit_text(surface, line, 26, art.GOLD if i == 0 else art.INK_DIM,
                          (rect.left + 158, rect.top + 80 + i * 34), width=rect.right - rect.left - 176)
        return
    for i, card in enumerate(cards):  # the variant's two: a line each
        y = rect.top + 86 + i * 50
        pill_right = dart.card_pill(surface, card, (rect.left + 20, y), anchor="midleft").right
        words = say.card_role(points_now(card, tiles), None if first is None else card == first)
        art.blit_text(surface, words, 26, art.GOLD if card == first else art.INK_DIM, (pill_right + 12, y), "midleft")


# --- the end ------------------------------------------------------------------------------------
def finale_lights(game: GameReading, surface: pygame.Surface) -> None:
    """Each seat's counted buildings light up in its colour, one after another."""
    state = game.state
    if state.finale is None:
        return
    t = game.table.value("finale", 1e9)
    tiles = game.view.get("tiles", [])
    for seat in range(game.table.players):
        colour = game.table.colour(seat)
        for (cell, points), at in zip(state.finale_cells(seat, tiles), state.light_times(seat, tiles), strict=True):
            if t < at:
                continue
            rect = cell_rect(cell).inflate(-2 - 8 * (seat % 4), -2 - 8 * (seat % 4))
            pygame.draw.rect(surface, colour, rect, width=4, border_radius=10)
            age = t - at
            if age < 0.7:
                glow = pygame.Surface(rect.size, pygame.SRCALPHA)
                glow.fill((*colour, round(120 * (1 - age / 0.7))))
                surface.blit(glow, rect)
                art.blit_text(surface, f"+{points}", 34, art.INK, (rect.centerx, rect.top - 12 - 30 * age),
                              "center", weight="bold")


def finale_words(game: GameReading, surface: pygame.Surface, finale: Finale) -> None:
    """Whose card is counted now; at the end, how the winner was found."""
    table = game.table
    box = band(game)
    surface.blit(art.panel(box.size, TRAY_FILL, art.GOLD, 16, 240), box)
    t = table.value("finale", 1e9)
    counting = int((t - FINALE_INTRO) // FINALE_PER_SEAT)
    if counting < table.players:
        seat = max(0, counting)
        cards = finale["cards"][seat] if seat < len(finale["cards"]) else []
        art.blit_text(surface, say.whose_card(table.name(seat), cards[0] if cards else None), 44, table.colour(seat),
                      (box.centerx, box.top + 60), "center", weight="bold", width=box.width - 40)
        art.blit_text(surface, _(say.CARD_COUNTS), 28, art.INK_DIM, (box.centerx, box.top + 118), "center")
        return
    words = say.tie_words(finale["points"], finale["people"], finale["winners"], table.name)
    art.blit_text(surface, words, 40, art.GOLD, (box.centerx, box.centery), "center", weight="bold",
                  width=box.width - 40)


def overlay(game: GameReading, surface: pygame.Surface) -> None:
    """A tile sent back by a vote flies from the board to its placer's hand."""
    back = game.state.returning
    if back is None:
        return
    p = ease_out_cubic(game.table.value("return", 1.0))
    if p >= 1.0:
        return
    tile = back["tile"]
    cells = tuple(tuple(c) for c in tile["cells"])
    image = town.lone_tile(town.look(tile), cells, None)
    start = cells_rect(list(cells)).center
    end = hand_entry(game.table.layout.seats[back["player"]], tile["kind"], tile["size"]).center
    scale = 1 - 0.6 * p
    size = (max(1, round(image.get_width() * scale)), max(1, round(image.get_height() * scale)))
    moving = pygame.transform.smoothscale(image, size)
    arc = math.sin(math.pi * p) * 120
    centre = (start[0] + (end[0] - start[0]) * p, start[1] + (end[1] - start[1]) * p - arc)
    surface.blit(moving, moving.get_rect(center=(round(centre[0]), round(centre[1]))))
