"""The group that stays for Next game (no pygame): the seats of the last table this window
started, whose turn it is to choose the next game, and the finished table kept open for
its window peers until the next one opens."""

from dataclasses import dataclass
from typing import Any

from client.hosting.seats import NAMES, SeatPlan


@dataclass(eq=False)
class Group:
    """The seats of the last game started at this screen, kept for Next game."""

    plans: list[SeatPlan]
    table: Any  # the HostedTable they sat down at
    wanted: bool = False  # Next game was chosen: the next set-up seats them
    parked: Any = None  # a finished HostedTable kept open for its window peers until the next table opens
    turn: int = -1  # whose turn it is to choose the next game, among `choosers()`
    seated: bool = False  # a set-up seated this group (`seat_group`): the next table is its next game

    def then_at(self, plans: list[SeatPlan], table: Any) -> "Group":
        """The group at its next table, ``plans``: the turn goes on from here, and when the
        game had seats for fewer people than the group, the ones at this screen who sat it out
        stay in the group for the game after (a seat given to a bot instead leaves its person out)."""
        kept = [SeatPlan(plan.name, plan.control, plan.colour) for plan in plans]
        if not any(plan.is_bot for plan in plans):
            names = {plan.name.casefold() for plan in plans}
            colours = {plan.colour for plan in plans}
            for person in self.choosers():
                if person.name.casefold() not in names:
                    colour = person.colour if person.colour not in colours else min(set(range(6)) - colours)
                    colours.add(colour)
                    kept.append(SeatPlan(person.name, person.control, colour))
        return Group(kept, table, turn=self.turn)

    def choosers(self) -> list[SeatPlan]:
        """The people at this screen who take turns choosing the next game (each with a device
        here: bots, LAN peers and phones do not choose at this screen's picker)."""
        return [plan for plan in self.plans
                if not plan.is_bot and plan.control not in ("open", "phone") and not plan.control.startswith("bot")]

    def next_turn(self) -> None:
        """Next game was chosen: the next person chooses this time (when several take turns)."""
        self.wanted = True
        if len(self.choosers()) > 1:
            self.turn = (self.turn + 1) % len(self.choosers())

    def picker_turn(self) -> SeatPlan | None:
        """The person whose turn it is to choose the game (None: anyone may)."""
        if not self.wanted or self.turn < 0:
            return None
        choosers = self.choosers()
        return choosers[self.turn % len(choosers)] if len(choosers) > 1 else None


def fit_group(plans: list[SeatPlan], min_players: int, max_players: int) -> list[SeatPlan]:
    """``plans`` fitted to a game's seats: bots leave first when there are too many (then the
    last seats), bots fill up when there are too few."""
    plans = [SeatPlan(plan.name, plan.control, plan.colour) for plan in plans]
    while len(plans) > max_players:
        bots = [i for i, plan in enumerate(plans) if plan.is_bot]
        plans.pop(bots[-1] if bots else -1)
    used = {plan.colour for plan in plans}
    while len(plans) < min_players:
        colour = next(c for c in range(6) if c not in used)
        used.add(colour)
        plans.append(SeatPlan(NAMES[colour], "bot:normal", colour))
    return plans
