"""OpenSkill ratings (Plackett-Luce: any number of seats, ties, free-for-all).

Every finished game updates two ratings per seat: the person's rating for that game and
their overall rating. Bots are rated per strength ("bot:hard" is one rating however many
hard bots sat down), so beating the hard bot means something. Two bots of one strength at
one table are rated as two seats with the same prior, and the strength keeps the mean of
their new ratings.

A rating is shown as OpenSkill's ordinal (mu - 3 sigma, a cautious estimate) on a familiar
scale (`shown_rating`): a newcomer reads 1000, a strong player a few thousand, and nobody
reads below zero however many games they lose.
"""

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
OVERALL = "overall"
SHOWN_SCALE = 40  # shown points per unit of the ordinal
SHOWN_START = 1000  # what a newcomer (ordinal 0) reads


def shown_rating(ordinal: float) -> int:
    """The one way a rating reads wherever it is shown: ``ordinal`` (mu - 3 sigma) scaled
    so a newcomer reads `SHOWN_START`, never below zero."""
    return max(0, round(SHOWN_START + ordinal * SHOWN_SCALE))


@dataclass(frozen=True)
class Rating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def shown(self) -> int:
        """The rating as players see it (`shown_rating`: 1000 for a newcomer, never below 0)."""
        return shown_rating(self.mu - 3 * self.sigma)


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
