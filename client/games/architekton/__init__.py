"""Architekton's table (`table`): its camera (`camera`), a seat's steps (`choices`), what
it mirrors (`state`), where things are (`layout`), its pieces (`art`), its drawing
(`paint`), its words (`words`) and its how-to pages (`howto`)."""

from client.games.architekton.table import ArchitektonTable

__all__ = ["ArchitektonTable"]
