"""Wie Waldi bots in three strengths (docs/bots.md): dachshund breeders that see only
their own view.

Their speed is the host's business (GameInfo.bot_reaction_seconds): a bot only decides
what to do with the card it holds, or which pile to draw from. Wie Waldi is a race, so
the strengths differ in card policy only; nothing here searches.
"""

from ..registry import Bot
from ..rng import Rng
from ..types import Action, View


def bot(view: View, legal: list[Action], rng: Rng) -> Action:
    """Heads go down at once (the seed's advice); cat tails steal the longest dog; plain
    tails complete its own dogs; middles grow its own dogs first. Others' dogs are fed
    only now and then (the shortest), or when the card is the last of its pile (WA-6
    bronze)."""
    return _breeder(view, legal, rng, feed_middle=0.3, feed_tail=0.2, feed_longest=False)


def hard_bot(view: View, legal: list[Action], rng: Rng) -> Action:
    """Wastes no time: a middle that fits no dog of its own grows the longest other dog
    (the tournament shows that keeping cards moving beats holding them back), and a
    plain tail completes another's dog one time in two; otherwise like the normal bot."""
    return _breeder(view, legal, rng, feed_middle=1.0, feed_tail=0.5, feed_longest=True)


def easy_bot(view: View, legal: list[Action], rng: Rng) -> Action:
    """A first-timer: heads go down, any other card goes wherever it fits (or back) at
    random, and piles are drawn at random."""
    if len(legal) > 1 and legal[1]["type"] == "start":
        return legal[1]
    return rng.choice(legal)


def _breeder(view: View, legal: list[Action], rng: Rng, feed_middle: float, feed_tail: float, feed_longest: bool) -> Action:
    """A card (or pile) for the normal and hard bots; ``feed_*`` is how often a middle or
    a plain tail that fits no dog of its own goes on another's dog rather than back."""
    if len(legal) == 1:
        return legal[0]
    if legal[0]["type"] == "draw":
        return _draw(view, legal, rng)
    put_back = legal[0]
    if legal[1]["type"] == "start":
        return legal[1]
    me = view["you"]
    dogs = {dog["id"]: dog for dog in view["dogs"]}
    plays = legal[1:]
    if not plays:
        return put_back
    kind = plays[0]["card"][0]

    def head_player(action: Action) -> int:
        player: int = dogs[action["dog"]]["cards"][0]["player"]
        return player

    def length(action: Action) -> int:
        return len(dogs[action["dog"]]["cards"])

    if kind == "C":  # a cat tail makes any dog ours: take the longest, an opponent's first
        return max(plays, key=lambda a: (length(a), head_player(a) != me, rng.random()))
    own = [a for a in plays if head_player(a) == me]
    if own:
        return max(own, key=lambda a: (length(a), rng.random()))
    last_of_pile = view["pile_sizes"][me][view["holding"][me]] == 0
    feed_chance = feed_tail if kind == "T" else feed_middle  # a plain tail hands the dog to its head's player
    if last_of_pile or rng.random() < feed_chance:
        if feed_longest and kind != "T":
            return max(plays, key=lambda a: (length(a), rng.random()))
        return min(plays, key=lambda a: (length(a), rng.random()))
    return put_back


def _draw(view: View, legal: list[Action], rng: Rng) -> Action:
    """Mostly the smallest pile (to empty one, WA-6), sometimes any: a pile holding only
    unplayable cards must not trap the bot."""
    sizes = view["pile_sizes"][view["you"]]
    if rng.random() < 0.5:
        return min(legal, key=lambda a: (sizes[a["pile"]], rng.random()))
    return rng.choice(legal)


BOTS: dict[str, Bot] = {"easy": easy_bot, "normal": bot, "hard": hard_bot}
