"""Drunter & Drüber on a phone as pictures (issue 40): vote cards kept secret, the tile to
lay as a tile and the way it lies, then its spot on the town around the token."""

from engines.drunter_druber.board import WIDTH
from engines.drunter_druber.picture import board
from netplay.language import words as language

from .picture_hints import atlas_keys, check_two_taps, named_keys, updates


def test_every_picture_the_hints_name_is_on_the_shipped_sheet_for_every_seat():
    keys = atlas_keys("drunter_druber")
    for options, players in (({"variant": False}, 2), ({"variant": True}, 4)):
        for lang in ("en", "de"):
            for _, seat, view, _, choices, hand in updates("drunter_druber", players, 5, options, lang=lang):
                named = named_keys(choices, hand, board(view, seat, language(lang)))
                assert named <= keys, named - keys


def test_a_tile_is_laid_by_its_look_then_the_cell_it_ends_on():
    """The tile's look (kind, size, which way it lies), then the cell the token moves to:
    with the token, that says which cells the tile covers; no spot hides another."""
    laid = 0
    for state, seat, view, legal, choices, _ in updates("drunter_druber", 4, 8, {"variant": False}, steps=200):
        town = board(view, seat, language("en"))
        check_two_taps(choices, town)
        if town is None:
            continue
        places = {p["id"]: p for p in town["places"]}
        assert all(p["w"] == p["h"] == 1 for p in places.values())
        assert len({(p["x"], p["y"]) for p in places.values()}) == len(places)  # one place a cell
        origin = next((int(i.split(".")[1]) - p["x"], int(i.split(".")[2]) - p["y"]) for i, p in places.items())
        for action, choice in zip(legal, choices, strict=True):
            if action["type"] != "place":
                continue
            events = state.clone().apply(seat, action)
            placed = next(e for e in events if e["type"] == "placed")
            spot = places[choice["place"]]
            assert [spot["x"] + origin[0], spot["y"] + origin[1]] == placed["cells"][-1], (action, spot)
            rows = {c[1] for c in placed["cells"]}
            lies = "" if action["size"] == 1 else (".h" if len(rows) == 1 else ".v")
            assert choice["first"]["sprite"] == f"tile.{placed['kind']}.{action['size']}{lies}"
            assert choice["first"]["id"].startswith(choice["first"]["sprite"])
            laid += 1
    assert laid > 20


def test_the_town_shown_is_the_part_around_the_spots_and_every_cell_has_its_picture():
    for _, seat, view, legal, _choices, _ in updates("drunter_druber", 2, 3, {"variant": False}, steps=60):
        town = board(view, seat, language("en"))
        if not any(a["type"] == "place" for a in legal):
            assert town is None
            continue
        cells = town["places"]
        assert len(cells) == town["w"] * town["h"] and all(p.get("sprite") for p in cells)
        assert 6 <= town["w"] <= WIDTH


def test_a_secret_vote_is_hidden_and_one_card_is_its_own_picture():
    seen = set()
    for _, _seat, _view, legal, choices, _ in updates("drunter_druber", 3, 2, {"variant": True}, steps=400):
        for action, choice in zip(legal, choices, strict=True):
            if action["type"] in ("vote", "pick"):
                assert choice["hidden"] is True
                seen.add(action["type"])
            if action["type"] == "vote" and len(action["cards"]) == 1:
                assert choice["sprite"] == f"people.{action['cards'][0]}"
            if action["type"] == "vote" and len(action["cards"]) > 1:
                assert "sprite" not in choice and choice["target"]["act"]
    assert seen == {"vote", "pick"}


def test_the_hand_shows_the_seats_own_cards_and_tiles_with_their_counts_and_nothing_of_another():
    for _, seat, view, _, _, hand in updates("drunter_druber", 3, 4, {"variant": False}, steps=30):
        lines = {line["label"]: line for line in hand}
        assert lines["Your building cards"]["sprites"] == [f"card.{c}" for c in view["cards"]]
        assert lines["Your vote cards"]["sprites"] == [f"people.{c}" for c in view["people"][seat]]
        tiles = lines["Your tiles"]
        counts = [n for kind in ("wall", "street", "river") for n in view["hands"][seat][kind] if n]
        assert tiles["badges"] == [str(n) for n in counts]
