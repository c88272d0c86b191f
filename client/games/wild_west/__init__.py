"""Wild West's table (see `table`): its sheets, board, score sheet and art."""

from client.games.wild_west.table import WildWestTable

__all__ = ["WildWestTable"]
