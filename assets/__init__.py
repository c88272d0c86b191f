"""Files the game loads at run time: the Inter font and its licence (`fonts/`).

Installed as the package `spielabend_assets` (see pyproject.toml), so code reaches these
files through `importlib.resources.files("spielabend_assets")`, never through a path
from the repository's root.
"""
