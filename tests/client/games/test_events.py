"""Every event an engine emits is one it declares (`GameInfo.event_types`), and every table
shows each declared event (an ``on_<type>`` handler or a ``dwell``) or says it has nothing
to show (``silent_events``): a misspelt handler, or an event no table knows, fails here
instead of passing unseen at the table."""

import pytest

from client.games import TABLES
from engines import GAMES, new_game
from tests.engines.play import bot_chooser, play, random_chooser

# `GameTable`'s hooks that are not named for an event type.
NON_EVENT_HOOKS = frozenset({
    "on_event",  # any public event: finds the on_<type> handler
    "on_seat_event",  # an event only a seat at this screen was told (its panel says it)
    "on_shown", "on_refusal", "on_taken_back", "on_photo_finish",  # the table's moments
    "on_seat_input", "on_input",  # input
})
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


def event_hooks(table) -> set[str]:
    """The event types ``table`` has an ``on_<type>`` handler for."""
    names = {name for name in dir(table) if name.startswith("on_") and callable(getattr(table, name))}
    return {name.removeprefix("on_") for name in names - NON_EVENT_HOOKS}


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_handler_of_a_table_names_an_event_its_engine_declares(game_id):
    table, declared = TABLES[game_id], GAMES[game_id].event_types
    unknown = event_hooks(table) - declared
    assert not unknown, f"{table.__name__} handles events its engine never emits: {sorted(unknown)}"
    for listed, where in ((set(table.dwell), "dwell"), (set(table.silent_events), "silent_events")):
        assert listed <= declared, f"{table.__name__}.{where} names undeclared events {sorted(listed - declared)}"


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_declared_event_is_shown_or_said_to_show_nothing(game_id):
    table, declared = TABLES[game_id], GAMES[game_id].event_types
    hooks, dwell, silent = event_hooks(table), set(table.dwell), set(table.silent_events)
    unseen = declared - hooks - dwell - silent
    assert not unseen, f"{table.__name__} neither shows nor silences {sorted(unseen)}"
    assert not silent & (hooks | dwell), f"{table.__name__} shows events it calls silent: {sorted(silent & (hooks | dwell))}"
