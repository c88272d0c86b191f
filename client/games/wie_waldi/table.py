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

Hooks only: drawing is `paint`, sentences `words`, geometry `layout` and `lanes`, what is
kept from events `state`.
"""

import re
from typing import Any

import pygame

from client.games.wie_waldi import art as cards
from client.games.wie_waldi import paint, words
from client.games.wie_waldi.layout import KEY_PILES, PAD_PILES, ZoneParts, table_layout, zone_parts
from client.games.wie_waldi.state import PHOTO_SECONDS, RETURN_SECONDS, STOP_SECONDS, Dog, RaceState
from client.i18n import _
from client.table.choices import Choice
from client.table.game import GameTable, Standings
from client.table.handle import TableHandle
from client.table.layout import Layout
from client.table.model import Beat, Pending
from client.table.types import Action, Event, View
from client.ui.tween import ease_out_back
from engines.wie_waldi.cards import COLOURS

PHOTO_FINISH = re.compile(r"\(by ((?:under )?\d+) ms\)$")  # a race lost by under 50 ms (docs/netplay.md, Fair races)


class WieWaldiTable(GameTable):
    game_id = "wie_waldi"
    paint = paint
    dwell = {"game_over": 4.5}
    # a seat's drawn card shows from its own view; a new round, from the view's countdown (WA-5)
    silent_events = frozenset({"drawn", "round"})
    refusals_wait_for_beats = True  # a lost race is told after the winning play, once it shows

    def __init__(self, table: TableHandle):
        super().__init__(table)
        self.race = RaceState()

    # --- reading the table ------------------------------------------------------------------
    @property
    def clock(self) -> float:
        return self.table.clock

    def dogs(self, view: View | None = None) -> list[Dog]:
        dogs: list[Dog] = (view if view is not None else self.view).get("dogs", [])
        return dogs

    def fits_nowhere(self, seat: int) -> bool:
        """A seat at this screen holds a card no dog takes: all it can do is put it back."""
        legal = self.table.model.legal.get(seat) or []
        return (seat in self.table.local_seats and self.hand(seat) is not None and self.view.get("phase") == "race"
                and bool(legal) and all(action["type"] == "put_back" for action in legal)
                and self.table.model.pending.get(seat) is None)

    def hand(self, seat: int) -> str | None:
        """The card a seat at this screen holds (None for others: WA-8)."""
        if seat not in self.table.local_seats:
            return None
        card: str | None = self.seat_view(seat).get("hand")
        return card

    def lengths(self) -> dict[int, int]:
        """Cards in each open dog, as shown."""
        return {dog["id"]: len(dog["cards"]) for dog in self.dogs() if not dog["complete"]}

    def stopping(self) -> bool:
        """"Stop!" is on screen (the last play of a round, before the tally)."""
        return self.race.stopping(self.clock, self.table.speed())

    def tallying(self) -> bool:
        """The last round's tally is on screen (until the countdown, never in a race)."""
        return self.race.tallying(self.clock, self.table.speed(), self.view.get("phase"))

    # --- layout -------------------------------------------------------------------------------
    def layout(self) -> Layout:
        return table_layout(self.table.players)

    def private_rect(self, seat: int, count: int) -> pygame.Rect:
        return pygame.Rect(0, 0, 0, 0)  # nothing is private at this table

    def zone_parts(self, seat: int) -> ZoneParts:
        """Where a seat's piles, hand card, pile keys and legend are in its zone."""
        return zone_parts(self.table.layout.seats[seat])

    # --- words ----------------------------------------------------------------------------------
    def status_text(self) -> str:
        view = self.view
        return words.status(view.get("round", 1), view.get("rounds", 3), self.timer_left())

    def timer_left(self) -> float | None:
        """Seconds left on the optional round timer (WA-5), shown to everyone."""
        return self.race.timer_left(self.clock, self.view)

    def phase_text(self) -> str:
        stopped = self.race.stopped
        if self.stopping() and stopped is not None:
            return self.stop_words(stopped)
        if self.tallying() and stopped is not None:
            return words.tallying(stopped["round"])
        phase = self.view.get("phase")
        if phase == "ready":
            return _(words.READY)
        if phase == "race":
            return _(words.RACE)
        return _(words.GAME_OVER)

    def pause_words(self) -> str | None:
        if self.stopping():
            return _(words.ROUND_OVER)
        if self.tallying():
            return _(words.TALLY_ON)
        if self.view.get("phase") == "ready":
            return _(words.WAIT_FOR_WUFF)
        return super().pause_words()

    def stop_words(self, event: Event) -> str:
        completer = self.race.last_completer
        return words.stop(event["reason"], None if completer is None else self.table.name(completer))

    rewords_log = True  # describe words an event from it and the names alone: again on a language change

    def describe(self, event: Event) -> str | None:
        return words.describe(event, self.table.name)

    def refusal_words(self, seat: int, code: str, reason: str, action: Action) -> str | None:
        """A lost race in this table's names: who was first, and what happens now."""
        dogs = {dog["id"]: dog for dog in self.dogs(self.table.model.latest_view() or {})}
        dog_id = action.get("dog") if isinstance(action, dict) else None  # None: not a play on a dog
        dog = dogs.get(dog_id) if dog_id is not None else None
        close = PHOTO_FINISH.search(reason)  # the host's photo finish: lost by under 50 ms
        margin = close.group(1) if close else None
        if code == "end_taken" and dog is not None and 0 <= action.get("end", -1) < len(dog["cards"]):
            first = dog["cards"][action["end"]]["player"]
            end = words.colour(COLOURS.index(dog["end"])) if dog["end"] else None
            return words.too_late_on_end(None if first == seat else self.table.name(first), dog["id"], margin, end)
        if code == "dog_completed" and dog is not None and dog.get("marker") is not None:
            completer = None if dog["marker"] == seat else self.table.name(dog["marker"])
            return words.too_late_completed(completer, dog["id"], margin)
        if code == "countdown" and self.view.get("phase") == "ready":
            return _(words.WAIT_FOR_WUFF)
        if code in ("old_round", "countdown"):  # sent while the round still ran here
            return _(words.TOO_LATE_ROUND)
        return super().refusal_words(seat, code, reason, action)  # the engine's reason, worded by the table

    # --- choices: two presses per card ----------------------------------------------------------
    def choices_version(self, seat: int) -> tuple[tuple[int, int], bool, int]:
        return self.race.lanes.grid, self.stopping(), self.race.refusals.get(seat, 0)

    def choices(self, seat: int, legal: list[Action]) -> list[Choice]:
        if self.stopping() or self.view.get("phase") != "race":
            return []
        if legal[0]["type"] == "draw":
            piles = self.zone_parts(seat)["piles"]
            return [Choice(action, piles[action["pile"]], words.pile(action["pile"]), key=f"draw{action['pile']}")
                    for action in legal]
        out = []
        lanes = self.race.lanes
        nest = self.table.local_seats.index(seat) * 8 if seat in self.table.local_seats else 0
        for action in legal:
            if action["type"] == "put_back":
                if self.table.seat(seat).device == "mouse":  # click the hand card to put it back
                    out.append(Choice(action, self.zone_parts(seat)["hand"], _(words.PUT_BACK), key="put_back"))
                continue
            rect = lanes.head_rect() if action["type"] == "start" else lanes.end_rect(action["dog"], action["end"])
            if rect is None:
                continue
            label = _(words.NEW_DOG) if action["type"] == "start" else words.dog(action["dog"])
            out.append(Choice(action, rect.inflate(nest, nest), label, data=action))
        return out

    def preferred(self, seat: int, choices: list[Choice]) -> int:
        """Where the cursor jumps after a draw: a head's new lane; a cat tail's longest dog;
        otherwise the longest of the seat's own dogs, then the longest of anyone's. A
        target just lost in a race comes last."""
        dogs = {dog["id"]: dog for dog in self.dogs()}

        def worth(index: int) -> tuple[int, int, int]:
            choice = choices[index]
            action = choice.action
            if not isinstance(action, dict) or action["type"] == "put_back":
                return (-2, 0, 0)
            if action["type"] == "draw":
                return (0, -self.view["pile_sizes"][seat][action["pile"]], 0)
            if choice.key == self.race.refused.get(seat):
                return (-1, 0, 0)
            if action["type"] == "start":
                return (3, 0, 0)
            dog = dogs.get(action["dog"])
            cards = dog["cards"] if dog is not None else []
            own = bool(cards) and cards[0]["player"] == seat
            return (1, 1 if own or action["card"][0] == "C" else 0, len(cards))

        return max(range(len(choices)), key=worth) if choices else 0

    def shortcuts(self, seat: int, device: str) -> dict[str, Choice]:
        """Empty hand: each pile's own button draws from it (keyboard halves: left, up and
        right; pads: the left, top and right face buttons and the d-pad). Holding a card:
        back puts it back (the mouse: its right button too)."""
        live = self.table.choices(seat)
        draws = {c.action["pile"]: c for c in live if isinstance(c.action, dict) and c.action["type"] == "draw"}
        out: dict[str, Choice] = {}
        if draws:
            layouts = [KEY_PILES] if device in ("keys1", "keys2") else [PAD_PILES, KEY_PILES] \
                if device.startswith("pad:") else []
            for buttons in layouts:
                out.update({button: draws[k] for k, button in enumerate(buttons) if k in draws})
            return out
        legal = self.table.model.legal.get(seat, [])
        waiting = self.table.model.pending.get(seat) is not None or self.stopping()
        if legal and legal[0]["type"] == "put_back" and not waiting and self.view.get("phase") == "race":
            back = Choice(legal[0], self.zone_parts(seat)["hand"], _(words.PUT_BACK), key="put_back")
            out["back"] = back
            if device == "mouse":
                out["peek"] = back
        return out

    # --- events: animations, and how long to dwell -----------------------------------------------
    def on_wuff(self, event: Event) -> float:
        self.race.wuff(self.clock)
        self.table.tween("wuff", 0.0, 1.0, 0.9)
        self.sound("reveal")
        return 0.0

    def on_drew(self, event: Event) -> float:
        if not self.was_echoed(event["player"], "draw"):  # an echoed draw already lies in the hand, face down
            self.table.tween(f"draw{event['player']}", 0.0, 1.0, 0.16)
        if event["player"] in self.table.local_seats:
            self.sound("move")
        return 0.0

    def on_put_back(self, event: Event) -> float:
        self.table.tween(f"back{event['player']}", 0.0, 1.0, 0.2)
        return 0.0

    def on_dog_started(self, event: Event) -> float:
        self.race.dog_started(event["dog"], event["player"], self.lengths(), self.clock)
        self.card_flies(event["dog"], 0)
        return 0.0

    def on_played(self, event: Event) -> float:
        self.race.arrive(event["dog"], event["end"] - 1, event["player"], self.clock)
        self.card_flies(event["dog"], event["end"] - 1)
        return 0.0

    def card_flies(self, dog: int, index: int) -> None:
        """Card ``index`` of ``dog`` flies in from its player's hand, and lands."""
        self.table.tween(f"card{dog}:{index}", 0.0, 1.0, 0.24)
        self.sound("thud")

    def on_dog_completed(self, event: Event) -> float:
        dog = event["dog"]
        self.race.dog_completed(dog, event["player"], self.clock)
        self.table.tween(f"done{dog}", 0.0, 1.0, 0.7, delay=0.2)
        self.table.tween(f"marker{dog}", 0.0, 1.0, 0.45, ease_out_back, delay=0.8)
        self.sound("lock")
        return 0.0

    def on_round_over(self, event: Event) -> float:
        self.race.round_over(event, self.view, self.clock, self.table.speed())
        self.table.tween("stop", 0.0, 1.0, 0.6, ease_out_back)
        self.table.tween("tally", 0.0, 1.0, 2.4, delay=STOP_SECONDS)
        self.sound("round")
        return STOP_SECONDS

    def on_game_over(self, event: Event) -> float:
        self.race.game_over(self.dwell["game_over"], self.clock)
        return self.dwell["game_over"]

    def on_refusal(self, seat: int, code: str, reason: str) -> None:
        if self.race.lost_race(seat, code, self.table.seat(seat).cursor, self.clock):
            self.table.set_cursor(seat, None)  # jump to the card's next legal target (see `preferred`)

    def on_taken_back(self, seat: int, pending: Pending) -> None:
        """A play shown at once (the optimistic echo) was refused: the card flies back from
        the end where it waited to the hand (its refusal's words show meanwhile). A play
        refused within the frame it was sent in never left the hand: it only shakes."""
        action = pending.action
        if not isinstance(action, dict) or action.get("type") not in ("start", "play") \
                or self.race.echoed.get(seat) != pending.seq:
            return
        lanes = self.race.lanes
        waited = lanes.head_rect() if action["type"] == "start" else lanes.end_rect(action["dog"], action["end"])
        start = waited if waited is not None else pending.rect  # where it waited, else where it was chosen
        if start is None:
            return
        self.race.take_back(seat, action["card"], start)
        self.table.tween(f"return{seat}", 0.0, 1.0, RETURN_SECONDS)

    def on_photo_finish(self, photo: dict[str, Any]) -> None:
        """A race won by under 50 ms: "Anna by 12 ms" and both cards side by side for a
        moment (the loser's face up only if its seat plays at this screen, WA-8)."""
        loser = photo.get("loser")
        loser_card = self.hand(loser) if isinstance(loser, int) else None
        if self.race.photo_finish(photo, self.table.players, loser_card):
            self.table.tween("photo", 0.0, 1.0, PHOTO_SECONDS)

    def photo_words(self) -> str | None:
        """"Anna by 12 ms" while a photo finish is on screen, else None."""
        photo = self.race.photo
        if photo is None or not self.table.running("photo"):
            return None
        return words.photo_finish(self.table.name(photo["winner"]), photo["ms"])

    def on_shown(self, beat: Beat) -> None:
        empty_handed = [seat for seat in self.race.refused if self.hand(seat) is None]
        self.race.sync(self.view, empty_handed, self.clock)

    # --- the optimistic echo: a seat's own intent shown the moment it is pressed -------------------
    def tentative(self, seat: int) -> dict[str, Any] | None:
        """The action of ``seat``'s intent waiting for the host's answer, which the table
        shows at once as if done (see-through, in a dashed ring of the seat's colour): a draw
        (a card back in the hand), a put-back (the hand empties) or a play (the card on its
        end). None when nothing waits. From the model's pending intent: no state changes."""
        pending = self.table.model.pending.get(seat)
        action = pending.action if pending is not None else None
        if isinstance(action, dict) and action.get("type") in ("draw", "put_back", "start", "play"):
            return action
        return None

    def was_echoed(self, seat: int, kind: str) -> bool:
        """Whether ``seat``'s pending ``kind`` intent has been on screen as tentative (its
        picture already shows what the host's update now confirms)."""
        pending = self.table.model.pending.get(seat)
        return (pending is not None and isinstance(pending.action, dict) and pending.action.get("type") == kind
                and self.race.echoed.get(seat) == pending.seq)

    def update(self, dt: float) -> None:
        """Note each intent that will be drawn as tentative this frame (an answer that came
        within the frame it was sent in, as on the couch, never shows as one)."""
        for seat, pending in self.table.model.pending.items():
            if pending is not None and self.tentative(seat) is not None:
                self.race.echoed[seat] = pending.seq

    # --- results -------------------------------------------------------------------------------------
    def standings(self) -> Standings:
        view, players = self.view, self.table.players
        results = view.get("results", [])
        return self.standings_of(
            view.get("totals", []), (view.get("game_result") or {}).get("winners", []),
            columns=[words.round_column(r["round"]) for r in results],
            cells=[[r["points"][p] for r in results] for p in range(players)], total_label=_(words.TOTAL),
            note=_(words.SCORING_NOTE))

    @classmethod
    def emblem(cls, height: int) -> pygame.Surface:
        return cards.emblem(height)
