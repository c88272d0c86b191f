"""Every limit a LAN host holds its peers to, in one place. Sans I/O, like
`netplay.protocol`: the server passes addresses and the time in.

`RateLimit`: one token bucket policy for every rate. A peer may send ``rate`` messages a
second on average, in bursts of up to ``burst``. Past that a message is refused
(``"throttle"``) at no cost to the game. Refusals fill a second bucket of size
``patience`` that empties at ``rate * FORGIVE`` a second; when it overflows the peer is
dropped. So a peer a little over the rate loses just the excess, never more, and one
that keeps sending ``x`` a second, more than ``rate * (1 + FORGIVE)``, is dropped after
about ``burst / (x - rate) + patience / (x - rate * (1 + FORGIVE))`` seconds.
Intents: 50 a second, bursts of 50, patience 50: 54 a second runs forever with the
excess (1 in 13.5) refused; 60 a second is dropped after about 15 s (11% refused until then);
90 a second after about 3 s; 150 at once get 50 answers, 50 refusals, then the drop.
Messages of any kind, pings included: 200 a second, bursts of 200, no patience (one
over is dropped at once: no client of ours comes near).

`ConnectRate`: each address may open `CONNECTS_PER_SECOND` connections a second (bursts
of `CONNECT_BURST`); a connection beyond that gets one short `slow_down` refusal with
the wait (`ConnectRate.wait`) and is closed, before any other work is spent on it and
before it can push anyone out of the waiting room (so a player behind the same address
as a crowd sees why). A client reconnects a few
times a minute at most; a crowd that reopens every cut connection at once mostly
meets closed doors, and the host keeps its time for the players.

`WaitingRoom`: connections that have not said hello yet cost the host a descriptor
each, so there is room for `MAX_WAITING` of them, and at most `MAX_WAITING_PER_ADDRESS`
from one address. A newcomer is never turned away: when an address holds too many, its
oldest waiting connection makes room; when the room is full, the oldest connection of
the address holding the most does. A player who connects and says hello within a round
trip therefore gets in however many idle connections other addresses hold or reopen.

`PasswordGuard`: after `FREE_FAILURES` wrong passwords from one address, its next try
waits `FIRST_WAIT` seconds, doubling with each further failure up to `LONGEST_WAIT`; a
try that comes sooner is refused unchecked. A right password clears the count, and an
address silent for `FORGET_AFTER` seconds starts afresh. Guessing from one address is
held to one try per `LONGEST_WAIT`; the right player, if they mistyped, waits at most that.

Addresses: an IPv4 address is one address (an IPv4-mapped IPv6 address counts as its
IPv4 one); an IPv6 address counts as its /64 network, which one machine may fill with
addresses of its own.
"""

import ipaddress
from collections import OrderedDict
from typing import Generic, TypeVar

Item = TypeVar("Item")  # what waits in a WaitingRoom (a connection)

INTENTS_PER_SECOND = 50
MESSAGES_PER_INTENT = 4  # messages of any kind a peer may send per intent it may send
FORGIVE = 0.1
CONNECTS_PER_SECOND = 10
CONNECT_BURST = 20
MAX_WAITING = 256
MAX_WAITING_PER_ADDRESS = 8
FREE_FAILURES = 3
FIRST_WAIT = 0.5
LONGEST_WAIT = 5.0
FORGET_AFTER = 300.0
MAX_TRACKED = 4096  # addresses remembered (connect rates, passwords); the quietest are forgotten first


class RateLimit:
    """A token bucket with patience (see the module docstring)."""

    def __init__(self, rate: float, burst: float | None = None, patience: float = 0.0):
        if rate <= 0:
            raise ValueError("a rate must be positive")
        self.rate = float(rate)
        self.burst = float(rate if burst is None else burst)
        self.patience = float(patience)
        self._tokens, self._refused = self.burst, 0.0
        self._at: float | None = None

    def check(self, now: float) -> str:
        """``"ok"``, ``"throttle"`` or ``"drop"`` for one more message at ``now``."""
        if self._at is not None and now > self._at:
            elapsed = now - self._at
            self._tokens = min(self.burst, self._tokens + elapsed * self.rate)
            self._refused = max(0.0, self._refused - elapsed * self.rate * FORGIVE)
        if self._at is None or now > self._at:
            self._at = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return "ok"
        self._refused += 1.0
        return "drop" if self._refused > self.patience else "throttle"


    def until_next(self, now: float) -> float:
        """Seconds from ``now`` until one more message would pass (0: it would now)."""
        tokens = self._tokens if self._at is None else min(self.burst, self._tokens + max(0.0, now - self._at) * self.rate)
        return max(0.0, (1.0 - tokens) / self.rate)


def intent_limit(rate: float = INTENTS_PER_SECOND) -> RateLimit:
    return RateLimit(rate, rate, patience=rate)


def message_limit(intent_rate: float = INTENTS_PER_SECOND) -> RateLimit:
    return RateLimit(MESSAGES_PER_INTENT * intent_rate)


def address_key(host: str) -> str:
    """The address a connection counts against (see the module docstring)."""
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        if not ip.is_loopback:
            return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class WaitingRoom(Generic[Item]):
    """Connections waiting to say hello, by address, oldest first."""

    def __init__(self, limit: int = MAX_WAITING, per_address: int = MAX_WAITING_PER_ADDRESS):
        if limit < 1 or per_address < 1:
            raise ValueError("the waiting room needs room for one")
        self.limit, self.per_address = limit, per_address
        self._by_address: dict[str, OrderedDict[Item, int]] = {}
        self._where: dict[Item, tuple[str, int]] = {}  # item -> (address, arrival number)
        self._arrivals = 0

    def __len__(self) -> int:
        return len(self._where)

    def count(self, address: str) -> int:
        return len(self._by_address.get(address, ()))

    def admit(self, item: Item, address: str) -> list[Item]:
        """Let ``item`` wait; returns the older items that must leave to make room."""
        self._arrivals += 1
        self._where[item] = (address, self._arrivals)
        self._by_address.setdefault(address, OrderedDict())[item] = self._arrivals
        evicted: list[Item] = []
        while self.count(address) > self.per_address:
            evicted.append(self._oldest_of(address))
        while len(self._where) > self.limit:
            crowded = max(self._by_address, key=lambda a: (len(self._by_address[a]),
                                                          -next(iter(self._by_address[a].values()))))
            evicted.append(self._oldest_of(crowded))
        return evicted

    def leave(self, item: Item) -> None:
        """``item`` said hello or went away."""
        where = self._where.pop(item, None)
        if where is None:
            return
        waiting = self._by_address[where[0]]
        del waiting[item]
        if not waiting:
            del self._by_address[where[0]]

    def _oldest_of(self, address: str) -> Item:
        item = next(iter(self._by_address[address]))
        self.leave(item)
        return item


class ConnectRate:
    """New connections per address (module docstring); remembers `MAX_TRACKED` addresses."""

    def __init__(self) -> None:
        self._buckets: dict[str, RateLimit] = {}

    def allow(self, address: str, now: float) -> bool:
        return self.wait(address, now) == 0.0

    def wait(self, address: str, now: float) -> float:
        """0 if ``address`` may open one more connection at ``now`` (counted); else how
        many seconds until it may (the refused try is not counted)."""
        bucket = self._buckets.pop(address, None)
        if bucket is None:
            bucket = RateLimit(CONNECTS_PER_SECOND, CONNECT_BURST)
        self._buckets[address] = bucket  # re-inserted: the dict is least recently seen first
        if len(self._buckets) > MAX_TRACKED:
            del self._buckets[next(iter(self._buckets))]
        if bucket.check(now) == "ok":
            return 0.0
        return bucket.until_next(now)


class PasswordGuard:
    """Wrong passwords per address, and how long each must wait (module docstring)."""

    def __init__(self) -> None:
        self._failures: dict[str, tuple[int, float]] = {}  # address -> (failures, last at)

    def wait(self, address: str, now: float) -> float:
        """Seconds until ``address`` may try a password again (0: now)."""
        failures, last = self._failures.get(address, (0, 0.0))
        if failures and now - last >= FORGET_AFTER:
            del self._failures[address]
            return 0.0
        if failures < FREE_FAILURES:
            return 0.0
        backoff: float = min(LONGEST_WAIT, FIRST_WAIT * 2 ** (failures - FREE_FAILURES))
        return max(0.0, last + backoff - now)

    def failed(self, address: str, now: float) -> None:
        failures, _ = self._failures.pop(address, (0, 0.0))
        self._failures[address] = (failures + 1, now)  # re-inserted: the dict is oldest first
        if len(self._failures) > MAX_TRACKED:
            del self._failures[next(iter(self._failures))]

    def succeeded(self, address: str) -> None:
        self._failures.pop(address, None)
