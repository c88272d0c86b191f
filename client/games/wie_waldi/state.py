"""What the Wie Waldi table keeps from events between beats, so a card flies, a dog takes
its lane and a completed dog reaches the kennel before the next view arrives: the lanes,
the kennel's order, cards and dogs in flight, the countdown's and the tally's times, the
last round's end and each local seat's lost races. No drawing; every time is on the
table's clock (``now``)."""

import math
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, TypedDict

import pygame

from client.games.wie_waldi.lanes import Lanes
from client.games.wie_waldi.layout import DOGS, KENNEL
from client.table.types import Event, View
from engines.wie_waldi.rules import TALLY_SECONDS

STOP_SECONDS = 1.4  # "Stop!" and the last dog flying aside, before the tally
PHOTO_SECONDS = 1.2  # a photo finish stays on screen (at the animation speed)
RETURN_SECONDS = 0.22  # a refused play's card flies back to the hand
DRAW_KEYS = ("draw0", "draw1", "draw2")  # the pile choices' keys (a refused draw keeps no target)


class DogCard(TypedDict):
    card: str  # its code ("Mrg")
    player: int  # who played it


class Dog(TypedDict):
    """A dog as the view shows it (`engines.wie_waldi`)."""

    id: int
    cards: list[DogCard]  # head first
    end: str | None  # its open end's coat colour ("r", "y", "g", "b"); None once complete
    complete: bool
    marker: int | None  # who completed it (their marker is on it)
    owner: int | None
    cat: bool  # completed by a cat tail


class Photo(TypedDict):
    """A photo finish to show (docs/netplay.md, Fair races)."""

    winner: int
    loser: int
    ms: int  # what the loser lost by (0: under 1)
    card: str | None  # the winner's card
    loser_card: str | None  # the loser's card, if this screen may show it (else a card back, WA-8)


def owned_cards(dogs: list[Dog], players: int) -> list[int]:
    """Cards each player owns this round: the lengths of the completed dogs they own (what
    the tally will rank, WA-6)."""
    counts = [0] * players
    for dog in dogs:
        if dog["complete"] and dog["owner"] is not None and 0 <= dog["owner"] < players:
            counts[dog["owner"]] += len(dog["cards"])
    return counts


@dataclass
class RaceState:
    lanes: Lanes = field(default_factory=lambda: Lanes(DOGS))
    kennel: list[int] = field(default_factory=list)  # completed dogs of this round, in the order they were done
    flights: dict[int, tuple[pygame.Rect, float]] = field(default_factory=dict)  # dog -> where it flew from, when
    arrivals: dict[tuple[int, int], tuple[int, float]] = field(default_factory=dict)  # (dog, card) -> (player, when)
    ready_end: float | None = None  # when the countdown should be over
    tally_end: float = 0.0  # the tally shows until then
    race_since: float | None = None  # the last "Wuff!" (the round timer counts from it)
    stopped: Event | None = None  # the last round_over event
    stopped_at: float = -99.0
    lost: dict[int, tuple[float, str]] = field(default_factory=dict)  # seat -> (when, the refusal's code)
    refused: dict[int, Hashable] = field(default_factory=dict)  # seat -> the key of its last refused target
    refusals: dict[int, int] = field(default_factory=dict)  # seat -> refusals so far (its choices are made anew)
    last_completer: int | None = None  # who placed the latest marker ("Stop!")
    photo: Photo | None = None  # the latest photo finish
    taken_back: dict[int, tuple[str, pygame.Rect]] = field(default_factory=dict)  # seat -> (card, where it waited)
    echoed: dict[int, int] = field(default_factory=dict)  # seat -> the seq of its intent shown at once (an echo)

    # --- questions ----------------------------------------------------------------------------
    def stopping(self, now: float, speed: float) -> bool:
        """"Stop!" is on screen (the last play of a round, before the tally)."""
        return now - self.stopped_at < STOP_SECONDS / max(0.5, min(speed, 4.0))

    def tallying(self, now: float, speed: float, phase: str | None) -> bool:
        """The last round's tally is on screen (until the countdown, never in a race)."""
        return (self.stopped is not None and not self.stopping(now, speed) and now < self.tally_end
                and phase != "race")

    def timer_left(self, now: float, view: View) -> float | None:
        """Seconds left on the optional round timer (WA-5)."""
        seconds: float = view.get("round_timer", 0)
        if not seconds or view.get("phase") != "race" or self.race_since is None:
            return None
        return max(0.0, seconds - (now - self.race_since))

    # --- events -------------------------------------------------------------------------------
    def wuff(self, now: float) -> None:
        self.race_since = now
        self.ready_end = None

    def dog_started(self, dog: int, player: int, lengths: dict[int, int], now: float) -> None:
        """A new dog takes a lane now (before its view is shown), its head on its way."""
        self.lanes.place(dog, lengths)
        self.arrive(dog, 0, player, now)

    def arrive(self, dog: int, index: int, player: int, now: float) -> None:
        """A card flies from its player's hand to its place in a dog."""
        self.arrivals[(dog, index)] = (player, now)

    def dog_completed(self, dog: int, player: int, now: float) -> None:
        """A completed dog leaves its lane for the kennel."""
        self.last_completer = player
        lane = self.lanes.lanes.get(dog)
        start = self.lanes.lane_rect(lane) if lane is not None else KENNEL.copy()
        self.flights[dog] = (start, now)
        if dog not in self.kennel:
            self.kennel.append(dog)

    def round_over(self, event: Event, view: View, now: float, speed: float) -> None:
        self.stopped, self.stopped_at = event, now
        # The host's tally time is real time: a faster animation speed shortens the tally
        # on screen, a slower one never lengthens it into the next countdown.
        self.tally_end = now + TALLY_SECONDS / max(1.0, speed) if math.isfinite(speed) else now
        if event["round"] < view.get("rounds", 3):
            self.ready_end = now + TALLY_SECONDS + view.get("countdown", 3)

    def game_over(self, dwell: float, now: float) -> None:
        self.ready_end = None
        self.tally_end = max(self.tally_end, now + dwell)

    def lost_race(self, seat: int, code: str, cursor: Hashable, now: float) -> bool:
        """``seat``'s play was refused while its cursor was on ``cursor``; whether the
        cursor should leave that target (for the card's next legal one)."""
        self.lost[seat] = (now, code)
        self.refusals[seat] = self.refusals.get(seat, 0) + 1
        if cursor is not None and cursor not in DRAW_KEYS:
            self.refused[seat] = cursor
            return True
        return False

    def photo_finish(self, photo: dict[str, Any], players: int, loser_card: str | None) -> bool:
        """Keep a host's photo finish (winner, loser, ms and the winner's action) to show;
        False if it names no two seats of this table. ``loser_card``: the loser's hand card
        if this screen may show it (its seat plays here), else None (a card back, WA-8)."""
        winner, loser, action = photo.get("winner"), photo.get("loser"), photo.get("action")
        if not (isinstance(winner, int) and 0 <= winner < players and isinstance(loser, int) and 0 <= loser < players) \
                or winner == loser:
            return False
        card = action.get("card") if isinstance(action, dict) else None
        self.photo = {"winner": winner, "loser": loser, "ms": max(0, int(photo.get("ms", 0))),
                      "card": card if isinstance(card, str) else None, "loser_card": loser_card}
        return True

    def take_back(self, seat: int, card: str, waited: pygame.Rect) -> None:
        """A play shown at once (an echo) was refused: its card flies from where it waited
        back to the seat's hand."""
        self.taken_back[seat] = (card, waited.copy())

    def sync(self, view: View, empty_handed: list[int], now: float) -> None:
        """A beat's view is shown: lanes and kennel follow its dogs, a countdown or race
        that began before this table came gets its start, and ``empty_handed`` seats
        forget their refused target (a new card comes, or the target is gone)."""
        dogs = view.get("dogs", [])
        lengths = {dog["id"]: len(dog["cards"]) for dog in dogs if not dog["complete"]}
        self.lanes.sync([dog["id"] for dog in dogs if not dog["complete"]], lengths)
        done = [dog["id"] for dog in dogs if dog["complete"]]
        self.kennel = [d for d in self.kennel if d in done] + [d for d in done if d not in self.kennel]
        if view.get("phase") == "ready" and self.ready_end is None:
            self.ready_end = now + view.get("countdown", 3)
        if view.get("phase") == "race" and self.race_since is None:
            self.race_since = now
        for seat in empty_handed:
            self.refused.pop(seat, None)
