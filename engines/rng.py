"""The one source of randomness an engine may use: a small seeded generator.

SplitMix64 keeps its whole state in one integer, so it serialises into saves and
digests as plain data and gives the same stream on every machine.
"""

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)
    KIND = "rng"

    def __init__(self, seed: int = 0):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("seed must be an int")
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in range(n) (n >= 1); bias is below 2**-50 for game sizes."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        return (self.next64() * n) >> 64

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, salt: int) -> "Rng":
        """An independent generator derived from this one (for bots, sub-decks)."""
        return Rng(self.next64() ^ (salt * 0x9E3779B97F4A7C15 & _MASK))

    def to_plain(self) -> int:
        return self.state

    @classmethod
    def from_plain(cls, plain: int) -> "Rng":
        rng = cls()
        rng.state = plain & _MASK
        return rng
