"""A seat's zone at the Wie Waldi table: its name and bones, markers left, three piles
with their sizes, the hand card (face up for a seat at this screen, a card back for one on
another machine, WA-8) and the race buttons of the seat's device, as that device calls
them (`client.buttons`: remapped keys, a pad's own face-button labels)."""

import math

import pygame

from client import art
from client.games.wie_waldi import art as cards
from client.table.layout import seat_card
from engines.wie_waldi.cards import MARKERS

PILE_HEIGHT, HAND_HEIGHT = 108, 126
# One button per pile, by where the piles lie: left, middle, right.
KEY_PILES = ("left", "up", "right")
PAD_PILES = ("alt", "secret", "back")  # the pad's left, top and right face buttons


def zone_parts(zone: pygame.Rect) -> dict:
    """Where a seat's piles, hand card, pile keys and legend are in its ``zone``."""
    pile_w, _ = cards.card_size(PILE_HEIGHT)
    hand_w, _ = cards.card_size(HAND_HEIGHT)
    top = zone.top + 112
    gap = min(16, (zone.width - 40 - 3 * pile_w - hand_w) // 4)
    piles = [pygame.Rect(zone.left + 16 + k * (pile_w + gap), top + 8, pile_w, PILE_HEIGHT) for k in range(3)]
    hand = pygame.Rect(zone.right - 16 - hand_w, top - 4, hand_w, HAND_HEIGHT)
    return {"piles": piles, "hand": hand, "keys": top + PILE_HEIGHT + 30, "legend": zone.bottom - 34}


def draw_seat(game, surface, seat: int, rect: pygame.Rect) -> None:
    table, view = game.table, game.view
    colour = table.colour(seat)
    racing = seat in view.get("active", [])
    seat_card(surface, rect, colour, racing)
    total = view.get("totals", [0] * table.players)[seat]
    points = art.blit_text(surface, str(total), 40, art.GOLD, (rect.right - 18, rect.top + 30), "topright",
                           "bold")
    bone = cards.bone(44, cards.BONE_COLOURS["gold"])
    surface.blit(bone, bone.get_rect(midright=(points.left - 8, points.centery)))
    table.draw_name(surface, seat, (rect.left + 18, rect.top + 28), 40, points.left - rect.left - 80)
    art.blit_text(surface, table.seat_label(seat), 24, art.INK_FAINT, (rect.left + 20, rect.top + 78),
                  width=rect.width // 2 - 20)
    left = view.get("markers", [MARKERS] * table.players)[seat]
    for i in range(MARKERS):
        token = cards.marker(24, colour, used=i >= left)
        surface.blit(token, (rect.right - 18 - (MARKERS - i) * 28, rect.top + 78))
    parts = game.zone_parts(seat)
    draw_piles(game, surface, seat, parts)
    draw_hand(game, surface, seat, parts)
    draw_legend(game, surface, seat, parts)
    if game.fits_nowhere(seat):
        draw_fits_nowhere(game, surface, seat, parts)


def draw_fits_nowhere(game, surface, seat: int, parts: dict) -> None:
    """Over the pile keys (no pile can be drawn while a card is held): the card in hand
    fits no dog, and how to put it back."""
    table = game.table
    chooser = table.choosers[seat]
    devices = ["keys1", "keys2"] if chooser.device == "any" else [chooser.device]
    back = "right click" if chooser.device == "mouse" else "/".join(table.button_label(d, "back") for d in devices)
    piles = parts["piles"]
    strip = pygame.Rect(piles[0].left - 6, parts["keys"] - 20, piles[-1].right - piles[0].left + 12, 40)
    surface.blit(art.panel(strip.size, (70, 40, 36), art.DANGER, 10, 240), strip)
    art.blit_text(surface, f"fits nowhere: {back} puts it back", 24, art.INK, strip.center, "center",
                  width=strip.width - 16)


def draw_piles(game, surface, seat: int, parts: dict) -> None:
    sizes = game.view.get("pile_sizes", [[0, 0, 0]] * game.table.players)[seat]
    colour = game.table.colour(seat)
    for k, pile in enumerate(parts["piles"]):
        count = sizes[k]
        if not count:
            pygame.draw.rect(surface, (92, 78, 70), pile, width=2, border_radius=8)
            art.blit_text(surface, "played out", 20, art.INK_FAINT, pile.center, "center", width=pile.width - 6)
            continue
        for depth in range(min(3, count - 1), -1, -1):
            surface.blit(cards.card_back(PILE_HEIGHT, colour), pile.move(depth * 3, -depth * 3))
        badge = pygame.Rect(0, 0, 40, 30)
        badge.center = (pile.centerx, pile.bottom - 18)
        surface.blit(art.panel(badge.size, art.NIGHT, None, 8, 220), badge)
        art.blit_text(surface, str(count), 24, art.INK, badge.center, "center", "bold")


def draw_hand(game, surface, seat: int, parts: dict) -> None:
    hand = parts["hand"]
    colour = game.table.colour(seat)
    pygame.draw.rect(surface, (36, 30, 36), hand, border_radius=10)
    pygame.draw.rect(surface, (92, 78, 70), hand, width=2, border_radius=10)
    pending = game.table.model.pending.get(seat)
    if pending is not None and isinstance(pending.action, dict) and pending.action["type"] in ("start", "play"):
        return  # on its way to the table (drawn there, see-through)
    holding = game.view.get("holding", [None] * game.table.players)[seat]
    code = game.hand(seat)
    if holding is None and code is None:
        return
    image = cards.card_image(code, HAND_HEIGHT, colour) if code else cards.card_back(HAND_HEIGHT, colour)
    spot = hand.copy()
    anim = game.table.anim
    if anim.running(f"draw{seat}") and holding is not None:
        pile, t = parts["piles"][holding], anim.get(f"draw{seat}")
        spot.topleft = (round(pile.left + (hand.left - pile.left) * t), round(pile.top + (hand.top - pile.top) * t))
    lost = game.lost.get(seat)
    if lost is not None and game.clock - lost[0] < 0.6:  # refused: the card shakes, and stays
        spot.x += round(math.sin((game.clock - lost[0]) * 50) * 8 * (1 - (game.clock - lost[0]) / 0.6))
        pygame.draw.rect(surface, art.DANGER, spot.inflate(10, 10), width=4, border_radius=12)
    surface.blit(image, spot)


def draw_legend(game, surface, seat: int, parts: dict) -> None:
    """This seat's race buttons, named as its device calls them (following remapping
    and the pad's own face-button labels); another machine's seat shows none."""
    table = game.table
    chooser = table.choosers.get(seat)
    if chooser is None:
        return
    device = chooser.device
    zone = table.layout.seats[seat]
    if device == "mouse":
        art.blit_text(surface, "click a pile, then a dog   right click: put back", 22, art.INK_DIM,
                      (zone.left + 18, parts["legend"]), width=zone.width - 36)
        return
    devices = ["keys1", "keys2"] if device == "any" else [device]
    if device.startswith("pad:"):
        pile_buttons = PAD_PILES
    else:
        pile_buttons = KEY_PILES
    for k, pile in enumerate(parts["piles"]):
        words = "/".join(table.button_label(d, pile_buttons[k]) for d in devices)
        cards.keycap(surface, words, (pile.centerx, parts["keys"]), 22, face=face(game, device, pile_buttons[k]))
    x = zone.left + 18
    for action, words in (("confirm", "play"), ("back", "put back")):
        name = "/".join(table.button_label(d, action) for d in devices)
        cap = cards.keycap(surface, name, (x, parts["legend"] + 14), 22, anchor="midleft",
                           face=face(game, device, action))
        text = art.blit_text(surface, words, 22, art.INK_DIM, (cap.right + 6, cap.centery), "midleft")
        x = text.right + 16
    moves = "D-pad" if device.startswith("pad:") else "/".join(
        "".join(table.button_label(d, a) for a in ("up", "left", "down", "right")) for d in devices)
    art.blit_text(surface, f"{moves}: next dog", 22, art.INK_FAINT, (x, parts["legend"] + 14), "midleft",
                  width=max(20, zone.right - 16 - x))


def face(game, device: str, action: str):
    """A pad's face button in the colour printed on an Xbox pad (others: grey caps)."""
    if not device.startswith("pad:") or game.table.device_family(device) != "xbox":
        return None
    name = game.table.pad_binding(action)
    return {"a": (70, 150, 70), "b": (176, 60, 56), "x": (56, 100, 190), "y": (180, 150, 40)}.get(name)
