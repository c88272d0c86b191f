"""Wie Waldi's table: `table` (the race at the shared table), `lanes` (where dogs lie),
`art` (cards, coats, piles, markers and bones drawn in code)."""

from client.games.wie_waldi.table import WieWaldiTable

__all__ = ["WieWaldiTable"]
