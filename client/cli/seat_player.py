"""Playing a session without a window: the `join` command's peer, the tests and the bench.

`SeatPlayer` follows one session's messages and knows when its seat may act: when the
latest update offers legal actions and no intent of its own is still unanswered. The
host sends updates before the accept, so after an accept the latest update is current.
"""

from engines import GAMES, Rng


def seat_name(seat) -> str:
    from client.cli.words import _

    return _("spectator") if seat is None else f"P{seat + 1}"


def person(name, seat: int):
    """A seat's name as the host sent it, as this terminal reads it: a seat nobody named
    ("Player 2") in the terminal's language, a chosen name as it is."""
    from client.cli.words import current
    from netplay.sayings import seat_name as reader_seat_name

    return reader_seat_name(name, seat, current())


def describe_event(event: dict) -> str:
    """A short line for any game's event: its type, then its fields."""
    parts = [str(event.get("type", "?"))]
    for key, value in event.items():
        if key in ("type", "wall"):
            continue
        if key in ("player", "giver", "master", "donor") and isinstance(value, int) and not isinstance(value, bool):
            value = f"P{value + 1}"
        parts.append(f"{key}={value}")
    return " ".join(parts)


class SeatPlayer:
    """What one seat has heard so far, and whether it may act now."""

    # Below the host's 50 intents per second, so a fast bot is never throttled.
    PACE = 1 / 45

    def __init__(self, bot_seed: int = 0, pace: float = PACE):
        self.pace = pace
        self.last_sent = float("-inf")
        self.welcome: dict | None = None
        self.start: dict | None = None
        self.lobby: dict | None = None
        self.last_update: dict | None = None
        self.refusal: dict | None = None
        self.bye: dict | None = None
        self.pending: set[int] = set()
        self.accepted = 0
        self.rejected: list[dict] = []
        self.updates = 0
        self.rng = Rng(bot_seed)

    @property
    def seat(self):
        return None if self.welcome is None else self.welcome["seat"]

    @property
    def ended(self) -> bool:
        return self.bye is not None or self.refusal is not None

    def absorb(self, messages: list[dict]) -> None:
        for message in messages:
            kind = message["t"]
            if kind == "update":
                self.last_update = message
                self.updates += 1
            elif kind == "accept":
                self.pending.discard(message["seq"])
                self.accepted += 1
            elif kind == "reject":
                self.pending.discard(message["seq"])
                self.rejected.append(message)
            elif kind == "welcome":
                self.welcome = message
            elif kind == "start":
                self.start = message
            elif kind == "lobby":
                self.lobby = message
            elif kind == "refuse":
                self.refusal = message
            elif kind == "bye":
                self.bye = message

    def may_act(self, now: float) -> bool:
        """Whether to send an intent at ``now`` (seconds, monotonic)."""
        return (not self.pending and not self.ended and self.last_update is not None
                and bool(self.last_update["legal"]) and now - self.last_sent >= self.pace)

    def bot_action(self):
        """The game's own bot's choice from this seat's view and legal actions."""
        update = self.last_update
        assert update is not None and self.start is not None
        return GAMES[self.start["game"]].bot(update["view"], update["legal"], self.rng)

    def sent(self, seq: int, now: float) -> None:
        self.pending.add(seq)
        self.last_sent = now
