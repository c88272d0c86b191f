"""How to play Die Mauer (rulings DM-1 to DM-9, docs/rules/die_mauer.md)."""

import pygame

from client.games.die_mauer import art as pieces
from client.howto import Page, arrow, label, tick
from client.i18n import N_, _
from client.ui import art
from engines.die_mauer import PENALTY, PIECES

SEATS = [art.SEAT_COLOURS[0], art.SEAT_COLOURS[1], art.SEAT_COLOURS[2]]
# The building-order example: a wall, a piece, and whether it may go at each end (the
# tests check these against the engine's rule, so the drawing cannot teach a wrong one).
BUILD_WALL, BUILD_PIECE = "T36", "G"
BUILD_ENDS = {"L": False, "R": True}


def explain(surface: pygame.Surface, words: str, rect: pygame.Rect, centre_y: int, size: int = 28) -> None:
    """A sentence under an example, wrapped to the example's width, centred on ``centre_y``."""
    lines = art.wrap(words, size, rect.width - 40)
    y = centre_y - (len(lines) - 1) * (size + 6) // 2
    for line in lines:
        art.blit_text(surface, line, size, art.INK_DIM, (rect.centerx, y), "center", width=rect.width - 40)
        y += size + 6


def your_pieces(surface: pygame.Surface, rect: pygame.Rect) -> None:
    x = rect.left + 30
    for piece in PIECES:
        image = pieces.piece_image(piece, 120)
        surface.blit(image, image.get_rect(bottomleft=(x, rect.centery + 40)))
        label(surface, str(PENALTY[piece]), (x + image.get_width() // 2, rect.centery + 80), 40, art.GOLD)
        x += image.get_width() + 22
    explain(surface, _("penalty if still in hand at the round's end"), rect, rect.centery + 140)


def fists(surface: pygame.Surface, rect: pygame.Rect, plans: list[str | None], opened: float,
          master: int = 0) -> list[tuple[int, int]]:
    """Three seats' fists in a row (open by ``opened``), their picks beside them."""
    centres = []
    for seat, piece in enumerate(plans):
        centre = (rect.left + 120 + seat * (rect.width - 160) // 3, rect.centery)
        fist = pieces.fist_image(SEATS[seat], 110, opened)
        surface.blit(fist, fist.get_rect(center=centre))
        if seat == master:
            surface.blit(pieces.master_block(44), (centre[0] - 22, centre[1] - 120))
        if opened and piece is not None:
            image = pieces.piece_image(piece, 80)
            surface.blit(image, image.get_rect(midleft=(centre[0] + 50, centre[1])))
        elif opened:
            label(surface, _("empty"), (centre[0] + 80, centre[1]), 28)
        centres.append(centre)
    return centres


def secret_pick(surface: pygame.Surface, rect: pygame.Rect) -> None:
    for centre in fists(surface, rect, [None, None, None], 0.0):
        badge = pygame.Rect(0, 0, 150, 44)
        badge.center = (centre[0], centre[1] + 90)
        surface.blit(art.panel(badge.size, art.shade(art.GOOD, 0.55), art.GOOD, 12), badge)
        art.blit_text(surface, _("LOCKED IN"), 26, art.INK, badge.center, "center", width=badge.width - 12)


def reveal(surface: pygame.Surface, rect: pygame.Rect) -> None:
    fists(surface, rect, ["4", "4", "T"], 1.0)
    explain(surface, _("master 4, a guess of 4: the guesser builds it"), rect, rect.bottom - 60)


def building_order(surface: pygame.Surface, rect: pygame.Rect) -> None:
    wall = pieces.wall_image(BUILD_WALL, 120)
    spot = wall.get_rect(center=(rect.centerx, rect.centery))
    surface.blit(wall, spot)
    for end, good in BUILD_ENDS.items():
        ghost = pieces.piece_image(BUILD_PIECE, 120, None, True)
        place = ghost.get_rect(bottomright=(spot.left - 8, spot.bottom)) if end == "L" else \
            ghost.get_rect(bottomleft=(spot.right + 8, spot.bottom))
        surface.blit(ghost, place)
        tick(surface, (place.centerx, place.bottom + 34), good)
    explain(surface, _("a Gate may go after the 6, not next to the Tower"), rect, rect.bottom - 50)


def donation(surface: pygame.Surface, rect: pygame.Rect) -> None:
    centres = fists(surface, rect, [None, None, "2"], 1.0)
    image = pieces.piece_image("6", 70)
    middle = ((centres[0][0] + centres[1][0]) // 2, centres[0][1] - 110)
    surface.blit(image, image.get_rect(center=middle))
    arrow(surface, (centres[1][0] - 20, centres[1][1] - 70), (centres[0][0] + 30, centres[0][1] - 70))
    explain(surface, _("the lone empty fist gives the master a piece in secret"), rect, rect.bottom - 50)


def rounds(surface: pygame.Surface, rect: pygame.Rect) -> None:
    rows = [("Anna", [6, 0, 12], 18), ("Ben", [0, 3, 1], 4), ("Clara", [15, 10, 0], 25)]
    left = rect.left + 60
    headings = ["", *(_("Round {round}").format(round=n) for n in (1, 2, 3)), _("Total")]
    for c, heading in enumerate(headings):
        art.blit_text(surface, heading, 28, art.INK_DIM, (left + 120 + c * 130, rect.top + 90), "center", width=124)
    for r, (name, scores, total) in enumerate(rows):
        y = rect.top + 150 + r * 70
        label(surface, name, (left + 120, y), 34, SEATS[r])
        for c, score in enumerate(scores):
            label(surface, str(score), (left + 250 + c * 130, y), 34, art.INK)
        label(surface, str(total), (left + 640, y), 38, art.GOLD)
    tick(surface, (left + 710, rect.top + 220), True)
    explain(surface, _("lowest total wins"), rect, rect.bottom - 50)


PAGES = (
    Page(N_("Your pieces"), (
        N_("Everyone builds one shared wall and wants to get rid of their own pieces."),
        N_("Each player holds a Tower (T), a Gate (G) and five walls with 1, 2, 3, 4 and 6 merlons. "
        "Whatever is still in your hand when a round ends counts against you: the Tower 15, "
        "the Gate 10, a wall its number of merlons."),
        N_("After the last round the lowest total penalty wins."),
    ), your_pieces, N_("A full set is worth 41 penalty points.")),
    Page(N_("A turn: everyone picks in secret"), (
        N_("One player is the master builder (the orange M). Each turn the master and everyone else "
        "secretly pick one piece from their own stock, or an empty fist."),
        N_("- Hold your peek button to see your pieces and pick: the right mouse button, Left Shift "
        "(WASD), Right Shift (arrows) or LB. Let go and the screen hides them again."),
        N_("- A gamepad can also pick blind: press the button of a piece twice (the legend shows "
        "which). The screen never shows what you pressed."),
        N_("- Playing alone against bots (or over the LAN) your pieces stay open below the wall."),
        N_("Nobody sees another pick until all are locked in; then all fists open at once."),
    ), secret_pick, N_("Locked in: picked, not yet revealed.")),
    Page(N_("The reveal: who builds"), (
        N_("The others try to guess the master's piece:"),
        N_("- Nobody guessed it: the master builds it, if it fits anywhere."),
        N_("- Some guessed a wall piece: every one of them builds it."),
        N_("- Some guessed the Tower or the Gate: they build it if there are enough ends where it fits, "
        "one builder per end. If more guessed than there are such ends, the master builds instead."),
        N_("Builders take turns from the master's left. Where a piece fits at one end only, it goes "
        "there; otherwise its builder chooses the end."),
    ), reveal, N_("Guessing right sheds your piece instead of the master's.")),
    Page(N_("Building order"), (
        N_("The wall is a line: a piece goes at its left or its right end."),
        N_("A Tower may not touch a Tower or a Gate, and a Gate may not touch a Gate or a Tower. "
        "Walls fit anywhere. On an empty wall there is just one place."),
        N_("If you pick an end where your piece may not go, the table tells you why and you pick again."),
    ), building_order, N_("A ghost shows where the focused end would put the piece.")),
    Page(N_("Empty fists"), (
        N_("An empty fist is a choice too. If the master shows an empty fist:"),
        N_("- and nobody else does: the master must build any one of their pieces that fits, at an end "
        "of their choice;"),
        N_("- and exactly one other player does: nothing is built; that player must give the master one "
        "piece of their choice, and only the two of them see which (a donation);"),
        N_("- and two or more others do: nothing happens."),
        N_("If the master holds a piece, an empty fist simply did not guess."),
    ), donation, N_("A donation: the giver sheds a piece, the master gains one.")),
    Page(N_("Rounds and winning"), (
        N_("After each turn the master builder block passes to the left."),
        N_("A round ends the moment anyone's stock is empty, by building or by giving, or when nobody "
        "holds a piece that fits at either end. Everyone scores what is left in hand."),
        N_("A game has 4 rounds (set-up can choose 1 to 10); each round the first master is one seat "
        "further left. Lowest total penalty wins; ties share the win."),
    ), rounds, N_("The results after three rounds.")),
)
