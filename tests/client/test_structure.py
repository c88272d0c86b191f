"""The client's shape: no import cycles (one place, client.flow, decides where to go
next), the shared table knows no game, and tables are reached only through TABLES."""

import ast
from pathlib import Path

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
    scenes = {name for name in graph if name.startswith("client.scenes.") and name != "client.scenes.base"}
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
