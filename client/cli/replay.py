"""`spielabend replay PATH`: a finished game's save played again in the window, its moments
listed, or a clip of it exported with no display at all (SDL's offscreen driver), so it
runs on a server:

    spielabend replay PATH [--moment N]            the viewer, in the window (at moment N)
    spielabend replay PATH --moments               the game's moments, numbered, best first
    spielabend replay PATH --export clip.gif|clip.webp|clip.mp4 [--moment N | --from A --to B]
                                                   [--size 640x360|1280x720]

Without --moment or --from, a clip is of the game's best moment. Every refusal (a bad
argument, a save that cannot be replayed, a clip that cannot be made) is one worded line on
stderr and exit status 2; nothing half-written is left behind.
"""

import argparse
import os
import sys
import time

from client.cli.words import _, current, say

SIZES = {"640x360": (640, 360), "1280x720": (1280, 720)}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="spielabend replay",
        description=_("Watch a finished game again from its save, list its moments, or export a clip of it "
                      "(no display needed)."),
    )
    parser.add_argument("path", metavar="PATH", help=_("the save of a finished game"))
    parser.add_argument("--moments", action="store_true", help=_("list the game's moments, best first, and quit"))
    parser.add_argument("--export", metavar="CLIP", help=_("save a clip as CLIP: a .gif, .webp or .mp4 file"))
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--moment", type=int, metavar="N",
                       help=_("the clip is moment N (see --moments); in the window: start there"))
    which.add_argument("--from", dest="start", type=int, metavar="A", help=_("the clip starts after action A"))
    parser.add_argument("--to", dest="end", type=int, metavar="B", help=_("the clip ends with action B"))
    parser.add_argument("--size", choices=sorted(SIZES), default="640x360", help=_("the clip's size"))
    parser.add_argument("--fullscreen", action="store_true", help=_("start the window in fullscreen"))
    parser.add_argument("--frames", type=int, help=_("run exactly this many frames (1/60 s each, no waiting)"))
    parser.add_argument("--screenshot", metavar="FILE.png", help=_("with --frames: save the last frame here"))
    return parser


def check_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace, argv: list[str]) -> None:
    """parser.error (exit 2) for options that do not go together; nothing is read yet."""
    from client.replay.export import ExportError, clip_kind

    clip_options = args.start is not None or args.end is not None or \
        any(arg == "--size" or arg.startswith("--size=") for arg in argv)
    if args.moment is not None and args.moment < 1:
        parser.error(_("--moment counts from 1, as --moments lists them"))
    if args.export is None:
        if clip_options:
            parser.error(_("--from, --to and --size go with --export CLIP"))
        if args.frames is not None and args.frames < 1:
            parser.error(_("--frames must be at least 1"))
        if args.screenshot and args.frames is None:
            parser.error(_("--screenshot needs --frames"))
        return
    if args.frames is not None or args.screenshot:
        parser.error(_("--frames and --screenshot are for the window; a clip is made without one"))
    if args.moments:
        parser.error(_("--moments lists the moments; leave out --export, or --moments"))
    try:
        clip_kind(args.export)
    except ExportError as error:
        parser.error(say(error.say, error.data))
    if (args.start is None) != (args.end is None):
        parser.error(_("--from A and --to B go together"))


def main(argv: list[str], display_available=lambda: True) -> int:
    """``display_available()``: whether a window can open (`client.cli.main` knows)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    check_arguments(parser, args, argv)
    from netplay.replays import Replay, ReplayError

    try:
        replay = Replay.open(args.path)
    except ReplayError as error:
        return refuse(say(error.say, error.data))
    if replay.problem_error is not None:
        print(_("spielabend replay: {error}").format(error=say(replay.problem_error.say, replay.problem_error.data)),
              file=sys.stderr)
    if args.moments:
        return list_moments(replay)
    if args.export is not None:
        return export(replay, args)
    if args.frames is None and not display_available():
        return refuse(_("no display to open the window on: export a clip with --export CLIP instead"))
    return watch(replay, args)


def refuse(words: str) -> int:
    print(_("spielabend replay: {error}").format(error=words), file=sys.stderr)
    return 2


def list_moments(replay) -> int:
    """The moments, numbered as --moment takes them, each with its actions."""
    found = replay.moments()
    if not found:
        print(_("This game has no moments."))
        return 0
    words = moment_words(replay)
    for number, moment in enumerate(found, 1):
        print(_("{number}. {title} (actions {start} to {end})").format(
            number=number, title=words(moment), start=moment.start, end=moment.end))
    return 0


def moment_words(replay):
    """A moment's title in the command line's language (the game's own `words`)."""
    import importlib

    module = importlib.import_module(f"engines.{replay.game_id}.moments")
    return lambda moment: module.words(moment, list(replay.names), current())


def export(replay, args: argparse.Namespace) -> int:
    """The clip, drawn off screen: SDL's offscreen driver (dummy where there is none)."""
    from client.replay.export import ExportError, check_range, export_clip, moment_range

    try:
        if args.start is not None:
            start, end = check_range(replay, args.start, args.end)
        else:
            start, end = moment_range(replay, 1 if args.moment is None else args.moment)
    except ExportError as error:
        return refuse(say(error.say, error.data))
    offscreen()
    began = time.perf_counter()
    try:
        result = export_clip(replay, args.export, start, end, SIZES[args.size])
    except ExportError as error:
        return refuse(say(error.say, error.data))
    words = current()
    print(_("Saved {path}: {seconds} s, {frames} frames at {width}x{height}, {megabytes} MB, actions {start} to {end} "
            "(made in {took} s)").format(
        path=result.path, seconds=words.number(result.seconds, 1), frames=result.frames, width=result.size[0],
        height=result.size[1], megabytes=words.number(result.bytes / 1_000_000, 2), start=result.start,
        end=result.end, took=words.number(time.perf_counter() - began, 1)))
    if result.cut_short:
        print(_("The stretch was longer than a clip may be: the clip stops after {seconds} seconds.").format(
            seconds=words.number(result.seconds, 0)))
    return 0


def offscreen() -> None:
    """Draw with no window: SDL's offscreen video driver, or its dummy one."""
    import pygame

    for driver in ("offscreen", "dummy"):
        os.environ["SDL_VIDEODRIVER"] = driver
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        try:
            pygame.display.init()
            break
        except pygame.error:
            continue
    pygame.font.init()
    pygame.display.set_mode((1, 1))


def watch(replay, args: argparse.Namespace) -> int:
    """The viewer scene in the window (at moment ``--moment``); leaving it closes the window."""
    from client.replay.export import ExportError, moment_range

    if args.moment is not None:
        try:
            moment_range(replay, args.moment)
        except ExportError as error:
            return refuse(say(error.say, error.data))
    from client.app import run

    def start(app) -> None:  # the flow opens the viewer, as from the Hall of fame
        app.flow.watch(lambda: replay, moment=None if args.moment is None else args.moment - 1)

    return run(fullscreen=args.fullscreen, start=start, frames=args.frames, screenshot=args.screenshot)
