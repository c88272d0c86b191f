"""A hosted table's settings: its name, password, port and relay.

They are what the host form shows, what a hosted table is opened with, what the group's
next table opens with again, and what the window remembers for the next evening (in
``settings.json``, under ``table``), so a passworded or relay evening never quietly becomes
an open LAN-only table. An empty name means "the host's name's table".
"""

from dataclasses import asdict, dataclass

from client.i18n import _
from client.settings import Settings

PORT_RANGE = (1024, 65535)


@dataclass(frozen=True)
class TableSettings:
    name: str = ""
    password: str = ""
    port: int | None = None  # None: the usual port, else any free one
    relay: str = ""  # a host's relay invite: the table opens there too

    def shown_name(self, seat_plans) -> str:
        """The table's name, or the default one for these seats."""
        return self.name or default_table_name(seat_plans)

    @classmethod
    def remembered(cls, settings: Settings) -> "TableSettings":
        """The settings the window last hosted with (checked by `Settings`, so usable)."""
        kept = settings.data.get("table") or {}
        port = kept.get("port")
        return cls(str(kept.get("name", "")), str(kept.get("password", "")), port if isinstance(port, int) else None,
                   str(kept.get("relay", "")))

    def remember(self, settings: Settings) -> None:
        """Keep these for the next table and the next start of the window."""
        if settings.data.get("table") != asdict(self):
            settings.data["table"] = asdict(self)
            settings.save()


def default_table_name(seat_plans) -> str:
    host_name = next((plan.name for plan in seat_plans if plan.is_local), "Spielabend")
    return _("{name}'s table").format(name=host_name)


def port_problem(text: str) -> str | None:
    """Why ``text`` is not a port a table may use (None: it is, or it is empty)."""
    low, high = PORT_RANGE
    if text and not (text.isdigit() and low <= int(text) <= high):
        return _("The port is a number from 1024 to 65535.")
    return None
