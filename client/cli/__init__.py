"""The command lines (no pygame): `spielabend`, host, join, browse, relay, demo, headless."""
