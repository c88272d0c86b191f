"""LAN play: the authoritative host, seats, discovery, transport and peers (no pygame)."""
