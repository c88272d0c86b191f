"""Audit Architekton's taking and placing rules (AR-2, AR-5) and time its legal actions.

Prints one JSON object. Run: `.venv/bin/python tools/audit_architekton.py [--baseline main] [--scale 0.01]`
(``--scale``: a share of every count below, for a quick check).
With ``--baseline REF`` the same audit also runs on the engine of git ref REF (a copy of
its engines/ in a temporary folder) and the JSON holds both, with the timing ratios.

Every verdict is reached by brute force from the public board (every empty square, every
rotation, the second tile tried after each first placement), never from the engine's own
reasoning, so the audit reads old and new engines alike:

- ``hands``: of 300 two-tile hands met in random games, those where the engine offers a
  first placement that strands the second tile although another placement keeps it.
- ``bot_games``: in 150 all-bot games, the bot's first placements that strand its second
  tile although another would keep it, tiles sent back to the supply (``returned``
  events), and pairs offered for taking that can never both be placed (in either order);
  also how often a single tile was taken, the supply redrawn (AR-2), a game scored
  because nothing fitted, ended early (AR-4) or reached its last round (AR-5).
- ``bot_strength``: the bot's wins in 100 games against random legal play.
- ``timing``: legal_actions on mid- and late-game states of bot games (at least 20 tiles
  on the board), per phase: the median over states of each state's best of 5 calls.
  With ``--baseline`` both engines time the same saved states (the state layout is
  shared), in turn, state by state, in one process, so the ratio compares like with
  like even on a busy machine.
"""

import argparse
import importlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _engine_root(argv) -> Path:
    """The checkout whose engines/ is audited (``--engine-root``; default this one)."""
    if "--engine-root" in argv:
        return Path(argv[argv.index("--engine-root") + 1])
    return ROOT


sys.path.insert(0, str(_engine_root(sys.argv)))

from engines import GAMES, Rng, load_state, new_game  # noqa: E402
from engines.architekton.tiles import FACING, ROTATIONS, STEPS, is_building  # noqa: E402
from engines.botplay import next_bot_move  # noqa: E402

HANDS, BOT_GAMES, STRENGTH_GAMES, TIMED_GAMES, MID_GAME_TILES = 300, 150, 100, 20, 20


# --- AR-2 by brute force on a board {(x, y): sides facing N E S W} --------------------------
def _board(state) -> dict:
    return {(c["x"], c["y"]): c["sides"] for c in state.view(None)["board"]}


def _placements(board: dict, tile: str, first_only: bool = False) -> list:
    """Every legal (x, y, rot) for ``tile`` (AR-2); with ``first_only``, at most one."""
    squares = {(x + dx, y + dy) for x, y in board for dx, dy in STEPS} - set(board)
    found = []
    for x, y in squares:
        if ((x + y) % 2 == 1) != is_building(tile):
            continue
        for rot in ROTATIONS[tile]:
            facing = FACING[tile][rot]
            for d, (dx, dy) in enumerate(STEPS):
                sides = board.get((x + dx, y + dy))
                if sides is not None and sides[(d + 2) % 4] == facing[d]:
                    found.append((x, y, rot))
                    if first_only:
                        return found
                    break
    return found


def _strands(board: dict, tile: str, x: int, y: int, rot: int, other: str) -> bool:
    """Whether laying ``tile`` there leaves ``other`` no legal spot."""
    after = dict(board)
    after[(x, y)] = FACING[tile][rot]
    return not _placements(after, other, first_only=True)


def _both_placeable(board: dict, a: str, b: str) -> bool:
    """Whether some order and first placement leaves the second tile a spot (AR-2)."""
    return any(
        not _strands(board, first, x, y, rot, second)
        for first, second in ((a, b), (b, a))
        for x, y, rot in _placements(board, first)
    )


# --- the audits -----------------------------------------------------------------------------
def audit_hands(wanted: int = HANDS) -> dict:
    """Two-tile hands at their first placement, met in random games (seeds from 1)."""
    hands = offending = offered_stranding = 0
    seed = 0
    while hands < wanted:
        seed += 1
        state, rng = new_game("architekton", 2, seed), Rng(seed)
        while not state.is_over() and hands < wanted:
            player = state.active_players()[0]
            legal = state.legal_actions(player)
            if state.phase == "place" and len(state.hand) == 2:
                hands += 1
                board = _board(state)
                keeps = strands = 0
                for tile in state.hand:
                    other = next(t for t in state.hand if t != tile)
                    for x, y, rot in _placements(board, tile):
                        if _strands(board, tile, x, y, rot, other):
                            offered = {"type": "place", "tile": tile, "x": x, "y": y, "rot": rot} in legal
                            strands += offered
                        else:
                            keeps += 1
                if strands and keeps:
                    offending += 1
                    offered_stranding += strands
            state.apply(player, rng.choice(legal))
    return {
        "two_tile_hands": hands, "random_games": seed,
        "hands_offering_a_stranding_first_placement_although_another_keeps": offending,
        "stranding_first_placements_offered_in_those_hands": offered_stranding,
    }


def audit_bot_games(games: int = BOT_GAMES) -> dict:
    strandings = takes = pairs_offered = never_both = takes_with_never_both = 0
    never_both_taken = singles = 0
    happened: dict[str, int] = {}
    bot_ms: list[float] = []
    for seed in range(1, games + 1):
        state, rng = new_game("architekton", 2, seed), Rng(seed)
        while not state.is_over():
            board = _board(state) if state.phase in ("take", "place") else None
            hand = list(state.hand)
            if state.phase == "take":
                takes += 1
                player = state.active_players()[0]
                bad = [
                    a["tiles"] for a in state.legal_actions(player)
                    if len(a["tiles"]) == 2 and not _both_placeable(board, *a["tiles"])
                ]
                pairs_offered += sum(len(a["tiles"]) == 2 for a in state.legal_actions(player))
                never_both += len(bad)
                takes_with_never_both += bool(bad)
            t0 = time.perf_counter()
            player, action = next_bot_move(state, rng)
            bot_ms.append((time.perf_counter() - t0) * 1000)
            if action["type"] == "take" and state.phase == "take":
                never_both_taken += action["tiles"] in bad
            if action["type"] == "place" and len(hand) == 2:
                tile, other = action["tile"], next(t for t in hand if t != action["tile"])
                if _strands(board, tile, action["x"], action["y"], action["rot"], other) and any(
                    not _strands(board, t, x, y, r, o)
                    for t, o in ((tile, other), (other, tile))
                    for x, y, r in _placements(board, t)
                ):
                    strandings += 1
            for event in state.apply(player, action):
                happened[event["type"]] = happened.get(event["type"], 0) + 1
            singles += action["type"] == "take" and len(action["tiles"]) == 1
    return {
        "games": games,
        "bot_strandings_although_another_placement_keeps_the_tile": strandings,
        "tiles_returned_to_the_supply": happened.get("returned", 0),
        "single_tile_takes": singles,
        "supply_redraws": happened.get("supply_redrawn", 0),
        "games_scored_because_nothing_fits": happened.get("no_placement", 0),
        "early_ends": happened.get("cannot_pay", 0),
        "last_rounds": happened.get("last_round", 0),
        "take_phases": takes,
        "pairs_offered": pairs_offered,
        "pairs_offered_that_can_never_both_be_placed": never_both,
        "take_phases_offering_such_a_pair": takes_with_never_both,
        "such_pairs_taken_by_the_bot": never_both_taken,
        "bot_move_ms_median": round(statistics.median(bot_ms), 3),
        "bot_move_ms_p99": round(sorted(bot_ms)[int(len(bot_ms) * 0.99)], 3),
    }


def audit_bot_strength(games: int = STRENGTH_GAMES) -> dict:
    """The bot against random legal play, seats alternating (seeds 501 on)."""
    wins = draws = 0
    bot = GAMES["architekton"].bot
    for seed in range(501, 501 + games):
        state, rng, seat = new_game("architekton", 2, seed), Rng(seed), seed % 2
        while not state.is_over():
            player = state.active_players()[0]
            legal = state.legal_actions(player)
            state.apply(player, bot(state.view(player), legal, rng) if player == seat else rng.choice(legal))
        wins += state.winners() == [seat]
        draws += len(state.winners()) == 2
    return {"games": games, "bot_wins_against_random": wins, "draws": draws}


def timing_states(games: int = TIMED_GAMES) -> dict:
    """Mid/late-game states of bot games (seeds 1001 on) where legal_actions is timed."""
    states = {"take": [], "place_two_tiles": [], "place_one_tile": []}
    for seed in range(1001, 1001 + games):
        state, rng = new_game("architekton", 2, seed), Rng(seed)
        while not state.is_over():
            if len(state.board) >= MID_GAME_TILES and state.phase in ("take", "place"):
                kind = "take" if state.phase == "take" else (
                    "place_two_tiles" if len(state.hand) == 2 else "place_one_tile")
                states[kind].append(state.to_dict())
            state.apply(*next_bot_move(state, rng))
    return states


def _best_of(state, calls: int = 5) -> float:
    """The fastest of ``calls`` legal_actions calls on ``state``, in microseconds."""
    player, clock, best = state.active_players()[0], time.perf_counter_ns, None
    for _ in range(calls):
        t0 = clock()
        state.legal_actions(player)
        spent = (clock() - t0) / 1000
        best = spent if best is None else min(best, spent)
    return best


def audit_timing(states: dict, baseline_class=None) -> dict:
    """legal_actions per phase: the median over states of each state's best of 5 calls.

    With ``baseline_class`` (the state class of another engine), each saved state is
    also loaded into it and both are timed in turn, twice over, state by state, so a
    swing in the machine's load hits both alike; the ratio is the median of the
    per-state ratios."""
    result = {}
    for kind, saved in states.items():
        times, base_times, ratios = [], [], []
        for data in saved:
            state = load_state(data)
            if baseline_class is None:
                times.append(_best_of(state))
                continue
            base = baseline_class.from_dict(data)
            ours, theirs = [], []
            for _ in range(2):
                theirs.append(_best_of(base))
                ours.append(_best_of(state))
            times.append(min(ours))
            base_times.append(min(theirs))
            ratios.append(min(ours) / min(theirs))
        result[kind] = {"states": len(saved), "legal_actions_us_median": round(statistics.median(times), 2)}
        if baseline_class is not None:
            result[kind]["baseline_legal_actions_us_median"] = round(statistics.median(base_times), 2)
            result[kind]["ratio_to_baseline_median"] = round(statistics.median(ratios), 2)
    return result


def scaled(scale: float) -> dict[str, int]:
    """The audit's counts times ``scale`` (at least 1 each): ``--scale`` for a quick check."""
    counts = {"hands": HANDS, "bot_games": BOT_GAMES, "strength_games": STRENGTH_GAMES, "timed_games": TIMED_GAMES}
    return {name: max(1, round(count * scale)) for name, count in counts.items()}


def audit(states: dict | None, baseline_class=None, scale: float = 1.0) -> dict:
    counts = scaled(scale)
    result = {"hands": audit_hands(counts["hands"]), "bot_games": audit_bot_games(counts["bot_games"]),
              "bot_strength": audit_bot_strength(counts["strength_games"])}
    if states is not None:
        result["timing"] = audit_timing(states, baseline_class)
    return result


def _with_baseline(ref: str, states: dict, scale: float = 1.0) -> dict:
    """The audit of this engine and of git ref ``ref``'s engines/ (a temporary copy): its
    rule figures from a subprocess, its timing in this process beside ours (imported
    under another package name, so both engines time the same states in turn)."""
    with tempfile.TemporaryDirectory() as folder:
        for prefix in ("engines/", "baseline_engines/"):
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", f"--prefix={prefix}", f"{ref}:engines"], capture_output=True,
            )
            if archive.returncode:
                raise ValueError(f"cannot read engines/ at git ref {ref!r}: {archive.stderr.decode().strip()}")
            subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        out = subprocess.run(
            [sys.executable, __file__, "--engine-root", folder, "--no-timing", "--scale", str(scale)],
            capture_output=True, text=True, check=True,
        )
        baseline = json.loads(out.stdout)
        sys.path.insert(0, folder)
        try:
            baseline_class = importlib.import_module("baseline_engines.architekton.rules").ArchitektonState
            current = audit(states, baseline_class, scale)
        finally:
            sys.path.remove(folder)
    return {"baseline": {"ref": ref, **baseline}, "current": current}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", metavar="REF", help="also audit the engine of this git ref (e.g. main)")
    parser.add_argument("--engine-root", help=argparse.SUPPRESS)
    parser.add_argument("--no-timing", action="store_true", help=argparse.SUPPRESS)  # baseline subprocess
    parser.add_argument("--scale", type=float, default=1.0,
                        help="play this share of every count (at least one each; e.g. 0.01 for a quick check)")
    args = parser.parse_args(argv)
    if args.scale <= 0:
        parser.error("--scale must be above 0")
    timed_games = scaled(args.scale)["timed_games"]
    if args.no_timing:
        print(json.dumps(audit(None, scale=args.scale)))
    elif args.baseline:
        try:
            print(json.dumps(_with_baseline(args.baseline, timing_states(timed_games), args.scale)))
        except ValueError as error:
            parser.error(str(error))
    else:
        print(json.dumps(audit(timing_states(timed_games), scale=args.scale)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
