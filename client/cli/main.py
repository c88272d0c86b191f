"""`spielabend`: the window client, a demo of bots at a table, a headless bot match, or
LAN host / join / browse."""

import argparse
import os
import sys

from client.cli.words import _, players_error, players_text, setup_error, speak
from engines import GAMES, SetupError

NET_COMMANDS = ("host", "join", "browse", "relay")

def display_available() -> bool:
    """Whether a window can open: an explicit SDL driver, or a display server."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return os.environ["SDL_VIDEODRIVER"] != "dummy"
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="spielabend",
        description=_("Spielabend: a game-night arcade. Subcommands: demo (bots play a table in the window); "
                      "host, join and browse play over the LAN; replay watches a finished game again or "
                      "exports a clip of it."),
    )
    parser.add_argument("--headless", action="store_true", help=_("play a bot match in the terminal, no window"))
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help=_("game for --headless (repeatable)"))
    parser.add_argument("--players", type=int, help=_("number of bots for --headless"))
    parser.add_argument("--seed", type=int, default=1, help=_("random seed for --headless"))
    parser.add_argument("--fullscreen", action="store_true", help=_("start the window in fullscreen"))
    return parser


def build_demo_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="spielabend demo",
        description=_("Open the window and let bots play every seat of GAME's table, game after game, at a pace "
                      "a person can follow. Esc quits."),
    )
    parser.add_argument("game", choices=sorted(GAMES), metavar="GAME",
                        help=_("one of {games}").format(games=", ".join(sorted(GAMES))))
    parser.add_argument("--players", type=int, help=_("seats at the table (default: the game's usual number)"))
    parser.add_argument("--seconds", type=float, help=_("quit after this many seconds"))
    parser.add_argument("--frames", type=int, help=_("run exactly this many frames (1/60 s each, no waiting)"))
    parser.add_argument("--screenshot", metavar="FILE.png", help=_("with --frames: save the last frame here"))
    parser.add_argument("--seed", type=int, help=_("seed of the first game (default: random)"))
    parser.add_argument("--fullscreen", action="store_true")
    return parser


def demo_main(argv) -> int:
    """`spielabend demo`: exit 0 when done, 2 for bad input (one line on stderr)."""
    from client.games import TABLES

    parser = build_demo_parser()
    args = parser.parse_args(argv)
    info = GAMES[args.game]
    if args.game not in TABLES:
        print(_("spielabend demo: {game} has no table in this window yet; watch bots play it with "
                "spielabend --headless --game {id}").format(game=info.name, id=args.game), file=sys.stderr)
        return 2
    if args.players is not None and not info.min_players <= args.players <= info.max_players:
        parser.error(players_error(info, args.players))
    if args.frames is not None and args.frames < 1:
        parser.error(_("--frames must be at least 1"))
    if args.seconds is not None and args.seconds <= 0:
        parser.error(_("--seconds must be more than 0"))
    if args.screenshot and args.frames is None:
        parser.error(_("--screenshot needs --frames"))
    if args.frames is None and args.seconds is None and not display_available():
        parser.error(_("no display to open the window on: use --frames F --screenshot FILE.png, or "
                       "spielabend --headless"))
    from client.app import run

    def start(app):
        app.flow.demo(args.game, args.players, args.seed)
        if app.top is None or app.flow.demo_plan is None:
            raise SystemExit(1)

    return run(fullscreen=args.fullscreen, start=start, frames=args.frames, seconds=args.seconds,
               screenshot=args.screenshot)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    speak()
    if argv and argv[0] in NET_COMMANDS:
        from client.cli.net import main as net_main

        return net_main(argv)
    if argv and argv[0] == "demo":
        return demo_main(argv[1:])
    if argv and argv[0] == "replay":
        from client.cli.replay import main as replay_main

        return replay_main(argv[1:], display_available)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.headless or not display_available():
        if args.players is not None:
            for game_id in args.game or list(GAMES):
                info = GAMES[game_id]
                if not info.min_players <= args.players <= info.max_players:
                    told = _("--players {players}: {game} takes {players_text}").format(
                        players=args.players, game=info.name, players_text=players_text(info))
                    parser.error(told if args.game else _("{error}; pick a game with --game").format(error=told))
        if not args.headless:
            print(_("No display found: playing a bot match in the terminal instead."))
        from client.cli import headless
        try:
            return headless.run(args.game, args.players, args.seed)
        except SetupError as error:
            parser.error(setup_error(error))
    from client.app import run

    return run(fullscreen=args.fullscreen)


if __name__ == "__main__":
    sys.exit(main())
