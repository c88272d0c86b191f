"""Wild West on a phone as pictures (issue 40): the secret pick as the pairs' cards, the
seat's own brick-laid sheet tapped to write, lay track and dig graves, group sizes and
the park as pictures; a tile's letter in the phone's language."""

from engines.wild_west.picture import board
from netplay.language import words as language

from .picture_hints import atlas_keys, check_two_taps, named_keys, updates


def tumbleweed(action):  # three of them end a game: played only when nothing else is legal
    return action == {"type": "pick", "column": None}


def test_every_picture_the_hints_name_is_on_the_shipped_sheet_for_every_seat():
    keys = atlas_keys("wild_west")
    for lang in ("en", "de"):
        for seed in (1, 2, 3):
            for _, seat, view, _, choices, hand in updates("wild_west", 3, seed, lang=lang, avoid=tumbleweed):
                named = named_keys(choices, hand, board(view, seat, language(lang)))
                assert named <= keys, named - keys


def test_a_pick_is_hidden_and_shows_its_columns_pair():
    picks = 0
    for _, _, view, legal, choices, _ in updates("wild_west", 2, 4, steps=60):
        for action, choice in zip(legal, choices, strict=True):
            if action["type"] != "pick":
                continue
            assert choice["hidden"] is True
            if action["column"] is None:
                assert choice["sprite"] == "tumbleweed"
            else:
                column = view["columns"][action["column"]]
                assert choice["sprite"] == f"pair.{column['action']}.{column['value']}"
            picks += 1
    assert picks > 10


def test_the_sheet_is_brick_laid_and_each_step_on_a_tile_is_a_tap_on_that_tile():
    steps = set()
    for _, seat, view, legal, choices, _ in updates("wild_west", 2, 4, steps=400, avoid=tumbleweed):
        sheet = board(view, seat, language("en"))
        assert (sheet["w"], sheet["h"]) == (8.25, 4.25)  # 8 x 4 tiles on paper
        assert [p["x"] for p in sheet["places"] if p["y"] == 0.125] == [c + 0.625 for c in range(7)]
        assert [p["x"] for p in sheet["places"] if p["y"] == 1.125] == [c + 0.125 for c in range(8)]
        check_two_taps(choices, sheet)
        places = {p["id"]: p for p in sheet["places"]}
        for action, choice in zip(legal, choices, strict=True):
            if action["type"] in ("write", "track", "grave"):
                place = places[choice["place"]]
                assert place["y"] == action["row"] + 0.125 and int(place["x"]) == action["col"]
                steps.add(action["type"])
            elif action["type"] == "upgrade":
                assert choice["sprite"] == f"size.{action['size']}"
            elif action["type"] == "park":
                assert choice["sprite"] == ("park.yes" if action["park"] else "park.no")
    assert steps == {"write", "track", "grave"}


def test_a_written_tile_says_its_letter_and_number_in_the_phones_language():
    written = {}
    for _, seat, view, _, _, _ in updates("wild_west", 2, 4, steps=400, avoid=tumbleweed):
        for lang in ("en", "de"):
            for place, tile in zip(board(view, seat, language(lang))["places"],
                                   [t for row in view["sheets"][seat]["rows"] for t in row], strict=True):
                if tile.get("kind") == "C" and tile.get("value", 0) > 1:
                    written[lang] = place["text"]
                    assert place["text"][1:] == ("J" if tile["value"] == 11 else str(tile["value"]))
                elif not tile.get("kind"):
                    assert "text" not in place
    assert written["en"][0] == "C" and written["de"][0] == "K"
