"""Every function of the nights app and of the engine is short enough to read at once: at most
50 lines (its docstring included), read from the source by an ast walk."""

import ast
from pathlib import Path

import kalooki_ledger

ROOT = Path(kalooki_ledger.__file__).parent
MOST = 50


def long_functions(folder: Path) -> list[str]:
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = node.end_lineno - node.lineno + 1
                if lines > MOST:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({lines})")
    return found


def test_no_function_of_the_nights_app_or_the_engine_is_over_fifty_lines():
    assert long_functions(ROOT / "nights") + long_functions(ROOT / "rules") == []
