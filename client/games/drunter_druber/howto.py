"""How to play Drunter & Drüber (rulings DD-1 to DD-9, docs/rules/drunter_druber.md), each
rule with an example drawn with the table's own art."""

import pygame

from client.games.drunter_druber import art as dart
from client.howto import Page, arrow, label, tick
from client.i18n import N_, _
from client.ui import art

CELL = 76
SIDE_OF = {(1, 0): "e", (-1, 0): "w", (0, 1): "s", (0, -1): "n"}


def town(surface: pygame.Surface, rect: pygame.Rect, cols: int, rows: int, cell: int = CELL) -> tuple[int, int]:
    """A patch of open ground ``cols`` x ``rows``, centred near the top of ``rect``."""
    left = rect.centerx - cols * cell // 2
    top = rect.top + 30
    for y in range(rows):
        for x in range(cols):
            dart.ground_cell(surface, pygame.Rect(left + x * cell, top + y * cell, cell, cell), x, y)
    return left, top


def at(origin: tuple[int, int], x: int, y: int, cell: int = CELL) -> pygame.Rect:
    return pygame.Rect(origin[0] + x * cell, origin[1] + y * cell, cell, cell)


def lay(surface: pygame.Surface, origin: tuple[int, int], kind: str, cells: list[tuple[int, int]],
        entry: str | None = None, cell: int = CELL, exit_: str | None = None) -> None:
    """A tile over ``cells`` (grid positions), its band entering its first cell from ``entry``."""
    rects = [at(origin, x, y, cell) for x, y in cells]
    plate = rects[0].unionall(rects[1:])
    dart.tile_plate(surface, kind, plate.inflate(-4, -4))
    band = cell * 3 // 7
    for i, (x, y) in enumerate(cells):
        sides = []
        if i > 0:
            sides.append(SIDE_OF[(cells[i - 1][0] - x, cells[i - 1][1] - y)])
        elif entry:
            sides.append(entry)
        if i < len(cells) - 1:
            sides.append(SIDE_OF[(cells[i + 1][0] - x, cells[i + 1][1] - y)])
        elif exit_:
            sides.append(exit_)
        if len(cells) == 3 and i == 1:
            continue
        dart.paint_band(surface, kind, rects[i], sides, band)
    if len(cells) == 3:
        axis = "h" if cells[0][1] == cells[2][1] else "v"
        dart.bridge_deck(surface, kind, rects[1], axis, band)


def token(surface: pygame.Surface, origin: tuple[int, int], stretch: str, kind: str, x: int, y: int) -> None:
    image = dart.token_image(stretch, kind, 52)
    surface.blit(image, image.get_rect(center=at(origin, x, y).center))


# --- examples ---------------------------------------------------------------------------
def buildings(surface: pygame.Surface, rect: pygame.Rect) -> None:
    origin = town(surface, rect, 7, 4)
    spots = [(0, 0, "church", 1), (2, 1, "museum", 3), (4, 2, "church", 5), (5, 0, "inn", 2), (1, 3, "school", 2),
             (6, 3, "church", 3)]
    for x, y, kind, value in spots:
        dart.building_cell(surface, at(origin, x, y), kind, value)
    dart.toilet_cell(surface, at(origin, 3, 0))
    lay(surface, origin, "street", [(6, 1), (6, 2), (6, 3)], "n")
    card = dart.building_card("church", 150, 118)
    surface.blit(card, (rect.left + 40, rect.bottom - 150))
    label(surface, _("your secret card"), (rect.left + 115, rect.bottom - 18), 24)
    label(surface, _("churches standing: 1 + 5 = 6 points"), (rect.left + 470, rect.bottom - 110), 28, art.GOLD)
    label(surface, _("(the 3 under the street counts nothing)"), (rect.left + 470, rect.bottom - 70), 24)


def laying(surface: pygame.Surface, rect: pygame.Rect) -> None:
    origin = town(surface, rect, 7, 5)
    dart.corner_cell(surface, at(origin, 0, 2), "street")
    lay(surface, origin, "street", [(1, 2), (2, 2)], "w")
    token(surface, origin, "street", "street", 2, 2)
    new = pygame.Surface(rect.size, pygame.SRCALPHA)  # the tile being laid, as the table's ghost shows it
    lay(new, (origin[0] - rect.left, origin[1] - rect.top), "street", [(3, 2), (3, 1), (3, 0)], "w")
    new.set_alpha(200)
    surface.blit(new, rect)
    pygame.draw.rect(surface, art.GOOD, at(origin, 3, 2).inflate(-4, -4), width=4, border_radius=8)
    tick(surface, at(origin, 4, 0).center, True)
    ghost = pygame.Surface((CELL * 2, CELL), pygame.SRCALPHA)
    ghost.fill((*art.DANGER, 90))
    surface.blit(ghost, at(origin, 4, 3))
    tick(surface, at(origin, 6, 3).center, False)
    label(surface, _("not next to the token"), (at(origin, 5, 4).centerx, at(origin, 5, 4).centery), 24, art.DANGER)
    label(surface, _("docks next to the token (green), runs on or to a side"), (rect.centerx, rect.bottom - 40), 26)


def bridges(surface: pygame.Surface, rect: pygame.Rect) -> None:
    origin = town(surface, rect, 7, 5)
    lay(surface, origin, "river", [(1, 2), (2, 2), (3, 2)], "w", exit_="e")  # the middle one is a bridge
    lay(surface, origin, "street", [(2, 0), (2, 1)], "n")
    lay(surface, origin, "street", [(2, 3), (2, 4)], "n")
    band = CELL * 3 // 7
    dart.paint_band(surface, "street", at(origin, 2, 2), ["n", "s"], band)  # passing under...
    dart.bridge_deck(surface, "river", at(origin, 2, 2), "h", band)  # ...the bridge
    token(surface, origin, "street", "street", 2, 4)
    arrow(surface, (at(origin, 5, 1).centerx, at(origin, 5, 1).centery), (at(origin, 3, 2).right - 8, at(origin, 3, 2).top))
    label(surface, _("bridge"), (at(origin, 5, 1).centerx + 10, at(origin, 5, 1).centery - 26), 28, art.GOLD)
    label(surface, _("the street passes under the river's bridge"), (rect.centerx, rect.bottom - 40), 26)


def vote(surface: pygame.Surface, rect: pygame.Rect) -> None:
    plays = [("Anna", ["jaa", "jaaa"], None), ("Ben", ["nee"], None), ("Cleo", ["neee"], None), ("Dan", ["jein"], "no")]
    width = rect.width // 4
    for i, (name, cards, side) in enumerate(plays):
        x = rect.left + i * width + 16
        label(surface, name, (x + width // 2 - 16, rect.top + 40), 30, art.seat_colour(i))
        for j, card in enumerate(cards):
            image = dart.people_card(card, 84, 110, side=side)
            surface.blit(image, (x + 4 + j * 90, rect.top + 80))
        if side:
            label(surface, _("Jein = no"), (x + width // 2 - 16, rect.top + 214), 24)
    label(surface, _("Yes 2 + 3 = 5"), (rect.left + 200, rect.top + 290), 36, dart.YES_GREEN)
    label(surface, _("No 2 + 3 + 2 = 7"), (rect.right - 220, rect.top + 290), 36, dart.NO_RED)
    label(surface, _("No wins {no}:{yes}").format(no=7, yes=5), (rect.centerx, rect.top + 370), 56, art.GOLD)
    label(surface, _("the tile goes back to Anna; the cards are spent"), (rect.centerx, rect.top + 430), 26)


def ending(surface: pygame.Surface, rect: pygame.Rect) -> None:
    origin = town(surface, rect, 5, 4)
    lay(surface, origin, "wall", [(1, 1), (2, 1), (3, 1)], "w")
    lay(surface, origin, "wall", [(1, 2)], "e")
    lay(surface, origin, "wall", [(3, 2)], "n")
    lay(surface, origin, "river", [(2, 3)], "s")
    lay(surface, origin, "wall", [(2, 2)], "e")
    dart.barrier(surface, (at(origin, 2, 2).centerx, at(origin, 2, 2).centery + 14), 52)
    dart.building_cell(surface, at(origin, 4, 3), "church", 3)
    pygame.draw.rect(surface, art.seat_colour(1), at(origin, 4, 3).inflate(-2, -2), width=4, border_radius=10)
    label(surface, "+3", (at(origin, 4, 3).centerx, at(origin, 4, 3).top - 12), 30, art.INK)
    label(surface, _("boxed in: this stretch is closed"), (rect.centerx, rect.bottom - 80), 26)
    label(surface, _("at the end your card's standing buildings light up"), (rect.centerx, rect.bottom - 40), 26)


def controls(surface: pygame.Surface, rect: pygame.Rect) -> None:
    rows = [(N_("mouse"), N_("click a tile, point at its place, click; wheel: another tile")),
            (N_("keys"), N_("pick a tile, move the ghost, confirm; back: the hand")),
            (N_("gamepad"), N_("A picks and lays, X another tile, B back")),
            (N_("vote"), N_("hold peek, toggle cards, Put down")),
            (N_("blind"), N_("gamepad: a card's button twice puts it down"))]
    for i, (what, how) in enumerate(rows):
        y = rect.top + 40 + i * 76
        label(surface, _(what), (rect.left + 20, y), 30, art.GOLD, "midleft")
        label(surface, _(how), (rect.left + 170, y), 26, art.INK_DIM, "midleft")
    image = dart.token_image("wall_nw", "wall", 60)
    surface.blit(image, (rect.right - 90, rect.bottom - 90))


def variant(surface: pygame.Surface, rect: pygame.Rect) -> None:
    for i, card in enumerate(["all_3s", "all_4s", "lowest_each", "one_each"]):
        image = dart.building_card(card, 170, 150)
        surface.blit(image, (rect.left + 14 + i * 186, rect.top + 40))
    dart.card_pill(surface, "museum", (rect.left + 40, rect.top + 260), anchor="midleft")
    dart.card_pill(surface, "all_4s", (rect.left + 40, rect.top + 320), anchor="midleft", faint=True)
    label(surface, _("counts first"), (rect.left + 300, rect.top + 260), 28, art.GOLD, "midleft")
    label(surface, _("breaks a tie"), (rect.left + 300, rect.top + 320), 28, art.INK_DIM, "midleft")
    label(surface, _("pick in secret when the first stretch closes"), (rect.centerx, rect.bottom - 50), 26)


PAGES = (
    Page(N_("Your secret building"), (
        N_("The town has six kinds of building (town hall, school, fire station, inn, museum, church), "
           "worth 1 at the border to 5 in the middle."),
        N_("You hold one secret building card. At the end you score the values of the uncovered buildings "
           "of your kind: steer the walls, streets and river away from them without giving your "
           "kind away. Covering a cheap one of your own can be a good bluff."),
        N_("Every hand of tiles and people cards is face up; only building cards and the cards put down "
           "in a running vote are secret."),
    ), buildings, N_("Only uncovered buildings of your kind count.")),
    Page(N_("Laying a tile"), (
        N_("Four stretches start in the corners: two city walls, the street and the river. On your turn you "
           "must lay one tile if any fits; otherwise you pass."),
        N_("- A tile extends a stretch of its own kind from the stretch's token (both walls take wall "
           "tiles)."),
        N_("- It docks on a space next to the token and runs straight on or to either side, never back."),
        N_("- Tiles never overlap, never leave the board and never cover a corner. Buildings may be covered."),
        N_("The token moves to the tile's far end."),
    ), laying, N_("A street triple docks beside the token and turns north.")),
    Page(N_("Bridges"), (
        N_("The middle of every triple is a bridge."),
        N_("When a token stands next to a bridge and the space beyond the bridge is free, the next tile may "
           "dock on that far space: its stretch passes under the bridge."),
        N_("On the table you see the bridge's deck with the other stretch running beneath it."),
    ), bridges, N_("Passing under a bridge.")),
    Page(N_("The toilet vote"), (
        N_("A tile that covers a toilet calls one vote. Starting with its player, everyone in turn "
           "puts down one or more people cards face down; the others see how many, not which."),
        N_("- Ja, Jaa, Jaaa count 1, 2, 3 for yes; Ne, Nee, Neee 1, 2, 3 for no."),
        N_("- Jein counts 2 for the side its player declares after the reveal; the blank card counts 0 and "
           "comes back."),
        N_("Yes at least as many as no: the tile stays. Otherwise it goes back to its player's hand. Every "
           "card put down (but the blank) is gone for good."),
    ), vote, N_("The rulebook's example.")),
    Page(N_("The end"), (
        N_("A stretch closes when no tile could dock at its token any more: a barrier marks its end. "
           "The game ends when nobody can lay a tile."),
        N_("Then the building cards are shown and each player's standing buildings light up and count. "
           "Ties go to the player with the most people cards left, then the win is shared."),
    ), ending, N_("A closed stretch; a building counting at the end.")),
    Page(N_("At this table"), (
        N_("Laying: pick a tile in your hand, then its place: a ghost shows where it would lie, what it "
           "would cover (a toilet means a vote), and where the token goes."),
        N_("Voting: hold your peek button (right mouse button, Left or Right Shift, LB) so only you see your "
           "cards, toggle the ones you want and put them down. A gamepad can also vote blind with one card."),
        N_("Hold peek at any time to see your own building card and how many points it makes now."),
    ), controls, N_("Every device plays every step.")),
    Page(N_("Variant: two cards"), (
        N_("With the variant each player gets two building cards from the six types and four special cards: "
           "all uncovered 3s, all uncovered 4s, the lowest uncovered building of each type, and 1 point per "
           "uncovered building."),
        N_("When the first stretch closes, everyone secretly picks which card counts first; the other card "
           "breaks a tie. If no stretch closes before the end, the pick comes then."),
    ), variant, N_("The special cards and a type card.")),
)
