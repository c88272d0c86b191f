"""The client's shape: no import cycles (one place, client.flow, decides where to go
next), the shared table knows no game, and tables are reached only through TABLES."""

import ast
from pathlib import Path

import pytest

from client.games import TABLES
from client.table.game import GameTable
from engines import GAMES

CLIENT = Path(__file__).resolve().parents[2] / "client"


def module_name(path: Path) -> str:
    parts = path.relative_to(CLIENT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports() -> dict[str, set[str]]:
    """Every client module and the client modules it imports (at the top or inside a function)."""
    modules = {module_name(path): path for path in CLIENT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                continue
            found |= {target for target in targets if target in modules and target != name}
        graph[name] = found
    return graph


def test_client_modules_import_each_other_without_a_cycle():
    graph = imports()
    visiting, done = [], set()

    def visit(module):
        if module in done:
            return
        assert module not in visiting, "import cycle: " + " -> ".join(visiting[visiting.index(module):] + [module])
        visiting.append(module)
        for target in graph[module]:
            if not (module.startswith(target + ".") or target.startswith(module + ".")):  # a package and its parts
                visit(target)
        visiting.pop()
        done.add(module)

    for module in graph:
        visit(module)


def test_scenes_never_open_each_other_only_the_flow_does():
    graph = imports()
    scenes = {name for name in graph if name.startswith("client.scenes.")}
    for scene in scenes | {name for name in graph if name.startswith("client.table")}:
        assert not graph[scene] & scenes, f"{scene} imports {graph[scene] & scenes}"
        assert "client.flow" not in graph[scene] and "client.app" not in graph[scene], scene
    assert scenes <= graph["client.flow"]


def test_the_shared_table_knows_no_game():
    for path in (CLIENT / "table").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "client.games" not in text, path
        for game_id in GAMES:
            assert game_id not in text, f"{path} names {game_id}"


def test_game_ids_are_written_only_in_their_own_modules():
    allowed = {CLIENT / "games" / "__init__.py", CLIENT / "howto" / "__init__.py"}
    for path in CLIENT.rglob("*.py"):
        if path in allowed or "games" in path.relative_to(CLIENT).parts or "howto" in path.relative_to(CLIENT).parts:
            continue
        text = path.read_text(encoding="utf-8")
        for game_id in GAMES:
            assert f'"{game_id}"' not in text, f"{path} names {game_id}"


def test_every_table_is_a_game_table_of_a_real_game():
    for game_id, table in TABLES.items():
        assert game_id in GAMES and issubclass(table, GameTable) and table.game_id == game_id


def handle_reads(tree: ast.AST) -> list[tuple[int, str, str]]:
    """(line, what, name) for every name a module reads through a table handle: ``self.table.x``,
    ``game.table.x`` and ``table.x`` give ("table", "x"); ``<table>.model.x`` gives ("model", "x")."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        if isinstance(owner, ast.Attribute) and owner.attr == "table" or isinstance(owner, ast.Name) and owner.id == "table":
            found.append((node.lineno, "table", node.attr))
        elif isinstance(owner, ast.Attribute) and owner.attr == "model" and (
                isinstance(owner.value, ast.Attribute) and owner.value.attr == "table"
                or isinstance(owner.value, ast.Name) and owner.value.id == "table"):
            found.append((node.lineno, "model", node.attr))
    return found


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_a_game_reaches_the_table_only_through_its_handle(game_id):
    """A game's modules use the narrow `TableHandle`, never the scene's insides (its app,
    pacer, the model's queue, the animator's tween dict)."""
    from client.table.handle import HANDLE_NAMES, ModelReading

    model_names = {name for name in dir(ModelReading) if not name.startswith("_")}
    package = CLIENT / "games" / game_id
    assert package.is_dir(), f"{game_id}'s table is a package"
    problems = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(CLIENT.parent)
        for line, what, name in handle_reads(tree):
            allowed = HANDLE_NAMES if what == "table" else model_names
            if name not in allowed:
                problems.append(f"{where}:{line} reads {what}.{name}")
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ("tweens", "app", "pacer"):
                problems.append(f"{where}:{node.lineno} reaches .{node.attr}")
            if isinstance(node, ast.ImportFrom) and node.module == "client.table.scene":
                problems.append(f"{where}:{node.lineno} imports the table scene")
    assert not problems, "\n".join(problems)


# The shared table's modules another part of the client owns; everything else there is measured.
NOT_THE_TABLES_OWN = {"results.py", "pause.py", "phones.py", "logview.py"}


def test_the_table_is_made_of_small_parts():
    """The scene is glue; no part of the shared table grows past ~450 lines."""
    for path in sorted((CLIENT / "table").glob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 450, f"{path.name} has {lines} lines"


def test_the_table_reaches_the_hosted_table_only_through_its_host_controls():
    """Nothing at the table touches a host, a LAN server or a phone service: a table this
    screen hosts is reached through its `HostControls` (``hosting``) alone, whichever way
    the table was built (couch, LAN, continued, the group's next)."""
    pieces = {"host", "server", "phones", "handle"}
    problems = []
    for path in sorted((CLIENT / "table").glob("*.py")):
        if path.name in NOT_THE_TABLES_OWN:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Attribute) or node.attr == "setter":  # a property's setter is no host
                continue
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in pieces or isinstance(owner, ast.Attribute) and owner.attr in pieces:
                problems.append(f"{path.name}:{node.lineno} reaches .{node.attr} of the {ast.unparse(owner)}")
            if node.attr in pieces and not (isinstance(owner, ast.Name) and owner.id in ("self", "hosting")):
                problems.append(f"{path.name}:{node.lineno} reaches .{node.attr} of {ast.unparse(owner)}")
    assert not problems, "\n".join(problems)

    from client.hosting.hosted import HostControls, HostedTable

    members = {name for name in dir(HostControls) if not name.startswith("_")}
    assert members <= set(dir(HostedTable))  # the hosted table is what a table's controls are
