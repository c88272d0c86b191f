"""The Wie Waldi table: a real-time race on one couch and across the LAN (WA-1 to WA-8).

Every seat races at once. A seat's zone shows its three piles and their sizes, its hand
card (face up for a seat at this screen: a race leaves no time to hide it; another
machine's hand card only as a card back, WA-8), its markers left and its bones. Dogs lie
in lanes on the table and grow to the right from their heads; their open ends show the
coat colour and its pattern (WA-1); completed dogs fly to the kennel with the completer's
marker (WA-4).

Playing takes two presses: a pile's own button draws (`shortcuts`), confirm plays onto
the target the cursor jumped to among the card's legal ones (directions cycle through
the others; a head's target is a new lane). Putting back is one press. The mouse clicks
piles and targets. A play that arrives too late is refused: the seat's zone says who was
first, the card stays in hand and the cursor jumps to the card's next legal target.

The "Ready - Wuff!" countdown and the tally between rounds are the engine's (WA-5): the
host ends them; this table shows them to everyone at once.
"""

import math

import pygame

from client import art, buttons
from client.games.wie_waldi import art as cards
from client.games.wie_waldi.lanes import Lanes
from client.table.choices import Choice
from client.table.game import GameTable, Layout, Standings, seat_strip
from client.tween import ease_out_back, ease_out_cubic
from engines.wie_waldi.cards import COLOUR_NAMES, COLOURS, MARKERS, card_name
from engines.wie_waldi.rules import TALLY_SECONDS

BOARD = pygame.Rect(30, 300, 1860, 406)
DOGS = pygame.Rect(38, 308, 1520, 390)
KENNEL = pygame.Rect(1572, 300, 318, 406)
SEAT_AREA = pygame.Rect(30, 716, 1860, 344)
PILE_HEIGHT, HAND_HEIGHT = 108, 126
# One button per pile, by where the piles lie: left, middle, right.
KEY_PILES = ("left", "up", "right")
PAD_PILES = ("alt", "secret", "back")  # the pad's left, top and right face buttons
STOP_SECONDS = 1.4  # "Stop!" and the last dog flying aside, before the tally
REASONS = {"stop": "Stop!", "deadlock": "nobody can play", "timer": "time is up"}


def initial(name: str) -> str:
    return name[:1].upper() or "?"


class WieWaldiTable(GameTable):
    game_id = "wie_waldi"
    has_private_panel = False
    dwell = {"game_over": 4.5}

    def __init__(self, table):
        super().__init__(table)
        self.lanes = Lanes(DOGS)
        self.kennel: list[int] = []  # completed dogs of this round, in the order they were done
        self.flights: dict[int, tuple[pygame.Rect, float]] = {}  # dog -> where it flew from, when
        self.arrivals: dict[tuple[int, int], tuple[int, float]] = {}  # (dog, card) -> (player, when)
        self.ready_end: float | None = None  # the table clock when the countdown should be over
        self.tally_end = 0.0  # the tally shows until then
        self.race_since: float | None = None  # the last "Wuff!" (the round timer counts from it)
        self.stopped: dict | None = None  # the last round_over event
        self.stopped_at = -99.0
        self.lost: dict[int, tuple[float, str]] = {}  # seat -> (when, who was first)
        self.refused: dict[int, str] = {}  # seat -> the key of its last refused target
        self.refusals: dict[int, int] = {}  # seat -> refusals so far (its choices are made anew)
        self.last_completer: int | None = None  # who placed the latest marker ("Stop!")

    # --- reading the table ------------------------------------------------------------------
    @property
    def clock(self) -> float:
        return self.table.clock

    def dogs(self, view: dict | None = None) -> list[dict]:
        return (view if view is not None else self.view).get("dogs", [])

    def hand(self, seat: int) -> str | None:
        """The card a seat at this screen holds (None for others: WA-8)."""
        if seat not in self.table.choosers:
            return None
        return self.seat_view(seat).get("hand")

    def latest_view(self) -> dict:
        """The newest view this screen has received (it may wait behind a dwell)."""
        queue = self.table.model.queue
        if queue:
            views = queue[-1].views
            return views.get(self.table.model.reference) or next(iter(views.values()))
        return self.view

    def stopping(self) -> bool:
        """"Stop!" is on screen (the last play of a round, before the tally)."""
        return self.clock - self.stopped_at < STOP_SECONDS / max(0.5, min(self.table.speed(), 4.0))

    def tallying(self) -> bool:
        """The last round's tally is on screen (until the countdown, never in a race)."""
        return (self.stopped is not None and not self.stopping() and self.clock < self.tally_end
                and self.view.get("phase") != "race")

    # --- layout -------------------------------------------------------------------------------
    def layout(self) -> Layout:
        zones = dict(enumerate(seat_strip(self.table.players, SEAT_AREA, 14, 600)))
        # Nothing private to show: no panel ever opens (each seat's zone stands for it).
        return Layout(BOARD.copy(), zones, {seat: zones[seat] for seat in self.table.local_seats})

    def private_rect(self, seat: int, count: int) -> pygame.Rect:
        return self.table.layout.seats[seat]

    def zone_parts(self, seat: int) -> dict:
        """Where a seat's piles, hand card, markers and legend are in its zone."""
        zone = self.table.layout.seats[seat]
        pile_w, _ = cards.card_size(PILE_HEIGHT)
        hand_w, _ = cards.card_size(HAND_HEIGHT)
        top = zone.top + 112
        gap = min(16, (zone.width - 40 - 3 * pile_w - hand_w) // 4)
        piles = [pygame.Rect(zone.left + 16 + k * (pile_w + gap), top + 8, pile_w, PILE_HEIGHT) for k in range(3)]
        hand = pygame.Rect(zone.right - 16 - hand_w, top - 4, hand_w, HAND_HEIGHT)
        return {"piles": piles, "hand": hand, "keys": top + PILE_HEIGHT + 30, "legend": zone.bottom - 34}

    # --- words ----------------------------------------------------------------------------------
    def status_text(self) -> str:
        view = self.view
        words = f"Round {view.get('round', 1)} of {view.get('rounds', 3)}"
        left = self.timer_left()
        if left is not None:
            words += f"   {int(left) // 60}:{int(left) % 60:02d} left"
        return words

    def timer_left(self) -> float | None:
        """Seconds left on the optional round timer (WA-5), shown to everyone."""
        seconds = self.view.get("round_timer", 0)
        if not seconds or self.view.get("phase") != "race" or self.race_since is None:
            return None
        return max(0.0, seconds - (self.clock - self.race_since))

    def phase_text(self) -> str:
        view = self.view
        if self.stopping() and self.stopped is not None:
            return self.stop_words(self.stopped)
        if self.tallying():
            return f"Round {self.stopped['round']} is over: who owns what"
        phase = view.get("phase")
        if phase == "ready":
            return "Ready..."
        if phase == "race":
            return "Race! Draw, and play where the coat fits"
        return "Game over"

    def stop_words(self, event: dict) -> str:
        if event["reason"] == "stop" and self.last_completer is not None:
            return f"Stop! {self.table.name(self.last_completer)} placed the sixth marker"
        return f"Round over: {REASONS.get(event['reason'], event['reason'])}"

    def describe(self, event: dict) -> str | None:
        name, kind = self.table.name, event["type"]
        if kind == "wuff":
            return f"Wuff! Round {event['round']} begins"
        if kind == "dog_started":
            return f"{name(event['player'])} starts dog {event['dog']} with a {card_name(event['card'])}"
        if kind == "played" and event["card"][0] == "M":
            return f"{name(event['player'])} grows dog {event['dog']} with a {card_name(event['card'])}"
        if kind == "dog_completed":
            tail = "cat tail" if event["cat"] else "tail"
            return (f"{name(event['player'])} completes dog {event['dog']} with a {tail}: "
                    f"{name(event['owner'])}'s, {event['cards']} cards")
        if kind == "round_over":
            points = ", ".join(f"{name(p)} +{n}" for p, n in enumerate(event["points"]))
            return f"Round {event['round']} over ({REASONS.get(event['reason'], event['reason'])}): {points}"
        if kind == "game_over":
            return "Game over: " + " and ".join(name(p) for p in event["winners"]) + " " + \
                ("wins" if len(event["winners"]) == 1 else "share the win")
        return None

    def refusal_words(self, seat: int, code: str, reason: str, action) -> str:
        """A lost race in this table's names: who was first, and what happens now."""
        dogs = {dog["id"]: dog for dog in self.dogs(self.latest_view())}
        dog = dogs.get(action.get("dog")) if isinstance(action, dict) else None
        if code == "end_taken" and dog is not None and 0 <= action.get("end", -1) < len(dog["cards"]):
            first = dog["cards"][action["end"]]["player"]
            who = "you were" if first == seat else f"{self.table.name(first)} was"
            now = f"; it now ends in {COLOUR_NAMES[COLOURS.index(dog['end'])]}" if dog["end"] else ""
            return f"too late: {who} first on dog {dog['id']}{now}"
        if code == "dog_completed" and dog is not None and dog.get("marker") is not None:
            who = "you" if dog["marker"] == seat else self.table.name(dog["marker"])
            return f"too late: {who} completed dog {dog['id']} first"
        if code == "countdown" and self.view.get("phase") == "ready":
            return "wait for Wuff!"
        if code in ("old_round", "countdown"):  # sent while the round still ran here
            return "too late: that round is over"
        return reason

    # --- choices: two presses per card ----------------------------------------------------------
    def choices_version(self, seat: int):
        return self.lanes.grid, self.stopping(), self.refusals.get(seat, 0)

    def choices(self, seat: int, legal: list) -> list[Choice]:
        if self.stopping() or self.view.get("phase") != "race":
            return []
        if legal[0]["type"] == "draw":
            piles = self.zone_parts(seat)["piles"]
            return [Choice(action, piles[action["pile"]], f"pile {action['pile'] + 1}", key=f"draw{action['pile']}")
                    for action in legal]
        out = []
        nest = self.table.local_seats.index(seat) * 8 if seat in self.table.local_seats else 0
        for action in legal:
            if action["type"] == "put_back":
                if self.table.choosers[seat].device == "mouse":  # click the hand card to put it back
                    out.append(Choice(action, self.zone_parts(seat)["hand"], "put back", key="put_back"))
                continue
            rect = self.lanes.head_rect() if action["type"] == "start" else \
                self.lanes.end_rect(action["dog"], action["end"])
            if rect is None:
                continue
            label = "new dog" if action["type"] == "start" else f"dog {action['dog']}"
            out.append(Choice(action, rect.inflate(nest, nest), label, data=action))
        return out

    def preferred(self, seat: int, choices: list[Choice]) -> int:
        """Where the cursor jumps after a draw: a head's new lane; a cat tail's longest dog;
        otherwise the longest of the seat's own dogs, then the longest of anyone's. A
        target just lost in a race comes last."""
        dogs = {dog["id"]: dog for dog in self.dogs()}

        def worth(index: int):
            choice = choices[index]
            action = choice.action
            if not isinstance(action, dict) or action["type"] == "put_back":
                return (-2, 0, 0)
            if action["type"] == "draw":
                return (0, -self.view["pile_sizes"][seat][action["pile"]], 0)
            if choice.key == self.refused.get(seat):
                return (-1, 0, 0)
            if action["type"] == "start":
                return (3, 0, 0)
            dog = dogs.get(action["dog"], {"cards": []})
            own = bool(dog["cards"]) and dog["cards"][0]["player"] == seat
            return (1, 1 if own or action["card"][0] == "C" else 0, len(dog["cards"]))

        return max(range(len(choices)), key=worth) if choices else 0

    def shortcuts(self, seat: int, device: str) -> dict[str, Choice]:
        """Empty hand: each pile's own button draws from it (keyboard halves: left, up and
        right; pads: the left, top and right face buttons and the d-pad). Holding a card:
        back puts it back (the mouse: its right button too)."""
        live = self.table.live.get(seat, [])
        draws = {c.action["pile"]: c for c in live if isinstance(c.action, dict) and c.action["type"] == "draw"}
        out: dict[str, Choice] = {}
        if draws:
            layouts = [KEY_PILES] if device in ("keys1", "keys2") else [PAD_PILES, KEY_PILES] \
                if device.startswith("pad:") else []
            for layout in layouts:
                out.update({button: draws[k] for k, button in enumerate(layout) if k in draws})
            return out
        legal = self.table.model.legal.get(seat, [])
        waiting = self.table.model.pending.get(seat) is not None or self.stopping()
        if legal and legal[0]["type"] == "put_back" and not waiting and self.view.get("phase") == "race":
            back = Choice(legal[0], self.zone_parts(seat)["hand"], "put back", key="put_back")
            out["back"] = back
            if device == "mouse":
                out["peek"] = back
        return out

    # --- events: animations, and how long to dwell -----------------------------------------------
    def hand_rect(self, player: int) -> pygame.Rect:
        return self.zone_parts(player)["hand"]

    def on_wuff(self, event: dict) -> float:
        self.race_since = self.clock
        self.ready_end = None
        self.table.anim.tween("wuff", 0.0, 1.0, 0.9)
        self.table.app.sounds.play("reveal")
        return 0.0

    def on_drew(self, event: dict) -> float:
        self.table.anim.tween(f"draw{event['player']}", 0.0, 1.0, 0.16)
        if event["player"] in self.table.choosers:
            self.table.app.sounds.play("move")
        return 0.0

    def on_put_back(self, event: dict) -> float:
        self.table.anim.tween(f"back{event['player']}", 0.0, 1.0, 0.2)
        return 0.0

    def on_dog_started(self, event: dict) -> float:
        self.lanes.place(event["dog"])
        self.arrive(event["dog"], 0, event["player"])
        return 0.0

    def on_played(self, event: dict) -> float:
        self.arrive(event["dog"], event["end"] - 1, event["player"])
        return 0.0

    def arrive(self, dog: int, index: int, player: int) -> None:
        """A card flies from its player's hand to its place in a dog."""
        self.arrivals[(dog, index)] = (player, self.clock)
        self.table.anim.tween(f"card{dog}:{index}", 0.0, 1.0, 0.24)
        self.table.app.sounds.play("thud")

    def on_dog_completed(self, event: dict) -> float:
        dog = event["dog"]
        self.last_completer = event["player"]
        lane = self.lanes.lanes.get(dog)
        start = self.lanes.lane_rect(lane) if lane is not None else KENNEL.copy()
        self.flights[dog] = (start, self.clock)
        if dog not in self.kennel:
            self.kennel.append(dog)
        self.table.anim.tween(f"done{dog}", 0.0, 1.0, 0.7, delay=0.2)
        self.table.anim.tween(f"marker{dog}", 0.0, 1.0, 0.45, ease_out_back, delay=0.8)
        self.table.app.sounds.play("lock")
        return 0.0

    def on_round_over(self, event: dict) -> float:
        self.stopped, self.stopped_at = event, self.clock
        # The host's tally time is real time: a faster animation speed shortens the tally
        # on screen, a slower one never lengthens it into the next countdown.
        speed = self.table.speed()
        self.tally_end = self.clock + TALLY_SECONDS / max(1.0, speed) if math.isfinite(speed) else self.clock
        if event["round"] < self.view.get("rounds", 3):
            self.ready_end = self.clock + TALLY_SECONDS + self.view.get("countdown", 3)
        self.table.anim.tween("stop", 0.0, 1.0, 0.6, ease_out_back)
        self.table.anim.tween("tally", 0.0, 1.0, 2.4, delay=STOP_SECONDS)
        self.table.app.sounds.play("round")
        return STOP_SECONDS

    def on_game_over(self, event: dict) -> float:
        self.ready_end = None
        self.tally_end = max(self.tally_end, self.clock + self.dwell["game_over"])
        return None  # the class's dwell

    def on_refusal(self, seat: int, code: str, reason: str) -> None:
        chooser = self.table.choosers[seat]
        self.lost[seat] = (self.clock, code)
        self.refusals[seat] = self.refusals.get(seat, 0) + 1
        if chooser.cursor is not None and chooser.cursor not in ("draw0", "draw1", "draw2"):
            self.refused[seat] = chooser.cursor
            chooser.cursor = None  # jump to the card's next legal target (see `preferred`)

    def on_shown(self, beat) -> None:
        view = self.view
        dogs = self.dogs()
        self.lanes.sync([dog["id"] for dog in dogs if not dog["complete"]])
        done = [dog["id"] for dog in dogs if dog["complete"]]
        self.kennel = [d for d in self.kennel if d in done] + [d for d in done if d not in self.kennel]
        if view.get("phase") == "ready" and self.ready_end is None:
            self.ready_end = self.clock + view.get("countdown", 3)
        if view.get("phase") == "race" and self.race_since is None:
            self.race_since = self.clock
        for seat in list(self.refused):  # a new card, or the refused target gone: forget it
            if self.hand(seat) is None:
                del self.refused[seat]

    # --- drawing (reads only) ---------------------------------------------------------------------
    def draw_board(self, surface) -> None:
        surface.blit(art.panel(BOARD.size, (52, 66, 54), None, 18, 140), BOARD)
        surface.blit(art.panel(KENNEL.size, (44, 40, 46), None, 18, 230), KENNEL)
        art.blit_text(surface, "Done", 30, art.GOLD, (KENNEL.left + 18, KENNEL.top + 10), weight="bold")
        art.blit_text(surface, "marker: who completed", 22, art.INK_FAINT, (KENNEL.right - 16, KENNEL.top + 16),
                      "topright")
        if self.tallying() or self.view.get("phase") == "over":
            return
        if not self.dogs() and self.view.get("phase") == "race":
            art.blit_text(surface, "A head starts a new dog", 34, art.INK_FAINT, DOGS.center, "center")
        for dog in self.dogs():
            if not dog["complete"]:
                self.draw_dog(surface, dog)
        self.draw_kennel(surface)
        self.draw_pending(surface)

    def card_from(self, dog: int, index: int, rest: pygame.Rect) -> pygame.Rect:
        """Where card ``index`` of ``dog`` is drawn now: flying in from its player's hand."""
        tween = self.table.anim.tweens.tweens.get(f"card{dog}:{index}")
        arrival = self.arrivals.get((dog, index))
        if tween is None or tween.done or arrival is None:
            return rest
        start = self.hand_rect(arrival[0])
        t = tween.value
        rect = rest.copy()
        rect.center = (round(start.centerx + (rest.centerx - start.centerx) * t),
                       round(start.centery + (rest.centery - start.centery) * t))
        return rect

    def draw_dog(self, surface, dog: dict) -> None:
        lane = self.lanes.lanes.get(dog["id"])
        if lane is None:
            return
        length = len(dog["cards"])
        height = self.lanes.card_height()
        lane_rect = self.lanes.lane_rect(lane)
        art.blit_text(surface, str(dog["id"]), 24, art.INK_DIM, (lane_rect.left + 15, lane_rect.centery), "center")
        end = self.lanes.card_rect(lane, length, length)
        if dog["end"] is not None:
            cards.socket(surface, end, COLOURS.index(dog["end"]), 0.5 + 0.5 * math.sin(self.clock * 4))
        for index, card in enumerate(dog["cards"]):
            rest = self.lanes.card_rect(lane, index, length)
            image = cards.card_image(card["card"], height, self.table.colour(card["player"]))
            surface.blit(image, self.card_from(dog["id"], index, rest))

    def kennel_rect(self, slot: int) -> pygame.Rect:
        """A completed dog's row in the kennel: two columns, top to bottom."""
        rows = 11
        column, row = divmod(slot, rows)
        width = (KENNEL.width - 30) // 2
        return pygame.Rect(KENNEL.left + 12 + (column % 2) * (width + 6), KENNEL.top + 50 + row * 32, width, 30)

    def draw_kennel(self, surface) -> None:
        dogs = {dog["id"]: dog for dog in self.dogs()}
        for slot, dog_id in enumerate(self.kennel):
            dog = dogs.get(dog_id)
            if dog is None:
                continue
            rest = self.kennel_rect(slot)
            flight = self.flights.get(dog_id)
            tween = self.table.anim.tweens.tweens.get(f"done{dog_id}")
            if flight is not None and tween is not None and not tween.done:
                self.draw_flying(surface, dog, flight[0], rest, tween.value)
                continue
            self.draw_small_dog(surface, dog, rest)

    def draw_small_dog(self, surface, dog: dict, rect: pygame.Rect) -> None:
        """A completed dog in a kennel row: its cards side by side, the completer's marker
        on it and the owner's initial (WA-4)."""
        length = len(dog["cards"])
        height = rect.height - 2
        width = round(height * cards.CARD_RATIO)
        room = rect.width - 34 - width
        step = width if length * width <= room + width else max(3, room // max(1, length - 1))
        for index, card in enumerate(dog["cards"]):
            image = cards.card_image(card["card"], height, self.table.colour(card["player"]))
            surface.blit(image, (rect.left + index * step, rect.top))
        if dog["marker"] is not None:
            grow = self.table.anim.get(f"marker{dog['id']}", 1.0)
            size = max(6, round(26 * grow))
            token = cards.marker(size, self.table.colour(dog["marker"]))
            surface.blit(token, token.get_rect(center=(rect.right - 16, rect.centery)))
        if dog["owner"] is not None:
            art.blit_text(surface, initial(self.table.name(dog["owner"])), 20, self.table.colour(dog["owner"]),
                          (rect.right - 16, rect.bottom + 1), "midbottom", weight="bold")

    def draw_flying(self, surface, dog: dict, start: pygame.Rect, end: pygame.Rect, t: float) -> None:
        """A completed dog on its way from its lane to the kennel, shrinking as it goes."""
        length = len(dog["cards"])
        height = round(self.lanes.card_height() + (end.height - 2 - self.lanes.card_height()) * t)
        width = round(height * cards.CARD_RATIO)
        left = start.left + 34 + (end.left - start.left - 34) * t
        top = start.top + (end.top - start.top) * t
        lift = math.sin(t * math.pi) * 40
        for index, card in enumerate(dog["cards"]):
            image = cards.card_image(card["card"], max(10, height), self.table.colour(card["player"]))
            surface.blit(image, (round(left + index * width * (1 - 0.4 * t)), round(top - lift)))
        if length and dog["marker"] is not None:
            token = cards.marker(24, self.table.colour(dog["marker"]))
            surface.blit(token, (round(left), round(top - lift - 10)))

    def draw_pending(self, surface) -> None:
        """A seat's play sent and not yet answered: its card waits, see-through, where it
        will land (it settles when the host answers)."""
        for seat, pending in self.table.model.pending.items():
            action = pending.action if pending is not None else None
            if not isinstance(action, dict) or action.get("type") not in ("start", "play"):
                continue
            rect = self.lanes.head_rect() if action["type"] == "start" else \
                self.lanes.end_rect(action["dog"], action["end"])
            if rect is not None:
                ghost = cards.card_image(action["card"], rect.height, self.table.colour(seat), True)
                surface.blit(ghost, rect)

    def draw_seat(self, surface, seat: int, rect: pygame.Rect) -> None:
        table, view = self.table, self.view
        colour = table.colour(seat)
        racing = seat in view.get("active", [])
        surface.blit(art.panel(rect.size, art.PANEL_HI if racing else art.PANEL, colour if racing else None), rect)
        pygame.draw.rect(surface, colour, pygame.Rect(rect.left + 14, rect.top + 12, rect.width - 28, 10),
                         border_radius=5)
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
        parts = self.zone_parts(seat)
        self.draw_piles(surface, seat, parts)
        self.draw_hand(surface, seat, parts)
        self.draw_legend(surface, seat, parts)

    def draw_piles(self, surface, seat: int, parts: dict) -> None:
        sizes = self.view.get("pile_sizes", [[0, 0, 0]] * self.table.players)[seat]
        colour = self.table.colour(seat)
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

    def draw_hand(self, surface, seat: int, parts: dict) -> None:
        hand = parts["hand"]
        colour = self.table.colour(seat)
        pygame.draw.rect(surface, (36, 30, 36), hand, border_radius=10)
        pygame.draw.rect(surface, (92, 78, 70), hand, width=2, border_radius=10)
        pending = self.table.model.pending.get(seat)
        if pending is not None and isinstance(pending.action, dict) and pending.action["type"] in ("start", "play"):
            return  # on its way to the table (drawn there, see-through)
        holding = self.view.get("holding", [None] * self.table.players)[seat]
        code = self.hand(seat)
        if holding is None and code is None:
            return
        image = cards.card_image(code, HAND_HEIGHT, colour) if code else cards.card_back(HAND_HEIGHT, colour)
        spot = hand.copy()
        tween = self.table.anim.tweens.tweens.get(f"draw{seat}")
        if tween is not None and not tween.done and holding is not None:
            pile = parts["piles"][holding]
            spot.topleft = (round(pile.left + (hand.left - pile.left) * tween.value),
                            round(pile.top + (hand.top - pile.top) * tween.value))
        lost = self.lost.get(seat)
        if lost is not None and self.clock - lost[0] < 0.6:  # refused: the card shakes, and stays
            spot.x += round(math.sin((self.clock - lost[0]) * 50) * 8 * (1 - (self.clock - lost[0]) / 0.6))
            pygame.draw.rect(surface, art.DANGER, spot.inflate(10, 10), width=4, border_radius=12)
        surface.blit(image, spot)

    def draw_legend(self, surface, seat: int, parts: dict) -> None:
        """This seat's race buttons, named as its device calls them (following remapping
        and the pad's own face-button labels); another machine's seat shows none."""
        chooser = self.table.choosers.get(seat)
        if chooser is None:
            return
        device, app = chooser.device, self.table.app
        zone = self.table.layout.seats[seat]
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
            words = "/".join(buttons.label_for(app, d, pile_buttons[k]) for d in devices)
            cards.keycap(surface, words, (pile.centerx, parts["keys"]), 22, face=self.face(device, pile_buttons[k]))
        x = zone.left + 18
        for action, words in (("confirm", "play"), ("back", "put back")):
            name = "/".join(buttons.label_for(app, d, action) for d in devices)
            cap = cards.keycap(surface, name, (x, parts["legend"] + 14), 22, anchor="midleft",
                               face=self.face(device, action))
            text = art.blit_text(surface, words, 22, art.INK_DIM, (cap.right + 6, cap.centery), "midleft")
            x = text.right + 16
        moves = "D-pad" if device.startswith("pad:") else "/".join(
            "".join(buttons.label_for(app, d, a) for a in ("up", "left", "down", "right")) for d in devices)
        art.blit_text(surface, f"{moves}: next dog", 22, art.INK_FAINT, (x, parts["legend"] + 14), "midleft",
                      width=max(20, zone.right - 16 - x))

    def face(self, device: str, action: str):
        """A pad's face button in the colour printed on an Xbox pad (others: grey caps)."""
        if not device.startswith("pad:") or buttons.device_family(self.table.app, device) != "xbox":
            return None
        name = self.table.app.settings.data["pad"].get(action)
        return {"a": (70, 150, 70), "b": (176, 60, 56), "x": (56, 100, 190), "y": (180, 150, 40)}.get(name)

    def draw_choice(self, surface, seat: int, choice: Choice, focused: bool) -> None:
        action = choice.action
        if not isinstance(action, dict) or action["type"] in ("draw", "put_back"):
            return  # the piles and the hand card are drawn in the zone
        code = self.hand(seat)
        if focused and code:  # where the card would go, see-through, in this seat's colour
            rect = choice.rect.inflate(-(choice.rect.width - self.lanes.card_height() * cards.CARD_RATIO),
                                       -(choice.rect.height - self.lanes.card_height()))
            surface.blit(cards.card_image(code, self.lanes.card_height(), self.table.colour(seat), True), rect)
        else:  # a small mark in the seat's colour: this seat's card fits here
            pygame.draw.circle(surface, self.table.colour(seat), (choice.rect.right - 6, choice.rect.top + 6), 6)

    def draw_overlay(self, surface) -> None:
        if self.stopping() and self.stopped is not None:
            self.draw_banner(surface, self.stop_words(self.stopped), self.table.anim.get("stop", 1.0), art.DANGER)
        elif self.tallying() or (self.view.get("phase") == "over" and self.stopped is not None):
            self.draw_tally(surface)
        elif self.view.get("phase") == "ready":
            self.draw_countdown(surface)
        tween = self.table.anim.tweens.tweens.get("wuff")
        if tween is not None and not tween.done and self.view.get("phase") == "race":
            self.draw_banner(surface, "Wuff!", min(1.0, tween.value * 3), art.GOLD, 1 - tween.progress)

    def draw_banner(self, surface, words: str, grow: float, colour, fade: float = 1.0) -> None:
        size = max(8, round(120 * grow)) // 2 * 2
        image = art.text(words, size, tuple(colour), "bold")
        box = image.get_rect(center=DOGS.center).inflate(80, 30)
        plate = art.panel(box.size, art.NIGHT, colour, 24, 230)
        if fade < 1.0:
            plate = plate.copy()
            plate.set_alpha(round(255 * fade))
            image = image.copy()
            image.set_alpha(round(255 * fade))
        surface.blit(plate, box)
        surface.blit(image, image.get_rect(center=box.center))

    def draw_countdown(self, surface) -> None:
        """"Ready" and the seconds left until the host says "Wuff!" (WA-5)."""
        left = None if self.ready_end is None else self.ready_end - self.clock
        if left is None or left <= 0:
            self.draw_banner(surface, "Ready...", 1.0, art.INK)
            return
        number = math.ceil(left)
        beat = 1 - (number - left)  # 1 at the start of each second, falling to 0
        self.draw_banner(surface, f"Ready... {number}", 0.8 + 0.2 * ease_out_cubic(beat), art.INK)

    def draw_tally(self, surface) -> None:
        """The round's owned cards counted up, the rank bones and a played-out pile's bronze
        (WA-6), then points and totals."""
        event, table = self.stopped, self.table
        t = self.table.anim.get("tally", 1.0)
        box = pygame.Rect(0, 0, 1100, 130 + 62 * table.players)
        box.center = BOARD.center
        surface.blit(art.panel(box.size, art.PANEL, art.GOLD, 20, 248), box)
        art.blit_text(surface, f"Round {event['round']}: {REASONS.get(event['reason'], '')}", 44, art.GOLD,
                      (box.centerx, box.top + 16), "midtop", "bold")
        heads = ((box.left + 330, "cards owned"), (box.left + 560, "bones"), (box.left + 820, "points"),
                 (box.left + 990, "total"))
        for x, words in heads:
            art.blit_text(surface, words, 24, art.INK_FAINT, (x, box.top + 78), "midtop")
        most = max(event["cards"]) or 1
        for p in range(table.players):
            y = box.top + 122 + p * 62
            table.draw_name(surface, p, (box.left + 30, y), 36, 200)
            shown = min(event["cards"][p], math.floor(most * t * 1.25))
            bar = pygame.Rect(box.left + 250, y + 4, round(140 * shown / most), 30)
            pygame.draw.rect(surface, table.colour(p), bar, border_radius=6)
            art.blit_text(surface, str(shown), 32, art.INK, (box.left + 410, y + 2), "topleft", "bold")
            if t >= 0.8:
                x = box.left + 500
                for kind in event["bones"][p]:
                    image = cards.bone(60, cards.BONE_COLOURS[kind])
                    surface.blit(image, image.get_rect(midleft=(x, y + 19)))
                    x += 68
                if event["emptied"][p]:
                    art.blit_text(surface, "pile!", 22, cards.BONE_COLOURS["bronze"], (x, y + 8))
                art.blit_text(surface, f"+{event['points'][p]}", 36, art.GOLD, (box.left + 820, y), "midtop", "bold")
                art.blit_text(surface, str(event["totals"][p]), 36, art.INK, (box.left + 990, y), "midtop", "bold")

    # --- results -------------------------------------------------------------------------------------
    def standings(self) -> Standings:
        table, view = self.table, self.view
        results = view.get("results", [])
        return Standings(
            table.info.name, list(table.model.names), [table.colour(p) for p in range(table.players)],
            totals=list(view.get("totals", [])), winners=list((view.get("game_result") or {}).get("winners", [])),
            columns=[f"Round {r['round']}" for r in results],
            cells=[[r["points"][p] for r in results] for p in range(table.players)], total_label="Bones",
            note="Gold 3, silver 2, bronze 1 for the most dog cards owned; a played-out pile: one more bronze")

    @classmethod
    def emblem(cls, height: int) -> pygame.Surface:
        chain = ("Hr", "Mrg", "Mgb", "Tb")
        size = cards.card_size(height)
        surface = pygame.Surface((size[0] * len(chain), size[1]), pygame.SRCALPHA)
        for i, code in enumerate(chain):
            surface.blit(cards.card_image(code, height, art.seat_colour(i)), (i * size[0], 0))
        return surface
