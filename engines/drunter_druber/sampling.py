"""Drunter & Drüber: a full state drawn from one player's view, for search bots
(docs/bots.md).

Tiles, hands and people cards are public (DD-2); a view hides the other players'
building cards, their secret pick of the card that counts first (DD-8) and the cards of
votes committed but not yet revealed (DD-6, DD-9). The sampler deals the unseen building
cards among the others, each player's type less likely the more of its value that player
has covered themselves (people rarely bury their own buildings), draws the card each
other player picked first (the one scoring more now, usually), and draws committed votes
of the shown size from each voter's public people cards.
"""

import math
from typing import Any

from ..plain import encode
from ..rng import Rng
from ..search import blank_state, weighted_choice
from ..simultaneous import SecretChoices
from ..state import OVER
from ..types import Event, View
from .board import (
    BRIDGE,
    BUILDING_AT,
    CARD_NAMES,
    CELLS,
    CORNER,
    CORNERS,
    COVERED,
    FREE,
    SPECIALS,
    START,
    TYPES,
    WIDTH,
    card_points,
)
from .rules import JEIN, PICK, VOTE, DrunterDruberState, vote_choices

OWN_COVER_SCALE = 2.5  # covering 2.5 points of a type makes it e (2.7) times less likely yours
PICK_THE_BETTER = 0.8  # how often a player's first card is the one scoring more at the pick


def cell(xy: list[int]) -> int:
    return xy[1] * WIDTH + xy[0]


def ground_of(view: View) -> list[int]:
    """The board marks (FREE, COVERED, BRIDGE, CORNER) of every cell, from the view's tiles."""
    ground = [FREE] * CELLS
    for corner in CORNERS:
        ground[corner] = CORNER
    for tile in view["tiles"]:
        cells = [cell(xy) for xy in tile["cells"]]
        for c in cells:
            ground[c] = COVERED
        if tile["size"] == 3:
            ground[cells[1]] = BRIDGE
    return ground


def covered_by(view: View) -> list[dict[str, int]]:
    """Per player, the building points of each type that player's own tiles cover."""
    covered = [dict.fromkeys(TYPES, 0) for _ in range(view["players"])]
    for tile in view["tiles"]:
        for xy in tile["cells"]:
            building = BUILDING_AT[cell(xy)]
            if building:
                covered[tile["player"]][building[0]] += building[1]
    return covered


def card_weight(covered: dict[str, int], card: str) -> float:
    """How likely ``card`` is a player's, given what they covered (specials: no evidence)."""
    if card not in covered:
        return math.exp(-1.0)  # a special card: about as likely as a type they covered a little
    return math.exp(-covered[card] / OWN_COVER_SCALE)


def sample_state(view: View, rng: Rng) -> DrunterDruberState:
    """A state whose ``view(view["you"])`` equals ``view``; hidden parts drawn with ``rng``."""
    me, players = view["you"], view["players"]
    state = blank_state(DrunterDruberState, view, {"variant": view["variant"]}, rng)
    state.variant = view["variant"]
    state.phase = view["phase"]
    state.current = view["current"]
    state.turn = view["turn"]
    state.hands = [{kind: list(counts) for kind, counts in hand.items()} for hand in view["hands"]]
    state.people = [list(cards) for cards in view["people"]]
    state.ground = ground_of(view)
    state.tokens = {s: None if xy is None else cell(xy) for s, xy in view["tokens"].items()}
    state.closed = list(view["closed"])
    state.tiles = _tiles(view)
    state.last_vote = encode(view["last_vote"])
    state.cards, first = _cards(view, rng)
    state.first_cards = None
    state.picks = None
    state.pick_held = state.phase == PICK or first is not None
    if first is not None:
        state.first_cards = first
    if state.phase == PICK:
        state.picks = SecretChoices(players, range(players))
        for player in view["pick"]["locked"]:
            if player == me:
                state.picks.choose(player, view["pick"]["mine"])
            else:
                state.picks.choose(player, _first_card(state.cards[player], state.ground, rng))
    state.vote = _vote(view, state, rng)
    return state


def _tiles(view: View) -> list[Event]:
    """The placed tiles with the token cell each started from (the end of the previous
    tile of its stretch, or the stretch's corner), which a lost vote returns to."""
    ends = dict(START)
    tiles = []
    for tile in view["tiles"]:
        cells = [cell(xy) for xy in tile["cells"]]
        tiles.append({
            "stretch": tile["stretch"], "kind": tile["kind"], "size": tile["size"], "cells": cells,
            "player": tile["player"], "from": ends[tile["stretch"]],
        })
        ends[tile["stretch"]] = cells[-1]
    return tiles


def _cards(view: View, rng: Rng) -> tuple[list[list[str]], list[str] | None]:
    """Everyone's building cards (in the order they count first, once picked) and the
    first cards if the pick is over."""
    players, me = view["players"], view["you"]
    if view["phase"] == OVER:
        dealt = [list(c) for c in view["all_cards"]]
        first = [c[0] for c in dealt] if view["variant"] and "first_card" in view else None
        return dealt, first
    per = 2 if view["variant"] else 1
    deck = list(TYPES) + (list(SPECIALS) if view["variant"] else [])
    mine = list(view["cards"]) if me is not None else []
    unseen = [card for card in deck if card not in mine]
    covered = covered_by(view)
    cards: list[list[str]] = [[] for _ in range(players)]
    others = [p for p in range(players) if p != me]
    rng.shuffle(others)  # no player is always dealt from the fullest deck
    for player in others:
        for _ in range(per):
            card = weighted_choice(unseen, [card_weight(covered[player], c) for c in unseen], rng)
            unseen.remove(card)
            cards[player].append(card)
    if me is not None:
        cards[me] = mine
    first = None
    if "first_card" in view:
        ground = ground_of(view)
        first = [view["first_card"] if p == me else _first_card(cards[p], ground, rng) for p in range(players)]
    for player in others:
        cards[player].sort(key=list(CARD_NAMES).index)
    return cards, first


def _first_card(cards: list[str], ground: list[int], rng: Rng) -> str:
    better = max(cards, key=lambda card: card_points(card, ground))
    if len(cards) == 1 or rng.random() < PICK_THE_BETTER:
        return better
    return next(card for card in cards if card != better)


def _vote(view: View, state: DrunterDruberState, rng: Rng) -> dict[str, Any] | None:
    shown = view["vote"]
    if shown is None or state.phase not in (VOTE, JEIN):
        return None
    players, me = view["players"], view["you"]
    if state.phase == JEIN:
        cards: list[list[str] | None] = [list(c) for c in shown["cards"]]
        jein: list[str | None] = list(shown["jein"])
    else:
        cards = [None] * players
        for player, count in enumerate(shown["committed"]):
            if count is None:
                continue
            if player == me:
                cards[player] = list(shown["mine"])
            else:
                choices = [c for c in vote_choices(state.people[player]) if len(c) == count]
                cards[player] = list(choices[rng.below(len(choices))])
        jein = [None] * players
    return {
        "placer": shown["placer"],
        "toilets": [cell(xy) for xy in shown["toilets"]],
        "order": list(shown["order"]),
        "step": sum(1 for c in shown["committed"] if c is not None),
        "cards": cards,
        "jein": jein,
    }

