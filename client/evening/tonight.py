"""The window's evening (no pygame): one typed object the app keeps (``app.evening``).

It holds the history (opened the first time it is needed), the game this window recorded
last, and the group that stays for Next game. A finished table is recorded here; a demo is
not, and neither is a game joined on another window's table: its host keeps that evening,
and after each game tells every window peer tonight's standings and that peer's own rating
changes (`client.evening.peers`), which its results screen shows.

Everyone at a table is a person with a profile, however they reached their seat: a couch
seat and a phone take the profile of their name, a LAN or relay window brings its own
(docs/netplay.md, The game night), so the standings and ratings count each person once.
"""

from dataclasses import dataclass
from typing import Any

from client.evening import night, profiles
from client.evening.group import Group, fit_group
from client.evening.history import FinishedGame, History, Recorded, SeatResult
from client.evening.peers import evening_for_seat
from client.evening.points import show
from client.hosting.seats import NAMES, SeatPlan
from client.i18n import _
from netplay.replays import kept_records


@dataclass
class Last:
    """The game this window recorded last, and what recording it did."""

    game: FinishedGame
    recorded: Recorded


class Evening:
    """The game night at this window: see the module docstring."""

    def __init__(self) -> None:
        self._history: History | None = None
        self.last: Last | None = None
        self.group: Group | None = None

    @property
    def history(self) -> History:
        """The history, opened the first time it is asked for (a file that cannot be read
        is moved aside then, and `History.problem` says so)."""
        if self._history is None:
            self._history = History.open()
        return self._history

    def close(self) -> None:
        if self._history is not None:
            self._history.close()
            self._history = None

    # --- a finished game --------------------------------------------------------------------
    def record(self, table: Any, hosted: Any) -> Recorded | None:
        """Record ``table`` (a finished table scene) that this window hosted as ``hosted``;
        None for a demo or a game without a result. ``problem`` words what went wrong."""
        game = finished_game(table, hosted)
        if game is None:
            return None
        recorded = self.history.record(game)
        self.last = Last(game, recorded) if recorded is not None else None
        return recorded

    def finished(self, table: Any, hosted: Any, note: Any) -> Group | None:
        """A table's game is over: one this window hosted goes into the history (``note``
        says so on screen if it cannot), each window peer hears tonight's standings, and the
        group that played it is kept for Next game, with the table's window peers parked
        until the next table opens. The group, if Next game is offered."""
        if hosted is None or getattr(hosted, "demo", True):
            return None
        if self.record(table, hosted) is None and self.history.problem:
            note(self.history.problem, 8)
        self.tell_peers(hosted)
        group = self.group_of(hosted)
        if group is not None:
            self.park(hosted)
        return group

    def standings_now(self) -> list[night.Standing]:
        """The standings of the evening going on (empty if none), with each person's rating
        change from the game just recorded."""
        history = self.history
        evening = history.current_evening()
        rows = night.standings(history.games(evening)) if evening is not None else []
        last = self.last
        if last is not None and last.recorded.evening == evening:
            by_player = {row.player: row for row in rows}
            for seat, (before, after) in zip(last.game.seats, last.recorded.overall, strict=False):
                if seat.player in by_player:
                    by_player[seat.player].rating_change = after.shown - before.shown
        return rows

    def tell_peers(self, hosted: Any) -> int:
        """After the game ``hosted`` served was recorded: each window peer's ``evening``
        message, sent on the host's thread before the table closes. How many."""
        last, handle = self.last, getattr(hosted, "handle", None)
        if last is None or handle is None:
            return 0
        host = hosted.host
        rows = self.standings_now()
        told = 0
        for seat, spec in enumerate(host.seats):
            if spec.kind == "remote" and spec.taken and not spec.by_phone and seat < len(last.game.seats):
                message = evening_for_seat(last.game, last.recorded, rows, seat)
                hosted.on_host(lambda host, now, seat=seat, message=message: host.tell_evening(seat, message))
                told += 1
        return told

    # --- the group that stays: Next game ---------------------------------------------------------
    def keep_group(self, plans: list[SeatPlan], hosted: Any) -> None:
        """This window started ``hosted`` with ``plans``: Next game keeps this group (a LAN
        table's peers as open seats under the names they took)."""
        before = self.group
        if before is not None and before.seated:  # its Next game: the same group goes on
            self.group = before.then_at(plans, hosted)
        else:
            self.group = Group([SeatPlan(plan.name, plan.control, plan.colour) for plan in plans], hosted)

    def group_of(self, hosted: Any) -> Group | None:
        """The group that played ``hosted`` (None: another table's, or none)."""
        group = self.group
        return group if group is not None and hosted is not None and group.table is hosted else None

    def park(self, hosted: Any) -> bool:
        """After ``hosted``'s game, with Next game offered: keep its window peers connected
        while the group goes to the picker and the set-up (`HostedTable.park`)."""
        group = self.group_of(hosted)
        if group is None:
            return False
        self.end_group_table()
        if not hosted.park():
            return False
        group.parked = hosted
        return True

    def end_group_table(self) -> None:
        """The group ends at this window (back to the title): a kept table's peers hear so."""
        group = self.group
        parked = group.parked if group is not None else None
        if group is not None and parked is not None:
            group.parked = None
            parked.end_group()

    def group_ends(self) -> None:
        """Back to the title: the group's kept table closes, and a game started from here is a
        new group's, not the group's next game."""
        self.end_group_table()
        if self.group is not None:
            self.group.seated = False

    def next_table_opened(self, hosted: Any) -> None:
        """The group's next table is open: the kept table sends its peers there, and closes."""
        group = self.group
        parked = group.parked if group is not None else None
        if group is not None and parked is not None:
            group.parked = None
            parked.tell_next_table(hosted)

    def want_group(self) -> None:
        if self.group is not None:
            self.group.next_turn()

    def picker_turn(self) -> SeatPlan | None:
        """After Next game: whose turn it is to choose the game (None: anyone's)."""
        return self.group.picker_turn() if self.group is not None else None

    def seat_group(self, min_players: int, max_players: int) -> list[SeatPlan] | None:
        """After Next game: the kept group's seats for the next set-up (names, devices, colours),
        fitted to its game; None when there is no group to seat."""
        group = self.group
        if group is None or not group.wanted:
            return None
        group.wanted, group.seated = False, True
        return fit_group(group.plans, min_players, max_players)

    # --- profiles ----------------------------------------------------------------------------
    def profile_names(self, limit: int = 8) -> list[str]:
        """This machine's profiles' names, newest first (a pad or a phone picks from them)."""
        return [profile.name for profile in profiles.recent(self.history, limit)]

    def name_choices(self, *also: str) -> list[str]:
        """The names a pad picks from in a name field: this machine's profiles, the usual
        names, and ``also`` (the field's own name, the player's name from the settings)."""
        return list(dict.fromkeys([*self.profile_names(), *NAMES, *(name for name in also if name)]))

    def adopt_profile(self, seats: list[SeatPlan], seat: SeatPlan) -> bool:
        """``seat`` (a set-up seat plan) took a profile's name: it takes the profile's colour
        too, unless another seat wears it. True when the name is a profile's."""
        if seat.is_bot:
            return False
        profile = profiles.find(self.history, seat.name)
        if profile is None:
            return False
        seat.name = profile.name
        colour = profiles.free_colour(profile.colour, {other.colour for other in seats if other is not seat})
        if colour is not None:
            seat.colour = colour
        return True

    def peer_profile(self, name: str) -> dict[str, Any]:
        """The profile this window brings to another's table as ``name`` (over the LAN or a
        relay alike): this machine's profile of that name, else a new one, kept here so the
        next join brings the same."""
        profile = profiles.find(self.history, name) or profiles.make(self.history, name)
        return {"id": profile.id, "name": profile.name, "colour": profile.colour, "emblem": profile.emblem}


def finished_game(table: Any, hosted: Any) -> FinishedGame | None:
    """What ``table`` (a finished table scene this window hosted as ``hosted``) leaves in the
    history; None for a demo, a joined table or a game without a result. A seat's person is
    the profile its window brought (LAN or relay), else the profile of its name (`History.record`)."""
    result = table.model.result()
    if result is None or hosted is None or hosted.demo:
        return None
    host = hosted.host
    seats = []
    for index in range(table.players):
        spec = host.seats[index] if index < len(host.seats) else None
        is_bot = spec is not None and spec.kind == "bot"
        chooser = table.choosers.get(index)
        colour = table.colour_ids[index] if index < len(table.colour_ids) else index
        brought = host.profiles.get(index) if not is_bot else None  # a window peer's profile
        if brought is not None:
            colour = brought["colour"]
        if chooser is not None:
            device = chooser.device
        else:
            device = getattr(spec, "via", "") or ("lan" if brought else "")
        seats.append(SeatResult(table.name(index), "bot" if is_bot else "human",
                                getattr(spec, "strength", "normal") if is_bot else "", int(colour) % 6,
                                profile=brought["id"] if brought is not None else "", device=device))
    return FinishedGame(table.info.id, seats, list(result["scores"]), list(result["winners"]),
                        bool(table.info.lower_score_wins), dict(host.options), str(host.save_path or ""),
                        journal=kept_records(host.journal.records()))  # for its replay (netplay.replays)


def summary_line(rows: list[night.Standing]) -> str:
    """The evening's standings in one line ("" if none)."""
    if not rows:
        return ""
    chips = "   ".join(f"{i + 1}. {row.name} {show(row.points)}" for i, row in enumerate(rows[:6]))
    return _("Tonight: {standings}.   {leader}.").format(standings=chips, leader=night.leader_line(rows))
