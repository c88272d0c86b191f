"""A game's board of places reaches the phone's update (`PhoneWords.board`), and odd data
from it leaves the update without one rather than breaking it."""

import dataclasses

from engines import GAMES
from engines.words import PhoneWords
from netplay.phone_words import board_words
from netplay.phones import phone_view


def _with_board(monkeypatch, board):
    info = GAMES["die_mauer"]
    words = PhoneWords(choice=info.words.choice, hand=info.words.hand, board=board)
    monkeypatch.setitem(GAMES, "die_mauer", dataclasses.replace(info, words=words))


def _update():
    return {"t": "update", "events": [], "n": 3, "legal": [{"type": "plan", "piece": "T"}],
            "view": {"stock": ["T"], "plans": {"locked": []}}}


def test_a_games_board_comes_with_the_update(monkeypatch):
    seen = []

    def board(view, seat, tr):
        seen.append((view["stock"], seat))
        return {"w": 3, "h": 1, "places": [{"id": "left", "x": 0, "y": 0, "w": 1, "h": 1, "text": tr.gettext("Gate")}]}

    _with_board(monkeypatch, board)
    update = phone_view(_update(), "die_mauer", 2)
    assert update["board"]["places"][0]["id"] == "left" and seen == [(["T"], 2)]
    assert update["choices"][0]["group"] and update["legal"] == _update()["legal"]


def test_no_board_or_odd_data_leaves_the_update_without_one(monkeypatch):
    _with_board(monkeypatch, None)  # a game that draws no board
    assert "board" not in phone_view(_update(), "die_mauer", 0)
    _with_board(monkeypatch, lambda view, seat, tr: view["no such thing"])
    assert board_words("die_mauer", {}, 0) is None
    assert "board" not in phone_view(_update(), "die_mauer", 0)
    _with_board(monkeypatch, lambda view, seat, tr: None)
    assert "board" not in phone_view(_update(), "die_mauer", 0)
