"""OpenSkill ratings (Plackett-Luce: any number of seats, ties, free-for-all).

Every finished game updates two ratings per seat: the person's rating for that game and
their overall rating. Bots are rated per strength ("bot:hard" is one rating however many
hard bots sat down), so beating the hard bot means something. Two bots of one strength at
one table are rated as two seats with the same prior, and the strength keeps the mean of
their new ratings.

A rating is shown as OpenSkill's ordinal (mu - 3 sigma, a cautious estimate), scaled so a
newcomer starts at 0 and a strong player reaches a few thousand.
"""

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
OVERALL = "overall"
SHOWN_SCALE = 40


@dataclass(frozen=True)
class Rating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def shown(self) -> int:
        """The rating as players see it: the ordinal, scaled (0 for a newcomer)."""
        return round((self.mu - 3 * self.sigma) * SHOWN_SCALE)


def update(ratings: list[Rating], seat_places: list[int]) -> list[Rating]:
    """Every seat's rating after a game in which seat i took place ``seat_places[i]``
    (1 = best; equal places tie). One seat alone learns nothing: its rating stays."""
    if len(ratings) != len(seat_places):
        raise ValueError("one place per rating")
    if len(ratings) < 2:
        return list(ratings)
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    rated = MODEL.rate(teams, ranks=[float(p) for p in seat_places])
    return [Rating(team[0].mu, team[0].sigma) for team in rated]


def merge(ratings: list[Rating]) -> Rating:
    """One rating for several seats played by one key (bots of one strength)."""
    return Rating(sum(r.mu for r in ratings) / len(ratings), sum(r.sigma for r in ratings) / len(ratings))
