"""Bots of every strength (docs/bots.md): legal moves from real views, pure functions of
their arguments, samplers that really draw, and the Die Mauer exploit gone.

Strength ordering itself is measured by tools/tournament.py, not here: it needs hundreds
of games. Only the cheap, lopsided Die Mauer check runs as a test.
"""

import copy

import pytest

from engines import GAMES, Rng, new_game

from .play import play, random_chooser

STRENGTHS = ("easy", "normal", "hard")
GAME_IDS = list(GAMES)


def positions(game_id: str, players: int, seed: int, count: int, options=None) -> list:
    """``count`` (state, player) pairs from a random game where the player has a choice,
    spread over the game."""
    state = new_game(game_id, players, seed, **(options or {}))
    seen = []
    play(state, random_chooser(seed), on_step=lambda s, p, a: p is not None and len(s.legal_actions(p)) > 1
         and seen.append((s.clone(), p)))
    step = max(1, len(seen) // count)
    return seen[step // 2::step][:count]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_strength_answers_real_views_with_a_legal_action_and_touches_nothing(game_id):
    info = GAMES[game_id]
    assert set(info.bots) == set(STRENGTHS)
    players, options = info.test_configs[0]
    for state, player in positions(game_id, players, 7, 4, options):
        view, legal = state.view(player), state.legal_actions(player)
        for strength in STRENGTHS:
            before = (copy.deepcopy(view), copy.deepcopy(legal))
            action = info.bots[strength](view, legal, Rng(3))
            assert action in legal, f"{strength} bot chose an illegal action"
            assert (view, legal) == before, f"{strength} bot changed its arguments"
            # A pure function of (view, legal, rng): safe to run in a worker thread.
            assert info.bots[strength](copy.deepcopy(view), copy.deepcopy(legal), Rng(3)) == action


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_default_bot_is_the_normal_one(game_id):
    assert GAMES[game_id].bot is GAMES[game_id].bots["normal"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_samplers_draw_the_hidden_parts_rather_than_know_them(game_id):
    """Somewhere in a game each sampler gives different states for one view: what the view
    hides is drawn, not copied (and cannot be: the sampler gets the view alone)."""
    info = GAMES[game_id]
    players = max(3, info.min_players) if info.max_players >= 3 else info.min_players
    for state, player in positions(game_id, players, 5, 12):
        view = state.view(player)
        digests = {info.sample_state(view, Rng(k)).digest() for k in range(6)}
        if len(digests) > 1:
            return
    raise AssertionError(f"{game_id}: every sample of every view was the same state")


def _empty_fist_competitor(view, legal, rng):
    if legal[0]["type"] == "plan" and view["you"] != view["master"]:
        return legal[0]  # always an empty fist as competitor (issue 17)
    return GAMES["die_mauer"].bots["normal"](view, legal, rng)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("strength", ["easy", "normal"])
def test_die_mauer_normal_no_longer_feeds_an_always_empty_fist(strength):
    """The exploit of issue 17: a competitor who always shows an empty fist used to collect
    a donation whenever the bot showed one as master. The normal bot reads the empty-fist
    rate from its view and wins; the easy bot still falls for it (it is meant to be beaten)."""
    wins = 0
    for seed in range(10):
        state = new_game("die_mauer", 2, seed)
        bots = [GAMES["die_mauer"].bots[strength], _empty_fist_competitor]
        if seed % 2:
            bots.reverse()
        rng = Rng(seed)
        play(state, lambda s, p, legal, bots=bots, rng=rng: bots[p](s.view(p), legal, rng))
        wins += bots.index(GAMES["die_mauer"].bots[strength]) in state.winners()
    if strength == "normal":
        assert wins >= 8
    else:
        assert wins <= 5
