"""The Wie Waldi bot: a quick dachshund breeder that sees only its own view.

Its speed is the host's business (GameInfo.bot_reaction_seconds): the bot only decides
what to do with the card it holds, or which pile to draw from.
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
