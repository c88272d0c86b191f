"""How a host's lobby names its seats, in the window's language (no pygame): who sits there
and how they are connected, the same words on the host's lobby, a joining window's wait
and the table (docs/netplay.md: a lobby seat's ``kind``, ``via`` and ``away``)."""

from client import i18n
from client.i18n import N_, _
from netplay import sayings

# How a person reached their seat, as a seat's label says it (looked up where shown): the
# host's own lobby says "at this screen", a joining window "at the host".
VIA_WORDS = {"couch": N_("at this screen"), "lan": N_("on the LAN"), "relay": N_("through the relay"),
             "phone": N_("on a phone")}
HOST_SCREEN = N_("at the host")
# A seat's state in a lobby row.
SEAT_STATES = {"open": N_("waiting for a player..."), "bot": N_("bot"), "human": N_("ready"), "away": N_("away")}


def lobby_name(seat: dict, index: int) -> str:
    """The name a lobby gives seat ``index``: the host's default in this window's language."""
    return str(sayings.seat_name(seat.get("name"), index, i18n.current()) or "")


def via_words(via: str, hosting: bool = True) -> str:
    """How a seat is connected, in words, as the hosting window (``hosting``) or a joining
    one says it ("" when the host did not say)."""
    if via == "couch" and not hosting:
        return _(HOST_SCREEN)
    return _(VIA_WORDS[via]) if via in VIA_WORDS else ""


def seat_state(seat: dict, hosting: bool = True) -> str:
    """A lobby row's state: open, a bot, away, or how the person there is connected."""
    if seat.get("away"):
        return _(SEAT_STATES["away"])
    kind = seat.get("kind", "")
    if kind == "human" and seat.get("via") in VIA_WORDS:
        return via_words(str(seat["via"]), hosting)
    return _(SEAT_STATES[kind]) if kind in SEAT_STATES else ""
