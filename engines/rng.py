"""The one source of randomness an engine may use: a keyed cryptographic generator.

Every hidden thing (a shuffled pile, a dealt hand) comes from here, and players see
many of its outputs, so nothing they see may let them recover its state or its seed.
The generator is BLAKE2b in counter mode: block ``i`` is ``BLAKE2b-512(i, key=K)``, read
as eight 64-bit words, and ``K`` is a 256-bit key hashed from the seed. Working out the
next word from any number of earlier ones means breaking BLAKE2b as a keyed hash (a
PRF); the seed behind ``K`` only helps a player who can guess it, so hosts draw seeds of
at least 128 bits from the operating system (`netplay.host.fresh_seed`). The standard
library's hashlib keeps engines pure, and the same seed gives the same stream on every
machine.

The state is the key, the block counter and how many words of the current block are
left; `to_plain` writes it as plain data for saves and digests (never for a view).
"""

import hashlib
import struct
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_PERSON_SEED = b"spielabend-seed"  # domain separation: a seed's key, a fork's key
_PERSON_FORK = b"spielabend-fork"
_WORDS = struct.Struct("<8Q").unpack  # one 64-byte block as eight words


def _key(material: bytes, person: bytes) -> bytes:
    return hashlib.blake2b(material, digest_size=32, person=person).digest()


class Rng:
    """Seeded, deterministic, and unpredictable to anyone without the seed.

    >>> a, b = Rng(7), Rng(7)
    >>> [a.below(6) for _ in range(5)] == [b.below(6) for _ in range(5)]
    True
    """

    __slots__ = ("_key", "_block", "_words")
    KIND = "rng"

    def __init__(self, seed: int = 0):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("seed must be an int")
        self._key = _key(str(seed).encode("ascii"), _PERSON_SEED)
        self._block = 0  # the next block to compute
        self._words: list[int] = []  # the current block's unread words, next one last

    def _refill(self) -> None:
        block = hashlib.blake2b(self._block.to_bytes(16, "little"), key=self._key, digest_size=64).digest()
        self._block += 1
        words = list(_WORDS(block))
        words.reverse()
        self._words = words

    def next64(self) -> int:
        """A uniform 64-bit word."""
        if not self._words:
            self._refill()
        return self._words.pop()

    def below(self, n: int) -> int:
        """A uniform int in range(n) (n >= 1); bias is below 2**-50 for game sizes."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        if not self._words:
            self._refill()
        return (self._words.pop() * n) >> 64

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, salt: int) -> "Rng":
        """An independent generator derived from this one (for bots, sub-decks): its
        key is a keyed hash of ``salt`` and this generator's next word."""
        child = Rng.__new__(Rng)
        material = self._key + f"{int(salt)}:{self.next64()}".encode("ascii")
        child._key, child._block, child._words = _key(material, _PERSON_FORK), 0, []
        return child

    def to_plain(self) -> list[Any]:
        """``[key as hex, next block, unread words of the current block]``."""
        return [self._key.hex(), self._block, len(self._words)]

    @classmethod
    def from_plain(cls, plain: list[Any]) -> "Rng":
        """Rebuild from `to_plain`; ValueError or TypeError for anything else."""
        key_hex, block, unread = plain
        key = bytes.fromhex(key_hex)
        if (len(key) != 32 or type(block) is not int or type(unread) is not int
                or block < 0 or not 0 <= unread <= 8 or (unread and not block)):
            raise ValueError("not a generator state")
        rng = cls.__new__(cls)
        rng._key, rng._block, rng._words = key, block, []
        if unread:
            rng._block -= 1
            rng._refill()
            del rng._words[unread:]  # the unread words are the last ones of the block
        return rng

    def __getstate__(self) -> tuple[bytes, int, list[int]]:  # clone() pickles states: the same three fields
        return self._key, self._block, self._words

    def __setstate__(self, state: tuple[bytes, int, list[int]]) -> None:
        self._key, self._block, words = state
        self._words = list(words)
