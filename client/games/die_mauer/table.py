"""The Die Mauer table: one shared wall, a fist per seat, secret picks (DM-1 to DM-9).

Plans (secret, DM-2) and donations (seen by giver and master only, DM-9) are private
choices; so is the master's free choice (DM-5), which would show their stock. Builders
choosing an end (DM-4) choose in public: both ends are offered, and an illegal one is
sent anyway so the engine explains the building order (DM-3).
"""

import pygame

from client import art
from client.games.die_mauer import art as pieces
from client.games.die_mauer.wall import SHELF, WALL_BASE, Wall
from client.table.choices import Choice
from client.table.game import GameTable, Standings, and_list
from client.table.layout import (
    PRIVATE_BAND,
    Layout,
    private_panel,
    seat_card,
    seat_strip,
    strip_rects,
)
from client.tween import ease_out_back
from engines.die_mauer import END_NAMES, LEFT, PIECE_NAMES, PIECES, RIGHT

CARD = (100, 104)  # a choice in the private panel
PUBLIC_CARD = (170, 112)  # a public end choice, in the band over the seats
NAMES = {**PIECE_NAMES, None: "empty fist"}
CAPTIONED = ("built", "donation", "turn", "round")  # events the phase line tells while they show
REFUSALS = {  # the shared screen's words for a refused private pick (never names a piece)
    "piece_not_held": "that piece is not in their stock",
    "no_such_piece": "that is not a piece",
}


class DieMauerTable(GameTable):
    game_id = "die_mauer"
    private_types = ("donate",)  # plan is secret by GameInfo.secret_action_types
    panel_heading = "{name}'s pieces"
    dwell = {"outcome": 0.9, "built": 0.7, "donation": 1.2, "turn": 0.3, "round": 0.6, "game_over": 1.5}

    def __init__(self, table):
        super().__init__(table)
        self.wall = Wall()
        self.reveal: dict | None = None
        self.summary: dict | None = None
        self.locked_now: set[int] = set()  # locked in by an event the shown view does not hold yet
        self.picked_here: dict[int, tuple] = {}  # seat -> the turn its pick was sent from this screen

    # --- layout -------------------------------------------------------------------------
    def layout(self) -> Layout:
        seats = dict(enumerate(seat_strip(self.table.players)))
        private = {seat: private_panel(seats[seat], 920) for seat in self.table.local_seats}
        board = pygame.Rect(SHELF.left, SHELF.top, SHELF.width, PRIVATE_BAND.top - SHELF.top - 2)
        return Layout(board, seats, private)

    def private_rect(self, seat: int, count: int) -> pygame.Rect:
        """The private panel, as wide as ``count`` cards need."""
        width = max(780, count * (CARD[0] + 10) + 60)
        return private_panel(self.table.layout.seats[seat], width)

    def fist_centre(self, seat: int) -> tuple[int, int]:
        zone = self.table.layout.seats[seat]
        return zone.left + 70, zone.top + 150

    # --- words --------------------------------------------------------------------------
    def status_text(self) -> str:
        view = self.view
        return f"Round {view.get('round', 1)} of {view.get('rounds', 1)}   Turn {view.get('turn', 1)}"

    def phase_text(self) -> str:
        view, name = self.view, self.table.name
        if self.caption_on():
            return self.caption  # what the fists just showed, while the table dwells on what follows
        phase = view.get("phase")
        if phase == "plan":
            return f"Master builder: {name(view['master'])}. Everyone picks a piece in secret."
        if phase == "build" and view["builders"]:
            seat, piece = view["builders"][0]
            return f"{name(seat)} chooses an end for the {NAMES[piece]}"
        if phase == "choose":
            return f"{name(view['master'])} builds any piece of their choice"
        if phase == "donate":
            return f"{name(view['donor'])} gives {name(view['master'])} a piece in secret"
        return "Game over"

    def describe(self, event: dict) -> str | None:
        name, kind = self.table.name, event["type"]
        if kind == "locked":
            return f"{name(event['player'])} is locked in"
        if kind == "reveal":
            return "Reveal: " + ", ".join(f"{name(p)} {NAMES[piece]}" for p, piece in enumerate(event["plans"]))
        if kind == "outcome":
            return outcome_text(event, name)
        if kind == "built":
            return f"{name(event['player'])} builds the {NAMES[event['piece']]} at the {END_NAMES[event['end']]} end"
        if kind == "donation":
            return f"{name(event['giver'])} gives the master builder a piece in secret"
        if kind == "turn":
            return f"{name(event['master'])} is the master builder"
        if kind == "round_over":
            return f"Round {event['round']} over: " + ", ".join(
                f"{name(p)} +{penalty}" for p, penalty in enumerate(event["penalties"]))
        if kind == "round":
            return f"Round {event['round']} begins; {name(event['master'])} is the master builder"
        if kind == "game_over":
            return "Game over"
        return None

    def public_refusal(self, code: str) -> str:
        return REFUSALS.get(code, "that choice is not allowed now")

    # --- choices ------------------------------------------------------------------------
    def choices(self, seat: int, legal: list) -> list[Choice]:
        view = self.view
        kind = legal[0]["type"]
        if kind == "build" and view.get("phase") == "build":
            return self.end_choices(seat, legal)
        if kind == "build":  # the master's free choice shows their stock: private (DM-5)
            stock = [piece for piece in PIECES if piece in self.seat_view(seat).get("stock", [])]
            ends = [LEFT, RIGHT] if view.get("wall") else [LEFT]
            offered = [{"type": "build", "piece": piece, "end": end} for piece in stock for end in ends]
            return self.private_choices(seat, offered, legal, private=True)
        return self.private_choices(seat, legal, legal)

    def end_choices(self, seat: int, legal: list) -> list[Choice]:
        """Both ends in public, an illegal one too: the engine then explains the building order."""
        piece = legal[0]["piece"]
        ends = [LEFT, RIGHT] if self.view.get("wall") else [LEFT]
        actions = [{"type": "build", "piece": piece, "end": end} for end in ends]
        area = pygame.Rect(PRIVATE_BAND.left, PRIVATE_BAND.top + 10, PRIVATE_BAND.width, PUBLIC_CARD[1])
        rects = strip_rects(area, len(actions), *PUBLIC_CARD)
        return [Choice(action, rect, build_label(action), legal=action in legal, data=piece)
                for action, rect in zip(actions, rects, strict=True)]

    def private_choices(self, seat: int, offered: list, legal: list, private: bool = False) -> list[Choice]:
        """Cards in the private panel: pieces in the engine's order, the empty fist last
        (as on the gamepad); a free choice offers both ends, illegal ones too."""
        if offered[0]["type"] == "build":
            ordered = offered
        else:
            ordered = sorted(offered, key=lambda a: len(PIECES) if a["piece"] is None else PIECES.index(a["piece"]))
        panel = self.private_rect(seat, len(ordered))
        area = pygame.Rect(panel.left + 20, panel.top + 98, panel.width - 40, CARD[1])
        rects = strip_rects(area, len(ordered), *CARD, gap=10)
        out = []
        for action, rect in zip(ordered, rects, strict=True):
            label = build_label(action) if action["type"] == "build" else NAMES[action["piece"]]
            out.append(Choice(action, rect, label, legal=action in legal, private=private, data=action["piece"]))
        return out

    def blind_actions(self, seat: int) -> list[tuple[str, object]]:
        """Up T, Right G, Down 6, Left 4, A 3, B 2, X 1, Y empty fist: the same for every
        gamepad whatever it holds (DM-9); a donation cannot be an empty fist."""
        legal = self.table.model.legal.get(seat) or [{}]
        kind = legal[0].get("type")
        if kind not in ("plan", "donate"):
            return []
        actions = [(piece, {"type": kind, "piece": piece}) for piece in PIECES]
        return actions + [("empty fist", {"type": "plan", "piece": None} if kind == "plan" else None)]

    # --- input ------------------------------------------------------------------------------
    def on_seat_input(self, seat: int, intent) -> bool:
        """A click on the ghost at a wall end builds there, as its card below would."""
        if intent.action == "confirm" and intent.pressed and intent.pos is not None:
            end = self.end_under(seat, intent.pos)
            if end is not None:
                self.table.choosers[seat].cursor = end.key
                self.table.pick(seat, end)
                return True
        return super().on_seat_input(seat, intent)

    def on_input(self, intent) -> bool:
        """The pointer over a wall end shows the mouse seat's ghost there."""
        if intent.action == "point" and intent.pos is not None:
            for seat, chooser in self.table.choosers.items():
                end = self.end_under(seat, intent.pos) if chooser.listens_to(intent.device) else None
                if end is not None:
                    chooser.cursor = end.key
                    return True
        return super().on_input(intent)

    def end_under(self, seat: int, pos) -> Choice | None:
        """``seat``'s public end choice whose ghost spot on the wall is under ``pos``."""
        for choice in self.table.live.get(seat, []):
            action = choice.action
            if not choice.private and isinstance(action, dict) and action.get("type") == "build" \
                    and self.ghost_rect(seat, action).collidepoint(pos):
                return choice
        return None

    def turn(self) -> tuple:
        return self.view.get("round"), self.view.get("turn")

    # --- events: animations and how long to dwell ------------------------------------------
    def on_locked(self, event: dict) -> float:
        self.locked_now.add(event["player"])
        pending = self.table.model.pending.get(event["player"])  # this screen's pick, not yet settled
        if pending is not None and isinstance(pending.action, dict) and pending.action.get("type") == "plan":
            self.picked_here[event["player"]] = self.turn()
        self.table.anim.tween(f"lock{event['player']}", 1.3, 1.0, 0.35, ease_out_back)
        self.sound("lock")
        return 0.0

    def on_reveal(self, event: dict) -> float:
        anim = self.table.anim
        self.reveal = {"master": event["master"], "plans": list(event["plans"])}
        anim.tween("reveal", 0.0, 1.0, 2.6)
        self.show_caption(f"The fists open: {self.table.name(event['master'])}, the master builder, "
                          f"holds {article(event['plans'][event['master']])}", 2.6)
        space = anim.physics()
        if space is not None:
            space.clear_drops("reveal")
        for seat, piece in enumerate(event["plans"]):
            anim.tween(f"fist{seat}", 0.0, 1.0, 0.45, delay=0.1 * seat)
            if piece is not None and space is not None:  # it hops out of the opening fist and lands beside it
                size = pieces.piece_size(piece, 80)
                fist = self.fist_centre(seat)
                target = (fist[0] + 100, fist[1] + 45 - size[1] / 2)
                space.drop(piece, self.table.colour(seat), size, target, velocity=(0, -300), life=2.6,
                           start=(fist[0] + 10, fist[1]), upright=True)
                space.drops[-1].update(kind="reveal", seat=seat)
        self.sound("reveal")
        return 2.6

    def on_event(self, event: dict) -> float:
        seconds = super().on_event(event)
        if event["type"] in CAPTIONED:  # the phase line tells what is shown, not the view before it
            self.show_caption(self.describe(event) or "", seconds)
        return seconds

    def on_outcome(self, event: dict) -> float:
        self.show_caption(outcome_text(event, self.table.name), self.dwell["outcome"])
        return self.dwell["outcome"]

    def on_built(self, event: dict) -> float | None:
        uid = self.wall.add(event["piece"], event["end"])
        rect = self.wall.layout()[uid]
        space = self.table.anim.physics()
        if space is not None:  # it falls straight into its own slot from no higher than the shelf's top
            rise = min(rect.height * 0.7, rect.top - SHELF.top)
            space.drop(event["piece"], self.table.colour(event["player"]), rect.size, rect.center, upright=True,
                       start=(rect.centerx, rect.centery - rise))
            space.drops[-1]["uid"] = uid
        self.sound("thud")
        return None

    def on_round_over(self, event: dict) -> float:
        anim = self.table.anim
        self.summary = event
        anim.tween("summary", 0.0, 1.0, 3.5)
        space = anim.physics()
        if space is not None:
            centre = self.wall.layout()["centre"] if self.wall.items else (SHELF.centerx, WALL_BASE)
            colours = [pieces.STONE, pieces.STONE_DARK, pieces.TOWER_BLUE, pieces.GATE_RED]
            space.scatter(centre, colours, count=min(80, 20 + 6 * len(self.wall.items)))
        self.wall.clear()
        self.sound("round")
        self.sound("scatter")
        return 3.5

    def on_game_over(self, event: dict) -> float:
        if self.summary is not None:  # the last round's summary stays up until the results
            self.table.anim.tween("summary", 0.0, 1.0, self.dwell["game_over"] + 0.5)
        return self.dwell["game_over"]

    def on_seat_event(self, seat: int, event: dict) -> None:
        if event.get("type") == "donated":
            name = self.table.name
            self.table.choosers[seat].private_note = (
                f"{name(event['giver'])} gave {name(event['master'])} the {NAMES[event['piece']]}")

    def on_shown(self, beat) -> None:
        self.locked_now.clear()
        if self.view.get("phase") != "over":  # the last wall has scattered; the view still holds it
            self.wall.sync(self.view.get("wall", []))

    # --- what is shown now -----------------------------------------------------------------
    def revealing(self) -> bool:
        return self.reveal is not None and self.table.anim.running("reveal")

    def summary_shown(self) -> bool:
        return self.summary is not None and self.table.anim.running("summary")

    def wall_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Where every wall piece is drawn now: at rest in its slot, or falling straight
        down into it (the pymunk body gives only the height above the slot)."""
        layout = self.wall.layout()
        falling = {drop["uid"]: drop for drop in self.table.anim.moments.drops if "uid" in drop}
        rects = []
        for piece, uid in self.wall.items:
            rect = layout[uid].copy()
            drop = falling.get(uid)
            if drop is not None:
                rect.y += min(0, round(drop["body"].position.y - drop["target"][1]))
            rects.append((piece, rect))
        return rects

    def seat_status(self, seat: int) -> tuple[str, tuple]:
        view = self.view
        beat = self.table.beat
        news = [event["type"] for event in beat.events] if beat is not None else []
        if any(kind != "locked" for kind in news):
            return "", art.INK  # the fists open, a piece is built: who chose or acts is history
        if view.get("phase") == "plan":
            if seat in view.get("plans", {}).get("locked", []) or seat in self.locked_now:
                return "LOCKED IN", art.GOOD
            if seat in self.table.choosers:
                return "choosing...", art.INK_DIM
            model = self.table.model  # a dropped LAN player is not thinking (its badge says how long)
            played_by_bot = seat < len(model.seat_kinds) and model.seat_kinds[seat] == "bot"
            return ("waiting: away" if seat in model.away and not played_by_bot else "thinking..."), art.INK_DIM
        if seat in view.get("active", []):
            return "to act", art.GOLD
        return "", art.INK

    # --- drawing (reads only) ----------------------------------------------------------------
    def draw_board(self, surface) -> None:
        for bit in self.table.anim.moments.bits:  # scattered bits fly behind the panels and words
            size = bit["size"]
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (bit["body"].position.x, bit["body"].position.y)
            pygame.draw.rect(surface, bit["colour"], rect, border_radius=3)
        if self.summary_shown():
            return  # the summary stands where the wall was
        layout = self.wall.layout()
        if self.wall.items:
            ground = pygame.Rect(layout["left"] - 30, WALL_BASE - 4, layout["right"] - layout["left"] + 60, 22)
        else:
            ground = pygame.Rect(art.W // 2 - 160, WALL_BASE - 4, 320, 22)
            art.blit_text(surface, "The wall starts here", 34, art.INK_FAINT, (art.W // 2, WALL_BASE - 60), "center")
        surface.blit(art.panel(ground.size, (70, 54, 42), None, 10), ground)
        for piece, rect in self.wall_rects():
            surface.blit(pieces.piece_image(piece, rect.height), rect)

    def draw_seat(self, surface, seat: int, rect: pygame.Rect) -> None:
        table, view = self.table, self.view
        colour = table.colour(seat)
        active = seat in view.get("active", [])
        seat_card(surface, rect, colour, active)
        master = view.get("master") == seat
        table.draw_name(surface, seat, (rect.left + 20, rect.top + 30), 44, rect.width - (100 if master else 40))
        if master:
            surface.blit(pieces.master_block(46), (rect.right - 62, rect.top + 30))
        penalty = art.blit_text(surface, f"penalty {view['totals'][seat]}", 28, art.INK_DIM,
                                (rect.right - 20, rect.top + 74), "topright")
        art.blit_text(surface, table.seat_label(seat), 28, art.INK_FAINT, (rect.left + 22, rect.top + 74),
                      width=penalty.left - rect.left - 32)
        fist_centre = self.fist_centre(seat)
        if self.revealing():
            opening = round(self.table.anim.get(f"fist{seat}", 1.0) * 4) / 4
            fist = pieces.fist_image(colour, 96, opening)
            surface.blit(fist, fist.get_rect(center=fist_centre))
            piece = self.reveal["plans"][seat] if seat < len(self.reveal["plans"]) else None
            flying = any(d.get("seat") == seat for d in self.table.anim.moments.drops if d.get("kind") == "reveal")
            if piece is not None and not flying:
                image = pieces.piece_image(piece, 80)
                surface.blit(image, image.get_rect(midbottom=(fist_centre[0] + 100, fist_centre[1] + 45)))
            elif piece is None:
                art.blit_text(surface, "empty", 32, art.INK_DIM, (fist_centre[0] + 100, fist_centre[1]), "center")
            for drop in self.table.anim.moments.drops:
                if drop.get("kind") == "reveal" and drop.get("seat") == seat:
                    self.draw_hop(surface, drop)
        else:
            fist = pieces.fist_image(colour, 96, 0.0)
            surface.blit(fist, fist.get_rect(center=fist_centre))
            status, status_colour = self.seat_status(seat)
            if status == "LOCKED IN":
                grow = min(1.15, self.table.anim.get(f"lock{seat}", 1.0))
                badge = pygame.Rect(0, 0, round(150 * grow) // 2 * 2, round(48 * grow) // 2 * 2)
                badge.center = (rect.right - 90, fist_centre[1])
                surface.blit(art.panel(badge.size, art.shade(art.GOOD, 0.55), art.GOOD, 12), badge)
                art.blit_text(surface, "LOCKED IN", round(28 * grow) // 2 * 2, art.INK, badge.center, "center")
            elif status:
                art.blit_text(surface, status, 32, status_colour, (rect.right - 90, fist_centre[1]), "center",
                              width=rect.width - 150)
        for i in range(view["stock_counts"][seat]):  # the hidden stock: face-down blocks
            block = pygame.Rect(rect.left + 20 + i * 34, rect.top + 198, 28, 32)
            pygame.draw.rect(surface, pieces.STONE_DARK, block, border_radius=5)
            pygame.draw.rect(surface, art.shade(pieces.STONE_DARK, 1.25), block.inflate(-6, -6), border_radius=4)

    def draw_hop(self, surface, drop) -> None:
        """A revealed piece: pymunk hops it up and down; it glides sideways to its spot."""
        (start_x, _), (target_x, target_y) = drop["start"], drop["target"]
        glide = min(1.0, drop["age"] / 0.4)
        glide = 1 - (1 - glide) ** 3
        centre = (start_x + (target_x - start_x) * glide, min(drop["body"].position.y, target_y))
        image = pieces.piece_image(drop["piece"], round(drop["size"][1]))
        surface.blit(image, image.get_rect(center=centre))

    def draw_choice(self, surface, seat: int, choice: Choice, focused: bool) -> None:
        rect, piece = choice.rect, choice.data
        surface.blit(art.panel(rect.size, art.PANEL_HI if choice.legal else (40, 34, 38), None, 12), rect)
        if piece is None:
            fist = pieces.fist_image(self.table.colour(seat), 80, 0.0)
            surface.blit(fist, fist.get_rect(center=(rect.centerx, rect.centery - 12)))
        else:
            image = pieces.piece_image(piece, min(76, rect.height - 40), None, not choice.legal)
            surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.top + 6)))
        held = self.seat_view(seat).get("stock", []).count(piece) if choice.private and piece is not None else 0
        if held > 1:  # the stock holds this piece more than once: one card, with how many
            badge = pygame.Rect(rect.right - 42, rect.top + 4, 38, 30)
            surface.blit(art.panel(badge.size, art.GOLD, None, 10, 255), badge)
            art.blit_text(surface, f"x{held}", 24, art.NIGHT, badge.center, "center", "bold")
        words = choice.label
        if isinstance(choice.action, dict) and choice.action["type"] == "build":
            words = "< left" if choice.action["end"] == LEFT else "right >"
        art.blit_text(surface, words, 24, art.INK if choice.legal else art.INK_FAINT,
                      (rect.centerx, rect.bottom - 16), "center", width=rect.width - 8)
        if focused and choice.legal and isinstance(choice.action, dict) and choice.action["type"] == "build":
            self.draw_ghost(surface, seat, choice.action)

    def draw_ghost(self, surface, seat: int, action: dict) -> None:
        """Where the focused build would go, drawn as a ghost at that end of the wall."""
        ghost = pieces.piece_image(action["piece"], self.wall.layout()["height"], self.table.colour(seat), True)
        surface.blit(ghost, self.ghost_rect(seat, action))

    def ghost_rect(self, seat: int, action: dict) -> pygame.Rect:
        ghost = pieces.piece_image(action["piece"], self.wall.layout()["height"], self.table.colour(seat), True)
        return self.wall.ghost_spot(ghost, action["end"])

    def draw_private(self, surface, seat: int, rect: pygame.Rect, choices: list[Choice]) -> None:
        """After a pick (or while only looking): the seat's stock, fitted into its panel."""
        view = self.seat_view(seat)
        mine = view.get("plans", {}).get("mine", "none") if view.get("phase") == "plan" else "none"
        if mine != "none":  # a pick this screen did not send was a bot's, while the seat was away
            words = "You picked" if self.picked_here.get(seat) == self.turn() else "In your fist"
            art.blit_text(surface, f"{words}: {NAMES[mine]}", 28, art.GOLD, (rect.right - 24, rect.top + 14),
                          "topright")
        if choices:
            return
        stock = view.get("stock", [])
        area = pygame.Rect(rect.left + 24, rect.top + 100, rect.width - 48, rect.height - 112)
        height = min(area.height, 110)
        while height > 30 and sum(pieces.piece_size(p, height)[0] + 10 for p in stock) > area.width:
            height -= 4
        x = area.left
        for piece in stock:
            image = pieces.piece_image(piece, height)
            surface.blit(image, (x, area.bottom - height))
            x += image.get_width() + 10

    def draw_overlay(self, surface) -> None:
        if not self.summary_shown():
            return
        event, table = self.summary, self.table
        box = pygame.Rect(0, 0, 820, 100 + 40 * table.players)
        box.midtop = (art.W // 2, SHELF.top - 10)
        surface.blit(art.panel(box.size, art.PANEL, art.GOLD, 18, 255), box)
        art.blit_text(surface, f"Round {event['round']} is over", 56, art.GOLD, (box.centerx, box.top + 46), "center",
                      weight="bold")
        for p, penalty in enumerate(event["penalties"]):
            line = f"{table.name(p)}: +{penalty}  (total {event['totals'][p]})"
            art.blit_text(surface, line, 36, table.colour(p), (box.centerx, box.top + 100 + p * 40), "center",
                          width=box.width - 40)

    # --- results --------------------------------------------------------------------------
    def standings(self) -> Standings:
        view = self.view
        rounds = view.get("round_penalties", [])
        return self.standings_of(
            view.get("totals", []), (view.get("game_result") or {}).get("winners", []),
            lower_wins=True, columns=[f"Round {r + 1}" for r in range(len(rounds))],
            cells=[[scores[p] for scores in rounds] for p in range(self.table.players)], total_label="Penalty")

    @classmethod
    def emblem(cls, height: int) -> pygame.Surface:
        return pieces.wall_image("1T36G24T3G6", height)


def build_label(action: dict) -> str:
    return f"{NAMES[action['piece']]}, {END_NAMES[action['end']]} end"


def article(piece) -> str:
    return "an empty fist" if piece is None else f"the {NAMES[piece]}"


def outcome_text(event: dict, name) -> str:
    """The reveal's outcome in words (DM-4, DM-5), one verb for one builder or several."""
    case = event["case"]
    builders = [name(b) for b in event.get("builders", [])]
    who = and_list(builders) if builders else "nobody"
    if case == "competitors_build":
        return f"Guessed right: {who} {'builds' if len(builders) == 1 else 'build'}"
    if case == "donation":
        return f"{name(event['donor'])} must give the master a piece"
    return {
        "master_builds": f"Nobody guessed: {who} builds",
        "nobody_builds": "Nobody can build",
        "master_builds_instead": f"Too many guessed: {who} builds instead",
        "master_chooses": f"{who} may build any piece",
        "nothing": "Several empty fists: nothing happens",
    }.get(case, case)
