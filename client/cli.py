"""`spielabend`: the window client, a headless bot match, or LAN host / join / browse."""

import argparse
import os
import sys

from engines import GAMES, SetupError

NET_COMMANDS = ("host", "join", "browse")


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
        description="Spielabend: a game-night arcade. Subcommands host, join and browse play over the LAN.",
    )
    parser.add_argument("--headless", action="store_true", help="play a bot match in the terminal, no window")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="game for --headless (repeatable)")
    parser.add_argument("--players", type=int, help="number of bots for --headless")
    parser.add_argument("--seed", type=int, default=1, help="random seed for --headless")
    parser.add_argument("--fullscreen", action="store_true", help="start the window in fullscreen")
    return parser


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] in NET_COMMANDS:
        from netplay.cli import main as net_main

        return net_main(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.headless or not display_available():
        if not args.headless:
            print("No display found: playing a bot match in the terminal instead.")
        from client import headless

        try:
            return headless.run(args.game, args.players, args.seed)
        except SetupError as error:
            parser.error(str(error))
    from client.app import run

    return run(fullscreen=args.fullscreen)


if __name__ == "__main__":
    sys.exit(main())
