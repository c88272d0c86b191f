"""Phone sprite sheets: each game's pieces, drawn by the client's own code, packed for the page.

For every game ``G`` that has ``client/games/G/phone_sprites.py`` (``sprites() -> dict[str,
pygame.Surface]``, drawn at 2x the CSS size the phone page shows them at), this packs the
surfaces into one sheet and writes, under ``assets/phone/``:

- ``G.png``: the sheet (RGBA, or a palette with transparency when it has at most 256
  colours; filtered per row and deflated at level 9: as small as this tool can make it);
- ``G.json``: ``{"scale": 2, "size": [W, H], "sprites": {KEY: [x, y, w, h]}}`` in sheet pixels.

Deterministic: the same drawings give the same bytes (keys sorted, a fixed packing, no
timestamps in the PNG). ``--check`` writes nothing and exits 1, naming each game whose
shipped sheet differs from what its code draws now (or is missing).

    .venv/bin/python tools/phone_sprites.py [--game G ...] [--check] [--out assets/phone]
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import re
import struct
import sys
import zlib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SCALE = 2
KEY = re.compile(r"^[a-z0-9_.-]+$")
PAD = 2  # transparent sheet pixels between sprites: no neighbour bleeds into a scaled slice
MAX_WIDTH = 1024


def games_with_sprites() -> list[str]:
    from engines import GAMES

    return [game for game in sorted(GAMES) if (ROOT / "client" / "games" / game / "phone_sprites.py").exists()]


def drawn(game: str) -> dict[str, Any]:
    """The game's sprites, drawn under SDL's dummy driver."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    module = importlib.import_module(f"client.games.{game}.phone_sprites")
    sprites = module.sprites()
    for key, surface in sprites.items():
        if not isinstance(key, str) or not KEY.match(key):
            raise ValueError(f"{game}: sprite key {key!r} is not short ASCII [a-z0-9_.-]+")
        width, height = surface.get_size()
        if width <= 0 or height <= 0 or width > MAX_WIDTH:
            raise ValueError(f"{game}: sprite {key!r} is {width}x{height} (1..{MAX_WIDTH} px wide)")
    return sprites


def pack(sizes: dict[str, tuple[int, int]], max_width: int = MAX_WIDTH) -> tuple[dict[str, list[int]], int, int]:
    """Shelf packing: tallest first (then by key), rows left to right. Returns each key's
    ``[x, y, w, h]`` and the sheet's width and height."""
    order = sorted(sizes, key=lambda key: (-sizes[key][1], -sizes[key][0], key))
    area = sum((w + PAD) * (h + PAD) for w, h in sizes.values())
    width = max(max([w for w, _ in sizes.values()] + [1]), min(max_width, math.ceil(math.sqrt(area) * 1.15)))
    places: dict[str, list[int]] = {}
    x = y = shelf = 0
    for key in order:
        w, h = sizes[key]
        if x and x + w > width:
            x, y, shelf = 0, y + shelf + PAD, 0
        places[key] = [x, y, w, h]
        x += w + PAD
        shelf = max(shelf, h)
    return places, max(1, width), max(1, y + shelf)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def _filtered(rows: list[bytes], bpp: int) -> bytes:
    """Each row with the PNG filter whose bytes sum smallest (the usual heuristic)."""
    out = bytearray()
    previous = bytes(len(rows[0])) if rows else b""
    for row in rows:
        n = len(row)
        up = previous
        candidates = [
            bytes(row),
            bytes((row[i] - (row[i - bpp] if i >= bpp else 0)) & 0xFF for i in range(n)),
            bytes((row[i] - up[i]) & 0xFF for i in range(n)),
            bytes((row[i] - (((row[i - bpp] if i >= bpp else 0) + up[i]) >> 1)) & 0xFF for i in range(n)),
            bytes((row[i] - _paeth(row[i - bpp] if i >= bpp else 0, up[i], up[i - bpp] if i >= bpp else 0)) & 0xFF
                  for i in range(n)),
        ]
        best = min(range(5), key=lambda f: (sum(b if b < 128 else 256 - b for b in candidates[f]), f))
        out.append(best)
        out += candidates[best]
        previous = row
    return bytes(out)


def png_bytes(width: int, height: int, rgba: bytes) -> bytes:
    """A PNG of ``rgba`` (row-major): a palette with transparency when the picture has at
    most 256 colours, else 8-bit RGBA; no time or text chunks, so the bytes are reproducible."""
    stride = width * 4
    colours: dict[bytes, int] = {}
    for i in range(0, len(rgba), 4):
        pixel = rgba[i:i + 4] if rgba[i + 3] else b"\0\0\0\0"  # every clear pixel is one colour
        if pixel not in colours:
            if len(colours) == 256:
                break
            colours[pixel] = len(colours)
    else:
        ordered = sorted(colours, key=lambda c: (c[3] == 255, c))  # translucent first: a short tRNS
        index = {colour: i for i, colour in enumerate(ordered)}
        rows = []
        for y in range(height):
            line = rgba[y * stride:(y + 1) * stride]
            rows.append(bytes(index[line[i:i + 4] if line[i + 3] else b"\0\0\0\0"] for i in range(0, stride, 4)))
        alphas = bytes(c[3] for c in ordered if c[3] != 255)
        head = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
        return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", head)
                + _chunk(b"PLTE", b"".join(c[:3] for c in ordered))
                + (_chunk(b"tRNS", alphas) if alphas else b"")
                + _chunk(b"IDAT", zlib.compress(_filtered(rows, 1), 9)) + _chunk(b"IEND", b""))
    rows = [rgba[y * stride:(y + 1) * stride] for y in range(height)]
    head = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", head)
            + _chunk(b"IDAT", zlib.compress(_filtered(rows, 4), 9)) + _chunk(b"IEND", b""))


def sheet(sprites: dict[str, Any]) -> tuple[bytes, bytes]:
    """The packed sheet's PNG and atlas JSON bytes for ``sprites`` (key -> pygame.Surface)."""
    import pygame

    places, width, height = pack({key: surface.get_size() for key, surface in sprites.items()})
    canvas = pygame.Surface((width, height), pygame.SRCALPHA)
    canvas.fill((0, 0, 0, 0))
    for key in sorted(places):
        x, y, _, _ = places[key]
        canvas.blit(sprites[key].convert_alpha() if pygame.display.get_surface() else sprites[key], (x, y))
    rgba = pygame.image.tobytes(canvas, "RGBA")
    atlas = {"scale": SCALE, "size": [width, height], "sprites": {key: places[key] for key in sorted(places)}}
    return png_bytes(width, height, rgba), (json.dumps(atlas, sort_keys=True, separators=(",", ":")) + "\n").encode()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: every game with sprites")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a shipped sheet is stale")
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "phone")
    args = parser.parse_args(argv)
    known = games_with_sprites()
    games = args.game or known
    unknown = [game for game in games if game not in known]
    if unknown:
        print(f"phone_sprites: no client/games/<game>/phone_sprites.py for {', '.join(unknown)}", file=sys.stderr)
        return 2
    stale = []
    for game in games:
        png, atlas = sheet(drawn(game))
        png_path, atlas_path = args.out / f"{game}.png", args.out / f"{game}.json"
        if args.check:
            same = (png_path.exists() and atlas_path.exists()
                    and png_path.read_bytes() == png and atlas_path.read_bytes() == atlas)
            if not same:
                stale.append(game)
            continue
        args.out.mkdir(parents=True, exist_ok=True)
        png_path.write_bytes(png)
        atlas_path.write_bytes(atlas)
        print(f"{game}: {len(json.loads(atlas)['sprites'])} sprites, {len(png)} bytes -> {png_path}")
    if stale:
        print(f"phone_sprites: stale or missing sheet for {', '.join(stale)}: run tools/phone_sprites.py "
              f"--game {' --game '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
