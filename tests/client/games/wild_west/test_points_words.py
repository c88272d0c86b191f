"""A sheet's points read in the right number: "1 pt", "2 pts" (German "1 P.")."""

from client import i18n
from client.games.wild_west import words


def test_one_point_is_singular():
    assert words.points(1) == "1 pt" and words.points(2) == "2 pts" and words.points(0) == "0 pts"
    i18n.use("de")
    try:
        assert words.points(1) == "1 P." and words.points(13) == "13 P."
    finally:
        i18n.use("en")
