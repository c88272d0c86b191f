"""The game night at one table: who plays each LAN seat (their profile), and what each
hears of the evening after a game (its standings, the next table).

A `Host` composes one `GameNight`; the window's evening (`client/evening/`) calls it
through the host (`Host.take_profile`, `Host.tell_evening`, ...)."""

from collections.abc import Sequence
from typing import Any, Protocol

from .messages import NextTable, wire
from .ports import RELAY, Letting, Message, Seat
from .sayings import bye


class NightHost(Letting, Protocol):
    """What `GameNight` needs of its owner (the `Host`): the seats, the table's meta (the
    window's colours) and its listeners."""

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def meta(self) -> dict[str, Any]: ...


class GameNight:
    """The profiles ``owner``'s LAN peers brought, and the evening's messages to them."""

    def __init__(self, owner: NightHost):
        self.owner = owner
        self.profiles: dict[int, dict[str, Any]] = {}  # seat -> the profile its LAN peer brought

    def take_profile(self, seat: int | None, profile: dict[str, Any]) -> None:
        """``seat``'s peer says who plays it (a ``profile`` message). The host keeps it for
        the evening its window records. The profile's colour is the seat's unless another seat
        at this table wears it already (``meta["colours"]``, the host window's, when there are
        any): two people never share a colour at one table."""
        owner = self.owner
        players = len(owner.seats)
        if seat is None or not 0 <= seat < players or owner.seats[seat].kind != "remote":
            return
        profile_id = "".join(ch for ch in str(profile.get("id", "")) if ch.isalnum())[:32]
        name = "".join(ch for ch in str(profile.get("name", "")) if ch.isprintable())[:40].strip()
        colour, emblem = profile.get("colour", 0), profile.get("emblem", 0)
        colours = owner.meta.get("colours")
        if isinstance(colours, list) and len(colours) == players and isinstance(colour, int) and 0 <= colour < 6:
            if colour not in [c for i, c in enumerate(colours) if i != seat]:
                colours[seat] = colour
        shown = colours[seat] if isinstance(colours, list) and len(colours) == players else colour
        self.profiles[seat] = {"id": profile_id, "name": name or owner.seats[seat].name, "colour": shown,
                               "emblem": emblem if isinstance(emblem, int) and 0 <= emblem < 64 else 0}
        if isinstance(colours, list) and len(colours) == players:  # every table wears the same colours
            message: Message = {"t": "colours", "colours": [c if isinstance(c, int) and 0 <= c < 6 else i % 6
                                                   for i, c in enumerate(colours)]}
            for listener in list(owner.listeners):
                if not listener.meta.get("phone"):  # a phone's page draws its own seat only
                    listener.deliver(message)

    def tell(self, seat: int, message: dict[str, Any]) -> None:
        """Send ``seat``'s own ``evening`` message (its standings row marked, its own rating
        changes only) to that seat's connections on the LAN and through a relay; phones and
        local seats get none."""
        for listener in list(self.owner.listeners):
            if listener.seat == seat and listener.remote and not listener.meta.get("phone"):
                listener.deliver(message)

    def tell_next_table(self, seat: int, game: str, port: int, token: str | None = None,
                        invite: str | None = None) -> None:
        """The game night's Next game: tell ``seat``'s connections, on the LAN and through a
        relay, that the group's next table is open on ``port`` of this host's address (a
        ``next_table`` message), with the ``token`` of the seat kept there for this seat's
        person (theirs alone), if any; a connection through the relay also hears ``invite``,
        that seat's invite at the next table (a LAN peer hears nil: it has the address)."""
        for listener in list(self.owner.listeners):
            if listener.seat == seat and listener.remote and not listener.meta.get("phone"):
                message: NextTable = {"t": "next_table", "game": game, "port": port, "token": token,
                                      "invite": invite if listener.via == RELAY else None}
                listener.deliver(wire(message))

    def keep_profiles_only(self, reason: str) -> None:
        """The game night's Next game keeps a finished table open for the peers that brought a
        profile (they can follow it to the next table); every other connection hears ``bye``."""
        owner = self.owner
        for listener in list(owner.listeners):
            if listener.remote and listener.seat not in self.profiles:
                owner.let_go(listener, bye(reason))
