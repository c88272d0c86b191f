"""How to play Wild West (rulings WW-1 to WW-10, docs/rules/wild_west.md).

Every example is drawn with the table's own art (cards, sheets, the score sheet) from
sheets the engine itself builds, so what a page shows is what the table will show."""

from collections.abc import Iterable

import pygame

from client.games.wild_west import art as ww
from client.games.wild_west import paint, scoresheet
from client.games.wild_west.layout import COMPACT, FULL, Geometry
from client.games.wild_west.scoresheet import body, draw_tile
from client.games.wild_west.state import Sheet, Tile
from client.howto import Page, arrow, label
from client.i18n import N_, _
from client.table.types import Colour
from client.ui import art
from engines.wild_west.rules import SOLO_MULLIGANS, WildWestState
from engines.wild_west.scoring import PARK_POINTS
from engines.wild_west.sheet import ROW_TILES, tile_at, track_spots, writable_tiles

RIGHTS = {"g": "grave", "p": "park"}


def lines(surface: pygame.Surface, words: str, centre_x: int, top: int, width: int, size: int = 26,
          colour: Colour = art.INK_DIM,
          gap: int = 34) -> int:
    """A sentence wrapped to ``width``, each line centred on ``centre_x`` from ``top`` (the
    first line's centre); returns the last line's centre."""
    y = top
    for i, line in enumerate(art.wrap(words, size, width)):
        y = top + i * gap
        label(surface, line, (centre_x, y), size, colour)
    return y


def example_sheet(tiles: dict[tuple[int, int], str], upgrades: tuple[int, ...] = (0, 0, 0, 0, 0, 0),
                  tumbleweeds: int = 0) -> Sheet:
    """A sheet as the engine's view shows it. ``tiles``: (row, col) -> "R7", "G5t" (with
    track), "C6p" (a park), "S9g" (a grave), "-g" (an empty tile with a grave), "RA" a Ranch Ace."""
    state = WildWestState(1, 0, {"timer": 0})
    for (row, col), spec in tiles.items():
        t = tile_at(row, col)
        kind, rest = spec[0], spec[1:]
        number = rest.rstrip("tgp")
        if kind != "-":
            state.kinds[0][t] = kind
            state.values[0][t] = 1 if number == "A" else 11 if number == "J" else int(number)
        state.tracks[0][t] = "t" in rest
        state.rights[0][t] = next((RIGHTS[c] for c in rest if c in RIGHTS), "")
    state.aces[0] = sum(1 for value in state.values[0] if value == 1)
    state.upgrades[0] = list(upgrades)
    state.tumbleweeds[0] = tumbleweeds
    sheet: Sheet = state.view(0)["sheets"][0]
    return sheet


def place_sheet(surface: pygame.Surface, sheet: Sheet, rect: pygame.Rect, mode: str,
                top: int | None = None) -> Geometry:
    geometry = Geometry.fit(rect, mode)
    if top is not None:
        geometry = geometry.moved(geometry.rect.left, top)
    surface.blit(body(sheet, geometry.u, mode), geometry.rect)
    return geometry


def outline(surface: pygame.Surface, geometry: Geometry, tiles: Iterable[int], colour: Colour = art.GOLD,
            width: int = 4) -> None:
    for t in tiles:
        row = next(r for r, in_row in enumerate(ROW_TILES) if t in in_row)
        pygame.draw.rect(surface, colour, geometry.tile(row, t - ROW_TILES[row][0]).inflate(4, 4), width,
                         border_radius=6)


# --- the pages' examples --------------------------------------------------------------------------
def anatomy(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """One tile large with its three parts named, and a whole sheet below."""
    big = Geometry(0, 0, 190, COMPACT)
    scratch = pygame.Surface(big.rect.size, pygame.SRCALPHA)
    tile: Tile = {"kind": "R", "value": 7, "track": True, "right": "park", "mine": False}
    draw_tile(scratch, big, 1, 0, tile)
    spot = big.tile(1, 0)
    where = spot.move(rect.left + 40 - spot.left, rect.top + 20 - spot.top)
    surface.blit(scratch, where, spot)
    centre, bottom, right = (part.move(where.left - spot.left, where.top - spot.top) for part in big.parts(1, 0))
    for target, words, y in ((centre.center, _("centre: building and number"), where.top + 30),
                             (right.center, _("right: a grave or a park"), where.top + 86),
                             (bottom.center, _("bottom: track"), where.bottom - 14)):
        arrow(surface, (where.right + 40, y), target, art.GOLD, 4)
        art.blit_text(surface, words, 28, art.INK, (where.right + 52, y), "midleft",
                      width=rect.right - where.right - 56)
    sheet = example_sheet({(0, 3): "G8", (1, 0): "R2tp", (3, 5): "S9g"})
    geometry = place_sheet(surface, sheet, pygame.Rect(rect.left, where.bottom + 20, rect.width, 250), COMPACT)
    lines(surface, _("4 rows of 7, 8, 7, 8 like bricks; M marks the 6 mines"), rect.centerx,
          geometry.rect.bottom + 22, rect.width - 20)


def round_cards(surface: pygame.Surface, rect: pygame.Rect) -> None:
    size = (128, 134)
    cards = ["3S", "8H", "JC", "7D", "AS", "JH"]
    names = [_("Ranch 7"), _("Church A: wild"), _("Saloon J: 11")]
    for column in range(3):
        x = rect.left + 30 + column * 205
        surface.blit(ww.action_card(cards[column], size), (x, rect.top + 30))
        surface.blit(ww.number_card(cards[column + 3], size), (x, rect.top + 30 + size[1] + 40))
        label(surface, f"{column + 1}", (x + size[0] // 2, rect.top + 30 + size[1] + 20), 32, art.GOLD)
        art.blit_text(surface, names[column], 28, art.INK, (x + size[0] // 2, rect.top + 60 + 2 * size[1] + 40),
                      "center", width=196)
    back = ww.card_back((110, 116))
    for i in range(3):
        surface.blit(back, (rect.right - 140 - i * 4, rect.top + 120 - i * 4))
    art.blit_text(surface, _("the deck"), 26, art.INK_DIM, (rect.right - 85, rect.top + 260), "center", width=160)
    art.blit_text(surface, _("a column pairs its action with its number"), 28, art.INK_DIM,
                  (rect.centerx, rect.bottom - 30), "center", width=rect.width - 20)


def secret_pick(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Three seats locked in; a gamepad's d-pad picks columns 1-3 or the Tumbleweed."""
    for i, (name, colour) in enumerate(zip(("Anna", "Ben", "Clara"), art.SEAT_COLOURS, strict=False)):
        band = pygame.Rect(rect.left + 20, rect.top + 20 + i * 74, 400, 58)
        surface.blit(art.panel(band.size, art.PANEL_HI, colour, 12), band)
        label(surface, name, (band.left + 20, band.centery), 30, colour, "midleft")
        badge = pygame.Rect(band.right - 190, band.top + 10, 170, 38)
        if i < 2:
            surface.blit(art.panel(badge.size, art.shade(art.GOOD, 0.55), art.GOOD, 12), badge)
            art.blit_text(surface, _("LOCKED IN"), 26, art.INK, badge.center, "center", width=badge.width - 12)
        else:
            art.blit_text(surface, _("choosing..."), 26, art.INK_DIM, badge.center, "center", width=badge.width - 12)
    pad = (rect.left + 600, rect.top + 136)
    for direction, words, offset in (("left", "1", (-70, 0)), ("up", "2", (0, -70)), ("right", "3", (70, 0)),
                                     ("down", _("Tumbleweed"), (0, 70))):
        centre = (pad[0] + offset[0], pad[1] + offset[1])
        ww.arrow(surface, direction, centre, 40, art.GOLD)
        spot = (centre[0] + offset[0] * 0.75, centre[1] + offset[1] * 0.7)
        label(surface, words, spot, 28, art.INK)
    art.blit_text(surface, _("a gamepad: a button twice"), 26, art.INK_DIM, (pad[0], pad[1] + 150), "center",
                  width=2 * (rect.right - pad[0]) - 10)
    slots = [pygame.Rect(rect.left + 20 + i * 182, rect.top + 318, 168, 140) for i in range(4)]
    for i, slot in enumerate(slots):
        surface.blit(art.panel(slot.size, art.PANEL_HI, art.SEAT_COLOURS[0] if i == 1 else None, 12), slot)
        if i < 3:
            surface.blit(ww.action_card(["3S", "8H", "JC"][i], (62, 66)), (slot.left + 16, slot.top + 16))
            surface.blit(ww.number_card(["7D", "AS", "JH"][i], (62, 66)), (slot.left + 88, slot.top + 16))
        else:
            ww.tumbleweed(surface, (slot.centerx, slot.top + 50), 34, 0.3)
        said = [_("1: Ranch 7"), _("2: Church A"), _("3: Saloon J"), _("Tumbleweed")][i]
        art.blit_text(surface, said, 24, art.INK, (slot.centerx, slot.bottom - 26), "center", width=slot.width - 10)
    art.blit_text(surface, _("Anna's private panel, while she holds peek"), 26, art.INK_DIM,
                  (rect.centerx, rect.bottom - 30), "center", width=rect.width - 20)


def writing(surface: pygame.Surface, rect: pygame.Rect) -> None:
    sheet = example_sheet({(1, 0): "R2", (1, 3): "C6", (1, 6): "S10", (1, 1): "G5", (3, 4): "RA"})
    geometry = place_sheet(surface, sheet, rect.inflate(0, -120), COMPACT, rect.top + 10)
    values = [tile["value"] or 0 for row in sheet["rows"] for tile in row]
    fits = [t for t in writable_tiles(values, 8, False) if t in ROW_TILES[1]]
    outline(surface, geometry, fits)
    centre = geometry.parts(1, 4)[0]
    surface.blit(ww.centre_image("R", 8, centre.size, geometry.u, 170), centre)
    art.blit_text(surface, _("In row 2 an 8 fits only between the 6 and the 10 (gold)."), 27, art.INK_DIM,
                  (rect.centerx, rect.bottom - 70), "center", width=rect.width - 20)
    art.blit_text(surface, _("The Ace in row 4 fits anywhere and counts as nothing."), 27, art.INK_DIM,
                  (rect.centerx, rect.bottom - 30), "center", width=rect.width - 20)


def track(surface: pygame.Surface, rect: pygame.Rect) -> None:
    sheet = example_sheet({(0, 0): "R3t", (0, 1): "R4", (0, 3): "G7", (0, 5): "C9", (0, 6): "R11t",
                           (1, 1): "G2", (2, 3): "G6"}, upgrades=(0, 1, 2, 0, 0, 0))
    geometry = place_sheet(surface, sheet, pygame.Rect(rect.left, rect.top, rect.width, 380), FULL)
    values = [tile["value"] or 0 for row in sheet["rows"] for tile in row]
    tracks = [tile["track"] for row in sheet["rows"] for tile in row]
    outline(surface, geometry, track_spots(values, tracks), art.GOOD)
    lines(surface, _("Track grows inward from both ends of a row, onto filled tiles: green tiles may take the "
                     "next piece. Mines filled with G are circled; upgrades fill boxes of the group table; a ring "
                     "marks the points now."), rect.centerx, geometry.rect.bottom + 30, rect.width - 20)


def graves(surface: pygame.Surface, rect: pygame.Rect) -> None:
    sheet = example_sheet({(1, 3): "S7g", (1, 4): "S8g", (0, 3): "-g", (2, 4): "C9", (2, 3): "C6g"})
    geometry = place_sheet(surface, sheet, pygame.Rect(rect.left, rect.top + 40, rect.width, 340), COMPACT)
    new = geometry.tile(1, 4)
    pygame.draw.rect(surface, art.DANGER, new.inflate(8, 8), 4, border_radius=6)
    label(surface, _("new saloon"), (new.centerx, geometry.rect.top - 4), 24, art.DANGER)
    lines(surface, _("The new saloon touches one saloon: two graves, on its own right section and the nearest "
                     "empty one. The churches below score the graves on and around them: 1, 3, 9, 16, 25, 30, 35 "
                     "for 1-7 graves."), rect.centerx, geometry.rect.bottom + 28, rect.width - 20, 25, gap=32)


PARKS_TILES = {(3, 0): "R2p", (3, 1): "G3p", (3, 3): "C5p", (3, 5): "R8", (3, 7): "C10p"}
PARKS_ROW = 3


def parks(surface: pygame.Surface, rect: pygame.Rect) -> None:
    sheet = example_sheet(PARKS_TILES)
    geometry = place_sheet(surface, sheet, pygame.Rect(rect.left, rect.top, rect.width, 330), FULL)
    row = geometry.row_score(PARKS_ROW)
    pygame.draw.rect(surface, art.GOLD, row.inflate(10, 4), 3, border_radius=6)
    label(surface, _("parks per row   7 tiles: {points}").format(points=" ".join(map(str, PARK_POINTS[7]))),
          (rect.centerx, geometry.rect.bottom + 30), 27)
    label(surface, _("8 tiles: {points}").format(points=" ".join(map(str, PARK_POINTS[8]))),
          (rect.centerx + 86, geometry.rect.bottom + 64), 27)
    count = sum(1 for tile in sheet["rows"][PARKS_ROW] if tile.get("right") == "park")
    points = sheet["score"]["parks_by_row"][PARKS_ROW]  # the engine's own count, as the sheet shows it
    label(surface, _("Row {row} has {count} parks: {points} points so far.").format(
        row=PARKS_ROW + 1, count=count, points=points), (rect.centerx, geometry.rect.bottom + 104), 27, art.INK)


def ending(surface: pygame.Surface, rect: pygame.Rect) -> None:
    for i in range(3):
        ww.tumbleweed(surface, (rect.left + 70 + i * 70, rect.top + 60), 28, i)
    art.blit_text(surface, _("a third Tumbleweed"), 28, art.INK, (rect.left + 140, rect.top + 120), "center",
                  width=270)
    mines = example_sheet({(0, 3): "G5", (1, 1): "R3", (1, 6): "G9", (2, 3): "C6", (3, 1): "G2", (3, 6): "S10"})
    geometry = place_sheet(surface, mines, pygame.Rect(rect.left + 380, rect.top, 400, 200), COMPACT)
    art.blit_text(surface, _("every mine tile filled"), 28, art.INK, (geometry.rect.centerx, geometry.rect.bottom + 20),
                  "center", width=2 * (rect.right - geometry.rect.centerx) - 10)
    art.blit_text(surface, _("or a full sheet: the game ends after that round."), 28, art.INK_DIM,
                  (rect.centerx, rect.top + 250), "center", width=rect.width - 20)
    line = example_sheet({(0, c): f"R{c + 2}t" for c in range(7)})
    geometry = place_sheet(surface, line, pygame.Rect(rect.left + 60, rect.top + 290, 330, 170), COMPACT)
    ww.star(surface, (geometry.rect.right + 40, geometry.rect.top + 50), 26, art.GOLD)
    lines(surface, _("A row's track complete: one more round; another completion, one more."), rect.left + 600,
          rect.top + 330, 300, 28, art.INK, gap=36)


def scoring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    sheet = example_sheet({(0, 0): "R2tp", (0, 1): "R4tp", (0, 2): "C5p", (1, 1): "R3", (1, 2): "G5p", (2, 2): "C6g",
                           (2, 3): "S7", (2, 4): "S9g", (3, 0): "SA", (3, 5): "C8p", (3, 7): "R11t"},
                          upgrades=(0, 0, 0, 1, 0, 0), tumbleweeds=1)
    scoresheet.draw(surface, rect, _("A score sheet"), ["Anna"], [art.SEAT_COLOURS[0]], [sheet["score"]], [0], 1.0)


CLOCK_LEFT = 4  # seconds on the example clock (its face shows whole seconds, rounded up)


def solo_speed(surface: pygame.Surface, rect: pygame.Rect) -> None:
    paint.timer(surface, CLOCK_LEFT, 30, (rect.left + 110, rect.top + 110))
    art.blit_text(surface, _("speed: {seconds} s left").format(seconds=CLOCK_LEFT), 28, art.INK,
                  (rect.left + 110, rect.top + 220), "center", width=210)
    lines(surface, _("missed: nothing written, no Tumbleweed"), rect.left + 110, rect.top + 256, 210, gap=32)
    box = pygame.Rect(rect.left + 330, rect.top + 20, 420, 300)
    surface.blit(art.panel(box.size, art.PANEL, art.GOLD, 16), box)
    art.blit_text(surface, _("High scores"), 34, art.GOLD, (box.centerx, box.top + 32), "center", width=box.width - 20)
    for i, (name, score) in enumerate((("Anna", 96), (_("You"), 88), ("Ben", 71), ("Clara", 64))):
        y = box.top + 80 + i * 44
        colour = art.GOLD if i == 1 else art.INK
        label(surface, f"{i + 1}. {name}", (box.left + 30, y), 30, colour, "midleft")
        label(surface, str(score), (box.right - 30, y), 30, colour, "midright")
    art.blit_text(surface, _("Solo: {count} mulligans; each costs a Tumbleweed").format(count=SOLO_MULLIGANS), 28,
                  art.INK, (rect.centerx, rect.bottom - 60), "center", width=rect.width - 20)


PAGES = (
    Page(N_("Your town sheet"), (
        N_("Everyone writes on an own town sheet; one shared deck tells everyone what may be built."),
        N_("The sheet has four rows of 7, 8, 7 and 8 tiles laid like bricks: a tile touches its neighbours in "
           "its row and the two tiles it sits on or under. Six tiles are mines (M)."),
        N_("Each tile has a centre for a building and its number, a bottom for track and a right section for a "
           "grave or a park."),
        N_("At the table your own sheet is large, everyone else's smaller. Press Back (Q, Backspace, B or the "
           "middle mouse button), or click a sheet, to look at any other sheet large."),
    ), anatomy, N_("A Ranch 7 with track and a park.")),
    Page(N_("A round: six cards"), (
        N_("Each round six cards are turned: three action cards over three number cards."),
        N_("- The suit is the building: spade Ranch, diamond Gold Mine, heart Church, club Saloon."),
        N_("- The number is what you write: 2 to 10, a Jack writes 11, an Ace is wild."),
        N_("Column 1 pairs the first action with the first number, and so on: three pairs to choose from."),
        N_("When fewer than six cards are left, every card is shuffled into a new deck."),
    ), round_cards, N_("Three columns, three pairs.")),
    Page(N_("Picking in secret"), (
        N_("Everyone picks at the same time and in secret: one column, or a Tumbleweed, which refuses all three. "
           "If no pair fits your sheet, the Tumbleweed is your only choice."),
        N_("- Hold your peek button to open your private panel: the right mouse button, Left Shift (WASD), "
           "Right Shift (arrows) or LB. It shows where each pair would fit on your sheet."),
        N_("- A gamepad may also pick blind: left, up, right for columns 1 to 3, down for the Tumbleweed; "
           "press it twice."),
        N_("The shared screen shows only who is locked in. When everyone is, all picks turn over at once."),
    ), secret_pick, N_("Two locked in; Anna peeks at her choices.")),
    Page(N_("Writing a number"), (
        N_("Write the number into an empty tile so that its row keeps rising strictly from left to right: no "
           "number may equal another in the row."),
        N_("An Ace fits any empty tile and is ignored when comparing, but every Ace you write costs points."),
        N_("Everyone writes at once, each on their own sheet with their own cursor. Only the tiles where your "
           "number may go are offered; if just one is possible, it is written for you."),
    ), writing, N_("Gold: where an 8 may go in row 2.")),
    Page(N_("Ranches, gold mines and track"), (
        N_("- Ranch: write R, then lay one piece of track if any tile can take one."),
        N_("- Gold Mine: write G on an empty mine tile, upgrade one size row of your group table (at most three "
           "times each), then lay one piece of track."),
        N_("- Church: write C."),
        N_("A tile takes track when it is filled, has none, and is the first or last tile of its row or next to "
           "track in its row: track grows inward from both edges. With one possible spot it is laid "
           "for you."),
    ), track, N_("Track from both edges of row 1.")),
    Page(N_("Saloons, graves and churches"), (
        N_("- Saloon: write S. A duel follows: one grave on the saloon's own right section, and one more grave "
           "for each saloon touching it."),
        N_("Every further grave goes on the empty right section nearest the new saloon; among equally near ones "
           "you choose. Graves with nowhere to go are lost."),
        N_("Each church scores the graves on it and on the tiles touching it: churches like saloons "
           "nearby, but saloons make smaller groups."),
    ), graves, N_("Two saloons side by side: two graves.")),
    Page(N_("Parks"), (
        N_("After a Ranch, a Gold Mine or a Church you may put a park on the new tile's right section. "
           "After a Saloon you may not."),
        N_("Leaving the section empty keeps room for graves, which churches want."),
        N_("Parks score per row, more the more a row has."),
    ), parks, N_("Beside each row: its track points over its park points.")),
    Page(N_("The end"), (
        N_("After each round the game ends if someone took a third Tumbleweed, filled every mine tile (with "
           "anything) or filled the whole sheet."),
        N_("When a player completes a row's track, one more round is played; another completion during that "
           "round adds one more."),
        N_("The table says why the game ended, then fills in everyone's score sheet."),
    ), ending, N_("Three ways to end, one way to go on.")),
    Page(N_("Scoring"), (
        N_("- Parks and track: per row, from the row's table."),
        N_("- Groups: connected R, S or C tiles of one kind. Ranch groups count one bigger, saloon groups one "
           "smaller, at most 6. A group of n scores n(n+1)/2, plus 2, 5 or 9 with 1, 2 or 3 upgrades of row n."),
        N_("- Churches: their graves, 0, 1, 3, 9, 16, 25, 30, 35 for 0 to 7 or more."),
        N_("- Minus Tumbleweeds (1, 3, 6) and Aces (1, 5, then 5 more each). The highest total wins."),
    ), scoring, N_("Every part, as the end of a game shows it.")),
    Page(N_("Solo and the speed option"), (
        N_("Alone you play for a high score. Your first two Tumbleweeds are mulligans: six new cards are turned "
           "at once and you pick again. They still count as Tumbleweeds; a third ends the game."),
        N_("Your score goes into the high-score table in your data folder, and the end shows its place."),
        N_("With the speed option a clock counts down every pick (set-up: seconds to pick). Whoever has not "
           "picked when it runs out loses that round's pick: nothing is written, and no Tumbleweed is taken."),
    ), solo_speed, N_("A solo mulligan costs a Tumbleweed; the speed clock; a high score.")),
)
