"""A test's own picture hints and sprite sheet for Die Mauer, so the page's drawing can be
tried before (and apart from) the games' real ones: `install(monkeypatch, folder)` writes a
small sheet into ``folder`` and makes the phone server word Die Mauer with every kind of
hint (a hidden pick with sprites, two-tap builds onto a board's ends, donations with badges,
the hand's pieces as a row of sprites)."""

import pygame

from netplay import phones
from netplay.phone_words import choice_words, hand_words
from tools import phone_sprites

PIECES = ["T", "G", "6", "4", "3", "2", "1", None]
COLOURS = [(200, 60, 60), (60, 120, 220), (240, 200, 60), (90, 180, 90), (180, 100, 210), (240, 140, 60),
           (120, 220, 220), (160, 160, 160)]


def key(piece) -> str:
    return "p_" + (str(piece).lower() if piece is not None else "none")


def sprites() -> dict:
    pygame.init()
    drawn = {}
    for piece, colour in zip(PIECES, COLOURS, strict=True):
        surface = pygame.Surface((96, 128), pygame.SRCALPHA)
        pygame.draw.rect(surface, colour, surface.get_rect(), border_radius=12)
        pygame.draw.rect(surface, (20, 17, 24), surface.get_rect(), 4, border_radius=12)
        drawn[key(piece)] = surface
    back = pygame.Surface((96, 128), pygame.SRCALPHA)
    back.fill((70, 50, 40))
    pygame.draw.line(back, (240, 230, 210), (0, 0), (95, 127), 6)
    drawn["back"] = back
    end = pygame.Surface((80, 80), pygame.SRCALPHA)
    pygame.draw.circle(end, (240, 230, 210), (40, 40), 36, 6)
    drawn["end"] = end
    return drawn


def write_sheet(folder) -> None:
    png, atlas = phone_sprites.sheet(sprites())
    (folder / "die_mauer.png").write_bytes(png)
    (folder / "die_mauer.json").write_bytes(atlas)


def pictured_choice(game_id, action, view=None, tr=None):
    words = choice_words(game_id, action, view, tr)
    kind, piece = action.get("type"), action.get("piece")
    if kind == "plan":
        return {**words, "sprite": key(piece), "hidden": True, "layout": "row"}
    if kind == "build":
        return {**words, "place": {"L": "left", "R": "right"}.get(action.get("end"), "wall"),
                "first": {"id": key(piece), "sprite": key(piece), "label": words["label"].split(" at ")[0]}}
    return {**words, "sprite": key(piece), "badge": "1"}


def pictured_hand(game_id, view, seat, tr=None):
    lines = hand_words(game_id, view, seat, tr)
    stock = view.get("stock", [])
    if lines and stock:
        lines[0] = {**lines[0], "sprites": [key(p) for p in stock], "badges": [None] * (len(stock) - 1) + ["!"]}
    return lines


def pictured_board(game_id, view, seat, tr=None):
    return {"w": 9, "h": 3, "places": [
        {"id": "left", "x": 0, "y": 0.5, "w": 2, "h": 2, "sprite": "end", "label": "L", "colour": "#e8534a"},
        {"id": "wall", "x": 2.5, "y": 0, "w": 4, "h": 3, "text": str(len(view.get("wall", []) or []))},
        {"id": "right", "x": 7, "y": 0.5, "w": 2, "h": 2, "sprite": "end", "label": "R", "colour": "#4a90e2"},
    ]}


def install(monkeypatch, folder) -> None:
    """Die Mauer with pictures on every phone server this test starts, its sheet in ``folder``."""
    write_sheet(folder)
    monkeypatch.setattr(phones, "choice_words", pictured_choice)
    monkeypatch.setattr(phones, "hand_words", pictured_hand)
    monkeypatch.setattr(phones, "board_words", pictured_board)
    monkeypatch.setattr(phones, "phone_assets", lambda: folder)
