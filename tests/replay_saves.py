"""Finished games as a host would have saved them, for tests of replays, clips and the
`spielabend replay` command: bots play a game to its end and its journal is written in the
save format (`netplay.saves`)."""

from pathlib import Path

from engines import new_game
from engines.botplay import next_bot_move
from engines.rng import Rng
from netplay.saves import SAVE_FORMAT, SAVE_VERSION, START, act_json, record_json, record_line

NAMES = ["Anna", "Ben", "Cleo", "Dario", "Eva", "Finn"]


def finished_records(game_id: str, players: int, seed: int = 1, finish: bool = True, **options) -> list[str]:
    """The journal records (JSON texts) of a bot game of ``game_id`` played to its end
    (``finish`` False: stopped half way, a game still running)."""
    state = new_game(game_id, players, seed, **options)
    rng = Rng(seed * 7919 + players)
    log = []
    while not state.is_over():
        player, action = next_bot_move(state, rng)
        state.apply(player, action)
        log.append((player, action))
    if not finish:
        log = log[: len(log) // 2]
    head = {"k": "head", "format": SAVE_FORMAT, "version": SAVE_VERSION, "game": game_id, "players": players,
            "seed": seed, "options": state.options, "meta": {},
            "seats": [{"kind": "bot", "name": NAMES[seat], "strength": "normal", "taken": True}
                      for seat in range(players)]}
    return [record_json(head), START] + [act_json(n, player, action) for n, (player, action) in enumerate(log)]


def write_save(path: Path, game_id: str, players: int, seed: int = 1, finish: bool = True, **options) -> Path:
    """A save file at ``path`` of `finished_records`' game."""
    path.write_bytes(b"".join(record_line(body) for body in finished_records(game_id, players, seed, finish,
                                                                             **options)))
    return path
