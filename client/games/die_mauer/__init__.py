"""Die Mauer's table (see `table`), its art and its wall."""

from client.games.die_mauer.table import DieMauerTable

__all__ = ["DieMauerTable"]
