"""Placement points and ratings: the scheme for 1 to 6 seats, shared points on ties,
and OpenSkill ratings that move the way a player expects."""

import pytest

from client.evening import points, ratings


@pytest.mark.parametrize(("seats", "expected"), [
    (1, [1]), (2, [3, 1]), (3, [4, 2, 1]), (4, [5, 3, 2, 1]), (5, [6, 4, 3, 2, 1]), (6, [7, 5, 4, 3, 2, 1])])
def test_placement_points_for_one_to_six_seats(seats, expected):
    assert points.placement_points(seats) == expected
    # every place is worth more than the one below it
    assert all(a > b for a, b in zip(expected, expected[1:], strict=False))


@pytest.mark.parametrize("seats", [0, 7])
def test_no_points_outside_one_to_six_seats(seats):
    with pytest.raises(ValueError, match="1 to 6"):
        points.placement_points(seats)


def test_two_tied_winners_share_first_and_second_place_points():
    # four players, Anna and Ben both win with 10: they share 5 + 3, Clara is third
    assert points.game_points([10, 10, 7, 3], winners=[0, 1]) == [4.0, 4.0, 2.0, 1.0]


def test_a_tie_in_the_middle_shares_those_places_only():
    assert points.game_points([9, 5, 5, 1], winners=[0]) == [5.0, 2.5, 2.5, 1.0]


def test_everyone_tied_share_all_points_equally_for_every_table_size():
    for seats in range(1, 7):
        shared = points.game_points([4] * seats, winners=list(range(seats)))
        assert len(set(shared)) == 1
        assert sum(shared) == pytest.approx(sum(points.placement_points(seats)))


def test_three_way_tie_for_first_of_six():
    got = points.game_points([8, 8, 8, 5, 4, 2], winners=[0, 1, 2])
    assert got[:3] == [pytest.approx(16 / 3)] * 3
    assert got[3:] == [3.0, 2.0, 1.0]


def test_lower_scores_win_when_the_game_says_so():
    # Die Mauer: pieces left in hand count against you
    assert points.game_points([0, 7, 3], winners=[0], lower_wins=True) == [4.0, 1.0, 2.0]


def test_the_games_winners_come_first_even_with_a_lower_score():
    # a tie-break the scores do not show: the winner is first all the same
    assert points.places([5, 5, 2], winners=[1]) == [2, 1, 3]


def test_shared_points_are_shown_with_one_decimal():
    assert points.show(4.0) == "4"
    assert points.show(16 / 3) == "5.3"


def test_beating_someone_raises_your_rating_and_lowers_theirs():
    new = ratings.update([ratings.Rating(), ratings.Rating()], [1, 2])
    assert new[0].mu > ratings.Rating().mu > new[1].mu
    assert new[0].shown > new[1].shown


def test_a_tie_between_equals_changes_no_mean():
    new = ratings.update([ratings.Rating(), ratings.Rating()], [1, 1])
    assert new[0].mu == pytest.approx(new[1].mu)
    assert new[0].mu == pytest.approx(ratings.Rating().mu)


@pytest.mark.parametrize("seats", range(2, 7))
def test_ratings_order_follows_places_for_every_table_size(seats):
    new = ratings.update([ratings.Rating()] * seats, list(range(1, seats + 1)))
    means = [r.mu for r in new]
    assert means == sorted(means, reverse=True)
    assert all(r.sigma < ratings.Rating().sigma for r in new)  # everyone is a little more certain


def test_a_solo_game_leaves_the_rating_alone():
    assert ratings.update([ratings.Rating()], [1]) == [ratings.Rating()]


def test_beating_a_strong_player_is_worth_more_than_beating_a_newcomer():
    strong = ratings.Rating(mu=35.0, sigma=4.0)
    against_strong = ratings.update([ratings.Rating(), strong], [1, 2])[0]
    against_new = ratings.update([ratings.Rating(), ratings.Rating()], [1, 2])[0]
    assert against_strong.mu > against_new.mu


def _game(number, game, seats):
    from client.evening.history import PlayedGame, PlayedSeat

    return PlayedGame(number, 1, game, float(number), [PlayedSeat(f"name:{name.lower()}", name, "human", i, str(score),
                                                                  place, pts, place == 1)
                                                       for i, (name, score, place, pts) in enumerate(seats)])


def test_the_nights_summary_names_winner_best_games_closest_race_and_comeback():
    from client.evening import night

    games = [_game(1, "die_mauer", [("Anna", 30, 1, 3.0), ("Ben", 10, 2, 1.0)]),
             _game(2, "wild_west", [("Anna", 50, 1, 3.0), ("Ben", 49, 2, 1.0)]),
             _game(3, "wie_waldi", [("Ben", 9, 1, 3.0), ("Anna", 2, 2, 1.0)]),
             _game(4, "wie_waldi", [("Ben", 9, 1, 3.0), ("Anna", 2, 2, 1.0)]),
             _game(5, "wie_waldi", [("Ben", 9, 1, 3.0), ("Anna", 2, 2, 1.0)])]
    lines = night.summary(games)
    assert lines[0] == "Ben wins the night with 11 points."
    assert lines[1] == "Best games: Ben in Wie Waldi, Anna in Die Mauer."
    assert lines[2] == "Closest race: game 2, Wild West, won by Anna by 1."
    assert lines[3] == "Biggest comeback: Ben, from 2nd to 1st."
    assert night.place_after_each_game(games)["name:ben"] == [2, 2, 2, 1, 1]  # level with Anna after game 4
