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
import re

import pygame

from client import art
from client.games.wie_waldi import art as cards
from client.games.wie_waldi import kennel, overlays, zone
from client.games.wie_waldi.lanes import BOARD, DOGS, KENNEL, Lanes
from client.games.wie_waldi.overlays import REASONS
from client.games.wie_waldi.zone import KEY_PILES, PAD_PILES
from client.table.choices import Choice
from client.table.game import GameTable, Standings, and_list
from client.table.layout import Layout, seat_strip
from client.tween import ease_out_back
from engines.wie_waldi.cards import COLOUR_NAMES, COLOURS, card_name
from engines.wie_waldi.rules import TALLY_SECONDS

SEAT_AREA = pygame.Rect(30, 716, 1860, 344)
PHOTO_FINISH = re.compile(r"\(by ((?:under )?\d+) ms\)$")  # a race lost by under 50 ms (docs/netplay.md, Fair races)
STOP_SECONDS = 1.4  # "Stop!" and the last dog flying aside, before the tally


class WieWaldiTable(GameTable):
    game_id = "wie_waldi"
    dwell = {"game_over": 4.5}
    refusals_wait_for_beats = True  # a lost race is told after the winning play, once it shows

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

    def fits_nowhere(self, seat: int) -> bool:
        """A seat at this screen holds a card no dog takes: all it can do is put it back."""
        legal = self.table.model.legal.get(seat) or []
        return (seat in self.table.choosers and self.hand(seat) is not None and self.view.get("phase") == "race"
                and bool(legal) and all(action["type"] == "put_back" for action in legal)
                and self.table.model.pending.get(seat) is None)

    def hand(self, seat: int) -> str | None:
        """The card a seat at this screen holds (None for others: WA-8)."""
        if seat not in self.table.choosers:
            return None
        return self.seat_view(seat).get("hand")

    def lengths(self) -> dict[int, int]:
        """Cards in each open dog, as shown."""
        return {dog["id"]: len(dog["cards"]) for dog in self.dogs() if not dog["complete"]}

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
        # Nothing private to choose (local hands show in the seat zones): no private areas,
        # so no panel ever opens and the peek button is free for the pile shortcuts.
        return Layout(BOARD.copy(), zones, {})

    def private_rect(self, seat: int, count: int) -> pygame.Rect:
        return pygame.Rect(0, 0, 0, 0)  # nothing is private at this table

    def zone_parts(self, seat: int) -> dict:
        """Where a seat's piles, hand card, pile keys and legend are in its zone."""
        return zone.zone_parts(self.table.layout.seats[seat])

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

    def pause_words(self) -> str | None:
        if self.stopping():
            return "the round is over"
        if self.tallying():
            return "the tally is on; the next round follows"
        if self.view.get("phase") == "ready":
            return "wait for Wuff!"
        return super().pause_words()

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
            return "Game over: " + and_list([name(p) for p in event["winners"]]) + " " + \
                ("wins" if len(event["winners"]) == 1 else "share the win")
        return None

    def refusal_words(self, seat: int, code: str, reason: str, action) -> str:
        """A lost race in this table's names: who was first, and what happens now."""
        dogs = {dog["id"]: dog for dog in self.dogs(self.table.model.latest_view() or {})}
        dog = dogs.get(action.get("dog")) if isinstance(action, dict) else None
        close = PHOTO_FINISH.search(reason)  # the host's photo finish: lost by under 50 ms
        by = f" by {close.group(1)} ms" if close else ""
        if code == "end_taken" and dog is not None and 0 <= action.get("end", -1) < len(dog["cards"]):
            first = dog["cards"][action["end"]]["player"]
            who = "you were" if first == seat else f"{self.table.name(first)} was"
            now = f"; it now ends in {COLOUR_NAMES[COLOURS.index(dog['end'])]}" if dog["end"] else ""
            return f"too late: {who} first{by} on dog {dog['id']}{now}"
        if code == "dog_completed" and dog is not None and dog.get("marker") is not None:
            who = "you" if dog["marker"] == seat else self.table.name(dog["marker"])
            return f"too late: {who} completed dog {dog['id']} first{by}"
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
        self.sound("reveal")
        return 0.0

    def on_drew(self, event: dict) -> float:
        self.table.anim.tween(f"draw{event['player']}", 0.0, 1.0, 0.16)
        if event["player"] in self.table.choosers:
            self.sound("move")
        return 0.0

    def on_put_back(self, event: dict) -> float:
        self.table.anim.tween(f"back{event['player']}", 0.0, 1.0, 0.2)
        return 0.0

    def on_dog_started(self, event: dict) -> float:
        self.lanes.place(event["dog"], self.lengths())
        self.arrive(event["dog"], 0, event["player"])
        return 0.0

    def on_played(self, event: dict) -> float:
        self.arrive(event["dog"], event["end"] - 1, event["player"])
        return 0.0

    def arrive(self, dog: int, index: int, player: int) -> None:
        """A card flies from its player's hand to its place in a dog."""
        self.arrivals[(dog, index)] = (player, self.clock)
        self.table.anim.tween(f"card{dog}:{index}", 0.0, 1.0, 0.24)
        self.sound("thud")

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
        self.sound("lock")
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
        self.sound("round")
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
        self.lanes.sync([dog["id"] for dog in dogs if not dog["complete"]], self.lengths())
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
        kennel.draw(self, surface)
        if self.tallying() or self.view.get("phase") == "over":
            return
        if not self.dogs() and self.view.get("phase") == "race":
            art.blit_text(surface, "A head starts a new dog", 34, art.INK_FAINT, DOGS.center, "center")
        for dog in self.dogs():
            if not dog["complete"]:
                self.draw_dog(surface, dog)
        self.draw_pending(surface)

    def card_from(self, dog: int, index: int, rest: pygame.Rect) -> pygame.Rect:
        """Where card ``index`` of ``dog`` is drawn now: flying in from its player's hand."""
        name = f"card{dog}:{index}"
        arrival = self.arrivals.get((dog, index))
        if not self.table.anim.running(name) or arrival is None:
            return rest
        start = self.hand_rect(arrival[0])
        t = self.table.anim.get(name)
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
        zone.draw_seat(self, surface, seat, rect)

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
            overlays.draw_banner(surface, self.stop_words(self.stopped), self.table.anim.get("stop", 1.0),
                                 art.DANGER)
        elif self.tallying() or (self.view.get("phase") == "over" and self.stopped is not None):
            overlays.draw_tally(self, surface)
        elif self.view.get("phase") == "ready":
            overlays.draw_countdown(self, surface)
        anim = self.table.anim
        if anim.running("wuff") and self.view.get("phase") == "race":
            overlays.draw_banner(surface, "Wuff!", min(1.0, anim.get("wuff") * 3), art.GOLD,
                                 1 - (anim.progress("wuff") or 0.0))

    # --- results -------------------------------------------------------------------------------------
    def standings(self) -> Standings:
        players, view = self.table.players, self.view
        results = view.get("results", [])
        return self.standings_of(
            view.get("totals", []), (view.get("game_result") or {}).get("winners", []),
            columns=[f"Round {r['round']}" for r in results],
            cells=[[r["points"][p] for r in results] for p in range(players)], total_label="Bones",
            note="Gold 3, silver 2, bronze 1 for the most dog cards owned; a played-out pile: one more bronze")

    @classmethod
    def emblem(cls, height: int) -> pygame.Surface:
        chain = ("Hr", "Mrg", "Mgb", "Tb")
        size = cards.card_size(height)
        surface = pygame.Surface((size[0] * len(chain), size[1]), pygame.SRCALPHA)
        for i, code in enumerate(chain):
            surface.blit(cards.card_image(code, height, art.seat_colour(i)), (i * size[0], 0))
        return surface
