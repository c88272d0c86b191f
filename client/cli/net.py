"""`spielabend host | join | browse | relay`: LAN play (and play through a relay) from a terminal.

Called by `client.cli.main` with the whole argument list, subcommand first. Every error a
user can cause (bad game id, player counts, port, address, unreachable host, corrupt
save) is one line on stderr and a non-zero exit: 2 for bad input, 1 for the network.
"""

import argparse
import asyncio
import contextlib
import socket
import sys
import time

from client.cli.host import (
    UsageError,
    _host_printer,
    _label,
    _print_result,
    _seat_label,
    check_port,
    check_seconds,
    interfaces_from,
    machine_name,
    make_host,
)
from client.cli.seat_player import SeatPlayer, describe_event, person, seat_name
from client.cli.words import N_, _, current, ngettext, say, setup_error, speak
from engines import GAMES, SetupError
from netplay.discovery import (
    DEFAULT_PORT,
    AsyncHostBrowser,
    host_port,
)
from netplay.discovery import parse_address as parse_typed_address
from netplay.errors import ConnectError, SaveError
from netplay.host import Host, Listener, fresh_seed
from netplay.relay_invite import looks_like_invite
from netplay.server import GAME_OVER


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="spielabend", description=_("Spielabend LAN play."))
    commands = parser.add_subparsers(dest="command", required=True)

    host = commands.add_parser("host", help=_("host a table on the LAN (headless)"))
    host.add_argument("--game", help=_("game id: {games}").format(games=", ".join(sorted(GAMES))))
    host.add_argument("--players", type=int, help=_("seats at the table, bots included"))
    host.add_argument("--bots", type=int, default=0, help=_("how many of the seats bots play (default 0)"))
    host.add_argument("--port", type=int, default=DEFAULT_PORT,
                      help=_("TCP port (default {port}; 0 = any)").format(port=DEFAULT_PORT))
    host.add_argument("--name", default=None,
                      help=_("table name shown to browsers (default: the saved table's name with --resume, "
                             "else this computer's name)"))
    host.add_argument("--password", default=None, help=_("peers must know this to join"))
    host.add_argument("--resume", metavar="FILE", help=_("continue a saved game; peers rejoin with their tokens"))
    host.add_argument("--seed", type=int, default=None,
                      help=_("random seed, for tests and replays only: anyone who knows it can compute "
                             "every hidden card (default: a fresh 256-bit seed from the system)"))
    host.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                      help=_("game option (repeatable)"))
    host.add_argument("--bot-delay", type=float, default=None, metavar="SECONDS",
                      help=_("bots' median reaction time (default: the game's, by bot strength); in a "
                             "real-time game no bot reacts faster than a quick person (0.25 s) whatever it says"))
    host.add_argument("--bot-strength", default="normal", choices=("easy", "normal", "hard"))
    host.add_argument("--bot-after", type=float, default=None, metavar="SECONDS",
                      help=_("let a bot play a seat that has been away this long (default: wait)"))
    host.add_argument("--save", metavar="FILE", help=_("where to save (default: the user data directory)"))
    host.add_argument("--interface", action="append", metavar="ADDR",
                      help=_("listen and advertise on this address only (repeatable; default: all, "
                             "or $SPIELABEND_INTERFACES)"))
    host.add_argument("--no-advertise", action="store_true", help=_("do not announce the table via zeroconf"))
    host.add_argument("--no-phones", action="store_true",
                      help=_("do not serve phones (by default each seat gets a link: its private hand on a phone)"))
    host.add_argument("--phone-port", type=int, default=None,
                      help=_("port of the phones' page (default: --port + 1, or any with --port 0)"))

    join = commands.add_parser("join", help=_("join a table (no address: discover one)"))
    join.add_argument("address", nargs="?", metavar="HOST:PORT|INVITE",
                      help=_("the host's address, or a seat's invite (SA-...) to join through a relay"))
    join.add_argument("--name", default=None, help=_("your name at the table"))
    join.add_argument("--bot", action="store_true", help=_("let the game's bot play this seat"))
    join.add_argument("--password", default=None)
    join.add_argument("--token", default=None, help=_("rejoin your seat with the token you were given"))
    join.add_argument("--seed", type=int, default=None, help=_("seed for --bot"))
    join.add_argument("--interface", action="append", metavar="ADDR", help=_("discover on this address only"))
    join.add_argument("--wait", type=float, default=5.0, help=_("seconds to look for hosts (default 5)"))
    join.add_argument("--table", metavar="NAME", help=_("with no address: join the table of this name only"))

    # issue 29: play through a relay (netplay.relay_cli)
    host.add_argument("--relay", metavar="INVITE", default=None,
                      help=_("host through a relay instead of the LAN, with the host invite from spielabend relay"))
    from client.cli.relay import add_relay_parser
    add_relay_parser(commands)

    browse = commands.add_parser("browse", help=_("list tables on the LAN as they come and go"))
    browse.add_argument("--interface", action="append", metavar="ADDR")
    browse.add_argument("--seconds", type=float, default=None, help=_("stop after this long (default: Ctrl-C)"))
    return parser


def main(argv) -> int:
    argv = list(argv)
    speak()
    parser = build_parser()
    args = parser.parse_args(argv)  # argparse exits 2 with a one-line message on bad flags
    try:
        if args.command == "host":
            return run_host(args)
        if args.command == "join":
            return run_join(args)
        if args.command == "relay":  # issue 29
            from client.cli.relay import run_relay
            return run_relay(args)
        return run_browse(args)
    except SaveError as error:
        print(_("spielabend {command}: error: {message}").format(command=args.command, message=told(error)),
              file=sys.stderr)
        return 2
    except UsageError as error:
        print(_("spielabend {command}: error: {message}").format(command=args.command, message=error),
              file=sys.stderr)
        return 2
    except SetupError as error:
        print(_("spielabend {command}: error: {message}").format(command=args.command, message=setup_error(error)),
              file=sys.stderr)
        return 2
    except ConnectError as error:
        print(_("spielabend {command}: error: {message}").format(command=args.command, message=told(error)),
              file=sys.stderr)
        return 1
    except OSError as error:
        print(_("spielabend {command}: error: {message}").format(command=args.command,
                                                                 message=error.strerror or error), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(_("spielabend {command}: interrupted").format(command=args.command), file=sys.stderr)
        return 130


def told(error: ConnectError | SaveError) -> str:
    """A host's or this client's refusal, or a save's problem, worded in the command line's language."""
    return say(error.say, error.data) if error.say else error.reason


# --- host ---------------------------------------------------------------------------------
def run_host(args) -> int:
    from netplay.server import Server

    if args.relay:  # issue 29: through a relay instead of the LAN
        from client.cli.relay import run_relay_host
        return run_relay_host(args)
    check_port(args.port)
    if args.phone_port is not None:
        check_port(args.phone_port)
    check_seconds(args.bot_delay, "--bot-delay")
    check_seconds(args.bot_after, "--bot-after")
    interfaces = interfaces_from(args)
    host = make_host(args)
    host.bot_after = args.bot_after
    name = host.table_name or machine_name()

    async def serve() -> int:
        server = Server(host, args.port, name, args.password, interfaces, advertise=not args.no_advertise)
        try:
            await server.async_start()
        except OSError as error:
            await server.async_close()
            raise OSError(error.errno, _("cannot listen on port {port}: {why}").format(
                port=args.port, why=error.strerror or error)) from None
        where = ", ".join(server.addresses()) + ("" if interfaces else _(", every interface"))
        print(ngettext("Hosting '{name}' on port {port} ({where}); waiting for {n} player.",
                       "Hosting '{name}' on port {port} ({where}); waiting for {n} players.",
                       host.seats_open()).format(name=name, port=server.port, where=where, n=host.seats_open()),
              flush=True)
        phones = None if args.no_phones else await _serve_phones(host, args, interfaces, server)
        host.attach(Listener(None, _host_printer(host)))
        assert server.finished is not None
        try:
            await server.finished.wait()
        finally:
            reason = GAME_OVER if host.is_over() else N_("the host stopped")
            if phones is not None:
                await phones.async_close(reason)
            await server.async_close(reason)
        labels = [_seat_label(host, p) for p in range(host.players)]
        _print_result(host.info, host.state.scores(), host.state.winners(), labels)
        return 0

    return asyncio.run(serve())


async def _serve_phones(host: Host, args, interfaces, server):
    """Serve the phones' page next to the table and print each open seat's link."""
    from netplay.phones import PhoneServer

    port = args.phone_port if args.phone_port is not None else (server.port + 1 if args.port else 0)
    phones = PhoneServer(host, interfaces=interfaces, port=port, language=current().code)
    try:
        await phones.async_start()
    except OSError as error:
        await phones.async_close()
        await server.async_close()
        raise OSError(error.errno, _("cannot serve phones on port {port}: {why} (choose --phone-port, or "
                                     "--no-phones)").format(port=port, why=error.strerror or error)) from None
    seats = [seat for seat in phones.phone_seats() if host.seats[seat].kind == "remote"]
    if seats:
        print(_("Phones: open a seat's link on a phone on this network to play that seat from it:"), flush=True)
        for seat in seats:
            print(f"  {seat_name(seat)}: {phones.link(seat)}", flush=True)
    return phones


# --- join ---------------------------------------------------------------------------------
def parse_address(text: str) -> tuple[str, int]:
    """HOST[:PORT], [IPv6]:PORT or a bare IPv6 address; UsageError for anything else."""
    try:
        return parse_typed_address(text, DEFAULT_PORT)
    except ValueError as error:
        raise UsageError(str(error)) from None


def discover(interfaces, seconds: float, table: str | None = None) -> dict:
    """The first table with an open seat (named ``table``, if given) seen within ``seconds``."""
    found: list[dict] = []

    async def look() -> None:
        browser = AsyncHostBrowser(interfaces)
        await browser.async_start()
        deadline = time.monotonic() + seconds
        try:
            while time.monotonic() < deadline:
                tables = [e for e in browser.found.values() if e["phase"] == "lobby" and e["seats_open"] > 0
                          and table in (None, e["name"])]
                if tables:
                    found.extend(sorted(tables, key=lambda e: e["name"]))
                    return
                await asyncio.sleep(0.05)
        finally:
            await browser.async_close()

    asyncio.run(look())
    if not found:
        if table is None:
            raise ConnectError("no_hosts", N_("found no table with an open seat within {seconds} s"),
                               {"seconds": f"{seconds:g}"})
        raise ConnectError("no_hosts", N_("found no table named {table} with an open seat within {seconds} s"),
                           {"table": repr(table), "seconds": f"{seconds:g}"})
    for entry in found:
        print(_("Found '{name}' at {address} ({game}, {n} open)").format(
            name=entry["name"], address=host_port(entry["address"], entry["port"]), game=entry["game"],
            n=entry["seats_open"]))
    return found[0]


def run_join(args) -> int:
    from netplay.peer import RemoteSession

    check_seconds(args.wait, "--wait")
    interfaces = interfaces_from(args)
    if args.address and looks_like_invite(args.address):  # issue 29: a seat's relay invite
        from client.cli.relay import relay_session
        session = relay_session(args, args.name or ("Bot" if args.bot else socket.gethostname().split(".")[0]))
        try:
            return _play(session, args)
        finally:
            session.close()
    if args.address:
        address, port = parse_address(args.address)
        password_needed = False
    else:
        entry = discover(interfaces, args.wait, args.table)
        address, port, password_needed = entry["address"], entry["port"], entry["password"]
    if password_needed and not args.password:
        raise UsageError(_("that table needs a password (--password)"))
    name = args.name or ("Bot" if args.bot else socket.gethostname().split(".")[0])
    session = RemoteSession(address, port, name, password=args.password, token=args.token)
    try:
        return _play(session, args)
    finally:
        session.close()


def _play(session, args) -> int:
    seat = session.wait_welcome(10.0)
    print(_("Seated as {seat}; rejoin token {token}").format(seat=seat_name(seat), token=session.token), flush=True)
    player = SeatPlayer(bot_seed=args.seed if args.seed is not None else fresh_seed())
    info = None
    while True:
        messages = session.poll()
        player.absorb(messages)
        for message in messages:
            info = _show(message, info)
        if player.bye is not None:
            over = player.bye["reason"] == GAME_OVER
            words = say(player.bye["say"], player.bye.get("data")) if player.bye.get("say") else player.bye["reason"]
            print((_("Game over: {reason}") if over else _("Disconnected: {reason}")).format(reason=words), flush=True)
            final = player.last_update["view"].get("game_result") if player.last_update else None
            if over and info is not None and final is not None and player.start is not None:
                names = player.start["names"]
                labels = [_label(p, person(names[p], p) if p < len(names) else None) for p in range(len(final["scores"]))]
                _print_result(info, final["scores"], final["winners"], labels)
            return 0 if over else 1
        if player.refusal is not None:
            raise ConnectError.told(player.refusal["code"], player.refusal)
        now = time.monotonic()
        if info is not None and player.may_act(now) and player.last_update is not None:  # may_act: it has one
            action = player.bot_action() if args.bot else _ask(info, player.last_update["legal"])
            if action is not None:
                print(f"{seat_name(seat)} {_notation(info, action)}", flush=True)
                player.sent(session.send(action), now)
        time.sleep(0.01)


def _show(message: dict, info):
    kind = message["t"]
    if kind == "start":
        info = GAMES.get(message["game"])
        print(_("Game starts: {names}").format(names=", ".join(
            str(person(name, seat)) for seat, name in enumerate(message["names"]))), flush=True)
    elif kind == "update":
        for event in message["events"]:
            print("  " + describe_event(event), flush=True)
    elif kind == "reject":
        words = say(message["say"], message.get("data")) if message.get("say") else message["reason"]
        print(_("Rejected: {reason} ({code})").format(reason=words, code=message["code"]), flush=True)
    return info


def _notation(info, action) -> str:
    if info is not None and info.notation is not None:
        try:
            return info.notation(action)
        except Exception:  # notation of an odd action must not stop play
            pass
    return repr(action)


def _ask(info, legal: list):
    """Read one action in the game's notation from stdin (EOF leaves the table)."""
    print(_("Your move: {choices}").format(choices=" | ".join(_notation(info, a) for a in legal)), flush=True)
    line = sys.stdin.readline()
    if not line:
        raise ConnectError("left", N_("left the table: no more input"))
    line = line.strip()
    if info is not None and info.parse_action is not None:
        try:
            return info.parse_action(line)
        except ValueError as error:
            print(_("Not understood: {error}").format(error=error), flush=True)
            return None
    return None


# --- browse -------------------------------------------------------------------------------
def run_browse(args) -> int:
    check_seconds(args.seconds, "--seconds")
    interfaces = interfaces_from(args)

    def show(kind: str, entry: dict) -> None:
        mark = {"added": "+", "updated": "*", "removed": "-"}[kind]
        print(f"{mark} {entry['name']}  {host_port(entry['address'], entry['port'])}  {entry['game']}  "
              + _("{taken} taken, {open} open").format(taken=entry["seats_taken"], open=entry["seats_open"])
              + f"  {entry['phase']}" + (_("  (password)") if entry["password"] else ""), flush=True)

    async def browse() -> None:
        browser = AsyncHostBrowser(interfaces, on_change=show)
        await browser.async_start()
        print(_("Looking for tables (Ctrl-C to stop) ..."), flush=True)
        try:
            if args.seconds is None:
                await asyncio.Event().wait()
            else:
                await asyncio.sleep(args.seconds)
        finally:
            with contextlib.suppress(Exception):
                await browser.async_close()

    try:
        asyncio.run(browse())
    except KeyboardInterrupt:
        pass
    return 0
