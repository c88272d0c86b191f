"""What moves over the Architekton table: tiles and houses flying, chips rising, banners,
an early end, the final summary and the interlude between the games of a match. Reads only."""


import pygame

from client.games.architekton import art as pieces
from client.games.architekton import layout, words
from client.games.architekton.layout import SUPPLY, inner
from client.games.architekton.reading import BoardTable, progress, zone
from client.games.architekton.state import (
    Banner,
    End,
    Final,
    Flight,
    Interlude,
    Rising,
)
from client.i18n import _
from client.table.types import Event
from client.ui import art


# --- over everything ------------------------------------------------------------------------------------
def overlay(game: BoardTable, surface: pygame.Surface) -> None:
    effects = game.effects
    for flight in effects.flights:
        fly(game, surface, flight)
    for item in effects.floats:
        rise(game, surface, item)
    if effects.final is not None:
        final_summary(game, surface, effects.final)
    if effects.early is not None:
        early_end(game, surface, effects.early)
    table = game.table
    if effects.banner is not None and table.running(effects.banner["tween"]):
        banner(surface, effects.banner)
    if effects.interlude is not None and "tween" in effects.interlude and table.running(effects.interlude["tween"]):
        interlude(game, surface, effects.interlude)


def end_rect(game: BoardTable, end: End) -> pygame.Rect:
    if isinstance(end, pygame.Rect):
        return end
    if len(end) == 3:  # ("hand", seat, index)
        return layout.hand_slot(zone(game, end[1]), end[2])
    return inner(game.camera.square(*end))


def fly(game: BoardTable, surface: pygame.Surface, flight: Flight) -> None:
    table = game.table
    if not table.progress(flight["tween"]):
        return  # still waiting for its delay
    t = table.value(flight["tween"])
    start, end = flight["start"], end_rect(game, flight["end"])
    if flight["kind"] == "house":
        def size(r: pygame.Rect) -> int:
            return max(10, round(min(r.width, r.height) * 0.46))

        a, b = size(start), size(end)
        side = round(a + (b - a) * t)
        centre = (start.centerx + (end.centerx - start.centerx) * t,
                  start.centery + (end.centery - start.centery) * t - 40 * (1 - (2 * t - 1) ** 2))
        image = pieces.house_image(game.table.colour(flight["seat"]), flight["seat"], side)
        surface.blit(image, image.get_rect(center=centre))
        return
    side = round(start.width + (end.width - start.width) * t)
    centre = (start.centerx + (end.centerx - start.centerx) * t, start.centery + (end.centery - start.centery) * t)
    image = pieces.moving_tile(flight["tile"], flight["rot"], side)
    surface.blit(image, image.get_rect(center=centre))


def rise(game: BoardTable, surface: pygame.Surface, item: Rising) -> None:
    t = progress(game, item["tween"])
    at = item["at"]
    point = layout.rising_point(zone(game, at[1])) if at[0] == "zone" else game.camera.square(*at).midtop
    alpha_colour = art.mix(item["colour"], art.NIGHT, max(0.0, t - 0.6) * 2)
    text = art.text(item["words"], 44, alpha_colour, "bold")
    rect = text.get_rect(midbottom=(point[0], point[1] - 10 - 60 * t))
    back = pygame.Rect(rect.inflate(24, 8))
    surface.blit(art.panel(back.size, art.NIGHT, None, 10, 200), back)
    surface.blit(text, rect)


def banner(surface: pygame.Surface, said: Banner) -> None:
    box = layout.centre_box(1000, 170)
    surface.blit(art.panel(box.size, art.PANEL, art.GOLD, 18, 245), box)
    art.blit_text(surface, said["words"], 64, art.GOLD, (box.centerx, box.top + 56), "center", "bold",
                  width=box.width - 40)
    art.blit_text(surface, said["more"], 32, art.INK, (box.centerx, box.top + 122), "center",
                  width=box.width - 40)


def early_end(game: BoardTable, surface: pygame.Surface, event: Event) -> None:
    """AR-4: a player who cannot pay loses at once (the cannot_pay ``event``); shown as such."""
    name = game.table.name
    debtor, winner = event["player"], 1 - event["player"]
    box = layout.centre_box(1060, 220)
    surface.blit(art.panel(box.size, (60, 34, 36), art.DANGER, 18, 245), box)
    art.blit_text(surface, _(words.EARLY_END), 64, art.DANGER, (box.centerx, box.top + 54), "center", "bold",
                  width=box.width - 40)
    art.blit_text(surface, words.cannot_pay(name(debtor), event["owed"], event["chips"]), 36, art.INK,
                  (box.centerx, box.top + 118), "center", width=box.width - 40)
    art.blit_text(surface, words.wins_at_once(name(winner)), 40, game.table.colour(winner),
                  (box.centerx, box.top + 170), "center", "bold", width=box.width - 40)


def final_summary(game: BoardTable, surface: pygame.Surface, final: Final) -> None:
    """Chips + the largest group = the score, per player, once the groups are traced."""
    if not summary_shown(game, final):
        return
    event = final["event"]
    box = SUPPLY.copy()
    surface.blit(art.panel(box.size, art.PANEL, art.GOLD, 18, 250), box)
    art.blit_text(surface, _(words.FINAL_SCORE), 44, art.GOLD, (box.left + 22, box.top + 16), weight="bold",
                  width=box.width - 44)
    art.blit_text(surface, _(words.FINAL_SUM), 26, art.INK_DIM, (box.left + 22, box.top + 72), width=box.width - 44)
    for seat_index, score in enumerate(event["scores"]):
        top = box.top + 130 + seat_index * 150
        game.draw_name(surface, seat_index, (box.left + 22, top), 40, box.width - 44)
        art.blit_text(surface, words.score_sum(event["chips"][seat_index], event["groups"][seat_index], score), 48,
                      art.INK, (box.left + 22, top + 52), weight="bold")
    art.blit_text(surface, words.removed(len(event["removed"])), 26, art.INK_DIM, (box.left + 22, box.bottom - 50),
                  width=box.width - 44)


def summary_shown(game: BoardTable, final: Final) -> bool:
    return not game.table.running(final["removal"]) and progress(game, final["trace"]) >= 1.0


def interlude(game: BoardTable, surface: pygame.Surface, item: Interlude) -> None:
    """Between the games of a revenge match (AR-7)."""
    name = game.table.name
    result = item["result"]
    box = layout.centre_box(1100, 260)
    surface.blit(art.panel(box.size, art.PANEL, art.GOLD, 18, 250), box)
    winner = name(result["winners"][0]) if len(result["winners"]) == 1 else None
    art.blit_text(surface, words.game_result(result["game"], winner, result["early"]), 44, art.GOLD,
                  (box.centerx, box.top + 56), "center", "bold", width=box.width - 40)
    vp = item["vp"]
    if vp:
        art.blit_text(surface, words.victory_points(vp, name), 36, art.INK, (box.centerx, box.top + 130),
                      "center", width=box.width - 40)
    art.blit_text(surface, words.starts(item["game"], name(item["starter"])), 40,
                  game.table.colour(item["starter"]), (box.centerx, box.top + 200), "center", "bold",
                  width=box.width - 40)
