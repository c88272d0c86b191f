"""Issue 40's picture hints of Wie Waldi and Die Mauer: what a phone draws of a seat's own
things (sprites, badges, the board of places), checked over whole bot games from every
seat's own view. The sheets that draw the keys are checked in tests/client/games/."""

import re

import pytest

from engines import new_game
from engines.die_mauer import picture as mauer_picture
from engines.die_mauer import words as mauer_words
from engines.wie_waldi import picture as waldi_picture
from engines.wie_waldi import words as waldi_words
from engines.wie_waldi.cards import COAT_RGB, COLOUR_OF, card_name
from netplay.language import words as language

from .play import bot_chooser, play

KEY = re.compile(r"[a-z0-9_.-]+\Z")
WALDI_KEYS = {*waldi_picture.CARD_KEYS.values(), waldi_picture.PILE, waldi_picture.EMPTY, waldi_picture.NEW_DOG}
MAUER_KEYS = {*mauer_picture.PIECE_KEYS.values(), mauer_picture.FIST, mauer_picture.BACK}
MAUER_NAMES = ("Tower", "Gate", "6-wall", "4-wall", "3-wall", "2-wall", "1-wall", "Empty fist")


def pictures_of_every_turn(game_id, players, options, seed, words, check):
    """Play a bot game; at every step, ``check(view, seat, legal, choices, hand, board)``
    for every seat with its own view, in English."""
    tr = language("en")
    state = new_game(game_id, players, seed, **options)

    def each_step(state, player, action):
        for seat in range(players):
            view = state.view(seat)
            legal = state.legal_actions(seat)
            check(view, seat, legal, [words.choice(a, view, tr) for a in legal], words.hand(view, seat, tr),
                  words.board(view, seat, tr))

    play(state, bot_chooser(game_id, seed), on_step=each_step)
    return state


def keys_named(choices, hand, board) -> set[str]:
    named = set()
    for choice in choices:
        named.update(k for k in (choice.get("sprite"), (choice.get("first") or {}).get("sprite")) if k)
    for line in hand:
        named.update(line.get("sprites", []))
        assert len(line.get("sprites", [])) == len(line.get("badges", []))
    for place in (board or {}).get("places", []):
        if place.get("sprite"):
            named.add(place["sprite"])
    return named


def check_board_shape(board, choices):
    """Places inside the board, ids unique; every choice's place is on it; a first's id is
    stable for its sprite and label."""
    places = {place["id"]: place for place in (board or {}).get("places", [])}
    assert len(places) == len((board or {}).get("places", []))
    for place in places.values():
        assert 0 <= place["x"] and place["x"] + place["w"] <= board["w"] + 1e-9
        assert 0 <= place["y"] and place["y"] + place["h"] <= board["h"] + 1e-9
    for choice in choices:
        if "place" in choice:
            assert choice["place"] in places, (choice, sorted(places))
        if "first" in choice:
            assert "place" in choice
            assert set(choice["first"]) <= {"id", "sprite", "label"} and choice["first"]["label"]


# --- Wie Waldi ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 11)])
def test_wie_waldi_pictures_name_only_drawn_keys_and_light_every_legal_place(players, seed):
    seen = set()
    shapes = {"draw": 0, "hold": 0}

    def check(view, seat, legal, choices, hand, board):
        named = keys_named(choices, hand, board)
        assert named <= WALDI_KEYS, named - WALDI_KEYS
        assert all(KEY.match(key) for key in named)
        seen.update(named)
        check_board_shape(board, choices)
        if view["phase"] == "race":
            assert board is not None
        for action, choice in zip(legal, choices, strict=True):
            if action["type"] == "draw":  # a pile: its back (or an empty place) and its count
                left = view["pile_sizes"][seat][action["pile"]]
                assert choice["sprite"] == waldi_picture.PILE and choice["badge"] == str(left) and left
                assert "place" not in choice
                shapes["draw"] += 1
            else:  # the held card is the one first; the place is put back, a new dog or the dog
                assert choice["first"] == {"id": "card", "sprite": view["hand"].lower(),
                                           "label": card_name(view["hand"])}
                assert choice["sprite"] == view["hand"].lower()  # the echo of the tap: the card
                place = {"put_back": "back", "start": "new"}.get(action["type"], f"dog{action.get('dog')}")
                assert choice["place"] == place
                shapes["hold"] += 1
        card_line, piles_line = hand[0], hand[1]
        if view.get("hand"):  # the card at a glance; the piles (no buttons now) with their counts
            assert card_line["sprites"] == [view["hand"].lower()]
            assert piles_line["badges"] == [str(n) for n in view["pile_sizes"][seat]]
        else:  # the piles are the buttons to tap: not drawn twice
            assert "sprites" not in card_line and "sprites" not in piles_line

    pictures_of_every_turn("wie_waldi", players, {"rounds": 1}, seed, waldi_words, check)
    assert shapes["draw"] and shapes["hold"]
    assert {"pile", "new"} <= seen and len(seen & set(waldi_picture.CARD_KEYS.values())) > 10


def test_a_wie_waldi_dog_is_marked_with_the_tables_number_and_its_open_ends_coat():
    """The phone marks each open dog as the big screen does beside it: the dog's number
    (client/games/wie_waldi/paint.py draws `dog_mark`) and its end's coat (the socket's)."""
    tr = language("de")
    view = {"you": 0, "phase": "race", "pile_sizes": [[10, 10, 9], [10, 10, 10]], "hand": "Mgr", "dogs": [
        {"id": 0, "cards": [{"card": "Hg", "player": 1}], "end": "g", "complete": False},
        {"id": 1, "cards": [{"card": "Hr", "player": 0}, {"card": "Mry", "player": 1}, {"card": "Tr", "player": 0}],
         "end": None, "complete": True},
        {"id": 7, "cards": [{"card": "Hb", "player": 0}, {"card": "Mbg", "player": 1}], "end": "g",
         "complete": False}]}
    board = waldi_words.board(view, 0, tr)
    places = {place["id"]: place for place in board["places"]}
    assert list(places) == ["back", "new", "dog0", "dog7"]  # a completed dog is in the kennel, not here
    green = "#{:02x}{:02x}{:02x}".format(*COAT_RGB[COLOUR_OF["g"]])
    assert places["dog0"] == {**places["dog0"], "label": "0", "colour": green, "sprite": "hg"}
    assert places["dog7"] == {**places["dog7"], "label": "7", "colour": green, "sprite": "mbg"}
    assert places["back"]["label"] == "zurück" and places["new"]["label"] == "neuer Dackel"  # one card wide
    play = waldi_words.choice({"type": "play", "card": "Mgr", "dog": 7, "end": 2}, view, tr)
    assert play["label"] == "Dackel 7: blauer Kopf, 2 Karten"  # the caption says the number the board shows
    assert play["place"] == "dog7" and play["first"]["label"] == "grün/rotes Mittelstück"
    assert "target" in play  # a page that draws no board still has today's target picker


def test_wie_waldi_pictures_on_odd_data_leave_the_words_alone():
    tr = language("en")
    assert waldi_words.board({"phase": "race", "dogs": [{"id": 1, "cards": "x", "end": "q"}]}, 0, tr) is None
    assert waldi_words.board({"phase": "ready"}, 0, tr) is None
    words = waldi_words.choice({"type": "put_back"}, {"hand": "Zz"}, tr)
    assert words == {"group": "Your card", "label": "Put back"}
    lines = waldi_words.hand({"pile_sizes": [[1, 2, 3]], "hand": 5}, 0, tr)
    assert "sprites" not in lines[0] and lines[0]["value"] == "5"


# --- Die Mauer --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed"), [(3, 2), (5, 9)])
def test_die_mauer_pictures_name_only_drawn_keys_and_keep_the_plan_face_down(players, seed):
    seen, kinds = set(), set()

    def check(view, seat, legal, choices, hand, board):
        named = keys_named(choices, hand, board)
        assert named <= MAUER_KEYS, named - MAUER_KEYS
        seen.update(named)
        check_board_shape(board, choices)
        for action, choice in zip(legal, choices, strict=True):
            kinds.add(action["type"])
            key = mauer_picture.piece_key(action["piece"])
            if action["type"] == "plan":
                assert choice["sprite"] == key and choice["hidden"] is True
            elif action["type"] == "build":
                assert choice["place"] == {"L": "left", "R": "right"}[action["end"]]
                assert choice["first"]["id"] == choice["first"]["sprite"] == choice["sprite"] == key
            else:
                assert choice["sprite"] == key and "hidden" not in choice
        assert hand[0]["sprites"] == [mauer_picture.piece_key(p) for p in view["stock"]]
        for line in hand[1:]:  # the seat's own plan, locked: face down, no name of it
            if line["label"] == "Your plan":
                assert line["sprites"] == ["back"] and line["value"] == "hidden until the reveal"
                assert not any(name in line["value"] for name in MAUER_NAMES)
        if board is not None:  # the wall's ends; the pieces on it in the wall's order
            ids = [place["id"] for place in board["places"]]
            assert ids[0] == "left" and ids[-1] == "right"
            wall = view["wall"]
            sprites = [place["sprite"] for place in board["places"] if "sprite" in place]
            if len(wall) <= 5:
                assert sprites == [mauer_picture.PIECE_KEYS[p] for p in wall]
            else:
                assert sprites == [mauer_picture.PIECE_KEYS[p] for p in wall[:2] + wall[-2:]]
                assert board["places"][3]["text"] == f"+{len(wall) - 4}"

    pictures_of_every_turn("die_mauer", players, {"rounds": 2}, seed, mauer_words, check)
    assert kinds == {"plan", "build", "donate"}
    assert {"back", "fist", "tower", "gate"} <= seen


def test_die_mauer_build_places_are_reached_through_the_piece():
    """The master chooses a piece and an end: each piece is one first; its legal ends light."""
    tr = language("en")
    view = {"phase": "choose", "wall": ["3", "T"], "stock": ["T", "G", "6"]}
    legal = [{"type": "build", "piece": "6", "end": "L"}, {"type": "build", "piece": "6", "end": "R"},
             {"type": "build", "piece": "G", "end": "L"}]
    choices = [mauer_words.choice(action, view, tr) for action in legal]
    assert [(c["first"]["id"], c["place"]) for c in choices] == [("wall6", "left"), ("wall6", "right"),
                                                                  ("gate", "left")]
    assert choices[2]["first"]["label"] == "Gate" and choices[2]["label"] == "Gate at the left end"
    board = mauer_words.board(view, 0, tr)
    assert [p["id"] for p in board["places"]] == ["left", "piece0", "piece1", "right"]
    assert [p.get("sprite") for p in board["places"]] == [None, "wall3", "tower", None]
    assert all(place["h"] == 1 and place["w"] >= 0.49 for place in board["places"])


def test_die_mauer_pictures_on_odd_data_leave_the_words_alone():
    tr = language("en")
    assert mauer_words.board({"phase": "plan", "wall": ["X"]}, 0, tr) is None
    assert mauer_words.choice({"type": "plan", "piece": "Q"}, {}, tr) == {"group": "Your secret plan", "label": "Q"}

