"""The wheel is the game: built offline from a copy of the repository, it carries the Inter
font with its licence and the phone page, and the game set up from it alone (no checkout,
no editable install) draws its words in Inter."""

import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CODE = ["client", "engines", "netplay"]
FONTS = ["Inter-Regular.otf", "Inter-SemiBold.otf", "Inter-Bold.otf"]
PHONE_PAGE = ["index.html", "phone.css", "phone.js", "refused.html"]


def _package_folders() -> set[str]:
    return {".".join(init.parent.relative_to(ROOT).parts)
            for top in CODE for init in (ROOT / top).rglob("__init__.py")}


def test_every_package_folder_is_listed_in_pyproject():
    """pyproject.toml lists the packages by hand (one is mapped from `assets/`), so a new
    package folder must be added there or the wheel would lack it."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert set(config["packages"]) == _package_folders() | {"spielabend_assets"}
    assert config["package-dir"] == {"spielabend_assets": "assets"}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built without network or build isolation from a clean copy of the
    sources (a stale `build/` in the checkout could otherwise slip old files in)."""
    source = tmp_path_factory.mktemp("source")
    for name in ["pyproject.toml", "README.md", "LICENSE"]:
        shutil.copy2(ROOT / name, source / name)
    for folder in [*CODE, "assets"]:
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                    "--quiet", "--wheel-dir", str(out), str(source)],
                   check=True, cwd=source, timeout=120, capture_output=True)
    (built,) = out.glob("spielabend-*.whl")
    return built


def test_the_wheel_carries_the_font_its_licence_and_the_phone_page(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for font in FONTS:
        assert f"spielabend_assets/fonts/{font}" in names
    assert "spielabend_assets/fonts/OFL.txt" in names
    for page in PHONE_PAGE:
        assert f"netplay/phone_page/{page}" in names
    licences = {name.split("/licenses/", 1)[1] for name in names if "/licenses/" in name}
    assert licences == {"LICENSE", "assets/fonts/OFL.txt"}
    for package in _package_folders():
        assert package.replace(".", "/") + "/__init__.py" in names
    metadata = next(name for name in names if name.endswith(".dist-info/METADATA"))
    assert "License-Expression: MIT AND OFL-1.1" in zipfile.ZipFile(wheel).read(metadata).decode()


PLAY_FROM_THE_WHEEL = """
import sys
from pathlib import Path
# Only the unpacked wheel may supply our packages: drop the editable install's finder.
sys.meta_path[:] = [finder for finder in sys.meta_path if "__editable__" not in getattr(finder, "__module__", "")]
import pygame
pygame.init()
import client.ui.art as art
import netplay.phones as phones
face = art.font(40)
font_file = Path(str(art.FONT_DIR / art.FONT_FILES["semibold"])).resolve()
print(face.name, font_file, Path(art.__file__).resolve(), sep="\\n")
assert phones.page_text("index.html").startswith(b"<!")
"""


def test_the_game_from_the_wheel_alone_speaks_inter(wheel, tmp_path):
    unpacked = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(unpacked)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(unpacked), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    run = subprocess.run([sys.executable, "-c", PLAY_FROM_THE_WHEEL], cwd=elsewhere, env=env,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    face_name, font_file, art_module = run.stdout.strip().splitlines()[-3:]
    assert face_name == "Inter"
    assert Path(font_file).name == "Inter-SemiBold.otf"
    assert Path(font_file).is_relative_to(unpacked.resolve())
    assert Path(art_module).is_relative_to(unpacked.resolve())
