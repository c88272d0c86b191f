"""The evening as pictures, drawn with pygame: a line chart of points through the evening,
a bar chart of wins per game, and a small trend line for a rating."""

from collections.abc import Sequence

import pygame

from client import i18n
from client.evening import night
from client.evening.points import show, signed
from client.i18n import _, ngettext
from client.ui import art

STRIP_HEIGHT = 120


def evening_strip(surface, rows: list[night.Standing], top: int, bottom: int) -> None:
    """Tonight's standings on the results screen: a panel with a column per person
    (points, games, wins; the leaders ringed) between ``top`` and ``bottom``, or one line
    under the heading where there is no room."""
    if not rows:
        return
    if bottom - top < STRIP_HEIGHT:
        from client.evening.tonight import summary_line

        art.blit_text(surface, summary_line(rows), 28, art.INK_DIM, (art.W // 2, 158), "center", width=art.W - 80)
        return
    shown = rows[:6]
    box = pygame.Rect(0, top, min(1500, max(960, 160 + 250 * len(shown))), STRIP_HEIGHT)
    box.centerx = art.W // 2
    surface.blit(art.panel(box.size, art.PANEL), box)
    art.blit_text(surface, night.leader_line(rows), 30, art.GOLD, (box.centerx, box.top + 24), "center", "bold",
                  width=box.width - 40)
    leaders = {row.player for row in night.leaders(rows)}
    width = min(360, (box.width - 40) // len(shown))
    left = box.centerx - width * len(shown) // 2
    for i, row in enumerate(shown):
        cell = pygame.Rect(left + i * width, box.top + 46, width, box.height - 54)
        if row.player in leaders:
            surface.blit(art.panel(cell.inflate(-10, 0).size, art.PANEL_HI, art.GOLD, 10), cell.inflate(-10, 0))
        change = "" if row.rating_change is None else _("rating {change}").format(change=signed(row.rating_change))
        gap = 12 if change else 0
        # the name has the cell's width; the rating's move stands beside it where both fit,
        # else on the line under it (six people's cells are narrow: never "1. Play...")
        whole = f"{i + 1}. {row.name}"
        beside = bool(change) and art.text_width(whole, 30, "bold") + gap + art.text_width(change, 24, "bold") <= width - 24
        name = art.fit(whole, 30, width - 24 - (gap + art.text_width(change, 24, "bold") if beside else 0), "bold")
        total = art.text_width(name, 30, "bold") + (gap + art.text_width(change, 24, "bold") if beside else 0)
        x = cell.centerx - total // 2
        drawn = art.blit_text(surface, name, 30, art.seat_colour(row.colour), (x, cell.top + 18), "midleft", "bold")
        if change and beside:  # the last game's move of their rating
            art.blit_text(surface, change, 24, art.GOOD if (row.rating_change or 0) >= 0 else art.DANGER,
                          (drawn.right + gap, cell.top + 18), "midleft", "bold")
        games = ngettext("{count} game", "{count} games", row.games).format(count=row.games)
        wins = ngettext("{count} win", "{count} wins", row.wins).format(count=row.wins)
        points = points_words(row.points)
        stats = f"{points}  ·  {games}  ·  {wins}" if beside or not change else f"{change}  ·  {points}  ·  {games}"
        art.blit_text(surface, stats, 24, art.INK, (cell.centerx, cell.top + 48), "center", "regular",
                      width=width - 24)


def points_words(points: float) -> str:
    """A person's evening points with their unit: "1 pt", "2.5 pts"."""
    return ngettext("{points} pt", "{points} pts", 1 if points == 1 else 2).format(points=show(points))


def _nice_top(value: float) -> float:
    """The top of the scale: four even steps of a round size that reach ``value``."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if value <= step * 4:
            return step * 4
    return value


def line_chart(surface, rect: pygame.Rect, series: list[tuple[str, tuple, list[float]]], title: str) -> None:
    """``series``: (name, colour, running totals after each game). Games along the bottom,
    points up the side, each person's line in their colour with their name at its end."""
    surface.blit(art.panel(rect.size, art.PANEL), rect)
    art.blit_text(surface, title, 34, art.GOLD, (rect.left + 24, rect.top + 16), weight="bold", width=rect.width - 48)
    plot = pygame.Rect(rect.left + 80, rect.top + 70, rect.width - 270, rect.height - 130)
    games = max((len(values) for _name, _colour, values in series), default=0)
    if games == 0:
        art.blit_text(surface, _("No games yet"), 34, art.INK_DIM, plot.center, "center")
        return
    top = _nice_top(max(max(values) for _name, _colour, values in series) or 1)
    for step in range(5):
        value = top * step / 4
        y = plot.bottom - plot.height * step / 4
        pygame.draw.line(surface, art.shade(art.INK_FAINT, 0.6), (plot.left, y), (plot.right, y), 1)
        art.blit_text(surface, i18n.number(value), 24, art.INK_DIM, (plot.left - 12, y), "midright", "regular")
    pygame.draw.line(surface, art.INK_DIM, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surface, art.INK_DIM, plot.bottomleft, plot.topleft, 2)

    def at(game: int, value: float) -> tuple[float, float]:  # game 0 is the start, at 0 points
        return (plot.left + plot.width * game / games, plot.bottom - plot.height * value / top)

    every = max(1, games // 10)
    for game in range(1, games + 1):
        if game % every == 0 or game == games:
            x = at(game, 0)[0]
            art.blit_text(surface, str(game), 24, art.INK_DIM, (x, plot.bottom + 8), "midtop", "regular")
    art.blit_text(surface, _("games"), 22, art.INK_FAINT, (plot.right, plot.bottom + 34), "topright", "regular")
    ends = []
    for name, colour, values in series:
        points = [at(0, 0.0)] + [at(g + 1, v) for g, v in enumerate(values)]
        pygame.draw.lines(surface, colour, False, points, 5)
        for point in points[1:]:
            pygame.draw.circle(surface, colour, point, 7)
        ends.append((points[-1][1], name, colour))
    ends.sort()
    heights = [y for y, _name, _colour in ends]
    for i in range(1, len(heights)):  # names at the lines' ends never overlap
        heights[i] = max(heights[i], heights[i - 1] + 30)
    for y, (_height, name, colour) in zip(heights, ends, strict=True):
        art.blit_text(surface, name, 26, colour, (plot.right + 16, y), "midleft", "bold", width=170)


def bar_chart(surface, rect: pygame.Rect, groups: list[tuple[str, list[tuple[str, tuple, int]]]], title: str) -> None:
    """``groups``: (game name, [(name, colour, wins)]): a cluster of bars per game."""
    surface.blit(art.panel(rect.size, art.PANEL), rect)
    art.blit_text(surface, title, 34, art.GOLD, (rect.left + 24, rect.top + 16), weight="bold", width=rect.width - 48)
    plot = pygame.Rect(rect.left + 60, rect.top + 70, rect.width - 100, rect.height - 140)
    if not groups:
        art.blit_text(surface, _("No games yet"), 34, art.INK_DIM, plot.center, "center")
        return
    top = max(1, max((wins for _label, bars in groups for _name, _colour, wins in bars), default=1))
    pygame.draw.line(surface, art.INK_DIM, plot.bottomleft, plot.bottomright, 2)
    slot = plot.width / len(groups)
    for g, (label, bars) in enumerate(groups):
        width = min(48, (slot - 30) / max(1, len(bars)))
        left = plot.left + g * slot + (slot - width * len(bars)) / 2
        for b, (_name, colour, wins) in enumerate(bars):
            height = plot.height * wins / top
            bar = pygame.Rect(round(left + b * width) + 2, round(plot.bottom - height), max(2, round(width) - 4),
                              max(0, round(height)))
            if wins:
                pygame.draw.rect(surface, colour, bar, border_top_left_radius=6, border_top_right_radius=6)
                art.blit_text(surface, str(wins), 24, art.INK, (bar.centerx, bar.top - 4), "midbottom", "bold")
            else:
                pygame.draw.line(surface, colour, (bar.left, plot.bottom - 2), (bar.right, plot.bottom - 2), 4)
        art.blit_text(surface, label, 24, art.INK_DIM, (plot.left + g * slot + slot / 2, plot.bottom + 12), "midtop",
                      "regular", width=round(slot) - 8)


def sparkline(surface, rect: pygame.Rect, values: Sequence[float], colour) -> None:
    """A rating's last values as a small line, rising to the right when it goes up."""
    if len(values) < 2:
        pygame.draw.line(surface, art.INK_FAINT, rect.midleft, rect.midright, 2)
        return
    low, high = min(values), max(values)
    span = (high - low) or 1
    points = [(rect.left + rect.width * i / (len(values) - 1), rect.bottom - rect.height * (v - low) / span)
              for i, v in enumerate(values)]
    pygame.draw.lines(surface, colour, False, points, 3)
    pygame.draw.circle(surface, art.GOOD if values[-1] >= values[-2] else art.DANGER, points[-1], 5)


def emblem(surface, centre: tuple[int, int], radius: int, kind: int, colour) -> None:
    """A profile's emblem, drawn in code: a disc in its colour with one of eight marks."""
    import math

    x, y = centre
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, art.shade(colour, 0.55), centre, radius, max(2, radius // 8))
    ink = art.NIGHT
    r = radius * 0.55

    def ring(count: int, outer: float, inner: float, turn: float = -math.pi / 2):
        points = []
        for i in range(count * 2):
            length = outer if i % 2 == 0 else inner
            angle = turn + math.pi * i / count
            points.append((x + length * math.cos(angle), y + length * math.sin(angle)))
        return points

    kind %= 8
    if kind == 0:  # star
        pygame.draw.polygon(surface, ink, ring(5, r, r * 0.45))
    elif kind == 1:  # diamond
        pygame.draw.polygon(surface, ink, [(x, y - r), (x + r * 0.7, y), (x, y + r), (x - r * 0.7, y)])
    elif kind == 2:  # triangle
        pygame.draw.polygon(surface, ink, [(x, y - r), (x + r * 0.9, y + r * 0.7), (x - r * 0.9, y + r * 0.7)])
    elif kind == 3:  # crown
        pygame.draw.polygon(surface, ink, [(x - r, y + r * 0.6), (x - r, y - r * 0.5), (x - r * 0.5, y),
                                           (x, y - r * 0.7), (x + r * 0.5, y), (x + r, y - r * 0.5),
                                           (x + r, y + r * 0.6)])
    elif kind == 4:  # moon
        pygame.draw.circle(surface, ink, centre, round(r))
        pygame.draw.circle(surface, colour, (round(x + r * 0.45), round(y - r * 0.2)), round(r * 0.85))
    elif kind == 5:  # bolt
        pygame.draw.polygon(surface, ink, [(x + r * 0.2, y - r), (x - r * 0.6, y + r * 0.15), (x - r * 0.05, y + r * 0.15),
                                           (x - r * 0.25, y + r), (x + r * 0.6, y - r * 0.2), (x + r * 0.05, y - r * 0.2)])
    elif kind == 6:  # sun
        pygame.draw.polygon(surface, ink, ring(8, r, r * 0.6))
    else:  # heart
        pygame.draw.circle(surface, ink, (round(x - r * 0.45), round(y - r * 0.2)), round(r * 0.5))
        pygame.draw.circle(surface, ink, (round(x + r * 0.45), round(y - r * 0.2)), round(r * 0.5))
        pygame.draw.polygon(surface, ink, [(x - r * 0.93, y), (x + r * 0.93, y), (x, y + r)])
