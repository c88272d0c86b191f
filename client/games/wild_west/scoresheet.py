"""The end of a game (WW-7, WW-8): why it ended, and a score sheet like the paper one,
filled in line by line: parks and track per row, each kind's groups with their
upgrades, churches with their graves, minus Tumbleweeds and Aces, the totals. Alone,
the high-score table stands beside it with the new score's place."""

import pygame

from client import art, highscores
from client.games.wild_west import art as ww
from client.table.game import and_list

GROUP_KINDS = (("R", "Ranch groups (sizes)"), ("S", "Saloon groups (sizes)"), ("C", "Church groups (sizes)"))
REASONS = {  # WW-7, with who did it
    "tumbleweeds": "{who} took a third Tumbleweed",
    "full_sheet": "{who} filled the whole sheet",
    "mines": "{who} filled every mine tile",
    "tracks": "the extra round brought no new completed track",
}


def reason_text(reason: str | None, sheets: list[dict], name) -> str:
    """The game-end reason in words, naming who caused it (WW-7)."""
    def full(sheet):
        return all(tile["value"] for row in sheet["rows"] for tile in row)

    def mines(sheet):
        return all(tile["value"] for row in sheet["rows"] for tile in row if tile["mine"])

    test = {"tumbleweeds": lambda s: s["tumbleweeds"] >= 3, "full_sheet": full, "mines": mines}.get(reason)
    who = [name(p) for p, sheet in enumerate(sheets) if test is not None and test(sheet)]
    return REASONS.get(reason, "the game is over").format(who=and_list(who) if who else "a player")


def lines(scores: list[dict]) -> list[tuple[str, list[str], str]]:
    """(label, one value per player, style) for each line of the score sheet; styles:
    ``row`` a line of a part, ``part`` a part's sum, ``minus`` a penalty, ``total``."""
    out: list[tuple[str, list[str], str]] = []
    for r in range(4):
        out.append((f"Parks, row {r + 1}", [str(s["parks_by_row"][r]) for s in scores], "row"))
    out.append(("Parks", [str(s["parks"]) for s in scores], "part"))
    for r in range(4):
        out.append((f"Track, row {r + 1}", [str(s["tracks_by_row"][r]) for s in scores], "row"))
    out.append(("Track", [str(s["tracks"]) for s in scores], "part"))
    for kind, label in GROUP_KINDS:
        values = []
        for s in scores:
            groups = [g for g in s["group_list"] if g["kind"] == kind]
            points = sum(g["points"] for g in groups)
            sizes = ", ".join(str(g["size"]) for g in groups)
            values.append(f"{points}  ({sizes})" if groups else "0")
        out.append((label, values, "row"))
    out.append(("Groups", [str(s["groups"]) for s in scores], "part"))
    out.append(("Churches", [f"{s['churches']}  ({sum(c['graves'] for c in s['church_list'])} graves)"
                             if s["church_list"] else "0" for s in scores], "part"))
    out.append(("Tumbleweeds", [f"-{s['tumbleweeds']}" for s in scores], "minus"))
    out.append(("Aces", [f"-{s['aces']}" for s in scores], "minus"))
    out.append(("Total", [str(s["total"]) for s in scores], "total"))
    return out


def draw(surface, rect: pygame.Rect, heading: str, names: list[str], colours: list, scores: list[dict],
         winners: list[int], progress: float, side: pygame.Rect | None = None) -> None:
    """The sheet in ``rect``; ``progress`` 0..1 fills it in line by line."""
    pygame.draw.rect(surface, ww.PAPER, rect, border_radius=18)
    pygame.draw.rect(surface, ww.INK_SOFT, rect, 4, border_radius=18)
    art.blit_text(surface, heading, 40, ww.INK, (rect.centerx, rect.top + 30), "center", "bold",
                  width=rect.width - 40)
    rows = lines(scores)
    label_width = 330
    column = min(250, (rect.width - label_width - 40) // max(1, len(names)))
    left = rect.centerx - (label_width + column * len(names)) // 2
    right = left + label_width + column * len(names)
    top = rect.top + 64
    line_height = min(36, (rect.bottom - top - 14) // (len(rows) + 1))
    size = max(18, line_height - 8)
    for p, name in enumerate(names):
        centre = left + label_width + column * p + column // 2
        art.blit_text(surface, name, size + 2, art.shade(colours[p], 0.7), (centre, top + line_height // 2),
                      "center", "bold", width=column - 10)
    shown = progress * len(rows)
    for i, (label, values, style) in enumerate(rows):
        y = top + (i + 1) * line_height
        if style in ("part", "total"):
            pygame.draw.line(surface, ww.INK_FAINT, (left, y), (right, y), 1)
        colour = ww.INK if style != "row" else ww.INK_SOFT
        weight = "bold" if style in ("part", "total") else "semibold"
        art.blit_text(surface, label, size, colour, (left + 8, y + line_height // 2), "midleft", weight)
        if i >= shown:
            continue
        for p, value in enumerate(values):
            centre = (left + label_width + column * p + column // 2, y + line_height // 2)
            if style == "total" and p in winners:
                ww.star(surface, (centre[0] - column // 2 + 16, centre[1]), 12, art.GOLD)
            ink = art.DANGER if style == "minus" and value != "-0" else colour
            art.blit_text(surface, value, size + (4 if style == "total" else 0), ink, centre, "center", weight,
                          width=column - 8)


def draw_highscores(surface, rect: pygame.Rect, board, score: int) -> None:
    """The solo high-score table (`client.highscores.Board`), the new score marked."""
    surface.blit(art.panel(rect.size, art.PANEL, art.GOLD, 18, 255), rect)
    art.blit_text(surface, "High scores", 40, art.GOLD, (rect.centerx, rect.top + 30), "center", "bold")
    entries = board.entries if board is not None else []
    y = rect.top + 70
    for i, (place, entry) in enumerate(zip(highscores.places(entries), entries, strict=True)):
        mark = board.place == i + 1
        if mark:
            surface.blit(art.panel((rect.width - 24, 36), art.PANEL_HI, art.GOLD, 10), (rect.left + 12, y - 2))
        colour = art.GOLD if mark else art.INK
        art.blit_text(surface, f"{place}.", 28, colour, (rect.left + 50, y + 16), "midright")
        art.blit_text(surface, entry["name"], 28, colour, (rect.left + 62, y + 16), "midleft", width=rect.width - 180)
        art.blit_text(surface, str(entry["score"]), 28, colour, (rect.right - 24, y + 16), "midright", "bold")
        y += 38
    if board is None:
        words = "Keeping score..."
    elif board.place is not None:
        words = f"Your {score} takes place {board.rank}!"
    elif board.problem and not entries:
        words = "The table could not be kept this time."
    else:
        words = f"Your {score} is not in the best {len(entries)}."
    art.blit_text(surface, words, 28, art.INK, (rect.centerx, rect.bottom - 28), "center", width=rect.width - 24)


def draw_to_beat(surface, zone: pygame.Rect, bottom: int, entries: list[dict]) -> None:
    """Solo: the best scores so far under the sheet (``zone``), as many as fit above ``bottom``."""
    lines = min(len(entries), (bottom - zone.bottom - 84) // 34)
    box = pygame.Rect(zone.left, zone.bottom + 20, min(zone.width, 760), 60 + 34 * lines + (16 if lines else 0))
    if box.bottom > bottom:
        return
    surface.blit(art.panel(box.size, art.PANEL, None, 16, 220), box)
    if not entries:
        art.blit_text(surface, "Solo: no high score yet. Set the first one!", 30, art.GOLD,
                      (box.left + 24, box.top + 30), "midleft", width=box.width - 48)
        return
    art.blit_text(surface, "High scores to beat", 30, art.GOLD, (box.left + 24, box.top + 30), "midleft", "bold")
    for i, entry in enumerate(entries[:lines]):
        y = box.top + 70 + i * 34
        art.blit_text(surface, f"{i + 1}.  {entry['name']}", 28, art.INK, (box.left + 30, y), "midleft",
                      width=box.width - 160)
        art.blit_text(surface, str(entry["score"]), 28, art.INK, (box.right - 30, y), "midright", "bold")
