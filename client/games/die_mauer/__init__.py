"""Die Mauer's table (`table`): its pieces (`art`), where things stand (`layout`), what it
keeps from events (`state`), its drawing (`paint`), its words (`words`) and how to play
(`howto`)."""

from client.games.die_mauer.table import DieMauerTable

__all__ = ["DieMauerTable"]
