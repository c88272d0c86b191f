"""What the Drunter & Drüber table derives from views: the finale's lights count what the
engine scores (DD-7, DD-8)."""

import random

from client.games.drunter_druber.state import counted, covered_cells
from engines import new_game
from engines.drunter_druber.board import CARD_NAMES, card_points


def test_the_lights_count_what_the_engine_scores():
    rng = random.Random(4)
    for seed in range(6):
        state = new_game("drunter_druber", 3, seed, variant=True)
        while not state.is_over():
            player = state.active_players()[0]
            state.apply(player, rng.choice(state.legal_actions(player)[:10]))
        covered = covered_cells([{"cells": t["cells"]} for t in state.view(None)["tiles"]])
        for card in CARD_NAMES:
            assert sum(points for _, points in counted(card, covered)) == card_points(card, state.ground), card
