"""A match of bots in the terminal: every move in the game's notation, then the scores.

Used by `spielabend --headless`, and by `make play` where there is no display.
"""

from client.cli.words import _, current, ngettext
from engines import GAMES, Rng, game_info, new_game
from engines.botplay import next_bot_move


def seat_name(player) -> str:
    return _("host") if player is None else f"P{player + 1}"


def play_bot_match(game_id: str, players: int | None, seed: int, out=print, options=None) -> list[int]:
    """Play one all-bot game, printing each move; returns the winners."""
    info = game_info(game_id)
    players = info.bench_config[0] if players is None else players
    options = dict(options or {})
    state = new_game(game_id, players, seed, **options)
    rng = Rng(seed)
    notation = info.notation or str
    words = current()  # the command line's language (`client.cli.words.speak`)
    out(ngettext("== {game}: {n} bot, seed {seed} ==", "== {game}: {n} bots, seed {seed} ==", players).format(
        game=info.name, n=players, seed=seed))
    while not state.is_over():
        player, action = next_bot_move(state, rng)
        state.apply(player, action)
        out(f"{seat_name(player):>4}  {notation(action):<24} {state.describe(action, words)}")
    scores, winners = state.scores(), state.winners()
    scored = ", ".join(f"{seat_name(p)} {s}" for p, s in enumerate(scores))
    if info.lower_score_wins:
        out(_("Final scores (lower is better): {scores}").format(scores=scored))
    else:
        out(_("Final scores (higher is better): {scores}").format(scores=scored))
    out(_("Winner: {names}").format(names=_(" and ").join(seat_name(p) for p in winners)))
    return winners


def run(game_ids=None, players=None, seed=1, out=print) -> int:
    for game_id in game_ids or list(GAMES):
        play_bot_match(game_id, players, seed, out)
        out("")
    return 0
