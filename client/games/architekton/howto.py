"""How to play Architekton (rulings AR-1 to AR-7, docs/rules/architekton.md), drawn with
the table's own tiles, houses and chips."""

from collections.abc import Iterable

import pygame

from client.games.architekton import art as pieces
from client.games.architekton.state import Square
from client.games.architekton.words import chips, terrain_name
from client.howto import Page, arrow, label, tick
from client.i18n import N_, _, pgettext
from client.table.types import Colour
from client.ui import art

ANNA, BEN = art.SEAT_COLOURS[0], art.SEAT_COLOURS[1]


Laid = tuple[str, int, int | None]  # a tile on an example's square: (tile, rotation, its house's owner or None)


def fragment(surface: pygame.Surface, origin: tuple[int, int], size: int,
             cells: dict[Square, Laid]) -> dict[Square, pygame.Rect]:
    """Tiles laid on squares (column, row) from ``origin``: ``cells`` maps a square to
    (tile, rotation, owner of its house or None). Returns each square's rect."""
    rects = {}
    for (col, row), (tile, rot, owner) in cells.items():
        rect = pygame.Rect(origin[0] + col * size, origin[1] + row * size, size, size).inflate(-4, -4)
        surface.blit(pieces.tile_image(tile, rot, rect.width), rect)
        if owner is not None:
            house = pieces.house_image((ANNA, BEN)[owner], owner, round(size * 0.4))
            surface.blit(house, house.get_rect(center=rect.center))
        rects[(col, row)] = rect
    return rects


def square(origin: tuple[int, int], size: int, col: int, row: int) -> pygame.Rect:
    return pygame.Rect(origin[0] + col * size, origin[1] + row * size, size, size).inflate(-4, -4)


def empty(surface: pygame.Surface, origin: tuple[int, int], size: int, squares: Iterable[Square]) -> None:
    for col, row in squares:
        rect = square(origin, size, col, row)
        surface.blit(pieces.empty_square((col + row) % 2 == 1, rect.width), rect)


def lines(surface: pygame.Surface, left: int, top: int, words: str, colour: Colour = art.INK, size: int = 26,
          width: int = 240) -> None:
    """A short sentence wrapped to ``width``, line under line, from (left, top)."""
    for row, line in enumerate(art.wrap(words, size, width)):
        art.blit_text(surface, line, size, colour, (left, top + row * (size + 6)), "midleft", width=width)


def foot(surface: pygame.Surface, rect: pygame.Rect, words: str, above: int, size: int) -> None:
    """A line at the foot of the example, fitted to its width."""
    art.blit_text(surface, words, size, art.INK_DIM, (rect.centerx, rect.bottom - above), "center", width=rect.width - 20)


def terrains(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The four terrains, each a colour and a pattern, and a building's four sides."""
    size = 120
    left = rect.centerx - 2 * size - 30
    for i, (tile, terrain) in enumerate((("L01", "W"), ("L07", "F"), ("L13", "H"), ("L19", "A"))):
        spot = pygame.Rect(left + i * (size + 20), rect.top + 30, size, size)
        surface.blit(pieces.tile_image(tile, 0, size), spot)
        art.blit_text(surface, terrain_name(terrain), 28, art.INK, (spot.centerx, spot.bottom + 24), "center",
                      width=size + 18)
    building = pygame.Rect(0, 0, 170, 170)
    building.midtop = (rect.centerx - 130, rect.top + 250)
    surface.blit(pieces.tile_image("B21", 0, 170), building)
    lines(surface, rect.centerx + 20, building.top + 50, _("a building: a terrain on each side, a house on it"),
          size=28, width=rect.right - rect.centerx - 30)
    house = pieces.house_image(ANNA, 0, 70)
    surface.blit(house, house.get_rect(center=building.center))
    foot(surface, rect, _("landscapes: one terrain all round"), 30, 26)


def chessboard(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """AR-2: kinds alternate; a new tile touches and a touching side matches."""
    size = 104
    origin = (rect.left + 90, rect.top + 40)
    empty(surface, origin, size, [(c, r) for c in range(4) for r in range(4)])
    fragment(surface, origin, size, {(1, 1): ("L07", 0, None), (2, 2): ("L13", 0, None),
                                     (2, 1): ("B12", 0, 0)})
    good = square(origin, size, 1, 2)
    surface.blit(pieces.ghost_image("B16", 3, good.width), good)
    pygame.draw.rect(surface, art.GOOD, good, 4, border_radius=10)
    tick(surface, (good.centerx, good.bottom + 26), True)
    bad = square(origin, size, 0, 0)
    surface.blit(pieces.ghost_image("L01", 0, bad.width), bad)
    pygame.draw.rect(surface, art.DANGER, bad, 4, border_radius=10)
    tick(surface, (bad.centerx, bad.bottom + 26), False)
    lines(surface, rect.left + 530, rect.top + 90, _("lighter squares: buildings"))
    lines(surface, rect.left + 530, rect.top + 180, _("darker squares: landscapes"))
    foot(surface, rect, _("a forest side meets forest, a hill side hill"), 40, 26)


def taking(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """AR-2: two supply tiles that can both be placed."""
    size = 96
    left = rect.left + 60
    for row, tiles in enumerate((("B03", "B10", "B14"), ("L02", "L09", "L20"))):
        for i, tile in enumerate(tiles):
            spot = pygame.Rect(left + i * (size + 16), rect.top + 60 + row * 150, size, size)
            lift = tile in ("B03", "L09")
            surface.blit(pieces.tile_image(tile, 0, size), spot.move(0, -8 if lift else 0))
            if lift:
                pygame.draw.rect(surface, art.GOLD, spot.move(0, -8).inflate(8, 8), 4, border_radius=12)
    art.blit_text(surface, _("Buildings"), 26, art.INK_DIM, (left, rect.top + 30), "midleft", width=360)
    art.blit_text(surface, _("Landscapes"), 26, art.INK_DIM, (left, rect.top + 180), "midleft", width=360)
    arrow(surface, (left + 380, rect.top + 170), (left + 520, rect.top + 170))
    hand = pygame.Rect(left + 540, rect.top + 110, 110, 110)
    surface.blit(pieces.tile_image("B03", 0, 110), hand)
    surface.blit(pieces.tile_image("L09", 0, 110), hand.move(0, 130))
    foot(surface, rect, _("the forest building opens a spot for the forest"), 40, 26)


def placing(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Ghost squares, turning, and a tile that must wait for the other."""
    size = 100
    origin = (rect.left + 40, rect.top + 40)
    empty(surface, origin, size, [(c, r) for c in range(4) for r in range(3)])
    fragment(surface, origin, size, {(1, 1): ("L01", 0, None), (2, 0): ("L13", 0, None)})
    spot = square(origin, size, 2, 1)
    surface.blit(pieces.ghost_image("B15", 1, spot.width), spot)
    pygame.draw.rect(surface, ANNA, spot, 4, border_radius=10)
    for i, rot in enumerate((1, 2, 3)):
        preview = pygame.Rect(spot.centerx - 154 + i * 108, spot.bottom + 20, 92, 92)
        surface.blit(art.panel(preview.size, art.PANEL_HI, ANNA if i == 0 else None, 12), preview)
        surface.blit(pieces.tile_image("B15", rot, 76), preview.inflate(-16, -16))
    lines(surface, rect.left + 560, rect.top + 80, _("pick a square, then turn it: left / right"), width=210)
    lines(surface, rect.left + 560, rect.top + 250, _("place the other tile first: it fits only once that lies"),
          art.GOLD, width=210)
    foot(surface, rect, _("a hill side towards the hill, or a water side to the water"), 24, 24)


def houses(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """AR-3: every building gets a house; with none left, one moves."""
    size = 100
    origin = (rect.left + 60, rect.top + 60)
    fragment(surface, origin, size, {(1, 0): ("B07", 0, 0), (1, 1): ("L19", 0, None), (2, 1): ("B14", 3, None),
                                     (0, 1): ("B13", 0, 0), (0, 0): ("L21", 0, None)})
    start, end = square(origin, size, 1, 0), square(origin, size, 2, 1)
    arrow(surface, start.center, (end.centerx - 20, end.centery - 20))
    house = pieces.house_image(ANNA, 0, 40)
    surface.blit(house, house.get_rect(center=end.center))
    lines(surface, rect.left + 440, rect.top + 80, _("12 houses each; none left in stock: move one of yours"),
          size=28, width=rect.right - rect.left - 450)
    for i in range(2):
        icon = pieces.house_image((ANNA, BEN)[i], i, 56)
        surface.blit(icon, (rect.left + 460 + i * 140, rect.top + 280))
        label(surface, ("Anna", "Ben")[i], (rect.left + 488 + i * 140, rect.top + 360), 26, (ANNA, BEN)[i])
    foot(surface, rect, _("a round or a square window: whose house it is"), 40, 26)


def enclosed(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """AR-4: all four sides match: +1 chip; else pay per side, or take the house back."""
    size = 104
    origin = (rect.left + 40, rect.top + 20)
    cells = {(1, 1): ("B21", 0, 1), (1, 0): ("L01", 0, None), (2, 1): ("L07", 0, None),
             (1, 2): ("L13", 0, None), (0, 1): ("L03", 0, None)}
    rects = fragment(surface, origin, size, cells)
    centre = rects[(1, 1)]
    for side, good in enumerate((True, True, True, False)):
        dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[side]
        pieces.mark(surface, (centre.centerx + dx * size // 2, centre.centery + dy * size // 2), good, 34)
    note = rect.left + 400
    lines(surface, note, rect.top + 50, _("west side: field, but water next to it: 1 side wrong"),
          width=rect.right - note - 10)
    for row, words in enumerate((_("Keep the house: pay {chips}").format(chips=chips(1)),
                                 _("Take the house back: pay {chips}").format(chips=chips(0)))):
        button = pygame.Rect(note, rect.top + 150 + row * 74, 340, 60)
        surface.blit(art.panel(button.size, art.PANEL_HI, BEN if row == 0 else None, 12), button)
        art.blit_text(surface, words, 24, art.INK, button.center, "center", width=button.width - 16)
    surface.blit(pieces.chip_image(44), (note, rect.top + 330))
    art.blit_text(surface, _("every side matches: +1 chip"), 26, art.GOOD, (note + 56, rect.top + 352), "midleft",
                  width=rect.right - note - 66)
    foot(surface, rect, _("Ben decides on his own device, even on Anna's turn"), 30, 24)


def final(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """AR-6: buildings with one or two landscape neighbours go; chips + largest group."""
    size = 76
    origin = (rect.left + 30, rect.top + 40)
    cells: dict[Square, Laid] = {(1, 0): ("B07", 0, 0), (2, 1): ("B14", 0, 0), (3, 2): ("B08", 0, 0), (0, 1): ("B11", 1, 1),
             (5, 2): ("B13", 0, 1)}
    for col, row in ((0, 0), (2, 0), (1, 1), (3, 1), (2, 2), (4, 2), (3, 3), (0, 2)):
        cells[(col, row)] = ("L19" if (col * 3 + row) % 2 else "L15", 0, None)
    rects = fragment(surface, origin, size, cells)
    gone = rects[(5, 2)]
    pygame.draw.line(surface, art.DANGER, gone.topleft, gone.bottomright, 6)
    pygame.draw.line(surface, art.DANGER, gone.bottomleft, gone.topright, 6)
    group = [rects[(1, 0)].center, rects[(2, 1)].center, rects[(3, 2)].center]
    pygame.draw.lines(surface, ANNA, False, group, 6)
    for centre in group:
        pygame.draw.circle(surface, ANNA, centre, 26, 4)
    note = rect.left + 500
    lines(surface, note, rect.top + 50, _("1 or 2 landscapes beside it: removed"), art.DANGER, width=rect.right - note - 10)
    lines(surface, note, rect.top + 160, _("houses linked corner to corner: a group"), width=rect.right - note - 10)
    lines(surface, note, rect.top + 280, _("score = chips + houses in your largest group"), art.GOLD, 28,
          width=rect.right - note - 10)
    foot(surface, rect, _("Anna's group of 3"), 30, 26)


def controls(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The camera and the revenge match."""
    rows = ((_("Mouse"), _("point and click; the wheel zooms")), (_("Keys"), _("move, confirm; + and - zoom, I J K L pan")),
            (_("Gamepad"), _("d-pad, A; X turns; right stick pans, Y: whole board")),
            (pgettext("key", "Home"), _("the whole board again")))
    for i, (device, words) in enumerate(rows):
        y = rect.top + 50 + i * 70
        art.blit_text(surface, device, 30, art.GOLD, (rect.left + 40, y), "midleft", width=150)
        art.blit_text(surface, words, 26, art.INK, (rect.left + 200, y), "midleft", width=rect.width - 210)
    box = pygame.Rect(rect.left + 40, rect.top + 320, rect.width - 80, 150)
    surface.blit(art.panel(box.size, art.PANEL_HI, art.GOLD, 14), box)
    art.blit_text(surface, _("Revenge: first to 2 victory points"), 30, art.GOLD, (box.centerx, box.top + 34), "center",
                  width=box.width - 30)
    more = art.wrap(_("early-end win 2, any other win 1; the other player starts the next game"), 24, box.width - 30)
    for row, line in enumerate(more[:3]):
        art.blit_text(surface, line, 24, art.INK, (box.centerx, box.top + 76 + row * 30), "center", width=box.width - 30)


PAGES = (
    Page(N_("Tiles and terrains"), (
        N_("Two builders lay tiles in one growing board. There are four terrains, each with its own "
        "colour and pattern: water (waves), forest (trees), hill (humps) and field (furrows)."),
        N_("Landscape tiles are one terrain all round. Building tiles show a terrain on each of their "
        "four sides and carry their builder's house."),
    ), terrains, N_("The patterns tell the terrains apart without their colours.")),
    Page(N_("The chessboard"), (
        N_("Buildings and landscapes alternate like the squares of a chessboard: next to a building only "
        "landscapes, next to a landscape only buildings."),
        N_("A new tile touches a placed tile, and at least one side where they touch matches in terrain. "
        "Buildings may be turned."),
        N_("The board has no edge: it grows in every direction and the view follows it."),
    ), chessboard, N_("A building may go at the green square, a water landscape not at the red one.")),
    Page(N_("Taking two tiles"), (
        N_("The supply shows 3 buildings and 3 landscapes. On your turn take two of them that can both be "
        "placed: pick one (it lifts), then its partner; tiles that cannot be taken are dimmed."),
        N_("Only when no two can both be placed do you take a single tile that fits. If nothing fits, new "
        "tiles are turned up."),
    ), taking, N_("A pair: one tile may open a spot for the other.")),
    Page(N_("Placing"), (
        N_("The legal squares of the tile you place show in your colour; the one you point at shows the "
        "tile as a ghost. A building with several ways to turn offers them in a row under its square: "
        "left and right turn it (X on a gamepad), confirm lays it."),
        N_("With two tiles in hand you choose which goes first, but the first may not leave the other "
        "without a spot. If one fits only once the other lies, it says: place the other tile first."),
    ), placing, N_("Point or move, turn, confirm: the tile slides into place.")),
    Page(N_("Houses"), (
        N_("Each player has 12 houses in their colour. Every building you place gets one."),
        N_("With none left in stock, you move one of your houses from the board onto the new building."),
    ), houses, N_("Houses show whose building it is.")),
    Page(N_("Enclosing"), (
        N_("When four landscapes enclose a building, its owner scores it: all four sides match, "
        "+1 chip. Otherwise they pay a chip for each side that does not match, or take the house back "
        "and pay one chip less."),
        N_("The owner decides, even on the other player's turn, on their own mouse, keys or gamepad."),
        N_("Who cannot pay loses at once: an early end. So enclose your own buildings with care and the "
        "other player's spitefully."),
    ), enclosed, N_("Each player starts with 1 chip.")),
    Page(N_("The end"), (
        N_("When the stacks can no longer fill the supply, the face-down reserve does and the last round "
        "begins: both play once more, or only the second player if the first has just played."),
        N_("Then buildings with only one or two landscape neighbours are removed. Your score is your chips "
        "plus the houses in your largest group linked corner to corner. A tie goes to more houses "
        "on the board."),
    ), final, N_("The table removes, traces and adds it up for you.")),
    Page(N_("View and revenge"), (
        N_("Everyone at the screen may zoom and pan the board; after each turn it frames the whole board "
        "again."),
        N_("A revenge match plays games until someone has 2 victory points; the other player starts each "
        "next game. One results screen shows the whole match."),
    ), controls, N_("Set the revenge match up before the game starts.")),
)
