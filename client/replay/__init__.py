"""Replays on the table: a finished game's journal played again with its own table's art
(`frames`), the viewer that plays, scrubs and reveals it (`scene`), and its clips (`export`)."""
