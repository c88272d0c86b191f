"""Audit Architekton's taking and placing rules (AR-2, AR-5) and time its legal actions.

Prints one JSON object. Run: `.venv/bin/python tools/audit_architekton.py [--baseline main]`.
With ``--baseline REF`` the same audit also runs on the engine of git ref REF (checked
out into a temporary folder, in a subprocess) and the JSON holds both and their ratios.

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
  With ``--baseline`` both engines are timed on the same saved states (the state layout
  is shared), so the ratio compares like with like.
"""

import argparse
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

HANDS, BOT_GAMES, STRENGTH_GAMES, TIMED_GAMES, MID_GAME_TILES, TIMING_ROUNDS = 300, 150, 100, 20, 20, 3


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
def audit_hands() -> dict:
    """Two-tile hands at their first placement, met in random games (seeds from 1)."""
    hands = offending = offered_stranding = 0
    seed = 0
    while hands < HANDS:
        seed += 1
        state, rng = new_game("architekton", 2, seed), Rng(seed)
        while not state.is_over() and hands < HANDS:
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


def audit_bot_games() -> dict:
    strandings = takes = pairs_offered = never_both = takes_with_never_both = 0
    never_both_taken = singles = 0
    happened: dict[str, int] = {}
    bot_ms: list[float] = []
    for seed in range(1, BOT_GAMES + 1):
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
        "games": BOT_GAMES,
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


def audit_bot_strength() -> dict:
    """The bot against random legal play, seats alternating (seeds 501 on)."""
    wins = draws = 0
    bot = GAMES["architekton"].bot
    for seed in range(501, 501 + STRENGTH_GAMES):
        state, rng, seat = new_game("architekton", 2, seed), Rng(seed), seed % 2
        while not state.is_over():
            player = state.active_players()[0]
            legal = state.legal_actions(player)
            state.apply(player, bot(state.view(player), legal, rng) if player == seat else rng.choice(legal))
        wins += state.winners() == [seat]
        draws += len(state.winners()) == 2
    return {"games": STRENGTH_GAMES, "bot_wins_against_random": wins, "draws": draws}


def timing_states() -> dict:
    """Mid/late-game states of bot games (seeds 1001 on) where legal_actions is timed."""
    states = {"take": [], "place_two_tiles": [], "place_one_tile": []}
    for seed in range(1001, 1001 + TIMED_GAMES):
        state, rng = new_game("architekton", 2, seed), Rng(seed)
        while not state.is_over():
            if len(state.board) >= MID_GAME_TILES and state.phase in ("take", "place"):
                kind = "take" if state.phase == "take" else (
                    "place_two_tiles" if len(state.hand) == 2 else "place_one_tile")
                states[kind].append(state.to_dict())
            state.apply(*next_bot_move(state, rng))
    return states


def audit_timing(states: dict) -> dict:
    """legal_actions per phase: the median over states of each state's best of 5 calls."""
    result = {}
    clock = time.perf_counter_ns
    for kind, saved in states.items():
        times = []
        for data in saved:
            state = load_state(data)
            player = state.active_players()[0]
            best = None
            for _ in range(5):
                t0 = clock()
                state.legal_actions(player)
                spent = (clock() - t0) / 1000
                best = spent if best is None else min(best, spent)
            times.append(best)
        result[kind] = {"states": len(saved), "legal_actions_us_median": round(statistics.median(times), 2)}
    return result


def audit(states: dict) -> dict:
    return {
        "hands": audit_hands(), "bot_games": audit_bot_games(), "bot_strength": audit_bot_strength(),
        "timing": audit_timing(states),
    }


def _run(engine_root: str, states_file: str, *flags: str) -> dict:
    """This audit on the engines/ under ``engine_root``, in a subprocess."""
    out = subprocess.run(
        [sys.executable, __file__, "--engine-root", engine_root, "--timing-states", states_file, *flags],
        capture_output=True, text=True, check=True,
    )
    return json.loads(out.stdout)


def _with_baseline(ref: str, states: dict) -> dict:
    """The audit of this engine and of git ref ``ref``'s (a temporary copy of its
    engines/), timed on the same saved states in alternating rounds, since the
    machine is shared and noisy: each figure is the median of the rounds' medians."""
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "engines"], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        states_file = Path(folder) / "states.json"
        states_file.write_text(json.dumps(states))
        baseline, current = _run(folder, str(states_file)), audit(states)
        rounds = {"baseline": [baseline["timing"]], "current": [current["timing"]]}
        for _ in range(TIMING_ROUNDS - 1):
            rounds["baseline"].append(_run(folder, str(states_file), "--timing-only")["timing"])
            rounds["current"].append(audit_timing(states))
    for side, result in (("baseline", baseline), ("current", current)):
        result["timing"] = {
            kind: {
                "states": len(states[kind]),
                "legal_actions_us_median": round(statistics.median(
                    r[kind]["legal_actions_us_median"] for r in rounds[side]), 2),
                "rounds": [r[kind]["legal_actions_us_median"] for r in rounds[side]],
            }
            for kind in states
        }
    ratios = {
        kind: round(current["timing"][kind]["legal_actions_us_median"]
                    / baseline["timing"][kind]["legal_actions_us_median"], 2)
        for kind in states
    }
    return {"baseline": {"ref": ref, **baseline}, "current": current,
            "legal_actions_time_ratio_current_to_baseline": ratios}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", metavar="REF", help="also audit the engine of this git ref (e.g. main)")
    parser.add_argument("--engine-root", help=argparse.SUPPRESS)
    parser.add_argument("--timing-states", help=argparse.SUPPRESS)  # saved states to time (baseline run)
    parser.add_argument("--timing-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.timing_states:
        states = json.loads(Path(args.timing_states).read_text())
    else:
        states = timing_states()
    if args.timing_only:
        print(json.dumps({"timing": audit_timing(states)}))
    elif args.baseline:
        print(json.dumps(_with_baseline(args.baseline, states)))
    else:
        print(json.dumps(audit(states)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
