"""The Die Mauer table: one shared wall, a fist per seat, secret picks (DM-1 to DM-9).

Plans (secret, DM-2) and donations (seen by giver and master only, DM-9) are private
choices; so is the master's free choice (DM-5), which would show their stock. Builders
choosing an end (DM-4) choose in public: both ends are offered, and an illegal one is
sent anyway so the engine explains the building order (DM-3).

Hooks only: drawing is in `paint`, sentences in `words`, geometry in `layout`, what is
kept from events in `state`.
"""

from typing import Any

import pygame

from client.games.die_mauer import art as pieces
from client.games.die_mauer import layout, paint, words
from client.games.die_mauer.state import Shown, Turn
from client.input.router import Intent
from client.table.choices import Choice
from client.table.game import GameTable, Standings
from client.table.handle import TableHandle
from client.table.layout import Layout
from client.table.model import Beat
from client.table.types import Colour, Event
from client.ui.tween import ease_out_back
from engines.die_mauer import LEFT, PIECES, RIGHT

CAPTIONED = ("built", "donation", "turn", "round")  # events the phase line tells while they show
REVEAL_SECONDS = 2.6
SUMMARY_SECONDS = 3.5
Action = dict[str, Any]  # a Die Mauer action: plain data with its "type"


class DieMauerTable(GameTable):
    game_id = "die_mauer"
    paint = paint
    private_types = ("donate",)  # plan is secret by GameInfo.secret_action_types
    panel_heading = words.PANEL_HEADING  # marked N_; the table looks it up where it draws
    dwell = {"outcome": 0.9, "built": 0.7, "donation": 1.2, "turn": 0.3, "round": 0.6, "game_over": 1.5}
    # a seat's own plan and a donation's piece are told in its panel (`on_seat_event`)
    silent_events = frozenset({"planned", "donated"})

    def __init__(self, table: TableHandle):
        super().__init__(table)
        self.shown = Shown()

    # --- layout -------------------------------------------------------------------------
    def layout(self) -> Layout:
        return layout.table_layout(self.table.players, self.table.local_seats)

    def private_rect(self, seat: int, count: int) -> pygame.Rect:
        """The private panel, as wide as ``count`` cards need."""
        return layout.private_rect(self.table.layout.seats[seat], count)

    def ghost_rect(self, seat: int, action: Action) -> pygame.Rect:
        """Where ``seat``'s build ``action`` would stand, as a ghost at its end of the wall."""
        return self.shown.wall.ghost_rect(action["piece"], action["end"])

    # --- words --------------------------------------------------------------------------
    def status_text(self) -> str:
        return words.status_text(self.view)

    def phase_text(self) -> str:
        if self.caption_on() or (self.caption and self.catching_up()):
            return self.caption  # what the fists just showed, while the table dwells on what follows
        return words.phase_text(self.view, self.table.name)

    rewords_log = True  # describe words an event from it and the names alone: again on a language change

    def describe(self, event: Event) -> str | None:
        return words.describe(event, self.table.name)

    def public_refusal(self, code: str) -> str:
        return words.public_refusal(code)

    # --- choices ------------------------------------------------------------------------
    def choices(self, seat: int, legal: list[Action]) -> list[Choice]:
        view = self.view
        kind = legal[0]["type"]
        if kind == "build" and view.get("phase") == "build":
            return self.end_choices(legal)
        if kind == "build":  # the master's free choice shows their stock: private (DM-5)
            stock = [piece for piece in PIECES if piece in self.seat_view(seat).get("stock", [])]
            offered = [{"type": "build", "piece": piece, "end": end} for piece in stock for end in self.open_ends()]
            return self.private_choices(seat, offered, legal, private=True)
        return self.private_choices(seat, legal, legal)

    def open_ends(self) -> list[str]:
        """Both ends of a wall; an empty wall has one place (DM-3)."""
        return [LEFT, RIGHT] if self.view.get("wall") else [LEFT]

    def end_choices(self, legal: list[Action]) -> list[Choice]:
        """Both ends in public, an illegal one too: the engine then explains the building order."""
        piece = legal[0]["piece"]
        actions = [{"type": "build", "piece": piece, "end": end} for end in self.open_ends()]
        rects = layout.end_card_rects(len(actions))
        return [Choice(action, rect, words.build_label(action), legal=action in legal, data=piece)
                for action, rect in zip(actions, rects, strict=True)]

    def private_choices(self, seat: int, offered: list[Action], legal: list[Action], private: bool = False) -> list[Choice]:
        """Cards in the private panel: pieces in the engine's order, the empty fist last
        (as on the gamepad); a free choice offers both ends, illegal ones too."""
        if offered[0]["type"] == "build":
            ordered = offered
        else:
            ordered = sorted(offered, key=lambda a: len(PIECES) if a["piece"] is None else PIECES.index(a["piece"]))
        rects = layout.private_card_rects(self.private_rect(seat, len(ordered)), len(ordered))
        out = []
        for action, rect in zip(ordered, rects, strict=True):
            label = words.build_label(action) if action["type"] == "build" else words.piece_name(action["piece"])
            out.append(Choice(action, rect, label, legal=action in legal, private=private, data=action["piece"]))
        return out

    def blind_actions(self, seat: int) -> list[tuple[str, Action | None]]:
        """Up T, Right G, Down 6, Left 4, A 3, B 2, X 1, Y empty fist, for every gamepad;
        a donation cannot be an empty fist. A piece the seat built this round in front of
        everyone is spent (no action, so its legend leaves it out); nothing else it holds
        shows (DM-9): after the seat received a donation nobody else knows which piece,
        so every piece is offered again."""
        legal = self.table.model.legal.get(seat) or [{}]
        kind = legal[0].get("type")
        if kind not in ("plan", "donate"):
            return []
        view = self.view
        built = view.get("built") or []
        received = any(move[0] == "donate" and len(move) > 2 and move[2] == seat for move in view.get("round_moves", []))
        spent = set() if received or seat >= len(built) else set(built[seat])
        actions: list[tuple[str, Action | None]] = [
            (piece, None if piece in spent else {"type": kind, "piece": piece}) for piece in PIECES]
        return actions + [(words.piece_name(None), {"type": "plan", "piece": None} if kind == "plan" else None)]

    # --- input ------------------------------------------------------------------------------
    def on_seat_input(self, seat: int, intent: Intent) -> bool:
        """A click on the ghost at a wall end builds there, as its card below would."""
        if intent.action == "confirm" and intent.pressed and intent.pos is not None:
            end = self.end_under(seat, intent.pos)
            if end is not None:
                self.table.set_cursor(seat, end.key)
                self.table.pick(seat, end)
                return True
        return super().on_seat_input(seat, intent)

    def on_input(self, intent: Intent) -> bool:
        """The pointer over a wall end shows the mouse seat's ghost there."""
        if intent.action == "point" and intent.pos is not None:
            for seat in self.table.local_seats:
                end = self.end_under(seat, intent.pos) if self.table.seat(seat).listens_to(intent.device) else None
                if end is not None:
                    self.table.set_cursor(seat, end.key)
                    return True
        return super().on_input(intent)

    def end_under(self, seat: int, pos: tuple[int, int]) -> Choice | None:
        """``seat``'s public end choice whose ghost spot on the wall is under ``pos``."""
        for choice in self.table.choices(seat):
            action = choice.action
            if not choice.private and isinstance(action, dict) and action.get("type") == "build" \
                    and self.ghost_rect(seat, action).collidepoint(pos):
                return choice
        return None

    def turn(self) -> Turn:
        return self.view.get("round"), self.view.get("turn")

    # --- events: animations and how long to dwell ------------------------------------------
    def on_event(self, event: Event) -> float:
        seconds = super().on_event(event)
        if event["type"] in CAPTIONED:  # the phase line tells what is shown, not the view before it
            self.show_caption(self.describe(event) or "", seconds)
        return seconds

    def on_locked(self, event: Event) -> float:
        seat = event["player"]
        pending = self.table.model.pending.get(seat)  # this screen's pick, not yet settled
        sent_here = pending is not None and isinstance(pending.action, dict) and pending.action.get("type") == "plan"
        self.shown.lock(seat, self.turn() if sent_here else None)
        self.table.tween(f"lock{seat}", 1.3, 1.0, 0.35, ease_out_back)
        self.sound("lock")
        return 0.0

    def on_reveal(self, event: Event) -> float:
        table, master = self.table, event["master"]
        self.shown.open_fists(event)
        table.tween("reveal", 0.0, 1.0, REVEAL_SECONDS)
        self.show_caption(words.reveal_caption(self.table.name(master), event["plans"][master]), REVEAL_SECONDS)
        space = table.physics()
        if space is not None:
            space.clear_drops("reveal")
        for seat, piece in enumerate(event["plans"]):
            table.tween(f"fist{seat}", 0.0, 1.0, 0.45, delay=0.1 * seat)
            if piece is not None and space is not None:  # it hops out of the opening fist and lands beside it
                zone = self.table.layout.seats[seat]
                size = pieces.piece_size(piece, layout.REVEALED_PIECE)
                fist, (spot_x, spot_bottom) = layout.fist_centre(zone), layout.revealed_spot(zone)
                space.drop(piece, self.table.colour(seat), size, (spot_x, spot_bottom - size[1] / 2),
                           velocity=(0, -300), life=REVEAL_SECONDS, start=(fist[0] + 10, fist[1]), upright=True)
                space.drops[-1].update(kind="reveal", seat=seat)
        self.sound("reveal")
        return REVEAL_SECONDS

    def on_outcome(self, event: Event) -> float:
        self.show_caption(words.outcome_text(event, self.table.name), self.dwell["outcome"])
        return self.dwell["outcome"]

    def on_built(self, event: Event) -> float | None:
        wall = self.shown.wall
        uid = wall.add(event["piece"], event["end"])
        rect = wall.layout().slots[uid]
        space = self.table.physics()
        if space is not None:  # it falls straight into its own slot from no higher than the shelf's top
            rise = min(rect.height * 0.7, rect.top - layout.SHELF.top)
            space.drop(event["piece"], self.table.colour(event["player"]), rect.size, rect.center, upright=True,
                       start=(rect.centerx, rect.centery - rise))
            space.drops[-1]["uid"] = uid
        self.sound("thud")
        return None

    def on_round_over(self, event: Event) -> float:
        wall = self.shown.wall
        self.table.tween("summary", 0.0, 1.0, SUMMARY_SECONDS)
        space = self.table.physics()
        if space is not None:
            centre = wall.layout().centre if wall.items else (layout.SHELF.centerx, layout.WALL_BASE)
            colours = [pieces.STONE, pieces.STONE_DARK, pieces.TOWER_BLUE, pieces.GATE_RED]
            space.scatter(centre, colours, count=min(80, 20 + 6 * len(wall.items)))
        self.shown.end_round(event)
        self.sound("round")
        self.sound("scatter")
        return SUMMARY_SECONDS

    def on_game_over(self, event: Event) -> float:
        if self.shown.summary is not None:  # the last round's summary stays up until the results
            self.table.tween("summary", 0.0, 1.0, self.dwell["game_over"] + 0.5)
        return self.dwell["game_over"]

    def on_seat_event(self, seat: int, event: Event) -> None:
        if event.get("type") == "donated":
            name = self.table.name
            self.table.note_privately(seat, words.donated_note(name(event["giver"]), name(event["master"]),
                                                               event["piece"]))

    def on_shown(self, beat: Beat) -> None:
        self.shown.sync(self.view)

    # --- what is shown now -----------------------------------------------------------------
    def revealing(self) -> bool:
        return self.shown.reveal is not None and self.table.running("reveal")

    def summary_shown(self) -> bool:
        return self.shown.summary is not None and self.table.running("summary")

    def picked_on_this_screen(self, seat: int) -> bool:
        """Whether this screen sent ``seat``'s pick this turn (else a bot picked while it was away)."""
        return self.shown.picked_here.get(seat) == self.turn()

    def seat_state(self, seat: int) -> str:
        """What ``seat``'s badge says, as a key of `words.SEAT_STATUS` ("": nothing)."""
        view, beat = self.view, self.table.beat
        if beat is not None and any(event["type"] != "locked" for event in beat.events):
            return ""  # the fists open, a piece is built: who chose or acts is history
        if view.get("phase") == "plan":
            if seat in view.get("plans", {}).get("locked", []) or seat in self.shown.locked_now:
                return "locked"
            if seat in self.table.local_seats:
                return "choosing"
            model = self.table.model  # a dropped LAN player is not thinking (its badge says how long)
            played_by_bot = seat < len(model.seat_kinds) and model.seat_kinds[seat] == "bot"
            return "away" if seat in model.away and not played_by_bot else "thinking"
        if seat in view.get("active", []):
            return "to_act"
        return ""

    def seat_status(self, seat: int) -> tuple[str, Colour]:
        """``seat``'s badge: its words and their colour."""
        state = self.seat_state(seat)
        return words.seat_status(state), paint.STATUS_COLOURS[state]

    # --- drawing (reads only) ----------------------------------------------------------------





    # --- results --------------------------------------------------------------------------
    def standings(self) -> Standings:
        view = self.view
        rounds = view.get("round_penalties", [])
        return self.standings_of(
            view.get("totals", []), (view.get("game_result") or {}).get("winners", []),
            lower_wins=True, columns=[words.round_column(r) for r in range(len(rounds))],
            cells=[[scores[p] for scores in rounds] for p in range(self.table.players)],
            total_label=words.penalty_label())

    @classmethod
    def emblem(cls, height: int) -> pygame.Surface:
        return pieces.wall_image("1T36G24T3G6", height)
