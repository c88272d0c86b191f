"""Drunter & Drüber in words: how a tie was broken (DD-7, DD-8)."""

from client.games.drunter_druber import words


def test_ties_are_told_as_the_rulings_break_them():
    def name(seat):
        return "ABCD"[seat]

    assert words.tie_words([[9], [4]], [3, 5], [0], name) == "A wins with 9 points"
    assert "B has the most people cards left (5)" in words.tie_words([[9], [9]], [3, 5], [1], name)
    assert "second card" in words.tie_words([[9, 2], [9, 6]], [3, 3], [1], name)
    assert words.tie_words([[9], [9]], [4, 4], [0, 1], name).endswith("a shared win")
