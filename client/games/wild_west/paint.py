"""Drawing the Wild West table (rulings WW-2 to WW-10): the board (this round's six cards,
the deck, the pick timer or who is done), each seat's sheet with its header, its band and
what moves on it, the choices, a seat's pick panel, and what stands over it all (another
seat's sheet, the score sheet at the end). Module functions taking the game table and a
surface; they read only. Only public things are drawn outside a pick panel: who picked
what shows once the picks are revealed."""

import math
from typing import Any, Protocol

import pygame

from client import i18n
from client.games.wild_west import art as ww
from client.games.wild_west import scoresheet, words
from client.games.wild_west.layout import (
    AREA,
    BAND,
    BOARD,
    CARD,
    COMPACT,
    DECK,
    FULL,
    LABEL_BAND,
    ROSTER,
    TIMER_CENTRE,
    TIMER_RADIUS,
    Arrangement,
    Geometry,
    column_rects,
    slots,
)
from client.games.wild_west.state import Pair, Pick, Sheet, Shown, mulligans_left
from client.highscores import Board
from client.i18n import _
from client.table.choices import Choice
from client.table.handle import TableHandle
from client.table.types import Colour, View
from client.ui import art
from engines.wild_west.sheet import ACTION_KIND, MINE, ROW_TILES, writable_tiles
from netplay.language import Words

PAD_ARROWS = ("left", "up", "right")  # columns 1-3 on a gamepad's d-pad; down is the Tumbleweed

# A seat's sheet as drawn (`sheet_image`), kept with what it shows: the sheet, its size and
# mode, the language.
SheetImage = tuple[tuple[str, int, str, Words], pygame.Surface]


class GameReading(Protocol):
    """What drawing reads of the Wild West table (`table.WildWestTable`, which imports this)."""

    table: TableHandle
    shown: Shown
    arrangement: Arrangement
    sheet_images: dict[int, SheetImage]  # the one thing drawing changes: its cache of sheets
    to_beat: list[dict[str, Any]]  # this machine's high scores, under a solo sheet
    high_scores: Board | None

    @property
    def view(self) -> View: ...

    def seat_view(self, seat: int) -> View: ...

    def seconds_left(self) -> float: ...

    def solo_here(self) -> bool: ...

    def seat_colours(self) -> list[Colour]: ...

    def draw_name(self, surface: pygame.Surface, seat: int, pos: tuple[int, int], size: int, width: int,
                  anchor: str = "topleft", colour: Colour | None = None) -> pygame.Rect: ...


# --- the board --------------------------------------------------------------------------------------
def board(game: GameReading, surface: pygame.Surface) -> None:
    view, table = game.view, game.table
    surface.blit(art.panel(BOARD.size, art.PANEL, None, 18, 220), BOARD)
    flips = [table.value(f"flip{i}", 1.0) for i in range(6)]
    pads = any(game.table.seat(seat).is_pad for seat in game.table.local_seats)
    cards(surface, game.shown.dealt or view.get("cards") or [], flips, pads)
    if view.get("phase") == "over":
        return  # the score sheet has the stage
    picks = game.shown.revealed_picks(view)
    if picks:
        table = game.table
        takers(surface, [(pick, table.name(p)[:1], table.colour(p)) for p, pick in enumerate(picks)])
    note = words.mulligans_note(mulligans_left(view)) if view.get("solo") else ""
    deck(surface, view.get("deck_left", 0), table.value("reshuffle", 0.0), note)
    if view.get("timer") and view.get("phase") == "pick":
        timer(surface, game.seconds_left(), view["timer"])
    else:
        roster(game, surface)


def cards(surface: pygame.Surface, faces: list[str], flips: list[float], pads: bool) -> None:
    """The six flipped cards (``flips``: each card's turn, 0 face down .. 1 face up)."""
    back = ww.card_back(CARD)
    for column in range(3):
        top, bottom = column_rects(column)
        label_y = top.bottom + LABEL_BAND // 2
        art.blit_text(surface, f"{column + 1}", 28, art.INK, (top.centerx - (12 if pads else 0), label_y), "center",
                      "bold")
        if pads:
            ww.arrow(surface, PAD_ARROWS[column], (top.centerx + 16, label_y), 16, art.INK_DIM)
        if not faces:
            for rect in (top, bottom):
                pygame.draw.rect(surface, art.shade(art.PANEL, 0.8), rect, border_radius=10)
            continue
        for index, rect, image in ((column, top, ww.action_card(faces[column], CARD)),
                                   (column + 3, bottom, ww.number_card(faces[column + 3], CARD))):
            shown = ww.flipped(image, back, flips[index] if index < len(flips) else 1.0)
            surface.blit(shown, shown.get_rect(center=rect.center))


def deck(surface: pygame.Surface, left: int, reshuffle: float, note: str) -> None:
    """The deck: a few backs, the count, and a shake while it is reshuffled."""
    back = ww.card_back(CARD)
    shake = round(8 * reshuffle * (1 if int(reshuffle * 20) % 2 else -1)) if reshuffle else 0
    for i in range(3, 0, -1):
        surface.blit(back, DECK.move(-i * 3 + (shake if i == 1 else 0), -i * 3))
    art.blit_text(surface, words.deck_count(left), 26, art.INK_DIM, (DECK.centerx - 6, DECK.bottom + 8), "midtop")
    if note:
        for i, line in enumerate(art.wrap(note, 24, 150)[:3]):
            art.blit_text(surface, line, 24, art.GOLD, (DECK.centerx - 6, DECK.bottom + 42 + i * 28), "midtop")


def timer(surface: pygame.Surface, seconds_left: float, total: float,
          centre: tuple[int, int] = TIMER_CENTRE) -> None:
    """WW-10: a clock face emptying as the pick's time runs out, the seconds in it."""
    share = max(0.0, min(1.0, seconds_left / total)) if total else 0.0
    urgent = seconds_left <= 5
    colour = art.DANGER if urgent else art.GOLD
    x, y = centre
    pygame.draw.circle(surface, art.shade(art.PANEL, 0.8), centre, TIMER_RADIUS)
    if share > 0:
        steps = max(2, round(64 * share))
        points = [centre] + [
            (x + (TIMER_RADIUS - 6) * math.sin(share * i / steps * math.tau),
             y - (TIMER_RADIUS - 6) * math.cos(share * i / steps * math.tau))
            for i in range(steps + 1)]
        pygame.draw.polygon(surface, art.shade(colour, 0.55), points)
    pygame.draw.circle(surface, colour, centre, TIMER_RADIUS, 4)
    art.blit_text(surface, f"{max(0, math.ceil(seconds_left))}", 70, art.INK, (x, y - 8), "center", "bold")
    art.blit_text(surface, _(words.SECONDS), 24, art.INK_DIM, (x, y + 38), "center")


def takers(surface: pygame.Surface, picks: list[tuple[Pick, str, Colour]]) -> None:
    """After the reveal: on each number card, a disc per player who took that column
    (``picks``: (pick, initial, colour) per seat)."""
    for column in range(3):
        taken = [(initial, colour) for pick, initial, colour in picks if pick == column]
        bottom = column_rects(column)[1]
        for i, (initial, colour) in enumerate(taken):
            centre = (bottom.left + 16 + (i % 4) * 23, bottom.bottom - 14 - (i // 4) * 23)
            pygame.draw.circle(surface, colour, centre, 11)
            pygame.draw.circle(surface, art.NIGHT, centre, 11, 2)
            art.blit_text(surface, initial, 18, art.NIGHT, centre, "center", "bold")


def roster(game: GameReading, surface: pygame.Surface) -> None:
    """Where the timer stands when there is none, everyone at a glance: every seat as a
    disc with its initial, a tick on those locked in (pick) or done writing."""
    view, table = game.view, game.table
    phase = view.get("phase")
    if game.shown.dealt is not None:
        return  # new cards turn over: who wrote last round is history
    if phase == "pick":
        done = game.shown.locked(view)
    elif phase == "write":
        done = {p for p in range(table.players) if p not in view.get("active", [])}
    else:
        return
    area = ROSTER
    heading = words.roster_heading(phase, len(done), table.players)
    art.blit_text(surface, heading, 24, art.INK_DIM, (area.centerx, area.top + 12), "center", width=area.width)
    for p in range(table.players):
        centre = (area.left + 40 + (p % 3) * 70, area.top + 70 + (p // 3) * 80)
        pygame.draw.circle(surface, table.colour(p), centre, 24)
        pygame.draw.circle(surface, art.NIGHT, centre, 24, 3)
        art.blit_text(surface, table.name(p)[:1], 28, art.NIGHT, centre, "center", "bold")
        if p in done:
            x, y = centre[0] + 18, centre[1] + 18
            pygame.draw.circle(surface, art.GOOD, (x, y), 11)
            pygame.draw.lines(surface, art.NIGHT, False, [(x - 6, y), (x - 1, y + 5), (x + 6, y - 5)], 3)


# --- a seat's sheet -----------------------------------------------------------------------------------
def seat(game: GameReading, surface: pygame.Surface, seat_index: int, rect: pygame.Rect) -> None:
    view = game.view
    sheets = view.get("sheets") or []
    if seat_index >= len(sheets):
        return
    geometry = game.arrangement.sheets[seat_index]
    sheet = sheets[seat_index]
    colour = game.table.colour(seat_index)
    active = seat_index in view.get("active", [])
    surface.blit(sheet_image(game, seat_index, sheet, geometry), geometry.rect)
    pygame.draw.rect(surface, colour if active else art.shade(colour, 0.55), geometry.rect.inflate(6, 6),
                     4 if active else 2, border_radius=max(8, geometry.u // 6 + 3))
    header(game, surface, seat_index, geometry, sheet)
    for item in game.shown.effects:
        if item.get("player") == seat_index:
            scoresheet.draw_effect(surface, geometry, item["fx"], item["event"], game.table.value(item["tween"], 1.0), colour)
    if geometry.mode == FULL:
        band(game, surface, seat_index, rect, sheet)
    if game.table.players == 1 and game.solo_here():
        scoresheet.draw_to_beat(surface, rect, AREA.bottom, game.to_beat)


def sheet_image(game: GameReading, seat_index: int, sheet: Sheet, geometry: Geometry) -> pygame.Surface:
    """Each seat's sheet drawn once per change and kept (only the current one: memory
    stays at one image per seat however long the game)."""
    key = (scoresheet.sheet_key(sheet), geometry.u, geometry.mode, i18n.current())  # a new language: drawn anew
    kept = game.sheet_images.get(seat_index)
    if kept is None or kept[0] != key:
        kept = game.sheet_images[seat_index] = (key, scoresheet.render(sheet, geometry.u, geometry.mode))
    return kept[1]


def header(game: GameReading, surface: pygame.Surface, seat_index: int, geometry: Geometry, sheet: Sheet) -> None:
    """A sheet's live header: the seat's colour, name and total, and (compact) its status."""
    table = game.table
    box = geometry.header_rect()
    size = ww.type_size(max(18, min(40, 0.38 * geometry.u)))
    pygame.draw.rect(surface, table.colour(seat_index), (box.left + 6, box.top + 6, 8, box.height - 8),
                     border_radius=3)
    total = art.blit_text(surface, words.points(sheet["score"]["total"]), size, ww.INK,
                          (box.right - geometry.pad, box.centery + 2), "midright", "bold")
    said, ink = ("", ww.INK) if geometry.mode == FULL else status(game, seat_index, short=True)
    status_width = 0
    if said:  # set smaller, then cut, to leave the name half the header
        small = ww.type_size(size - 4)
        shown = art.blit_text(surface, said, small, ink, (total.left - 12, box.centery + 2), "midright",
                              width=max(40, box.width // 2 - 40))
        status_width = shown.width + 12
    game.draw_name(surface, seat_index, (box.left + 20, box.centery + 2), size,
                    max(40, total.left - box.left - 36 - status_width), "midleft",
                    art.shade(table.colour(seat_index), 0.62))


def status(game: GameReading, seat_index: int, short: bool = False) -> tuple[str, Colour]:
    """A seat's state in a few words and their ink, for everyone to see (never its secret pick)."""
    view = game.view
    phase = view.get("phase")
    if phase == "write" and game.shown.dealt is not None:
        return "", ww.INK  # new cards turn over: last round's writing is done
    revealed = game.shown.revealed_picks(view) or []
    if phase == "pick" and seat_index >= len(revealed):
        if seat_index in game.shown.locked(view):
            return _(words.LOCKED_IN), (40, 120, 60)
        if seat_index in game.shown.missed_now:  # time is up on screen before the reveal's view
            return (_("missed") if short else _(words.MISSED_THE_PICK)), ww.INK_SOFT
        return words.choosing(seat_index in game.table.local_seats), ww.INK_SOFT
    if phase == "pick":  # the reveal (or the time running out) is on screen: what its chip says, not "choosing"
        phase = "write"
    sheet = view["sheets"][seat_index]
    task = sheet.get("task")
    if phase == "write" and task is not None:
        return words.task_words(task), (150, 90, 20)
    if phase == "write":
        picks = game.shown.revealed_picks(view) or []
        pick = picks[seat_index] if seat_index < len(picks) else None
        if pick == "tumbleweed":
            return words.took_tumbleweed(sheet["tumbleweeds"]), ww.INK_SOFT
        if pick == "missed":
            return _(words.MISSED_THE_PICK), ww.INK_SOFT
        return words.took_column(pick, short), ww.INK_SOFT
    return "", ww.INK


def band(game: GameReading, surface: pygame.Surface, seat_index: int, zone: pygame.Rect, sheet: Sheet) -> None:
    """Under a full sheet: the seat's status (its locked-in badge, its step), where its
    peek reminder or pad legend also stands while it picks."""
    table = game.table
    strip = pygame.Rect(zone.left, zone.bottom - BAND + 4, zone.width, BAND - 4)
    colour = table.colour(seat_index)
    surface.blit(art.panel(strip.size, art.PANEL, art.shade(colour, 0.8), 12, 235), strip)
    said, ink = status(game, seat_index)
    hinting = seat_index in table.local_seats and any(c.private for c in table.choices(seat_index)) \
        and not table.seat(seat_index).panel_open
    if said == _(words.LOCKED_IN):
        image = ww.popped(ww.locked_badge(said), min(1.15, table.value(f"lock{seat_index}", 1.0)))
        surface.blit(image, image.get_rect(center=strip.center))
    elif not hinting and said:
        words_box = strip.copy()
        chip = reveal_chip(game, surface, seat_index, strip)
        if chip is not None:  # the words stand beside the revealed pick's chip, not under it
            words_box.left = chip.right + 6
            words_box.width = strip.right - words_box.left
        art.blit_text(surface, said, 28, art.mix(ink, art.INK, 0.7), words_box.center, "center",
                      width=words_box.width - 24)
        return
    reveal_chip(game, surface, seat_index, strip)


def reveal_chip(game: GameReading, surface: pygame.Surface, seat_index: int, strip: pygame.Rect) -> pygame.Rect | None:
    """A seat's revealed pick on a chip that turns over like a card; where it stands (None: no pick shown)."""
    picks = game.shown.revealed_picks(game.view) or []
    if seat_index >= len(picks):
        return None
    table = game.table
    turn = min(1.0, table.value(f"reveal{seat_index}", 1.0))
    chip = pygame.Rect(strip.left + 10, strip.top + 6, 150, strip.height - 12)
    face = ww.pick_chip(words.chip_words(picks[seat_index]), chip.size, table.colour(seat_index))
    if turn < 1:  # it turns over like a card: the back narrows, the face widens
        face = ww.flipped(face, ww.pick_chip("", chip.size, table.colour(seat_index)), turn)
    surface.blit(face, face.get_rect(center=chip.center))
    return chip


# --- choices and the pick panel -------------------------------------------------------------------------
def choice(game: GameReading, surface: pygame.Surface, seat_index: int, item: Choice, focused: bool) -> None:
    """A pick in the panel, a button, or a tile's ring with what the step would put there."""
    kind, colour = item.data, game.table.colour(seat_index)
    if isinstance(kind, int) or (kind is None and item.private):
        view = game.view
        slot(surface, item.rect, kind, item.label, view.get("cards") or [], view.get("columns") or [],
             colour if focused else None)
        return
    geometry = game.arrangement.sheets[seat_index]
    if kind in ("park", "upgrade") and (kind == "park" or geometry.mode != FULL):
        surface.blit(art.panel(item.rect.size, art.PANEL_HI, colour if focused else None, 12), item.rect)
        art.blit_text(surface, item.label, 28, art.INK, item.rect.center, "center", width=item.rect.width - 12)
        return
    pygame.draw.rect(surface, colour, item.rect.inflate(2, 2), 3, border_radius=max(3, geometry.u // 10))
    if not focused:
        return
    action = item.action
    sheet = game.view["sheets"][seat_index]
    task = sheet.get("task") or {}
    if kind == "write":
        centre = geometry.parts(action["row"], action["col"])[0]
        ghost = ww.centre_image(ACTION_KIND.get(task.get("action") or "", "R"), task.get("value") or 1,
                                centre.size, geometry.u, 150)
        surface.blit(ghost, centre)
    elif kind == "track":
        bottom = geometry.parts(action["row"], action["col"])[1]
        ww.rails(surface, bottom.inflate(-max(2, geometry.u // 14), -max(2, geometry.u // 20)), colour, True)
    elif kind == "grave":
        right = geometry.parts(action["row"], action["col"])[2]
        ww.grave(surface, right.inflate(-2, -2), colour)
    elif kind == "upgrade":
        boxes = geometry.upgrade_boxes(action["size"])
        ww.ring(surface, boxes[min(3, sheet["upgrades"][action["size"] - 1] + 1)], colour, 3)


def slot(surface: pygame.Surface, rect: pygame.Rect, column: int | None, label: str, faces: list[str],
         columns: list[Pair], colour: Colour | None) -> None:
    """One place of the pick panel (WW-3): the column's two cards and its pair, or a
    Tumbleweed (``column`` None); ``colour`` rings the focused one."""
    surface.blit(art.panel(rect.size, art.PANEL_HI, colour, 12), rect)
    if column is None:
        ww.tumbleweed(surface, (rect.centerx, rect.centery - 14), min(rect.width, rect.height) * 0.26, 0.4)
    elif len(faces) == 6:
        size = (round(rect.height * 0.52), round(rect.height * 0.56))
        top, bottom = ww.action_card(faces[column], size), ww.number_card(faces[column + 3], size)
        surface.blit(top, top.get_rect(midright=(rect.centerx - 3, rect.centery - 12)))
        surface.blit(bottom, bottom.get_rect(midleft=(rect.centerx + 3, rect.centery - 12)))
    said = label if column is None else words.slot_label(column, columns[column])
    art.blit_text(surface, said, 24, art.INK, (rect.centerx, rect.bottom - 16), "center", width=rect.width - 10)


def private(game: GameReading, surface: pygame.Surface, seat_index: int, rect: pygame.Rect,
            choices: list[Choice]) -> None:
    """The pick panel around its choices, drawn only inside the panel, which only that seat
    sees: a column that fits nowhere on the seat's sheet greyed, what was picked, and under
    them the seat's own sheet with the tiles where the focused pair would go."""
    view = game.seat_view(seat_index)
    if view.get("phase") != "pick":
        return
    focus = game.table.seat(seat_index).focus_in(choices) if choices else None
    offered = {c.data for c in choices}
    focus_column = None if focus is None else choices[focus].data
    places = slots(rect)
    mine = view.get("picks", {}).get("mine", "none")
    columns = view.get("columns") or []
    if offered:
        for column in range(min(3, len(columns))):
            if column not in offered:
                place = places[column]
                surface.blit(art.panel(place.size, (40, 34, 38), None, 12), place)
                art.blit_text(surface, words.slot_label(column, columns[column]), 24, art.INK_FAINT,
                              (place.centerx, place.centery - 12), "center", width=place.width - 10)
                art.blit_text(surface, _(words.FITS_NOWHERE), 24, art.INK_FAINT, (place.centerx, place.centery + 22),
                              "center", width=place.width - 10)
    elif mine != "none":
        art.blit_text(surface, words.you_picked(mine, columns), 32, art.GOLD, (rect.centerx, places[0].top + 40),
                      "center", width=rect.width - 40)
    previewed = focus_column if offered else (mine if isinstance(mine, int) else None)
    top = max(place.bottom for place in places) + 14
    area = pygame.Rect(rect.left + 16, top, rect.width - 32, rect.bottom - top - 12)
    sheets = view.get("sheets") or []
    if area.height > 60 and seat_index < len(sheets):
        pair = columns[previewed] if isinstance(previewed, int) and previewed < len(columns) else None
        fit_preview(surface, area, sheets[seat_index], pair)


def fit_preview(surface: pygame.Surface, area: pygame.Rect, sheet: Sheet, pair: Pair | None) -> None:
    """The seat's sheet, small, with a gold ring on every tile where ``pair`` fits (WW-4)."""
    geometry = Geometry.fit(area, COMPACT)
    surface.blit(scoresheet.body(sheet, geometry.u, COMPACT), geometry.rect)
    if pair is None:
        art.blit_text(surface, _(words.YOUR_SHEET), 24, ww.INK, geometry.header_rect().center, "center")
        return
    values = [tile["value"] or 0 for row in sheet["rows"] for tile in row]
    fits = writable_tiles(values, pair["value"], pair["action"] == MINE)
    for t in fits:
        row = next(r for r, tiles in enumerate(ROW_TILES) if t in tiles)
        tile = geometry.tile(row, t - ROW_TILES[row][0])
        pygame.draw.rect(surface, art.GOLD, tile.inflate(2, 2), 3, border_radius=4)
    art.blit_text(surface, words.fits(pair, len(fits)), 24, ww.INK, geometry.header_rect().center, "center",
                  width=geometry.rect.width - 16)


# --- over everything -----------------------------------------------------------------------------------
def overlay(game: GameReading, surface: pygame.Surface) -> None:
    """The score sheet at the end; before it, another seat's sheet a seat is looking at."""
    if game.shown.end_shown:
        end(game, surface)
        return
    looking, table = game.shown.looking, game.table
    if looking is None or looking["by"] not in game.arrangement.zones:
        return
    zone = game.arrangement.zones[looking["by"]]
    sheets = game.view.get("sheets") or []
    if looking["at"] >= len(sheets):
        return
    surface.blit(art.panel(zone.inflate(12, 12).size, art.NIGHT, table.colour(looking["at"]), 16, 250),
                 zone.inflate(12, 12))
    caption = pygame.Rect(zone.left, zone.bottom - 44, zone.width, 40)
    geometry = Geometry.fit(pygame.Rect(zone.left, zone.top, zone.width, zone.height - 46), FULL)
    sheet = sheets[looking["at"]]
    surface.blit(scoresheet.body(sheet, geometry.u, FULL), geometry.rect)
    header(game, surface, looking["at"], geometry, sheet)
    art.blit_text(surface, words.looking_caption(table.name(looking["by"]), table.name(looking["at"])), 26,
                  art.INK_DIM, caption.center, "center", width=caption.width - 20)


def end(game: GameReading, surface: pygame.Surface) -> None:
    """The score sheet filling in, and alone the high-score table beside it."""
    event, table = game.shown.final, game.table
    assert event is not None  # the score sheet is up (`end_shown`) only once the game_over event is kept
    heading = words.game_over(words.reason_text(event["reason"], game.view.get("sheets", []), table.name))
    progress = table.value("score", 1.0)
    area = AREA.inflate(0, 8)
    side = None
    surface.blit(art.panel(area.size, art.NIGHT, None, 18, 255), area)  # the sheets under it stay hidden
    if game.high_scores is not None:
        side = pygame.Rect(area.right - 520, area.top, 520, area.height)
        area.width -= 540
    scoresheet.draw(surface, area, heading, list(table.model.names), game.seat_colours(), event["scores"],
                    event["winners"], progress)
    if side is not None:
        scoresheet.draw_highscores(surface, side, game.high_scores, event["totals"][0])
