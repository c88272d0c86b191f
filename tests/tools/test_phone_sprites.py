"""tools/phone_sprites.py: the sheets the phone page draws from are exact, small and reproducible."""

import io
import json

import pygame
import pytest

from tools import phone_sprites


def _sprites():
    """Three small drawings with soft edges (many colours) and one flat one."""
    pygame.init()
    flat = pygame.Surface((20, 30), pygame.SRCALPHA)
    flat.fill((200, 40, 40, 255))
    soft = pygame.Surface((64, 40), pygame.SRCALPHA)
    for x in range(64):
        for y in range(40):
            soft.set_at((x, y), (x * 4, 255 - y * 6, 90, 40 + x * 3))
    ring = pygame.Surface((33, 33), pygame.SRCALPHA)
    pygame.draw.circle(ring, (20, 120, 250, 255), (16, 16), 15, 4)
    return {"flat": flat, "soft": soft, "ring": ring, "back": flat.copy()}


def _pixels(surface):
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("palette", [True, False])
def test_every_sprite_comes_back_pixel_for_pixel_from_the_sheet(palette):
    sprites = _sprites()
    if palette:
        del sprites["soft"]  # few colours: a palette sheet
    png, atlas_bytes = phone_sprites.sheet(sprites)
    atlas = json.loads(atlas_bytes)
    assert atlas["scale"] == 2 and sorted(atlas["sprites"]) == sorted(sprites)
    loaded = pygame.image.load(io.BytesIO(png), "sheet.png")
    assert list(loaded.get_size()) == atlas["size"]
    assert (png[25] == 3) is palette  # colour type: 3 palette, 6 RGBA
    boxes = []
    for key, (x, y, w, h) in atlas["sprites"].items():
        assert (w, h) == sprites[key].get_size()
        assert _pixels(loaded.subsurface((x, y, w, h))) == _pixels(sprites[key]), key
        boxes.append(pygame.Rect(x, y, w, h))
    assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:]), "sprites overlap"


def test_the_same_drawings_give_the_same_bytes():
    assert phone_sprites.sheet(_sprites()) == phone_sprites.sheet(_sprites())


def test_a_key_that_is_not_short_ascii_is_refused(monkeypatch):
    class Module:
        @staticmethod
        def sprites():
            return {"Gelb Karte": pygame.Surface((4, 4))}

    monkeypatch.setattr(phone_sprites.importlib, "import_module", lambda name: Module)
    with pytest.raises(ValueError, match="short ASCII"):
        phone_sprites.drawn("wie_waldi")


def test_check_names_a_game_whose_shipped_sheet_is_stale(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(phone_sprites, "games_with_sprites", lambda: ["die_mauer", "wie_waldi"])
    monkeypatch.setattr(phone_sprites, "drawn", lambda game: _sprites())
    assert phone_sprites.main(["--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["die_mauer.json", "die_mauer.png",
                                                          "wie_waldi.json", "wie_waldi.png"]
    assert phone_sprites.main(["--out", str(tmp_path), "--check"]) == 0
    (tmp_path / "wie_waldi.png").write_bytes(b"old")
    capsys.readouterr()
    assert phone_sprites.main(["--out", str(tmp_path), "--check"]) == 1
    err = capsys.readouterr().err
    assert "wie_waldi" in err and "die_mauer" not in err
    assert phone_sprites.main(["--out", str(tmp_path), "--check", "--game", "die_mauer"]) == 0
    assert phone_sprites.main(["--out", str(tmp_path), "--game", "nope"]) == 2


def test_the_shipped_sheets_match_what_the_games_draw_now():
    """Every game with phone_sprites.py ships its current sheet (run the tool after a change)."""
    if not phone_sprites.games_with_sprites():
        pytest.skip("no game draws phone sprites yet")
    assert phone_sprites.main(["--check"]) == 0


def test_every_file_of_assets_phone_ships_in_the_wheel():
    """pyproject's package data takes every sheet, atlas and video under assets/phone/."""
    import fnmatch
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    globs = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"][
        "spielabend_assets"]
    files = [p.relative_to(root / "assets").as_posix() for p in (root / "assets" / "phone").iterdir()]
    assert "phone/awake.webm" in files and "phone/awake.mp4" in files
    assert all(any(fnmatch.fnmatch(name, glob) for glob in globs) for name in files), (files, globs)
