"""Every function of the site's code is short enough to read at once: at most 50 lines (its
docstring included), read from the source by an ast walk, migrations and all."""

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
                    found.append(f"{path.relative_to(folder)}:{node.lineno} {node.name} ({lines})")
    return found


def test_no_function_of_the_site_is_over_fifty_lines():
    assert long_functions(ROOT) == []


def test_the_walk_finds_a_function_of_fifty_one_lines(tmp_path):
    body = "\n".join(f"    x{n} = {n}" for n in range(MOST))
    (tmp_path / "long.py").write_text(f"def long():\n{body}\n\n\ndef short():\n    pass\n")
    assert long_functions(tmp_path) == ["long.py:1 long (51)"]
