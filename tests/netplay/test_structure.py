"""netplay's imports form a tree: no module imports one that (through others) imports it.

Every import counts: at the top, inside functions and under ``if TYPE_CHECKING:``. A
circle of type-only imports still ties the modules in it together (none can be read,
moved or tested alone), which is how the host's parts and the host used to hang
together (evening, host, pausing, racing, saves, seats and session, before protocol 6).
The host's parts see their owner through small protocols of their own (`netplay.ports`)
and never import `netplay.host`."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "netplay"
PARTS = ("seats", "racing", "pausing", "evening", "saves", "session", "ports")  # what Host composes


def imports(package: Path, name: str = "netplay") -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports, anywhere in its text."""
    modules = {path.stem for path in package.glob("*.py") if path.stem != "__init__"}
    graph: dict[str, set[str]] = {}
    for module in sorted(modules):
        found: set[str] = set()
        for node in ast.walk(ast.parse((package / f"{module}.py").read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    parts = alias.name.split(".")
                    if parts[0] == name and len(parts) > 1:
                        found.add(parts[1])
            elif isinstance(node, ast.ImportFrom):
                if node.level == 1 or (node.level == 0 and node.module and node.module.split(".")[0] == name):
                    inner = (node.module or "").split(".") if node.level == 1 else node.module.split(".")[1:]
                    if inner and inner[0]:
                        found.add(inner[0])
                    else:  # from . import x / from netplay import x: x may be a module
                        found |= {alias.name for alias in node.names}
        graph[module] = (found & modules) - {module}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every circle of imports (strongly connected parts of more than one module), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:  # Tarjan's algorithm
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph.get(module, ())):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == module:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def test_the_finder_sees_a_circle_of_type_only_imports(tmp_path):
    """The check itself: a circle closed only under TYPE_CHECKING, or inside a function, is one."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from .b import B\n")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .c import C\n")
    (package / "c.py").write_text("def f():\n    from pkg import a\n")
    (package / "d.py").write_text("import pkg.a\n")
    graph = imports(package, "pkg")
    assert graph == {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_netplay_has_no_import_circle():
    """Before protocol 6 this found [evening, host, pausing, racing, saves, seats, session]."""
    assert cycles(imports(PACKAGE)) == []


def test_the_hosts_parts_never_import_the_host():
    graph = imports(PACKAGE)
    assert {part: sorted(graph[part]) for part in PARTS if "host" in graph[part]} == {}
    assert not graph["ports"] & {*PARTS, "host"}, "netplay.ports imports no part"
