"""Imports run one way: rules <- games <- sheets <- clubs, and no two modules import each other.

Every module under kalooki_ledger/ is read with `ast` (nothing is imported), counting imports
made inside functions and under TYPE_CHECKING too: a late import is still a tie.
"""

import ast
from pathlib import Path

import pytest

import kalooki_ledger

ROOT = Path(kalooki_ledger.__file__).parent
PROJECT = "kalooki_ledger"

# The site's plumbing beside the apps: error pages, the language switch, rate limits and upload
# limits. It imports no app.
SITE = {
    "error_pages",
    "faults",
    "languages",
    "throttle",
    "uploads",
}
# Clubs may reach the sheets (a club prints its tables' blank sheets, and names itself on a
# game's PDF through the `games.signals.place_of_game` signal); the sheets never know a club.
MAY_IMPORT = {
    "rules": {"rules"},
    "games": {"rules", "games"} | SITE,
    "sheets": {"rules", "games", "sheets"} | SITE,
    "clubs": {"rules", "games", "sheets", "clubs"} | SITE,
    # Nights sit above clubs; a group's statistics are a club season's, both from games.season.
    "nights": {"rules", "games", "sheets", "clubs", "nights"} | SITE,
    **{name: SITE for name in SITE},
}
# What wires the site together, imported by nothing of the project: it may import any part.
TOP = {"urls", "settings", "wsgi"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(ROOT.rglob("*.py"))}


def imported(name: str, path: Path, known: dict[str, Path]) -> dict[str, int]:
    """The project's modules that `name` imports, each with the line of its first import."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: dict[str, int] = {}
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the package `level - 1` steps up
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, node.module] if node.module else base)
            else:
                source = node.module or ""
            # `from package import module` ties to the module; `from module import name`, to it
            targets = [
                f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            if target.split(".")[0] == PROJECT and target != name:
                found.setdefault(target, node.lineno)
    return found


def graph() -> dict[str, dict[str, int]]:
    known = modules()
    return {name: imported(name, path, known) for name, path in known.items()}


def part(name: str) -> str:
    """The layer a module belongs to: its app, or the site module's own name."""
    return name.split(".")[1] if "." in name else ""


def test_every_module_belongs_to_a_layer():
    unplaced = {name for name in modules() if part(name) not in {*MAY_IMPORT, *TOP, ""}}
    assert not unplaced, f"name the layer of {sorted(unplaced)} in MAY_IMPORT or TOP"


def test_no_module_imports_from_a_layer_above_it():
    upward = [
        f"{name} (line {line}) imports {target}"
        for name, targets in graph().items()
        if part(name) in MAY_IMPORT
        for target, line in targets.items()
        if part(target) not in MAY_IMPORT[part(name)]
    ]
    assert not upward, "\n".join(upward)


def test_nothing_imports_what_wires_the_site():
    wiring = [
        f"{name} (line {line}) imports {target}"
        for name, targets in graph().items()
        for target, line in targets.items()
        if part(target) in TOP or target == PROJECT
    ]
    assert not wiring, "\n".join(wiring)


def test_the_rules_engine_imports_no_django():
    rules = [name for name in modules() if part(name) == "rules"]
    django = []
    for name in rules:
        for node in ast.walk(ast.parse(modules()[name].read_text())):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and not node.level
                else []
            )
            django += [f"{name} (line {node.lineno})" for n in names if n.split(".")[0] == "django"]
    assert rules and not django, "\n".join(django)


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The modules that import each other, directly or round a loop (Tarjan's strongly
    connected components of more than one module, or of one that imports itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in edges.get(node, ()):
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_loop_of_three_and_a_pair():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d"}, "f": {"a"}}
    assert cycles(edges) == [["a", "b", "c"], ["d", "e"]]


def test_no_two_modules_import_each_other():
    edges = {name: set(targets) for name, targets in graph().items()}
    assert cycles(edges) == []


def reached(start: str, edges: dict[str, dict[str, int]]) -> dict[str, str | None]:
    """Every module `start` imports, directly or through others, each with the module that
    imported it first (None for `start`)."""
    by: dict[str, str | None] = {start: None}
    todo = [start]
    while todo:
        name = todo.pop()
        for target in edges.get(name, {}):
            if target not in by:
                by[target] = name
                todo.append(target)
    return by


def is_page_module(name: str) -> bool:
    """A module that puts a page together: a page model (`pages`, `*_page`) or a view."""
    return any(p in {"pages", "views"} or p.endswith(("_page", "_pages")) for p in name.split("."))


def test_the_page_module_test_knows_a_page_model_and_a_view():
    assert is_page_module("kalooki_ledger.nights.pages")
    assert is_page_module("kalooki_ledger.games.pages.table_page")
    assert is_page_module("kalooki_ledger.sheets.views")
    assert not is_page_module("kalooki_ledger.nights.record")


@pytest.mark.parametrize(
    "commands",
    [
        "kalooki_ledger.games.commands",
        "kalooki_ledger.nights.commands",
        "kalooki_ledger.nights.group_settings",
    ],
)
def test_the_write_model_imports_no_page_even_through_other_modules(commands):
    edges = graph()
    by = reached(commands, edges)
    pages = []
    for name in sorted(n for n in by if is_page_module(n)):
        path = [name]
        while by[path[-1]] is not None:
            path.append(by[path[-1]])
        pages.append(" <- ".join(path))
    assert commands in edges and not pages, "\n".join(pages)
