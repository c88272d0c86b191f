"""One module (or package) per game's table. `TABLES` maps each game id that has a table
in this window to its `client.table.GameTable` subclass; the picker, set-up, LAN lobby
and join screens open tables only through it (see docs/architecture.md)."""

from client.games.architekton import ArchitektonTable
from client.games.die_mauer import DieMauerTable
from client.games.drunter_druber import DrunterDruberTable
from client.games.wie_waldi import WieWaldiTable
from client.games.wild_west import WildWestTable
from client.table.game import GameTable

TABLES: dict[str, type[GameTable]] = {
    "architekton": ArchitektonTable,
    "die_mauer": DieMauerTable,
    "drunter_druber": DrunterDruberTable,
    "wie_waldi": WieWaldiTable,
    "wild_west": WildWestTable,
}
