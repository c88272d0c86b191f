"""Architekton on a phone as pictures (issue 40): a supply tile, then its partner; a tile
in hand as it turns, then its square; a house to move by its square."""

from engines.architekton.picture import board
from netplay.language import words as language

from .picture_hints import atlas_keys, check_two_taps, named_keys, updates


def test_every_picture_the_hints_name_is_on_the_shipped_sheet_for_both_seats():
    keys = atlas_keys("architekton")
    for lang in ("en", "de"):
        for seed in (1, 2):
            for _, seat, view, _, choices, hand in updates("architekton", 2, seed, lang=lang):
                named = named_keys(choices, hand, board(view, seat, language(lang)))
                assert named <= keys, named - keys


def test_each_action_is_a_tile_then_a_place_that_says_where_it_goes():
    kinds = set()
    for _state, seat, view, legal, choices, _ in updates("architekton", 2, 3, steps=400):
        shown = board(view, seat, language("en"))
        check_two_taps(choices, shown)
        if not legal:
            continue
        places = {p["id"]: p for p in shown["places"]} if shown else {}
        for action, choice in zip(legal, choices, strict=True):
            kinds.add(action["type"])
            if action["type"] == "take":
                tiles = action["tiles"]
                assert places[choice["place"]]["sprite"].startswith(("tile.", "land."))
                assert choice["place"] == f"supply.{tiles[-1]}"
                assert (choice.get("first") or {}).get("id") == (tiles[0] if len(tiles) == 2 else None)
            elif action["type"] == "place":
                assert choice["first"]["id"] == f"{action['tile']}.{action['rot']}"
                assert choice["place"] == f"sq.{action['x']}.{action['y']}"
                assert "sprite" in places[choice["place"]]
            elif action["type"] == "move_house":
                assert places[choice["place"]].get("text") in ("\u25cf", "\u25a0")
    assert {"take", "place"} <= kinds


def test_a_tile_turned_says_so_and_shows_it_turned():
    turned = [c["first"] for _, _, _, legal, choices, _ in updates("architekton", 2, 5, steps=200, lang="de")
              for a, c in zip(legal, choices, strict=True) if a["type"] == "place" and a["rot"]]
    assert turned and all("gedreht" in f["label"] and f["sprite"].endswith(f".{f['id'][-1]}") for f in turned)


def test_the_seat_that_waits_gets_no_board_and_the_hand_shows_its_chips_and_houses():
    for _, seat, view, legal, _, hand in updates("architekton", 2, 2, steps=40):
        if not legal:
            assert board(view, seat, language("en")) is None
        lines = {line["label"]: line for line in hand}
        assert lines["Your chips"]["badges"] == [str(view["chips"][seat])]
        assert lines["Your houses"]["sprites"] == [f"house.{seat}"]
