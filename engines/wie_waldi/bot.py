"""Wie Waldi bots in three strengths (docs/bots.md): dachshund breeders that see only
their own view.

Their speed is the host's business (GameInfo.bot_reaction_seconds): a bot only decides
what to do with the card it holds, or which pile to draw from. Wie Waldi is a race, so
the strengths differ in card policy only; nothing here searches.
"""


def bot(view: dict, legal: list, rng):
    """Heads go down at once (the seed's advice); cat tails steal the longest dog; plain
    tails complete its own dogs; middles grow its own dogs first. Others' dogs are fed
    only now and then, or when the card is the last of its pile (WA-6 bronze)."""
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

    def head_player(action) -> int:
        return dogs[action["dog"]]["cards"][0]["player"]

    def length(action) -> int:
        return len(dogs[action["dog"]]["cards"])

    if kind == "C":  # a cat tail makes any dog ours: take the longest, an opponent's first
        return max(plays, key=lambda a: (length(a), head_player(a) != me, rng.random()))
    own = [a for a in plays if head_player(a) == me]
    if own:
        return max(own, key=lambda a: (length(a), rng.random()))
    last_of_pile = view["pile_sizes"][me][view["holding"][me]] == 0
    feed_chance = 0.2 if kind == "T" else 0.5  # a plain tail hands the dog to its head's player
    if last_of_pile or rng.random() < feed_chance:
        return min(plays, key=lambda a: (length(a), rng.random()))
    return put_back


def _draw(view: dict, legal: list, rng):
    """Mostly the smallest pile (to empty one, WA-6), sometimes any: a pile holding only
    unplayable cards must not trap the bot."""
    sizes = view["pile_sizes"][view["you"]]
    if rng.random() < 0.5:
        return min(legal, key=lambda a: (sizes[a["pile"]], rng.random()))
    return rng.choice(legal)


# --- easy and hard --------------------------------------------------------------------------
def easy_bot(view: dict, legal: list, rng):
    """A first-timer: heads go down, any other card goes wherever it fits (or back) at
    random, and piles are drawn at random."""
    if len(legal) > 1 and legal[1]["type"] == "start":
        return legal[1]
    return rng.choice(legal)


def hard_bot(view: dict, legal: list, rng):
    """Keeps to one pile to empty it (WA-6 bronze), grows and completes its own dogs,
    steals the longest dog with a cat tail, feeds other dogs only when that cannot help
    the leader, and completes any dog to call "Stop!" while it leads (WA-5)."""
    if len(legal) == 1:
        return legal[0]
    me = view["you"]
    if legal[0]["type"] == "draw":
        sizes = view["pile_sizes"][me]
        return min(legal, key=lambda a: (sizes[a["pile"]], a["pile"]))
    put_back, plays = legal[0], legal[1:]
    if plays[0]["type"] == "start":
        return plays[0]
    dogs = {dog["id"]: dog for dog in view["dogs"]}
    owned = _owned_cards(view)
    leader = max(owned[p] for p in range(view["players"]) if p != me)

    def head_player(action) -> int:
        return dogs[action["dog"]]["cards"][0]["player"]

    def length(action) -> int:
        return len(dogs[action["dog"]]["cards"])

    kind = plays[0]["card"][0]
    if kind == "C":
        return max(plays, key=lambda a: (length(a), head_player(a) != me, -a["dog"]))
    own = [a for a in plays if head_player(a) == me]
    if own:
        return max(own, key=lambda a: (length(a), -a["dog"]))
    if kind == "T":
        # A plain tail hands the dog to its head's player and costs one marker: worth it
        # only to call "Stop!" soon while ahead, and then on the shortest dog.
        if owned[me] > leader and view["markers"][me] <= 2:
            return min(plays, key=lambda a: (length(a), a["dog"]))
        return put_back
    # A middle on someone else's dog: feed the player furthest behind, never the leader,
    # and only when the card is the last of its pile (to empty it) or the dog is theirs
    # to keep short.
    behind = [a for a in plays if owned[head_player(a)] < leader or owned[head_player(a)] < owned[me]]
    last_of_pile = view["pile_sizes"][me][view["holding"][me]] == 0
    if behind and last_of_pile:
        return min(behind, key=lambda a: (owned[head_player(a)], length(a), a["dog"]))
    return put_back


def _owned_cards(view: dict) -> list[int]:
    """Cards in each player's owned complete dogs this round (WA-6 ranks by these)."""
    owned = [0] * view["players"]
    for dog in view["dogs"]:
        if dog["owner"] is not None:
            owned[dog["owner"]] += len(dog["cards"])
    return owned


BOTS = {"easy": easy_bot, "normal": bot, "hard": hard_bot}
