"""Wie Waldi's table: `table` (the race at the shared table, hooks only), `paint` (the
drawing), `words` (every sentence), `layout` (where things are), `lanes` (where each dog
lies), `state` (what is kept from events), `art` (cards, coats, piles, markers and bones
drawn in code) and `howto` (the how-to pages)."""

from client.games.wie_waldi.table import WieWaldiTable

__all__ = ["WieWaldiTable"]
