"""Drawing of the Die Mauer table: a mixin for `DieMauerScene` that only reads its state.

Everything here is a pure function of the scene's views, controls, tweens and pymunk
moments; nothing in this module changes them.
"""

import pygame

from client import art
from client.tween import ease_out_cubic

PANEL_TOP = 720
WALL_BASE = 560
LOG_BOX = pygame.Rect(1360, 24, 530, 270)
# Everything of the wall (pieces at rest, falling pieces, the ghost) stays in here: below
# the log and the phase line, above the plank it stands on.
SHELF = pygame.Rect(40, LOG_BOX.bottom + 10, art.W - 80, WALL_BASE - LOG_BOX.bottom - 10)
WALL_MAX_HEIGHT = 150
WALL_MIN_HEIGHT = 36  # a floor only: all 42 pieces (six whole stocks) fit at 60
NOT_ARMED = object()
PIECE_NAMES = {"T": "Tower", "G": "Gate", None: "empty fist", **{w: f"{w}-wall" for w in "12346"}}


def wall_gap(height: int) -> int:
    return max(2, height // 40)


def wall_width(items, height: int) -> int:
    return sum(art.piece_size(piece, height)[0] for piece, _ in items) + wall_gap(height) * max(0, len(items) - 1)


def ghost_room(height: int) -> int:
    """The width of the widest piece: room for the ghost of the next one at an end."""
    return art.piece_size("6", height)[0]


class TableDrawing:
    # --- drawing (reads only) ----------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.blit(art.background("table"), (0, 0))
        if self.view is None:
            art.blit_text(surface, "Waiting for the table...", 60, art.INK, (art.W // 2, art.H // 2), "center")
            return
        self.draw_bits(surface)  # scattered bits fly behind the panels and words
        self.draw_header(surface)
        self.draw_log(surface)
        self.draw_wall(surface)
        for seat in range(self.players):
            self.draw_seat(surface, seat)
        self.draw_reveal_drops(surface)
        self.draw_choices(surface)
        self.draw_banners(surface)
        self.draw_toasts(surface)
        self.draw_pointer(surface)

    def draw_header(self, surface) -> None:
        view = self.view
        surface.blit(art.panel((560, 120), art.PANEL), (30, 24))
        art.blit_text(surface, "Die Mauer", 56, art.GOLD, (56, 40))
        art.blit_text(surface, f"Round {view['round']} of {view['rounds']}   Turn {view['turn']}", 36,
                      art.INK_DIM, (58, 96))
        art.blit_text(surface, "Esc pause", 30, art.INK_FAINT, (560, 104), "topright")
        words = self.phase_text()
        size = 50 if art.font(50).size(words)[0] < 1260 else 40
        art.blit_text(surface, words, size, art.INK, (690, 210), "center")

    def phase_text(self) -> str:
        view = self.view
        phase = view["phase"]
        if phase == "plan":
            return f"Master builder: {self.name(view['master'])}.  Everyone picks a piece in secret."
        if phase == "build" and view["builders"]:
            return f"{self.name(view['builders'][0][0])} chooses an end for the {PIECE_NAMES[view['builders'][0][1]]}"
        if phase == "choose":
            return f"{self.name(view['master'])} builds any piece of their choice"
        if phase == "donate":
            return f"{self.name(view['donor'])} gives {self.name(view['master'])} a piece in secret"
        return "Game over"

    def draw_log(self, surface) -> None:
        box = LOG_BOX
        surface.blit(art.panel(box.size, art.PANEL, None, 16, 200), box)
        art.blit_text(surface, "What happened", 34, art.GOLD, (box.left + 20, box.top + 14))
        for i, line in enumerate(list(self.log)[-6:]):
            if art.font(28).size(line)[0] > box.width - 40:
                while art.font(28).size(line + "...")[0] > box.width - 40:
                    line = line[:-1]
                line += "..."
            art.blit_text(surface, line, 28, art.INK_DIM, (box.left + 20, box.top + 56 + i * 34))

    def wall_piece_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Where every wall piece is drawn now: at rest in its slot, or falling straight
        down into it (the pymunk body gives only the height above the slot)."""
        layout = self.wall_layout(self.wall_items)
        falling = {drop["uid"]: drop for drop in self.moments.drops if "uid" in drop}
        rects = []
        for piece, uid in self.wall_items:
            rect = layout[uid].copy()
            drop = falling.get(uid)
            if drop is not None:
                rect.y += min(0, round(drop["body"].position.y - drop["target"][1]))
            rects.append((piece, rect))
        return rects

    def draw_wall(self, surface) -> None:
        if self.round_summary_shown():
            return  # the summary stands where the wall was
        layout = self.wall_layout(self.wall_items)
        if self.wall_items:
            ground = pygame.Rect(layout["left"] - 30, WALL_BASE - 4, layout["right"] - layout["left"] + 60, 22)
        else:
            ground = pygame.Rect(art.W // 2 - 160, WALL_BASE - 4, 320, 22)
            art.blit_text(surface, "The wall starts here", 34, art.INK_FAINT, (art.W // 2, WALL_BASE - 60), "center")
        surface.blit(art.panel(ground.size, (70, 54, 42), None, 10), ground)
        for piece, rect in self.wall_piece_rects():
            surface.blit(art.piece_image(piece, rect.height), rect)

    def round_summary_shown(self) -> bool:
        return self.round_summary is not None and self.clock < self.round_summary_until

    def draw_reveal_drops(self, surface) -> None:
        if self.reveal is None or self.clock >= self.reveal_until:
            return
        for drop in self.moments.drops:
            if drop.get("kind") == "reveal":  # pymunk hops it up and down; it glides sideways to its spot
                (start_x, _), (target_x, target_y) = drop["start"], drop["target"]
                glide = ease_out_cubic(min(1.0, drop["age"] / 0.4))
                centre = (start_x + (target_x - start_x) * glide, min(drop["body"].position.y, target_y))
                image = art.piece_image(drop["piece"], round(drop["size"][1]))
                surface.blit(image, image.get_rect(center=centre))

    def draw_bits(self, surface) -> None:
        for bit in self.moments.bits:
            body = bit["body"]
            size = bit["size"]
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (body.position.x, body.position.y)
            pygame.draw.rect(surface, bit["colour"], rect, border_radius=3)

    def draw_seat(self, surface, seat: int) -> None:
        view = self.view
        rect = self.seat_rect(seat)
        colour = self.colour(seat)
        active = seat in view["active"]
        surface.blit(art.panel(rect.size, art.PANEL_HI if active else art.PANEL, colour if active else None), rect)
        pygame.draw.rect(surface, colour, pygame.Rect(rect.left + 14, rect.top + 14, rect.width - 28, 10),
                         border_radius=5)
        art.blit_text(surface, self.name(seat), 44, colour, (rect.left + 20, rect.top + 36))
        if view["master"] == seat:
            surface.blit(art.master_block(48), (rect.right - 66, rect.top + 32))
        control = self.controls.get(seat)
        if control is not None:
            device = device_label(control.device)
        else:
            kind = self.seat_kinds[seat] if seat < len(self.seat_kinds) else ""
            device = {"bot": "bot", "human": "on the LAN", "remote": "on the LAN"}.get(kind, kind)
        art.blit_text(surface, device, 28, art.INK_FAINT, (rect.left + 22, rect.top + 78))
        # the fist: closed while choosing, opening at the reveal with the piece above it
        fist_centre = self.fist_centre(seat)
        revealing = self.reveal is not None and self.clock < self.reveal_until
        if revealing:
            opening = round(self.tweens.get(f"fist{seat}", 1.0) * 4) / 4
            fist = art.fist_image(colour, 110, opening)
            surface.blit(fist, fist.get_rect(center=fist_centre))
            piece = self.reveal["plans"][seat] if seat < len(self.reveal["plans"]) else None
            flying = any(d.get("seat") == seat for d in self.moments.drops if d.get("kind") == "reveal")
            if piece is not None and not flying:
                image = art.piece_image(piece, 90)
                surface.blit(image, image.get_rect(midbottom=(fist_centre[0] + 110, fist_centre[1] + 50)))
            elif piece is None:
                art.blit_text(surface, "empty", 34, art.INK_DIM, (fist_centre[0] + 110, fist_centre[1]), "center")
            if view["phase"] == "plan":  # the next turn has begun while the reveal is still shown
                status, status_colour = self.seat_status(seat)
                art.blit_text(surface, status.lower(), 28, status_colour, (rect.right - 20, rect.top + 80), "topright")
        else:
            fist = art.fist_image(colour, 110, 0.0)
            surface.blit(fist, fist.get_rect(center=fist_centre))
            status, status_colour = self.seat_status(seat)
            if status == "LOCKED IN":
                grow = min(1.15, self.tweens.get(f"lock{seat}", 1.0))
                badge = pygame.Rect(0, 0, round(150 * grow) // 2 * 2, round(48 * grow) // 2 * 2)
                badge.center = (rect.right - 100, fist_centre[1])
                surface.blit(art.panel(badge.size, art.shade(art.GOOD, 0.55), art.GOOD, 12), badge)
                art.blit_text(surface, "LOCKED IN", round(30 * grow) // 2 * 2, art.INK, badge.center, "center")
            else:
                art.blit_text(surface, status, 34, status_colour, (rect.right - 100, fist_centre[1]), "center")
        # the hidden stock: face-down blocks, one per piece held
        count = view["stock_counts"][seat]
        for i in range(count):
            block = pygame.Rect(rect.left + 20 + i * 34, rect.top + 250, 28, 36)
            pygame.draw.rect(surface, art.STONE_DARK, block, border_radius=5)
            pygame.draw.rect(surface, art.shade(art.STONE_DARK, 1.25), block.inflate(-6, -6), border_radius=4)
        art.blit_text(surface, f"penalty {view['totals'][seat]}", 30, art.INK_DIM, (rect.right - 20, rect.top + 296),
                      "topright")
        if control is not None and control.device.startswith("pad:") and self.secret_options(seat) and \
                not self.panel_open(seat):
            self.draw_blind_legend(surface, seat, control, rect)

    def seat_status(self, seat: int) -> tuple[str, tuple]:
        view = self.view
        if view["phase"] == "plan":
            if seat in view.get("plans", {}).get("locked", []):
                return "LOCKED IN", art.GOOD
            if seat in self.controls:
                return "choosing...", art.INK
            return "thinking...", art.INK_DIM
        if seat in view["active"]:
            return "to act", art.GOLD
        return "", art.INK

    def draw_blind_legend(self, surface, seat, control, rect) -> None:
        """The same legend for every gamepad seat; it never shows which button was pressed."""
        box = pygame.Rect(rect.left + 8, rect.top - 128, rect.width - 16, 118)
        surface.blit(art.panel(box.size, (34, 30, 40), self.colour(seat), 12, 230), box)
        art.blit_text(surface, "Up T   Right G   Down 6   Left 4", 28, art.INK_DIM, (box.centerx, box.top + 24),
                      "center")
        art.blit_text(surface, "A 3   B 2   X 1   Y empty fist", 28, art.INK_DIM, (box.centerx, box.top + 56),
                      "center")
        armed = control.armed is not NOT_ARMED
        art.blit_text(surface, "press it again to lock in" if armed else "press a piece's button twice", 28,
                      art.GOLD if armed else art.INK_FAINT, (box.centerx, box.top + 92), "center")

    def draw_choices(self, surface) -> None:
        for seat, control in self.controls.items():
            options = self.build_options(seat)
            shown = bool(options) and self.options_shown(seat)
            if shown:
                self.draw_build_options(surface, seat, control, options)
            secret = self.secret_options(seat)
            if secret and self.panel_open(seat):
                self.draw_peek_panel(surface, seat, control, secret)
            elif control.peeking and not shown:
                self.draw_peek_panel(surface, seat, control, [])
            elif (secret and not control.device.startswith("pad:")) or (options and not shown):
                rect = self.seat_rect(seat)
                art.blit_text(surface, f"hold {peek_name(control.device)} to choose", 28, art.GOLD,
                              (rect.centerx, rect.top - 22), "center")

    def draw_build_options(self, surface, seat, control, options) -> None:
        rects = self.option_rects(len(options))
        legal = self.legal.get(seat, [])
        cursor = min(control.cursor, len(options) - 1)
        for i, (option, rect) in enumerate(zip(options, rects, strict=True)):
            ok = option in legal
            surface.blit(art.panel(rect.size, art.PANEL_HI if ok else (40, 34, 38), None, 12), rect)
            image = art.piece_image(option["piece"], 70, None, not ok)
            surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.top + 6)))
            label = "< left" if option["end"] == "L" else "right >"
            art.blit_text(surface, label, 28, art.INK if ok else art.INK_FAINT, (rect.centerx, rect.bottom - 18),
                          "center")
            if i == cursor:
                art.cursor_ring(surface, rect, self.colour(seat), 4, self.pulse)
        focus = options[cursor]
        if focus in legal:  # a ghost where the focused choice would go
            layout = self.wall_layout(self.wall_items)
            ghost = art.piece_image(focus["piece"], layout["height"], self.colour(seat), True)
            if not self.wall_items:
                spot = ghost.get_rect(midbottom=(art.W // 2, WALL_BASE))
            elif focus["end"] == "L":
                spot = ghost.get_rect(bottomright=(layout["left"] - layout["gap"], WALL_BASE))
            else:
                spot = ghost.get_rect(bottomleft=(layout["right"] + layout["gap"], WALL_BASE))
            surface.blit(ghost, spot)

    def draw_peek_panel(self, surface, seat, control, options) -> None:
        """Only while this seat peeks (or plays alone here): its stock and its secret pick."""
        colour = self.colour(seat)
        private_view = self.seat_views.get(seat, {})
        panel_rect = self.peek_rect(seat, max(len(options), 1))
        surface.blit(art.panel(panel_rect.size, (30, 26, 34), colour, 16, 250), panel_rect)
        heading = f"{self.name(seat)}'s pieces" + ("" if self.solo else " (private)")
        art.blit_text(surface, heading, 40, colour, (panel_rect.left + 24, panel_rect.top + 16))
        mine = private_view.get("plans", {}).get("mine", NOT_ARMED) if private_view.get("phase") == "plan" else NOT_ARMED
        note = control.private_note
        if mine is not NOT_ARMED:
            note = f"You picked: {PIECE_NAMES[mine]}"
        if note:
            art.blit_text(surface, note, 28, art.INK_DIM, (panel_rect.left + 24, panel_rect.top + 62))
        elif options:
            how = "click to lock in" if control.device == "mouse" else "left/right choose, confirm locks in"
            art.blit_text(surface, how, 28, art.INK_FAINT, (panel_rect.left + 24, panel_rect.top + 62))
        if not options:
            x = panel_rect.left + 30
            for piece in private_view.get("stock", []):
                image = art.piece_image(piece, 120)
                surface.blit(image, (x, panel_rect.top + 130))
                x += image.get_width() + 10
            return
        rects = self.peek_option_rects(seat, len(options))
        cursor = min(control.cursor, len(options) - 1)
        for i, (option, rect) in enumerate(zip(options, rects, strict=True)):
            surface.blit(art.panel(rect.size, art.PANEL_HI, None, 12), rect)
            piece = option["piece"]
            if piece is None:
                fist = art.fist_image(colour, 90, 0.0)
                surface.blit(fist, fist.get_rect(center=(rect.centerx, rect.centery - 12)))
            else:
                image = art.piece_image(piece, 110)
                surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.top + 8)))
            art.blit_text(surface, PIECE_NAMES[piece], 24, art.INK, (rect.centerx, rect.bottom - 16), "center")
            if i == cursor:
                art.cursor_ring(surface, rect, colour, 4, self.pulse)

    def draw_banners(self, surface) -> None:
        if not self.round_summary_shown():
            return
        event = self.round_summary
        box = pygame.Rect(0, 0, 800, 100 + 40 * self.players)
        box.midtop = (art.W // 2, SHELF.top - 44)
        surface.blit(art.panel(box.size, art.PANEL, art.GOLD, 18, 255), box)
        art.blit_text(surface, f"Round {event['round']} is over", 56, art.GOLD, (box.centerx, box.top + 46), "center")
        for p, penalty in enumerate(event["penalties"]):
            art.blit_text(surface, f"{self.name(p)}: +{penalty}  (total {event['totals'][p]})", 36,
                          self.colour(p), (box.centerx, box.top + 100 + p * 40), "center")

    def draw_toasts(self, surface) -> None:
        for i, (words, colour, _) in enumerate(self.toasts):
            image = art.text(words, 36, art.INK)
            box = image.get_rect(center=(art.W // 2, 272 + i * 60)).inflate(44, 24)
            if box.top < LOG_BOX.bottom:  # keep clear of the log
                box.right = min(box.right, LOG_BOX.left - 12)
                box.left = max(box.left, 30)
            surface.blit(art.panel(box.size, (64, 34, 36), colour, 12), box)
            surface.blit(image, image.get_rect(center=box.center))

    def draw_pointer(self, surface) -> None:
        for seat, control in self.controls.items():
            if control.device in ("mouse", "any"):
                art.pointer(surface, self.app.input.mouse_pos, self.colour(seat))


def device_label(device: str) -> str:
    from client.scenes.setup import control_label

    return "this screen" if device == "any" else control_label(device)


def peek_name(device: str) -> str:
    if device.startswith("pad:"):
        return "LB"
    return {"mouse": "right button", "keys1": "Left Shift", "keys2": "Right Shift", "any": "peek"}.get(device, "peek")
