"""The window's plumbing into netplay (no pygame): which interface LAN play uses, serving a
host on the LAN and a relay, opening a seat at another window's table, and netplay's
errors in the window's language.

netplay's server, discovery, relay and peer modules are imported only when they are
needed; if one is missing the caller gets a sentence saying so instead of a failure.
Which interface the LAN uses follows one rule with the command line:
``SPIELABEND_INTERFACES`` if set, else the interface chosen in Settings, else every
interface (`chosen_interfaces`).
"""

import importlib
from dataclasses import dataclass
from typing import Any

from client.hosting.invite_words import invite_problem
from client.i18n import _, say
from client.settings import Settings

# The window hosts on the usual port when it is free (a typed address needs no port),
# else on any free port.
PORT_WISHES = (47474, 0)


def load(module: str) -> tuple[Any, str | None]:
    """The netplay module, or a sentence saying why it is not available."""
    try:
        return importlib.import_module(module), None
    except ImportError as error:
        return None, _("LAN play needs {module}, which is not available yet ({error}).").format(
            module=module, error=error)


def worded(error: object) -> str:
    """An error from netplay in the window's language: its message template and data where
    it carries them (``say``, ``data``), an invite's problem as `invite_words` words it,
    else its own words (the system's, for an OSError)."""
    from netplay.relay_invite import InviteError

    if isinstance(error, InviteError):
        return say(*invite_problem(error))
    template = getattr(error, "say", None)
    if isinstance(template, str) and template:
        data = getattr(error, "data", None)
        return say(template, data if isinstance(data, dict) else None)
    return str(error)


def capitalised(words: str) -> str:
    """A clause from netplay as a sentence of its own."""
    return f"{words[:1].upper()}{words[1:]}." if words else words


def chosen_interfaces(settings: Settings) -> list[str] | None:
    """The addresses LAN play uses: $SPIELABEND_INTERFACES, else Settings' choice, else
    None (every interface). ValueError, in words, for an entry that is not an address."""
    discovery, error = load("netplay.discovery")
    if discovery is None:
        raise ValueError(error)
    from_environment = discovery.choose_interfaces(None)
    if from_environment is not None:
        try:
            return list(discovery.check_interfaces(from_environment))
        except ValueError as bad:
            raise ValueError(_("{variable} is wrong: {why}").format(variable=discovery.ENV_INTERFACES,
                                                                   why=worded(bad))) from None
    chosen = settings.data.get("interface")
    return [chosen] if chosen else None


@dataclass
class Served:
    """A host served on the LAN (and a relay), or why it is not."""

    handle: Any = None  # netplay.server.ServerHandle
    problem: str = ""


class RelayFailure(Exception):
    """The relay could not be reached or refused the host's invite (its words)."""


def serve_table(host: Any, name: str, interfaces: list[str] | None, *, port: int | None = None,
                password: str | None = None, relay: str | None = None, advertise: bool = True) -> Served:
    """Serve ``host`` on the LAN from a thread of its own (and through the relay of the
    host's invite ``relay``, if given). Without a ``port``: the usual one, else any free one."""
    server, error = load("netplay.server")
    if server is None:
        return Served(problem=error or "")
    serve = server.serve_in_thread
    if relay:
        relay_module, error = load("netplay.relay")
        if relay_module is None:
            return Served(problem=_("Hosting through a relay needs netplay.relay, which is not available "
                                    "({error}).").format(error=error))
        from netplay.errors import ConnectError
        from netplay.relay_invite import InviteError, parse_invite

        try:
            invite = parse_invite(relay)
        except InviteError as bad:
            return Served(problem=_("The relay invite cannot be used: {why}.").format(why=worded(bad)))

        def serve(host: Any, **options: Any) -> Any:
            try:
                return relay_module.serve_with_relay_in_thread(host, invite, **options)
            except ConnectError as failure:  # not a port to try again: the relay itself
                raise RelayFailure(failure.reason) from None
    wishes = [port] if port is not None else list(PORT_WISHES)
    failure: Exception | None = None
    for wish in wishes:
        try:
            return Served(serve(host, port=wish, name=name, password=password or None, interfaces=interfaces,
                                advertise=advertise))
        except RelayFailure as refused:
            return Served(problem=_("Could not open the table on the relay: {why}.").format(why=worded(refused)))
        except OSError as error:  # that port is taken (or the address is not ours): the next wish
            failure = error
        except Exception as error:  # noqa: BLE001 - any failure to serve is shown, not raised
            failure = error
            break
    why = getattr(failure, "strerror", None) or worded(failure)
    if interfaces:
        return Served(problem=_("Could not open the table on the LAN on {interfaces}: {why}. Is that interface "
                                "(Settings, LAN interface) still this computer's?").format(
            interfaces=", ".join(interfaces), why=why))
    return Served(problem=_("Could not open the table on the LAN: {why}.").format(why=why))


def host_invite_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a host's relay invite (None: nothing; empty: no relay)."""
    if not text.strip():
        return None
    from netplay.relay_invite import InviteError, parse_invite

    try:
        invite = parse_invite(text)
    except InviteError as error:
        return capitalised(worded(error))
    if not invite.is_host:
        return _("This is a seat's invite: it joins a table. To host, use the host's invite that "
                 "spielabend relay printed for your table.")
    return None


def seat_invite(relay: str, seat: int) -> str:
    """The invite of ``seat`` at a table hosted through the relay of the host's invite ``relay``."""
    from netplay.relay_invite import parse_invite

    return str(parse_invite(relay).seat_invite(seat).code())


def open_seat(entry: dict, player_name: str, password: str | None = None,
              profile: dict | None = None) -> tuple[Any, str | None]:
    """A session for a seat at ``entry``'s table: over the LAN, or through a relay when the
    entry carries a seat's ``invite`` (`netplay.relay`). (session, None), or (None, why
    not in words). Either way the seat brings ``profile``: who plays it tonight."""
    if entry.get("invite"):
        relay, error = load("netplay.relay")
        if relay is None:
            return None, _("Joining through a relay needs netplay.relay, which is not available ({error}).").format(
                error=error)
        from netplay.relay_invite import InviteError, parse_invite

        try:
            invite = parse_invite(entry["invite"])
            return relay.RelaySession(invite, player_name, password=password or None, token=entry.get("token"),
                                      profile=profile), None
        except InviteError as refused:
            return None, _("Could not join: {why}.").format(why=worded(refused))
        except Exception as failure:  # noqa: BLE001 - a failed connection is a note on screen
            return None, _("Could not join: {why}").format(why=worded(failure))
    peer, error = load("netplay.peer")
    if peer is None:
        return None, error
    try:
        return peer.RemoteSession(entry["address"], entry["port"], player_name, password=password or None,
                                  token=entry.get("token"), profile=profile), None
    except Exception as failure:  # noqa: BLE001 - a failed connection is a note on screen
        return None, _("Could not join: {why}").format(why=worded(failure))
