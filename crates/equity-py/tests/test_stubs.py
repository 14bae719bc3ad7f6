"""The type stubs (``_engine.pyi``) name everything the extension module offers: every public
function, constant and class, and every public member of each class."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import holdem_equity._engine as engine


def stubbed() -> dict[str, set[str] | None]:
    """The stubs' names: a class's with its members, others with ``None``."""
    tree = ast.parse(Path(engine.__file__).with_name("_engine.pyi").read_text(encoding="utf-8"))
    names: dict[str, set[str] | None] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names[node.name] = {
                item.name if isinstance(item, ast.FunctionDef) else item.target.id
                for item in node.body
                if isinstance(item, ast.FunctionDef)
                or (isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name))
            }
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = None
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = None
        elif isinstance(node, ast.Assign):
            names.update((target.id, None) for target in node.targets
                         if isinstance(target, ast.Name))
    return names


def test_every_public_name_of_the_engine_has_a_stub() -> None:
    names = stubbed()
    missing = []
    for name in dir(engine):
        if name.startswith("_"):
            continue
        if name not in names:
            missing.append(name)
            continue
        runtime = getattr(engine, name)
        if inspect.isclass(runtime):
            members = names[name] or set()
            missing += [f"{name}.{member}" for member in dir(runtime)
                        if not member.startswith("_") and member not in members]
    assert missing == []
