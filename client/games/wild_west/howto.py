"""How to play Wild West (rulings WW-1 to WW-10, docs/rules/wild_west.md).

Every example is drawn with the table's own art (cards, sheets, the score sheet) from
sheets the engine itself builds, so what a page shows is what the table will show."""

import pygame

from client import art
from client.games.wild_west import art as ww
from client.games.wild_west import paint, scoresheet
from client.games.wild_west.layout import COMPACT, FULL, Geometry
from client.games.wild_west.scoresheet import body, draw_tile
from client.howto import Page, arrow, label
from engines.wild_west.rules import SOLO_MULLIGANS, WildWestState
from engines.wild_west.scoring import PARK_POINTS
from engines.wild_west.sheet import ROW_TILES, tile_at, track_spots, writable_tiles

RIGHTS = {"g": "grave", "p": "park"}


def example_sheet(tiles: dict, upgrades=(0, 0, 0, 0, 0, 0), tumbleweeds: int = 0) -> dict:
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
    return state.view(0)["sheets"][0]


def place_sheet(surface, sheet: dict, rect: pygame.Rect, mode: str, top: int | None = None) -> Geometry:
    geometry = Geometry.fit(rect, mode)
    if top is not None:
        geometry = geometry.moved(geometry.rect.left, top)
    surface.blit(body(sheet, geometry.u, mode), geometry.rect)
    return geometry


def outline(surface, geometry: Geometry, tiles, colour=art.GOLD, width: int = 4) -> None:
    for t in tiles:
        row = next(r for r, in_row in enumerate(ROW_TILES) if t in in_row)
        pygame.draw.rect(surface, colour, geometry.tile(row, t - ROW_TILES[row][0]).inflate(4, 4), width,
                         border_radius=6)


# --- the pages' examples --------------------------------------------------------------------------
def anatomy(surface, rect) -> None:
    """One tile large with its three parts named, and a whole sheet below."""
    big = Geometry(0, 0, 190, COMPACT)
    scratch = pygame.Surface(big.rect.size, pygame.SRCALPHA)
    tile = {"kind": "R", "value": 7, "track": True, "right": "park", "mine": False}
    draw_tile(scratch, big, 1, 0, tile)
    spot = big.tile(1, 0)
    where = spot.move(rect.left + 40 - spot.left, rect.top + 20 - spot.top)
    surface.blit(scratch, where, spot)
    centre, bottom, right = (part.move(where.left - spot.left, where.top - spot.top) for part in big.parts(1, 0))
    for target, words, y in ((centre.center, "centre: building and number", where.top + 30),
                             (right.center, "right: a grave or a park", where.top + 86),
                             (bottom.center, "bottom: track", where.bottom - 14)):
        arrow(surface, (where.right + 40, y), target, art.GOLD, 4)
        label(surface, words, (where.right + 52, y), 28, art.INK, "midleft")
    sheet = example_sheet({(0, 3): "G8", (1, 0): "R2tp", (3, 5): "S9g"})
    geometry = place_sheet(surface, sheet, pygame.Rect(rect.left, where.bottom + 20, rect.width, 250), COMPACT)
    label(surface, "4 rows of 7, 8, 7, 8 like bricks; M marks the 6 mines",
          (rect.centerx, geometry.rect.bottom + 22), 26)


def round_cards(surface, rect) -> None:
    size = (128, 134)
    cards = ["3S", "8H", "JC", "7D", "AS", "JH"]
    names = ["Ranch 7", "Church A: wild", "Saloon J: 11"]
    for column in range(3):
        x = rect.left + 30 + column * 205
        surface.blit(ww.action_card(cards[column], size), (x, rect.top + 30))
        surface.blit(ww.number_card(cards[column + 3], size), (x, rect.top + 30 + size[1] + 40))
        label(surface, f"{column + 1}", (x + size[0] // 2, rect.top + 30 + size[1] + 20), 32, art.GOLD)
        label(surface, names[column], (x + size[0] // 2, rect.top + 60 + 2 * size[1] + 40), 28, art.INK)
    back = ww.card_back((110, 116))
    for i in range(3):
        surface.blit(back, (rect.right - 140 - i * 4, rect.top + 120 - i * 4))
    label(surface, "the deck", (rect.right - 85, rect.top + 260), 26)
    label(surface, "a column pairs its action with its number", (rect.centerx, rect.bottom - 30), 28)


def secret_pick(surface, rect) -> None:
    """Three seats locked in; a gamepad's d-pad picks columns 1-3 or the Tumbleweed."""
    for i, (name, colour) in enumerate(zip(("Anna", "Ben", "Clara"), art.SEAT_COLOURS, strict=False)):
        band = pygame.Rect(rect.left + 20, rect.top + 20 + i * 74, 400, 58)
        surface.blit(art.panel(band.size, art.PANEL_HI, colour, 12), band)
        label(surface, name, (band.left + 20, band.centery), 30, colour, "midleft")
        badge = pygame.Rect(band.right - 190, band.top + 10, 170, 38)
        if i < 2:
            surface.blit(art.panel(badge.size, art.shade(art.GOOD, 0.55), art.GOOD, 12), badge)
            label(surface, "LOCKED IN", badge.center, 26, art.INK)
        else:
            label(surface, "choosing...", badge.center, 26, art.INK_DIM)
    pad = (rect.left + 600, rect.top + 136)
    for direction, words, offset in (("left", "1", (-70, 0)), ("up", "2", (0, -70)), ("right", "3", (70, 0)),
                                     ("down", "Tumbleweed", (0, 70))):
        centre = (pad[0] + offset[0], pad[1] + offset[1])
        ww.arrow(surface, direction, centre, 40, art.GOLD)
        spot = (centre[0] + offset[0] * 0.75, centre[1] + offset[1] * 0.7)
        label(surface, words, spot, 28, art.INK)
    label(surface, "a gamepad: a button twice", (pad[0], pad[1] + 150), 26)
    slots = [pygame.Rect(rect.left + 20 + i * 182, rect.top + 318, 168, 140) for i in range(4)]
    for i, slot in enumerate(slots):
        surface.blit(art.panel(slot.size, art.PANEL_HI, art.SEAT_COLOURS[0] if i == 1 else None, 12), slot)
        if i < 3:
            surface.blit(ww.action_card(["3S", "8H", "JC"][i], (62, 66)), (slot.left + 16, slot.top + 16))
            surface.blit(ww.number_card(["7D", "AS", "JH"][i], (62, 66)), (slot.left + 88, slot.top + 16))
        else:
            ww.tumbleweed(surface, (slot.centerx, slot.top + 50), 34, 0.3)
        label(surface, ["1: Ranch 7", "2: Church A", "3: Saloon J", "Tumbleweed"][i], (slot.centerx, slot.bottom - 26),
              24, art.INK)
    label(surface, "Anna's private panel, while she holds peek", (rect.centerx, rect.bottom - 30), 26)


def writing(surface, rect) -> None:
    sheet = example_sheet({(1, 0): "R2", (1, 3): "C6", (1, 6): "S10", (1, 1): "G5", (3, 4): "RA"})
    geometry = place_sheet(surface, sheet, rect.inflate(0, -120), COMPACT, rect.top + 10)
    values = [tile["value"] or 0 for row in sheet["rows"] for tile in row]
    fits = [t for t in writable_tiles(values, 8, False) if t in ROW_TILES[1]]
    outline(surface, geometry, fits)
    centre, _, _ = geometry.parts(1, 4)
    surface.blit(ww.centre_image("R", 8, centre.size, geometry.u, 170), centre)
    label(surface, "In row 2 an 8 fits only between the 6 and the 10 (gold).", (rect.centerx, rect.bottom - 70), 27)
    label(surface, "The Ace in row 4 fits anywhere and counts as nothing.", (rect.centerx, rect.bottom - 30), 27)


def track(surface, rect) -> None:
    sheet = example_sheet({(0, 0): "R3t", (0, 1): "R4", (0, 3): "G7", (0, 5): "C9", (0, 6): "R11t",
                           (1, 1): "G2", (2, 3): "G6"}, upgrades=(0, 1, 2, 0, 0, 0))
    geometry = place_sheet(surface, sheet, pygame.Rect(rect.left, rect.top, rect.width, 380), FULL)
    values = [tile["value"] or 0 for row in sheet["rows"] for tile in row]
    tracks = [tile["track"] for row in sheet["rows"] for tile in row]
    outline(surface, geometry, track_spots(values, tracks), art.GOOD)
    label(surface, "Track grows inward from both ends of a row, onto filled tiles:",
          (rect.centerx, geometry.rect.bottom + 30), 26)
    label(surface, "green tiles may take the next piece. Mines filled with G are circled;",
          (rect.centerx, geometry.rect.bottom + 64), 26)
    label(surface, "upgrades fill boxes of the group table; a ring marks the points now.",
          (rect.centerx, geometry.rect.bottom + 98), 26)


def graves(surface, rect) -> None:
    sheet = example_sheet({(1, 3): "S7g", (1, 4): "S8g", (0, 3): "-g", (2, 4): "C9", (2, 3): "C6g"})
    geometry = place_sheet(surface, sheet, pygame.Rect(rect.left, rect.top + 40, rect.width, 340), COMPACT)
    new = geometry.tile(1, 4)
    pygame.draw.rect(surface, art.DANGER, new.inflate(8, 8), 4, border_radius=6)
    label(surface, "new saloon", (new.centerx, geometry.rect.top - 4), 24, art.DANGER)
    label(surface, "The new saloon touches one saloon: two graves, on its own right section", (rect.centerx,
          geometry.rect.bottom + 28), 25)
    label(surface, "and the nearest empty one. The churches below score the graves", (rect.centerx,
          geometry.rect.bottom + 60), 25)
    label(surface, "on and around them: 1, 3, 9, 16, 25, 30, 35 for 1-7 graves.", (rect.centerx,
          geometry.rect.bottom + 92), 25)


PARKS_TILES = {(3, 0): "R2p", (3, 1): "G3p", (3, 3): "C5p", (3, 5): "R8", (3, 7): "C10p"}
PARKS_ROW = 3


def parks(surface, rect) -> None:
    sheet = example_sheet(PARKS_TILES)
    geometry = place_sheet(surface, sheet, pygame.Rect(rect.left, rect.top, rect.width, 330), FULL)
    row = geometry.row_score(PARKS_ROW)
    pygame.draw.rect(surface, art.GOLD, row.inflate(10, 4), 3, border_radius=6)
    label(surface, f"parks per row   7 tiles: {' '.join(map(str, PARK_POINTS[7]))}",
          (rect.centerx, geometry.rect.bottom + 30), 27)
    label(surface, f"8 tiles: {' '.join(map(str, PARK_POINTS[8]))}", (rect.centerx + 86, geometry.rect.bottom + 64), 27)
    count = sum(1 for tile in sheet["rows"][PARKS_ROW] if tile.get("right") == "park")
    points = sheet["score"]["parks_by_row"][PARKS_ROW]  # the engine's own count, as the sheet shows it
    label(surface, f"Row {PARKS_ROW + 1} has {count} parks: {points} points so far.",
          (rect.centerx, geometry.rect.bottom + 104), 27, art.INK)


def ending(surface, rect) -> None:
    for i in range(3):
        ww.tumbleweed(surface, (rect.left + 70 + i * 70, rect.top + 60), 28, i)
    label(surface, "a third Tumbleweed", (rect.left + 140, rect.top + 120), 28, art.INK)
    mines = example_sheet({(0, 3): "G5", (1, 1): "R3", (1, 6): "G9", (2, 3): "C6", (3, 1): "G2", (3, 6): "S10"})
    geometry = place_sheet(surface, mines, pygame.Rect(rect.left + 380, rect.top, 400, 200), COMPACT)
    label(surface, "every mine tile filled", (geometry.rect.centerx, geometry.rect.bottom + 20), 28, art.INK)
    label(surface, "or a full sheet: the game ends after that round.", (rect.centerx, rect.top + 250), 28)
    line = example_sheet({(0, c): f"R{c + 2}t" for c in range(7)})
    geometry = place_sheet(surface, line, pygame.Rect(rect.left + 60, rect.top + 290, 330, 170), COMPACT)
    ww.star(surface, (geometry.rect.right + 40, geometry.rect.top + 50), 26, art.GOLD)
    label(surface, "A row's track complete:", (rect.left + 600, rect.top + 330), 28, art.INK)
    label(surface, "one more round; another", (rect.left + 600, rect.top + 366), 28, art.INK)
    label(surface, "completion, one more.", (rect.left + 600, rect.top + 402), 28, art.INK)


def scoring(surface, rect) -> None:
    sheet = example_sheet({(0, 0): "R2tp", (0, 1): "R4tp", (0, 2): "C5p", (1, 1): "R3", (1, 2): "G5p", (2, 2): "C6g",
                           (2, 3): "S7", (2, 4): "S9g", (3, 0): "SA", (3, 5): "C8p", (3, 7): "R11t"},
                          upgrades=(0, 0, 0, 1, 0, 0), tumbleweeds=1)
    scoresheet.draw(surface, rect, "A score sheet", ["Anna"], [art.SEAT_COLOURS[0]], [sheet["score"]], [0], 1.0)


CLOCK_LEFT = 4  # seconds on the example clock (its face shows whole seconds, rounded up)


def solo_speed(surface, rect) -> None:
    paint.timer(surface, CLOCK_LEFT, 30, (rect.left + 110, rect.top + 110))
    label(surface, f"speed: {CLOCK_LEFT} s left", (rect.left + 110, rect.top + 220), 28, art.INK)
    label(surface, "missed: nothing written,", (rect.left + 110, rect.top + 256), 26)
    label(surface, "no Tumbleweed", (rect.left + 110, rect.top + 288), 26)
    box = pygame.Rect(rect.left + 330, rect.top + 20, 420, 300)
    surface.blit(art.panel(box.size, art.PANEL, art.GOLD, 16), box)
    label(surface, "High scores", (box.centerx, box.top + 32), 34, art.GOLD)
    for i, (name, score) in enumerate((("Anna", 96), ("You", 88), ("Ben", 71), ("Clara", 64))):
        y = box.top + 80 + i * 44
        colour = art.GOLD if name == "You" else art.INK
        label(surface, f"{i + 1}. {name}", (box.left + 30, y), 30, colour, "midleft")
        label(surface, str(score), (box.right - 30, y), 30, colour, "midright")
    label(surface, f"Solo: {SOLO_MULLIGANS} mulligans; each costs a Tumbleweed", (rect.centerx, rect.bottom - 60), 28,
          art.INK)


PAGES = (
    Page("Your town sheet", (
        "Everyone writes on an own town sheet; one shared deck tells everyone what may be built.",
        "The sheet has four rows of 7, 8, 7 and 8 tiles laid like bricks: a tile touches its neighbours in "
        "its row and the two tiles it sits on or under. Six tiles are mines (M).",
        "Each tile has a centre for a building and its number, a bottom for track and a right section for a "
        "grave or a park.",
        "At the table your own sheet is large, everyone else's smaller. Press Back (Q, Backspace, B or the "
        "middle mouse button), or click a sheet, to look at any other sheet large.",
    ), anatomy, "A Ranch 7 with track and a park."),
    Page("A round: six cards", (
        "Each round six cards are turned: three action cards over three number cards.",
        "- The suit is the building: spade Ranch, diamond Gold Mine, heart Church, club Saloon.",
        "- The number is what you write: 2 to 10, a Jack writes 11, an Ace is wild.",
        "Column 1 pairs the first action with the first number, and so on: three pairs to choose from.",
        "When fewer than six cards are left, every card is shuffled into a new deck.",
    ), round_cards, "Three columns, three pairs."),
    Page("Picking in secret", (
        "Everyone picks at the same time and in secret: one column, or a Tumbleweed, which refuses all three. "
        "If no pair fits your sheet, the Tumbleweed is your only choice.",
        "- Hold your peek button to open your private panel: the right mouse button, Left Shift (WASD), "
        "Right Shift (arrows) or LB. It shows where each pair would fit on your sheet.",
        "- A gamepad may also pick blind: left, up, right for columns 1 to 3, down for the Tumbleweed; "
        "press it twice.",
        "The shared screen shows only who is locked in. When everyone is, all picks turn over at once.",
    ), secret_pick, "Two locked in; Anna peeks at her choices."),
    Page("Writing a number", (
        "Write the number into an empty tile so that its row keeps rising strictly from left to right: no "
        "number may equal another in the row.",
        "An Ace fits any empty tile and is ignored when comparing, but every Ace you write costs points.",
        "Everyone writes at once, each on their own sheet with their own cursor. Only the tiles where your "
        "number may go are offered; if just one is possible, it is written for you.",
    ), writing, "Gold: where an 8 may go in row 2."),
    Page("Ranches, gold mines and track", (
        "- Ranch: write R, then lay one piece of track if any tile can take one.",
        "- Gold Mine: write G on an empty mine tile, upgrade one size row of your group table (at most three "
        "times each), then lay one piece of track.",
        "- Church: write C.",
        "A tile takes track when it is filled, has none, and is the first or last tile of its row or next to "
        "track in its row: track grows inward from both edges. With one possible spot it is laid "
        "for you.",
    ), track, "Track from both edges of row 1."),
    Page("Saloons, graves and churches", (
        "- Saloon: write S. A duel follows: one grave on the saloon's own right section, and one more grave "
        "for each saloon touching it.",
        "Every further grave goes on the empty right section nearest the new saloon; among equally near ones "
        "you choose. Graves with nowhere to go are lost.",
        "Each church scores the graves on it and on the tiles touching it: churches like saloons "
        "nearby, but saloons make smaller groups.",
    ), graves, "Two saloons side by side: two graves."),
    Page("Parks", (
        "After a Ranch, a Gold Mine or a Church you may put a park on the new tile's right section. "
        "After a Saloon you may not.",
        "Leaving the section empty keeps room for graves, which churches want.",
        "Parks score per row, more the more a row has.",
    ), parks, "Beside each row: its track points over its park points."),
    Page("The end", (
        "After each round the game ends if someone took a third Tumbleweed, filled every mine tile (with "
        "anything) or filled the whole sheet.",
        "When a player completes a row's track, one more round is played; another completion during that "
        "round adds one more.",
        "The table says why the game ended, then fills in everyone's score sheet.",
    ), ending, "Three ways to end, one way to go on."),
    Page("Scoring", (
        "- Parks and track: per row, from the row's table.",
        "- Groups: connected R, S or C tiles of one kind. Ranch groups count one bigger, saloon groups one "
        "smaller, at most 6. A group of n scores n(n+1)/2, plus 2, 5 or 9 with 1, 2 or 3 upgrades of row n.",
        "- Churches: their graves, 0, 1, 3, 9, 16, 25, 30, 35 for 0 to 7 or more.",
        "- Minus Tumbleweeds (1, 3, 6) and Aces (1, 5, then 5 more each). The highest total wins.",
    ), scoring, "Every part, as the end of a game shows it."),
    Page("Solo and the speed option", (
        "Alone you play for a high score. Your first two Tumbleweeds are mulligans: six new cards are turned "
        "at once and you pick again. They still count as Tumbleweeds; a third ends the game.",
        "Your score goes into the high-score table in your data folder, and the end shows its place.",
        "With the speed option a clock counts down every pick (set-up: seconds to pick). Whoever has not "
        "picked when it runs out loses that round's pick: nothing is written, and no Tumbleweed is taken.",
    ), solo_speed, "A solo mulligan costs a Tumbleweed; the speed clock; a high score."),
)
