"""Drunter & Drüber's table (see `table`): where things are (`layout`), what the events
told (`state`), its words (`words`), its pictures (`art`, `town`), its drawing (`paint`,
`paint_seats`) and its how-to pages (`howto`)."""

from client.games.drunter_druber.table import DrunterDruberTable

__all__ = ["DrunterDruberTable"]
