"""Drunter & Drüber's table (see `table`), its art, its town and its drawing."""

from client.games.drunter_druber.table import DrunterDruberTable

__all__ = ["DrunterDruberTable"]
