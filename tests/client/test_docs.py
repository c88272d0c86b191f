"""The repository stands alone: the README points at nothing outside it, and each rules
page carries in full every ruling it cites."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ["die_mauer", "drunter_druber", "wild_west", "wie_waldi", "architekton"]


def test_the_readme_points_only_inside_the_repository():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../shared" not in readme and "shared/RULINGS" not in readme
    for path in re.findall(r"`((?:docs|client|engines|netplay|tools|tests|assets)/[^`*<>]+)`", readme):
        assert (ROOT / path.rstrip("/")).exists(), path


@pytest.mark.parametrize("game_id", RULES)
def test_a_rules_page_carries_every_ruling_it_cites(game_id):
    text = (ROOT / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
    assert "shared/" not in text
    cited = set(re.findall(r"\b((?:DM|DD|WW|WA|AR)-\d+)", text))
    defined = set(re.findall(r"^- \*\*((?:DM|DD|WW|WA|AR)-\d+) ", text, re.MULTILINE))
    assert cited and cited <= defined, sorted(cited - defined)
