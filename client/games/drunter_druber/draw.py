"""Everything the Drunter & Drüber table draws: the town and what moves on it, the seat
zones, the vote tray, the choices, the private panels and the finale. Reads the table's
views and the game table's animation state; changes nothing.

Secrets (DD-9) are drawn only in ``private``, from the seat's own view, inside the seat's
open panel; everything else reads the shared view, so the shared screen is the same
whatever a seat holds or is choosing.
"""

import math

import pygame

from client import art
from client.games.drunter_druber import art as dart
from client.games.drunter_druber import scoring
from client.games.drunter_druber import town as T
from client.games.drunter_druber.layout import FINALE_INTRO, FINALE_PER_SEAT, STRETCH_BOX, TRAY
from client.tween import ease_out_back, ease_out_cubic
from engines.drunter_druber.board import KINDS, STRETCH_KIND, STRETCHES
from engines.drunter_druber.rules import PEOPLE, SIZE_NAMES, count_votes

HAND_UNIT = 26  # a cell of a tile in a hand


class Drawing:
    def __init__(self, game):
        self.game = game
        self.painter = T.BoardPainter()
        self._seats: dict[int, tuple] = {}  # seat -> (what its zone showed, the picture of it)

    @property
    def table(self):
        return self.game.table

    @property
    def view(self) -> dict:
        return self.game.view

    # --- seat zone geometry ---------------------------------------------------------------
    def parts(self, seat: int, zone: pygame.Rect | None = None) -> dict:
        zone = self.table.layout.seats[seat] if zone is None else zone
        lower = pygame.Rect(zone.left + 16, zone.top + 84, zone.width - 32, zone.height - 92)
        hand = pygame.Rect(lower.left, lower.top, 440, lower.height)
        people = pygame.Rect(hand.right + 14, lower.top, lower.right - hand.right - 14, lower.height)
        return {"zone": zone, "hand": hand, "people": people}

    def hand_entry(self, seat: int, kind: str, size: int, zone: pygame.Rect | None = None) -> pygame.Rect:
        """Where the tiles of ``kind`` and ``size`` stand in the seat's hand (with their count)."""
        hand = self.parts(seat, zone)["hand"]
        row = hand.height / 3
        top = hand.top + KINDS.index(kind) * row
        x = hand.left + 74 + sum(s * HAND_UNIT + 52 for s in range(1, size))
        return pygame.Rect(x - 4, round(top), size * HAND_UNIT + 50, round(row))

    # --- the board ------------------------------------------------------------------------
    def board(self, surface) -> None:
        game = self.game
        surface.blit(self.painter.image(game.shown_tiles()), T.FRAME.topleft)
        self.vote_marks(surface)
        self.landing(surface)
        self.dock_marks(surface)
        self.barriers(surface)
        self.tokens(surface)
        self.finale_lights(surface)
        self.stretch_box(surface)
        if game.finale is not None:
            self.finale_words(surface)
        elif self.tray_shown():
            self.tray(surface)
        else:
            self.legend(surface)

    def vote_marks(self, surface) -> None:
        """While a vote runs, the tile voted on pulses and its toilets stand on top of it."""
        tray = self.game.tray
        if tray is None or not self.tray_shown():
            return
        result = tray.get("result")
        if result is not None and result["stays"]:
            return  # the toilets are covered for good
        vote = self.view.get("vote")
        land = self.game.landing
        cells = vote["tile"] if vote else land["tile"]["cells"] if land else []
        if cells and result is None:
            glow = 0.5 + 0.5 * math.sin(self.table.clock * 6)
            rect = T.cells_rect([tuple(c) for c in cells]).inflate(6, 6)
            pygame.draw.rect(surface, art.mix(art.GOLD, art.INK, glow), rect, width=4, border_radius=10)
        for cell in tray["toilets"]:
            dart.toilet_cell(surface, T.cell_rect(cell).inflate(-10, -10))

    def landing(self, surface) -> None:
        land = self.game.landing
        if land is None:
            return
        p = self.table.anim.get("land", 1.0)
        tile = land["tile"]
        cells = tuple(tuple(c) for c in tile["cells"])
        image = T.lone_tile(T.look(tile), cells, land["entry"])
        rect = T.cells_rect(list(cells))
        scale = 1.35 - 0.35 * ease_out_back(p)
        if p < 1.0:
            size = (max(1, round(rect.width * scale)), max(1, round(rect.height * scale)))
            shadow = pygame.Surface(size, pygame.SRCALPHA)
            shadow.fill((0, 0, 0, round(90 * (1 - p))))
            lift = round(16 * (1 - p))
            surface.blit(shadow, shadow.get_rect(center=(rect.centerx + lift, rect.centery + lift)))
            scaled = pygame.transform.smoothscale(image, size)
            scaled.set_alpha(round(150 + 105 * min(1.0, p * 1.6)))
            surface.blit(scaled, scaled.get_rect(center=rect.center))
            if p > 0.45:  # a puff of dust where it lands
                t = (p - 0.45) / 0.55
                for i in range(10):
                    angle = i * math.tau / 10
                    reach = 0.5 + 0.5 * t
                    x = rect.centerx + math.cos(angle) * (rect.width / 2 + 6) * reach
                    y = rect.centery + math.sin(angle) * (rect.height / 2 + 6) * reach
                    pygame.draw.circle(surface, art.shade(dart.KIND_COLOURS[tile["kind"]], 1.2), (x, y),
                                       max(1, round(5 * (1 - t))))
        else:
            surface.blit(image, rect)

    def dock_marks(self, surface) -> None:
        """Where the picked tile can dock, for the seat choosing its place."""
        for seat in self.table.choosers:
            docks = {choice.data[2][0] for choice in self.table.live.get(seat, [])
                     if choice.data and choice.data[0] == "place"}
            colour = self.table.colour(seat)
            for cell in docks:
                rect = T.cell_rect(cell).inflate(-6, -6)
                mark = pygame.Surface(rect.size, pygame.SRCALPHA)
                mark.fill((*colour, 60))
                surface.blit(mark, rect)
                pygame.draw.rect(surface, colour, rect, width=2, border_radius=6)

    def closed_cells(self) -> dict:
        """Each closed stretch and the cell its barrier stands on (its last end, DD-5)."""
        out = {}
        tiles = self.game.shown_tiles()
        for stretch in self.view.get("closed", []):
            mine = [t for t in tiles if t["stretch"] == stretch]
            out[stretch] = tuple(mine[-1]["cells"][-1]) if mine else T.START_XY[stretch]
        return out

    def barriers(self, surface) -> None:
        for stretch, cell in {**self.closed_cells(), **self.game.closing}.items():
            grow = self.table.anim.get(f"close{stretch}", 1.0)
            size = max(4, round(52 * ease_out_back(min(1.0, grow))))
            rect = T.cell_rect(cell)
            dart.barrier(surface, (rect.centerx, rect.centery + 14), size)

    def tokens(self, surface) -> None:
        tokens = self.game.tokens()
        land = self.game.landing
        for stretch in STRETCHES:
            cell = tokens.get(stretch)
            if cell is None:
                continue
            centre = T.cell_rect(cell).center
            if land is not None and land["tile"]["stretch"] == stretch and land.get("from") is not None:
                p = min(1.0, max(0.0, (self.table.anim.get("land", 1.0) - 0.3) / 0.7))
                start = T.cell_rect(land["from"]).center
                centre = (start[0] + (centre[0] - start[0]) * ease_out_cubic(p),
                          start[1] + (centre[1] - start[1]) * ease_out_cubic(p))
            image = dart.token_image(stretch, STRETCH_KIND[stretch], 50)
            surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))

    def stretch_box(self, surface) -> None:
        box = STRETCH_BOX
        surface.blit(art.panel(box.size, art.PANEL), box)
        closed = set(self.view.get("closed", [])) | set(self.game.closing)
        for i, stretch in enumerate(STRETCHES):
            y = box.top + 12 + i * 30
            image = dart.token_image(stretch, STRETCH_KIND[stretch], 28)
            surface.blit(image, (box.left + 12, y))
            art.blit_text(surface, dart.STRETCH_NAMES[stretch], 26, art.INK, (box.left + 48, y + 14), "midleft")
            if stretch in closed:
                art.blit_text(surface, "closed", 24, art.DANGER, (box.right - 14, y + 14), "midright")
            else:
                art.blit_text(surface, "open", 24, art.INK_FAINT, (box.right - 14, y + 14), "midright")

    # --- the band under the board: the vote tray, the legend, the finale's words -------------
    def band(self) -> pygame.Rect:
        """The band under the board, less the part a lone seat's always-open card panel takes."""
        table = self.table
        if table.solo:
            seat = next(iter(table.choosers))
            if table.panel_open(seat) and not any(c.private for c in table.live.get(seat, [])):
                panel = self.game.private_rect(seat, 0)
                return pygame.Rect(TRAY.left, TRAY.top, panel.left - 10 - TRAY.left, TRAY.height)
        return TRAY.copy()

    def tray_shown(self) -> bool:
        tray = self.game.tray
        if tray is None:
            return False
        return tray["result"] is None or self.table.anim.running("tally")

    def tray(self, surface) -> None:
        tray, name = self.game.tray, self.table.name
        box = self.band()
        surface.blit(art.panel(box.size, (40, 34, 44), art.GOLD, 16, 240), box)
        tiles = [t for t in self.view.get("tiles", [])]
        tile = (self.game.landing or {}).get("tile") or (tiles[-1] if tiles else None)
        what = f"{SIZE_NAMES[tile['size']]}" if tile else "tile"
        kind = tile["kind"] if tile else ""
        title = f"Toilet vote on {name(tray['placer'])}'s {kind} {what}"
        if box.width > 900:
            title += ": yes keeps it, no sends it back"
        art.blit_text(surface, title, 28, art.GOLD, (box.left + 20, box.top + 12), weight="bold", width=box.width - 40)
        order = tray["order"]
        area = pygame.Rect(box.left + 14, box.top + 50, box.width - 310, box.height - 60)
        width = area.width // max(1, len(order))
        active = self.view.get("active", []) if self.view.get("phase") in ("vote", "jein") else []
        anim = self.table.anim
        flip = anim.get("flip", 1.0)
        for i, seat in enumerate(order):
            column = pygame.Rect(area.left + i * width, area.top, width - 8, area.height)
            art.blit_text(surface, name(seat), 26, self.table.colour(seat), (column.left + 6, column.top),
                          weight="bold", width=column.width - 8)
            cards = tray["cards"][seat] if tray["cards"] else None
            count = len(cards) if cards else tray["counts"].get(seat)
            spot = pygame.Rect(column.left + 6, column.top + 34, column.width - 12, column.height - 36)
            if count is None:
                words = "choosing..." if seat in active else "waiting"
                art.blit_text(surface, words, 24, art.INK_DIM if seat in active else art.INK_FAINT, spot.midleft,
                              "midleft")
                continue
            drop = self.table.anim.get(f"down{seat}", 1.0)
            pop = f"jein{seat}"  # a Jein just declared swells for a moment
            swell = 1 + 0.3 * math.sin(math.pi * (anim.progress(pop) or 0.0)) if anim.running(pop) else 1.0
            self.card_fan(surface, spot, count, cards, flip, tray["jein"].get(seat), drop, swell)
        self.tally(surface, pygame.Rect(box.right - 290, box.top + 12, 276, box.height - 24))

    def card_fan(self, surface, spot: pygame.Rect, count: int, cards, flip: float, side, drop: float,
                 swell: float = 1.0) -> None:
        """``count`` cards put down: backs, or faces once revealed (turning over with ``flip``)."""
        w, h = 56, 76
        step = min(w + 6, (spot.width - w) // max(1, count - 1)) if count > 1 else 0
        lift = round((1 - ease_out_cubic(drop)) * -30)
        for i in range(count):
            x = spot.left + i * step
            if cards is None or flip < 0.5:
                image = dart.people_card("blank", w, h, face=False)
            else:
                card = cards[i]
                image = dart.people_card(card, w, h, side=side if card == "jein" else None)
            squeeze = abs(math.cos(math.pi * flip)) if cards is not None and flip < 1.0 else 1.0
            if squeeze < 1.0:
                image = pygame.transform.smoothscale(image, (max(1, round(w * squeeze)), h))
            elif swell > 1.0 and cards is not None and cards[i] == "jein":
                image = pygame.transform.smoothscale(image, (round(w * swell), round(h * swell)))
            surface.blit(image, image.get_rect(midtop=(x + w // 2, spot.top + lift)))
            if cards is not None and flip >= 0.5 and cards[i] == "jein" and side is not None:
                art.blit_text(surface, f"= {side}", 22, art.INK, (x + w // 2, spot.top + h + 2), "midtop")

    def tally(self, surface, box: pygame.Rect) -> None:
        tray = self.game.tray
        surface.blit(art.panel(box.size, art.PANEL), box)
        if not tray["cards"]:
            done = len(tray["counts"])
            art.blit_text(surface, "cards down", 26, art.INK_DIM, (box.centerx, box.top + 26), "center")
            art.blit_text(surface, f"{done} of {len(tray['order'])} voters", 30, art.INK,
                          (box.centerx, box.top + 64), "center")
            art.blit_text(surface, "face down until all have", 22, art.INK_FAINT, (box.centerx, box.top + 104),
                          "center")
            return
        result = tray["result"]
        if result is not None:
            yes, no = result["yes"], result["no"]
        else:
            sides = [tray["jein"].get(seat) for seat in range(len(tray["cards"]))]
            yes, no = count_votes(tray["cards"], sides)
        art.blit_text(surface, f"Yes {yes}", 40, dart.YES_GREEN, (box.left + 20, box.top + 34), "midleft",
                      weight="bold")
        art.blit_text(surface, f"No {no}", 40, dart.NO_RED, (box.right - 20, box.top + 34), "midright",
                      weight="bold")
        if result is None:
            art.blit_text(surface, "Jein still to declare", 24, art.INK_DIM, (box.centerx, box.top + 88), "center")
            return
        grow = ease_out_back(min(1.0, self.table.anim.get("tally", 1.0) * 6))
        words = f"Yes wins {yes}:{no}" if result["stays"] else f"No wins {no}:{yes}"
        art.blit_text(surface, words, max(8, round(44 * grow)), art.GOLD, (box.centerx, box.top + 86), "center",
                      weight="bold")
        fate = "the tile stays" if result["stays"] else f"back to {self.table.name(result['placer'])}"
        art.blit_text(surface, fate, 26, art.INK, (box.centerx, box.top + 128), "center", width=box.width - 16)

    def legend(self, surface) -> None:
        """What the town's symbols mean, for a first game on the couch."""
        box = self.band()
        surface.blit(art.panel(box.size, art.PANEL, None, 16, 200), box)
        wide = box.width > 900
        per_row = 6 if wide else 3
        width = (box.width - 40) // per_row
        for i, kind in enumerate(dart.TYPE_COLOURS):
            cell = pygame.Rect(box.left + 20 + (i % per_row) * width, box.top + 12 + (i // per_row) * 54, 48, 48)
            dart.building_cell(surface, cell, kind, i % 5 + 1)
            art.blit_text(surface, dart.TYPE_NAMES[kind], 26, art.INK_DIM, (cell.right + 8, cell.centery), "midleft",
                          width=width - 62)
        row = box.top + (80 if wide else 120)
        dart.toilet_cell(surface, pygame.Rect(box.left + 16, row, 56, 56))
        art.blit_text(surface, "toilet: covering one calls a vote", 26, art.INK_DIM, (box.left + 80, row + 28),
                      "midleft", width=box.width // 2 - 90)
        image = dart.token_image("street", "street", 44)
        half = box.left + box.width // 2
        surface.blit(image, (half, row + 6))
        art.blit_text(surface, "a stretch's end: tiles dock next to it", 26, art.INK_DIM, (half + 52, row + 28),
                      "midleft", width=box.right - half - 66)
        if wide:
            art.blit_text(surface, "The middle of a triple is a bridge: a stretch may pass under it.  Hold your peek "
                          "button to see your own building card.", 24, art.INK_FAINT, (box.centerx, box.bottom - 16),
                          "midbottom", width=box.width - 30)

    # --- seats ----------------------------------------------------------------------------
    def seat(self, surface, seat: int, zone: pygame.Rect) -> None:
        """The seat's zone: a picture remade only when what it shows changes, then what moves
        on it (a pass stamped, a lock flashing, the finale's cards and points)."""
        table, view, game = self.table, self.view, self.game
        people = tuple(view.get("people", [[]] * (seat + 1))[seat])
        hands = view.get("hands", [])
        hand = hands[seat] if seat < len(hands) else {}
        label = table.seat_label(seat)
        if seat in table.choosers and not table.solo and not game.prompting(seat):
            label += f"   hold {table.peek_button(seat)} to see your card"
        show_hand = not game.prompting(seat) and not any(c.data and c.data[0] == "jein" for c in table.live.get(seat, []))
        status = self.seat_status(seat)
        key = (zone.size, seat in view.get("active", []) and view.get("phase") != "over", table.colour(seat),
               table.name(seat), label, status, people, tuple((k, tuple(v)) for k, v in sorted(hand.items())),
               self.picked_tile(seat), show_hand, view.get("card_counts", [1] * (seat + 1))[seat],
               game.finale is not None)
        cached = self._seats.get(seat)
        if cached is None or cached[0] != key:
            picture = art.background("table").subsurface(zone).copy()
            self.paint_seat(picture, seat, pygame.Rect((0, 0), zone.size), key)
            cached = (key, picture.convert() if pygame.display.get_surface() else picture)
            self._seats[seat] = cached
        surface.blit(cached[1], zone)
        if game.finale is not None:
            self.seat_cards(surface, seat, zone)
        self.seat_stamps(surface, seat, self.parts(seat))

    def paint_seat(self, surface, seat: int, zone: pygame.Rect, key: tuple) -> None:
        """The still part of a seat's zone, drawn at ``zone`` (its own picture's rect)."""
        _, active, colour, _, label, (status, status_colour), people, _, _, show_hand, _, finale = key
        table = self.table
        surface.blit(art.panel(zone.size, art.PANEL_HI if active else art.PANEL, colour if active else None), zone)
        pygame.draw.rect(surface, colour, pygame.Rect(zone.left + 8, zone.top + 12, 8, zone.height - 24),
                         border_radius=4)
        right = zone.right - 500 if finale else self.seat_cards(surface, seat, zone)
        name_width = right - zone.left - 40
        if status:
            width = min(art.text_width(status, 28) + 10, name_width // 2)
            art.blit_text(surface, status, 28, status_colour, (right - 10, zone.top + 30), "midright", width=width)
            name_width -= width + 10
        table.draw_name(surface, seat, (zone.left + 28, zone.top + 8), 40, name_width)
        count = art.blit_text(surface, scoring.plural(len(people), "people card"), 24, art.INK_DIM,
                              (zone.right - 16, zone.top + 56), "topright")
        art.blit_text(surface, label, 24, art.INK_FAINT, (zone.left + 30, zone.top + 56), width=count.left - zone.left - 46)
        parts = self.parts(seat, zone)
        if show_hand:
            self.hand(surface, seat, parts["hand"], zone)
        self.people(surface, people, parts["people"])

    def seat_cards(self, surface, seat: int, zone: pygame.Rect) -> int:
        """The seat's building cards: backs (DD-9), or in the finale their faces and the
        points counted so far. Returns the left edge of what it drew."""
        finale = self.game.finale
        count = self.view.get("card_counts", [1] * (seat + 1))[seat]
        right = zone.right - 14
        if finale is not None and seat < len(finale["cards"]):
            t = self.table.anim.get("finale", 1e9)
            shown = t >= self.seat_start(seat)
            if shown:
                words = art.blit_text(surface, str(self.finale_score(seat, t)), 44, art.GOLD, (right, zone.top + 30),
                                      "midright", weight="bold")
                right = words.left - 12
            for i, card in reversed(list(enumerate(finale["cards"][seat]))):
                if shown:
                    rect = dart.card_pill(surface, card, (right, zone.top + 30), faint=i > 0)
                else:
                    image = dart.building_card(None, 34, 46)
                    rect = image.get_rect(midright=(right, zone.top + 30))
                    surface.blit(image, rect)
                right = rect.left - 8
            return right
        for i in range(count):
            image = dart.building_card(None, 34, 46)
            surface.blit(image, image.get_rect(midright=(right - i * 40, zone.top + 30)))
        return right - count * 40

    def seat_status(self, seat: int) -> tuple[str, tuple]:
        view = self.view
        phase = view.get("phase")
        if self.game.finale is not None:
            return "", art.INK
        # while events the view does not hold yet play (a reveal, a tile landing), who acts is
        # history: only what those events told (cards put down, lock-ins) still shows
        acting = seat in view.get("active", []) and not self.game.catching_up()
        if phase == "pick":
            if seat in view.get("pick", {}).get("locked", []) or seat in self.game.locked_now:
                return "LOCKED IN", art.GOOD
            if self.game.catching_up():
                return "", art.INK
            return ("choosing..." if seat in self.table.choosers else "thinking..."), art.INK_DIM
        vote = view.get("vote")
        if vote and phase in ("vote", "jein"):
            if acting and phase == "jein":
                return "declares the Jein", art.GOLD
            count = (self.game.tray or {}).get("counts", {}).get(seat, vote["committed"][seat])
            if acting and count is None:
                return "votes", art.GOLD
            return (f"{count} {'card' if count == 1 else 'cards'} down" if count is not None else ""), art.INK_DIM
        if acting:
            return "lays a tile", art.GOLD
        return "", art.INK

    def hand(self, surface, seat: int, rect: pygame.Rect, zone: pygame.Rect) -> None:
        """The seat's tiles, face up (DD-2): a row per kind, singles to triples, with counts."""
        hands = self.view.get("hands", [])
        hand = hands[seat] if seat < len(hands) else {}
        picked = self.picked_tile(seat)
        for kind in KINDS:
            counts = hand.get(kind, [0, 0, 0])
            entry = self.hand_entry(seat, kind, 1, zone)
            art.blit_text(surface, dart.KIND_NAMES[kind], 24, art.INK_DIM, (rect.left, entry.centery), "midleft")
            for size in (1, 2, 3):
                entry = self.hand_entry(seat, kind, size, zone)
                count = counts[size - 1]
                tile_rect = pygame.Rect(entry.left + 4, entry.centery - HAND_UNIT // 2, size * HAND_UNIT, HAND_UNIT)
                dart.hand_tile(surface, kind, tile_rect, faint=count == 0)
                art.blit_text(surface, f"x{count}", 24, art.INK if count else art.INK_FAINT,
                              (tile_rect.right + 6, entry.centery), "midleft")
                if picked == (kind, size):
                    pygame.draw.rect(surface, art.GOLD, entry.inflate(2, 0), width=3, border_radius=6)

    def picked_tile(self, seat: int):
        chooser = self.table.choosers.get(seat)
        if chooser is None or chooser.stage.get("tile") is None:
            return None
        return tuple(chooser.stage["tile"])

    def people(self, surface, held: list, rect: pygame.Rect) -> None:
        """The seat's people cards: the ones still held face up, spent ones as empty places."""
        gap = 6
        w = (rect.width - 3 * gap) // 4
        h = min(52, (rect.height - gap) // 2)
        for i, card in enumerate(PEOPLE):
            slot = pygame.Rect(rect.left + (i % 4) * (w + gap), rect.top + (i // 4) * (h + gap), w, h)
            if card in held:
                surface.blit(dart.people_card(card, w, h), slot)
            else:
                pygame.draw.rect(surface, (58, 50, 56), slot, width=2, border_radius=6)

    def seat_stamps(self, surface, seat: int, parts: dict) -> None:
        """A pass stamped over the hand for a moment; a ring flashes round a seat whose pick locks."""
        anim = self.table.anim
        if anim.running(f"lock{seat}"):
            grow = round(10 * (1 - (anim.progress(f"lock{seat}") or 0.0)))
            pygame.draw.rect(surface, art.GOOD, parts["zone"].inflate(grow, grow), width=4, border_radius=18)
        if anim.running(f"pass{seat}"):
            progress = anim.progress(f"pass{seat}") or 0.0
            fade = 1.0 if progress < 0.75 else (1 - progress) / 0.25
            box = parts["hand"].inflate(-60, -parts["hand"].height // 3)
            stamp = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(stamp, (*art.DANGER, round(230 * fade)), stamp.get_rect(), border_radius=10)
            words = art.text("PASS: no tile fits", 32, art.INK, "bold")
            stamp.blit(words, words.get_rect(center=stamp.get_rect().center))
            stamp.set_alpha(round(255 * fade))
            surface.blit(stamp, box)

    # --- choices ---------------------------------------------------------------------------
    def choice(self, surface, seat: int, choice, focused: bool) -> None:
        data = choice.data or ("",)
        kind = data[0]
        colour = self.table.colour(seat)
        if kind == "tile":
            mark = pygame.Surface(choice.rect.size, pygame.SRCALPHA)
            mark.fill((255, 255, 255, 46 if focused else 22))
            surface.blit(mark, choice.rect)
            pygame.draw.rect(surface, colour, choice.rect, width=2, border_radius=6)
        elif kind == "place":
            if focused:
                self.ghost(surface, seat, data)
        elif kind == "card":
            _, card, chosen = data
            rect = choice.rect.move(0, -8 if chosen else 0)
            surface.blit(dart.people_card(card, rect.width, rect.height), rect)
            if chosen:
                pygame.draw.rect(surface, art.GOLD, rect.inflate(6, 6), width=4, border_radius=8)
                art.blit_text(surface, "IN", 22, art.NIGHT, (rect.right - 6, rect.top + 4), "topright", weight="bold")
        elif kind == "put":
            ready = data[1] > 0
            surface.blit(art.panel(choice.rect.size, art.shade(art.GOOD, 0.6) if ready else (52, 46, 50),
                                   art.GOOD if ready else None, 12), choice.rect)
            lines = ["Put down", f"{data[1]} {'card' if data[1] == 1 else 'cards'}"] if ready else ["Choose", "cards first"]
            for i, line in enumerate(lines):
                art.blit_text(surface, line, 28, art.INK if ready else art.INK_FAINT,
                              (choice.rect.centerx, choice.rect.centery + (i * 2 - 1) * 17), "center")
        elif kind == "jein":
            side = data[1]
            fill = dart.YES_GREEN if side == "yes" else dart.NO_RED
            surface.blit(art.panel(choice.rect.size, art.shade(fill, 0.7), fill, 12), choice.rect)
            art.blit_text(surface, f"Jein = {side}", 30, art.INK, choice.rect.center, "center", weight="bold")
        elif kind == "pick":
            surface.blit(dart.building_card(data[1], choice.rect.width, choice.rect.height),
                         choice.rect)
        else:
            super_draw(surface, choice)

    def ghost(self, surface, seat: int, data) -> None:
        """The focused place: the tile as a ghost where it would lie, and where the token goes."""
        _, kind, cells, entry, stretch = data
        image = T.lone_tile(stretch, cells, entry)
        rect = T.cells_rect(list(cells))
        ghost = image.copy()
        ghost.set_alpha(round(170 + 60 * self.table.pulse))
        surface.blit(ghost, rect)
        token = dart.token_image(stretch, kind, 40).copy()
        token.set_alpha(150)
        surface.blit(token, token.get_rect(center=T.cell_rect(cells[-1]).center))
        for cell in cells:  # what the tile would cover, on top of the ghost: a toilet calls a vote
            corner = T.cell_rect(cell)
            badge = pygame.Rect(corner.right - 32, corner.top + 2, 30, 30)
            if cell in T.TOILET_XY:
                pygame.draw.circle(surface, art.GOLD, badge.center, 17)
                dart.toilet_cell(surface, badge.inflate(8, 8))
            elif cell in T.BUILDING_XY:
                dart.building_cell(surface, badge.inflate(8, 8), *T.BUILDING_XY[cell])

    # --- private panels ----------------------------------------------------------------------
    def private(self, surface, seat: int, rect: pygame.Rect, choices) -> None:
        """What only this seat may see, inside its open panel: its building card(s) and how
        they stand now; in a vote, the tile voted on."""
        view = self.game.seat_view(seat)
        cards = view.get("cards", [])
        first = view.get("first_card")
        covered = scoring.covered_cells(view.get("tiles", []))
        if choices and choices[0].data and choices[0].data[0] in ("card", "put"):
            words = "  ".join(f"{scoring.card_name(card)}: {sum(p for _, p in scoring.counted(card, covered))} now"
                              for card in cards)
            art.blit_text(surface, f"Your card: {words}", 26, art.GOLD, (rect.right - 24, rect.top + 16), "topright",
                          width=rect.width // 2 - 30)
            return
        if choices:  # the variant's pick: the two cards are the choices
            art.blit_text(surface, "The card you pick counts; the other breaks a tie", 24, art.INK_DIM,
                          (rect.right - 24, rect.top + 16), "topright", width=rect.width // 2 - 30)
            for choice in choices:
                card = choice.data[1]
                points = sum(p for _, p in scoring.counted(card, covered))
                art.blit_text(surface, f"{points} points now", 24, art.INK, (choice.rect.centerx, choice.rect.bottom + 2),
                              "midtop")
            return
        if len(cards) == 1:  # one card: the card itself, and how it stands
            card = cards[0]
            surface.blit(dart.building_card(card, 124, 108), (rect.left + 20, rect.top + 62))
            standing = scoring.counted(card, covered)
            lines = [f"{sum(p for _, p in standing)} points now", f"{len(standing)} of 5 standing"]
            if card not in dart.TYPE_COLOURS:
                lines[1] = f"{len(standing)} buildings count"
            for i, line in enumerate(lines):
                art.blit_text(surface, line, 26, art.GOLD if i == 0 else art.INK_DIM, (rect.left + 158, rect.top + 80 + i * 34),
                              width=rect.right - rect.left - 176)
            return
        for i, card in enumerate(cards):  # the variant's two: a line each
            y = rect.top + 86 + i * 50
            pill_right = dart.card_pill(surface, card, (rect.left + 20, y), anchor="midleft").right
            points = sum(p for _, p in scoring.counted(card, covered))
            role = "" if first is None else ("  first" if card == first else "  ties")
            art.blit_text(surface, f"{points} now{role}", 26, art.GOLD if card == first else art.INK_DIM,
                          (pill_right + 12, y), "midleft")

    # --- the end ------------------------------------------------------------------------------
    def seat_start(self, seat: int) -> float:
        return FINALE_INTRO + seat * FINALE_PER_SEAT

    def finale_cells(self, seat: int) -> list:
        finale = self.game.finale
        cards = finale["cards"][seat] if seat < len(finale["cards"]) else []
        if not cards:
            return []
        return scoring.counted(cards[0], scoring.covered_cells(self.view.get("tiles", [])))

    def finale_times(self, seat: int) -> list[float]:
        cells = self.finale_cells(seat)
        start = self.seat_start(seat) + 0.35
        step = (FINALE_PER_SEAT - 0.5) / max(1, len(cells))
        return [start + i * step for i in range(len(cells))]

    def finale_score(self, seat: int, t: float) -> int:
        return sum(points for (_, points), at in zip(self.finale_cells(seat), self.finale_times(seat), strict=True)
                   if t >= at)

    def finale_lights(self, surface) -> None:
        """Each seat's counted buildings light up in its colour, one after another."""
        if self.game.finale is None:
            return
        t = self.table.anim.get("finale", 1e9)
        for seat in range(self.table.players):
            colour = self.table.colour(seat)
            for (cell, points), at in zip(self.finale_cells(seat), self.finale_times(seat), strict=True):
                if t < at:
                    continue
                rect = T.cell_rect(cell).inflate(-2 - 8 * (seat % 4), -2 - 8 * (seat % 4))
                pygame.draw.rect(surface, colour, rect, width=4, border_radius=10)
                age = t - at
                if age < 0.7:
                    glow = pygame.Surface(rect.size, pygame.SRCALPHA)
                    glow.fill((*colour, round(120 * (1 - age / 0.7))))
                    surface.blit(glow, rect)
                    art.blit_text(surface, f"+{points}", 34, art.INK, (rect.centerx, rect.top - 12 - 30 * age),
                                  "center", weight="bold")

    def finale_words(self, surface) -> None:
        finale = self.game.finale
        box = self.band()
        surface.blit(art.panel(box.size, (40, 34, 44), art.GOLD, 16, 240), box)
        t = self.table.anim.get("finale", 1e9)
        counting = int((t - FINALE_INTRO) // FINALE_PER_SEAT)
        if counting < self.table.players:
            seat = max(0, counting)
            cards = finale["cards"][seat] if seat < len(finale["cards"]) else []
            card = scoring.card_name(cards[0]) if cards else "?"
            art.blit_text(surface, f"{self.table.name(seat)}'s card: {card}", 44, self.table.colour(seat),
                          (box.centerx, box.top + 60), "center", weight="bold", width=box.width - 40)
            art.blit_text(surface, "its uncovered buildings count", 28, art.INK_DIM, (box.centerx, box.top + 118),
                          "center")
            return
        words = scoring.tie_words(finale["points"], finale["people"], finale["winners"], self.table.name)
        art.blit_text(surface, words, 40, art.GOLD, (box.centerx, box.centery), "center", weight="bold",
                      width=box.width - 40)

    def overlay(self, surface) -> None:
        back = self.game.returning
        if back is None:
            return
        p = ease_out_cubic(self.table.anim.get("return", 1.0))
        if p >= 1.0:
            return
        tile = back["tile"]
        cells = tuple(tuple(c) for c in tile["cells"])
        image = T.lone_tile(T.look(tile), cells, None)
        start = T.cells_rect(list(cells)).center
        end = self.hand_entry(back["player"], tile["kind"], tile["size"]).center
        scale = 1 - 0.6 * p
        size = (max(1, round(image.get_width() * scale)), max(1, round(image.get_height() * scale)))
        moving = pygame.transform.smoothscale(image, size)
        arc = math.sin(math.pi * p) * 120
        centre = (start[0] + (end[0] - start[0]) * p, start[1] + (end[1] - start[1]) * p - arc)
        surface.blit(moving, moving.get_rect(center=(round(centre[0]), round(centre[1]))))


def super_draw(surface, choice) -> None:
    surface.blit(art.panel(choice.rect.size, art.PANEL_HI, None, 12), choice.rect)
    art.blit_text(surface, choice.label, 28, art.INK, choice.rect.center, "center", width=choice.rect.width - 12)
