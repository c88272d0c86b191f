"""Wild West's table (see `table`): its hooks in `table`, where things are in `layout`, the
drawing in `paint`, the pictures in `art`, the town sheets and the final tally in
`scoresheet`, the sentences in `words`, what is kept from events in `state`, the how-to
pages in `howto`."""

from client.games.wild_west.table import WildWestTable

__all__ = ["WildWestTable"]
