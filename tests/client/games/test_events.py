"""Every event an engine emits is one it declares (`GameInfo.event_types`), over seeded
games to their end by random players and by each game's bot."""

import pytest

from engines import GAMES, new_game
from tests.engines.play import bot_chooser, play, random_chooser

SEEDS = range(6)

CONFIGS = [
    pytest.param(game_id, players, options, id=f"{game_id}-{players}p-{options}")
    for game_id, info in GAMES.items()
    for players, options in info.test_configs
]


def recording(state, events: list[dict]):
    """``state``, its ``apply`` also keeping every event it returns in ``events``."""
    apply = state.apply

    def applying(player, action):
        emitted = apply(player, action)
        events.extend(emitted)
        return emitted

    state.apply = applying
    return state


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_every_event_an_engine_emits_is_declared(game_id, players, options):
    """Seeded games to their end, by random players and by the game's bot (which reaches
    what random play rarely does)."""
    declared = GAMES[game_id].event_types
    events: list[dict] = []
    for seed in SEEDS:
        choose = random_chooser(seed) if seed % 2 else bot_chooser(game_id, seed)
        play(recording(new_game(game_id, players, seed, **options), events), choose)
    emitted = {event["type"] for event in events}
    assert emitted, "no game emitted an event"
    assert emitted <= declared, f"{game_id} emits undeclared event types {sorted(emitted - declared)}"
