"""Shared checks for a game's phone picture hints (issue 40): random games played through
the words the phone gets, every seat, English and German."""

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engines import new_game
from netplay.language import words as language
from netplay.phone_words import choice_words, hand_words

ATLAS = Path(__file__).resolve().parents[2] / "assets" / "phone"


def atlas_keys(game_id: str) -> set[str]:
    return set(json.loads((ATLAS / f"{game_id}.json").read_text())["sprites"])


def updates(game_id: str, players: int, seed: int, options: dict[str, Any] | None = None,
            steps: int = 400, lang: str = "en", avoid=lambda action: False) -> Iterator[tuple[Any, int, dict, list, list, list]]:
    """(state, seat, view, legal, choices, hand) for every seat at each step of a random
    game (``avoid``: actions not played while others are legal); the state is the one the
    words were made from (a step later it moves on)."""
    state, rng, tr = new_game(game_id, players, seed, **(options or {})), random.Random(seed), language(lang)
    for _ in range(steps):
        if state.is_over():
            return
        for seat in range(players):
            view, legal = state.view(seat), state.legal_actions(seat)
            yield (state, seat, view, legal, [choice_words(game_id, a, view, tr) for a in legal],
                   hand_words(game_id, view, seat, tr))
        active = state.active_players()
        if not active:
            return
        seat = rng.choice(active)
        legal = state.legal_actions(seat)
        state.apply(seat, rng.choice([a for a in legal if not avoid(a)] or legal))


def named_keys(choices: list[dict], hand: list[dict], board: dict | None) -> set[str]:
    """Every sprite key the hints of one update name."""
    keys = {c["sprite"] for c in choices if c.get("sprite")}
    keys |= {c["first"]["sprite"] for c in choices if c.get("first", {}).get("sprite")}
    keys |= {k for line in hand for k in line.get("sprites", [])}
    keys |= {p["sprite"] for p in (board or {}).get("places", []) if p.get("sprite")}
    return keys


def check_two_taps(choices: list[dict], board: dict | None) -> None:
    """A choice played on the board names a place the board has, and no two choices share
    both their first and their place (one tap pair, one action)."""
    places = {p["id"]: p for p in (board or {}).get("places", [])}
    pairs = set()
    for choice in choices:
        if "first" in choice:
            assert "place" in choice, choice
        if "place" in choice:
            assert choice["place"] in places, (choice, sorted(places)[:5])
            place = places[choice["place"]]
            assert 0 <= place["x"] and place["x"] + place["w"] <= board["w"] and place["y"] + place["h"] <= board["h"]
            pair = (choice.get("first", {}).get("id"), choice["place"])
            assert pair not in pairs, pair
            pairs.add(pair)
