"""Architekton's table (see `table`), its pieces (`art`), what it shows (`board`), its
drawing (`paint`) and its words (`words`)."""

from client.games.architekton.table import ArchitektonTable

__all__ = ["ArchitektonTable"]
