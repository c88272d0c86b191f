"""Running a host from the command line: the checks of its arguments, the host they make,
and what a headless host prints. Shared by `spielabend host` (client.cli.net) and its
relay variant (client.cli.relay).
"""

import socket

from client.cli.seat_player import describe_event, person, seat_name
from client.cli.words import _, players_text
from engines import game_info
from netplay.discovery import check_interfaces, choose_interfaces
from netplay.host import Host
from netplay.saves import new_save_path


class UsageError(Exception):
    """Bad command-line input: exit code 2."""



def parse_options(pairs: list[str]) -> dict:
    options = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise UsageError(_("--option wants KEY=VALUE, not {pair}").format(pair=repr(pair)))
        if text.lower() in ("true", "false"):
            value: object = text.lower() == "true"
        else:
            try:
                value = int(text)
            except ValueError:
                value = text
        options[key] = value
    return options



def interfaces_from(args) -> list[str] | None:
    """--interface, else $SPIELABEND_INTERFACES, else None (all); UsageError for a bad address."""
    try:
        return check_interfaces(choose_interfaces(args.interface))
    except ValueError as error:
        raise UsageError(str(error)) from None



def check_seconds(value: float | None, flag: str) -> None:
    if value is not None and not value >= 0:  # also refuses nan
        raise UsageError(_("{flag} must be a number of seconds, 0 or more, not {value}").format(
            flag=flag, value=f"{value:g}"))



def check_port(port: int) -> int:
    if not 0 <= port <= 65535:
        raise UsageError(_("port must be between 0 and 65535, not {port}").format(port=port))
    return port



def machine_name() -> str:
    return socket.gethostname().split(".")[0] or "Spielabend"



def make_host(args) -> Host:
    if args.resume:
        host = Host.resume(args.resume, bot_delay=args.bot_delay, save_path=args.save)
        if getattr(args, "name", None):
            host.meta["table"] = args.name
        if host.resume_note:
            print(_("The save was damaged at its end ({note}); playing on from the last whole record.").format(
                note=host.resume_note))
        if host.phase == "playing":
            print(_("Resuming {game} from {file}: {n} actions so far; peers rejoin with --token.").format(
                game=host.info.name, file=args.resume, n=len(host.log)))
        else:
            print(_("Resuming {game} from {file}: {n} actions so far; the table is open again.").format(
                game=host.info.name, file=args.resume, n=len(host.log)))
        return host
    if not args.game:
        raise UsageError(_("--game is required (or --resume FILE)"))
    info = game_info(args.game)
    players = args.players if args.players is not None else info.min_players
    if not info.min_players <= players <= info.max_players:
        raise UsageError(_("{game} takes {players_text}, not {players}").format(
            game=info.name, players_text=players_text(info), players=players))
    if not 0 <= args.bots <= players:
        raise UsageError(_("--bots must be between 0 and {players}, not {bots}").format(players=players, bots=args.bots))
    seats = [{"kind": "remote"}] * (players - args.bots) + [{"kind": "bot", "strength": args.bot_strength}] * args.bots
    save = args.save or new_save_path(info.id)
    host = Host(info.id, players, args.seed, parse_options(args.option), seats=seats,
                bot_delay=args.bot_delay, save_path=save,
                meta={"origin": "command line", "table": getattr(args, "name", None) or machine_name()})
    # A fresh seed is never shown: it would let whoever sees it compute every hidden card.
    if args.seed is not None:
        print(_("{game}: {players} seats ({bots} bots), seed {seed} (chosen by hand: not secret); saving to {file}")
              .format(game=info.name, players=players, bots=args.bots, seed=args.seed, file=save))
    else:
        print(_("{game}: {players} seats ({bots} bots); saving to {file}").format(
            game=info.name, players=players, bots=args.bots, file=save))
    return host



def _seat_label(host: Host, seat: int) -> str:
    return _label(seat, host.seats[seat].name)



def _label(seat: int, name: str | None) -> str:
    return f"{seat_name(seat)} {name}" if name else seat_name(seat)



def _print_result(info, scores: list, winners: list[int], labels: list[str]) -> None:
    """The closing lines every headless host and peer prints."""
    scored = ", ".join(f"{labels[p]} {s}" for p, s in enumerate(scores))
    if info.lower_score_wins:
        print(_("Final scores (lower is better): {scores}").format(scores=scored))
    else:
        print(_("Final scores (higher is better): {scores}").format(scores=scored))
    print(_("Winner: {names}").format(names=_(" and ").join(labels[p] for p in winners)), flush=True)



def _host_printer(host: Host):
    """What a headless host prints: lobby changes and public events (a spectator's)."""
    last_lobby: list = []

    def show(message: dict) -> None:
        kind = message["t"]
        if kind == "lobby":
            seats = [(s["name"], s["kind"], s["away"]) for s in message["seats"]]
            if seats != last_lobby:
                last_lobby[:] = seats
                print(_("Seats: {seats}").format(seats=", ".join(
                    f"{seat_name(i)} {person(name, i) if name else '-'} ({kind}{_(', away') if away else ''})"
                    for i, (name, kind, away) in enumerate(seats))), flush=True)
        elif kind == "start":
            print(_("Game starts: {names}").format(names=", ".join(
                str(person(name, seat)) for seat, name in enumerate(message["names"]))), flush=True)
        elif kind == "update":
            for event in message["events"]:
                print("  " + describe_event(event), flush=True)

    return show
