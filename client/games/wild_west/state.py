"""What the Wild West table keeps from events between beats, and reads off its views: the
cards turning over before the view holds them, the picks from their reveal to the next
deal, who just locked in, the animations on sheets, when each timed deal was first on this
screen (WW-10), whose sheet a seat is looking at, the game's end. No drawing here.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

from client.table.types import Event, View
from engines.wild_west.rules import SOLO_MULLIGANS

LOOK_SECONDS = 10.0  # a look at another seat's sheet ends by itself

# The plain data the table reads off its views and events (the wire decides their shape;
# docs/rules/wild_west.md says which fields there are).
Sheet = dict[str, Any]  # a seat's town sheet: rows of tiles, upgrades, tumbleweeds, aces, task, score
Tile = dict[str, Any]  # a tile of a sheet's row: kind, value, track, right, mine
Task = dict[str, Any]  # a seat's writing step: action, value, step, tile ([row, col] or None), graves
Score = dict[str, Any]  # a sheet's score, part by part (`engines.wild_west.scoring.score_sheet`)
Pair = dict[str, Any]  # a column of the deal: its action and its value
Pick = int | Literal["tumbleweed", "missed"]  # a revealed pick: a column, a Tumbleweed, or none in time


class Effect(TypedDict):
    """An event's animation on its player's sheet, drawn until its beat is shown."""

    fx: str
    tween: str
    beat: int
    player: int | None
    event: Event


class Look(TypedDict):
    """A seat looking at another seat's sheet since a moment of the table's clock."""

    by: int
    at: int
    since: float


def mulligans_left(view: View) -> int:
    """Solo (WW-9): the Tumbleweeds that are still a mulligan."""
    sheets: list[Sheet] = view.get("sheets") or []
    return max(0, SOLO_MULLIGANS - sheets[0]["tumbleweeds"]) if sheets else 0


@dataclass
class PickClock:
    """The clock WW-10's countdown reads: real time, as the host counts its timer. The
    table's own clock runs at most a few steps per frame (so animations never jump), which
    on a busy machine falls behind the host; this one follows the app's clock instead,
    except across a pause, whose time the host gives back to the timer."""

    now: float = 0.0
    app_seen: float | None = None
    table_seen: float = 0.0
    pauses_seen: int = 0

    def advance(self, app_now: float, table_now: float, pauses: int) -> None:
        """One update of the table: ``pauses`` counts the host's pause messages so far."""
        if self.app_seen is not None:
            paused_between = pauses != self.pauses_seen
            self.now += (table_now - self.table_seen) if paused_between else max(0.0, app_now - self.app_seen)
        self.app_seen, self.table_seen, self.pauses_seen = app_now, table_now, pauses


@dataclass
class Shown:
    """What the table shows besides its view, kept from the events as they are played."""

    spotlight: int = 0  # with nobody playing here (a demo), whose sheet is large
    effects: list[Effect] = field(default_factory=list)  # animations on sheets, drawn until their beat is shown
    effect_count: int = 0
    deal_seen: dict[int, float] = field(default_factory=dict)  # WW-10: when each deal was first on this screen
    logged_columns: list[Pair] = field(default_factory=list)  # the columns of the deal the log told last
    last_tick: int | None = None  # the last second the countdown ticked
    final: Event | None = None  # the game_over event
    end_shown: bool = False  # the score sheet is up
    looking: Look | None = None
    locked_now: set[int] = field(default_factory=set)  # locked in by an event the view has not caught up with
    missed_now: set[int] = field(default_factory=set)  # out of time by an event the view has not caught up with
    picks_shown: list[Pick] | None = None  # the revealed picks, from the reveal to the next deal
    dealt: list[str] | None = None  # the cards being turned over, until the view shows them

    # --- the deal and the picks ------------------------------------------------------------
    def deal(self, cards: list[str]) -> None:
        """New cards turn over before the view shows them; the last picks are history."""
        self.picks_shown = None
        self.dealt = list(cards)

    def revealed_picks(self, view: View) -> list[Pick] | None:
        """Everyone's pick from their reveal until the next deal (also while the reveal's
        beat is still playing and the view shows the picks as secret)."""
        if self.picks_shown is not None:
            return self.picks_shown
        if self.dealt is not None:
            return None  # new cards are turning over: the last picks were made on the old ones
        last: list[Pick] | None = view.get("last_picks")
        return last if view.get("phase") == "write" else None

    def locked(self, view: View) -> set[int]:
        """Who is locked in to the pick, as the view says or an event just did."""
        return set(view.get("picks", {}).get("locked", [])) | self.locked_now

    def reveal_columns(self, event: Event, view: View) -> list[Pair] | None:
        """The columns a reveal's picks refer to: the deal the log told last (a log rebuilt
        on Continue is not at that deal: its first reveal uses the view's, or numbers only)."""
        if self.logged_columns:
            return self.logged_columns
        columns: list[Pair] | None = view.get("columns")
        return columns if event.get("round") == view.get("round") else []

    # --- the clock of the speed option (WW-10) ---------------------------------------------
    def watch_deals(self, view: View, clock: float) -> None:
        """Note when each timed deal is first on this screen: the host's timer counts from
        when its screen shows the pick (`Host.screen_caught_up`), not while the round
        before is still being written."""
        if view.get("phase") == "pick" and view.get("timer"):
            self.deal_seen.setdefault(view["deal"], clock)

    def seconds_left(self, view: View, clock: float) -> float:
        """``clock`` is the table's: it stands still while the host pauses the game."""
        if view.get("phase") != "pick" or not view.get("timer"):
            return 0.0
        start = self.deal_seen.get(view["deal"], clock)
        timer: int = view["timer"]  # the speed option's seconds per pick
        return max(0.0, start + timer - clock)

    def time_up(self, view: View, clock: float) -> bool:
        """The pick's time has run out here; the host's timeout is on its way."""
        return bool(view.get("timer")) and view.get("phase") == "pick" and self.seconds_left(view, clock) <= 0

    def tick(self, seconds_left: float) -> bool:
        """Whether the countdown ticks now: once a second in its last five."""
        if 0 < seconds_left <= 5 and self.last_tick != int(seconds_left):
            self.last_tick = int(seconds_left)
            return True
        return False

    # --- animations on sheets ----------------------------------------------------------------
    def add_effect(self, fx: str, event: Event, beat: int) -> str:
        """Keep ``event``'s animation ``fx`` until beat ``beat`` is shown; returns its tween's name."""
        self.effect_count += 1
        name = f"fx{self.effect_count}"
        self.effects.append({"fx": fx, "tween": name, "beat": beat, "player": event.get("player"), "event": event})
        return name

    def settle_effects(self, shown: int, finished: Callable[[str], bool]) -> list[str]:
        """Forget the effects whose beat is shown and whose tween has finished (the sheet
        itself has what they drew); returns their tweens' names."""
        kept = [e for e in self.effects if e["beat"] > shown or not finished(e["tween"])]
        gone = [e["tween"] for e in self.effects if e not in kept]
        self.effects = kept
        return gone

    # --- looking at other sheets --------------------------------------------------------------
    def look(self, seat: int, other: int, clock: float) -> None:
        self.looking = {"by": seat, "at": other, "since": clock}

    def look_next(self, seat: int, players: int, clock: float) -> None:
        """The next sheet over one's own; past the last, one's own again."""
        current = self.looking["at"] if self.looking is not None and self.looking["by"] == seat else seat
        following = (current + 1) % players
        if following == seat:
            self.looking = None
        else:
            self.look(seat, following, clock)

    def look_ends(self, clock: float, pending: Callable[[int], bool]) -> None:
        """A look ends by itself after a while, or once its seat has sent a choice."""
        looking = self.looking
        if looking is not None and (clock - looking["since"] > LOOK_SECONDS or pending(looking["by"])):
            self.looking = None
