"""A finished game's journal as its history row keeps it (`client.evening.history`): its save's
records (`netplay.replays.kept_records`), each as a save's line (its checksum, then its JSON), so
damage inside is found record by record, compressed."""

import zlib

from netplay.saves import record_line


def pack(journal: list[str] | None) -> bytes | None:
    """A journal (its records' JSON texts) as its row keeps it: save lines, compressed (a long
    game's few hundred kilobytes of JSON become a few tens)."""
    if journal is None:
        return None
    return zlib.compress(b"".join(record_line(body) for body in journal), 6)


def unpack(packed: bytes) -> list[str]:
    """The lines of a packed journal (`netplay.replays.Replay.from_records` reads them); of a
    damaged one, those before the damage (the last, likely cut short, is kept too: a replay
    finds it damaged by its checksum and says so)."""
    inflate = zlib.decompressobj()
    try:
        data = inflate.decompress(bytes(packed))
    except zlib.error:
        data = b""
        inflate = zlib.decompressobj()
        for at in range(0, len(packed), 256):  # what inflates before the damage
            try:
                data += inflate.decompress(bytes(packed[at:at + 256]))
            except zlib.error:
                break
    lines = data.decode("utf-8", errors="replace").split("\n")
    return lines[:-1] if lines[-1] == "" else lines
