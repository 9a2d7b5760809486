"""Every key binding of the app has an id of its own (``scope.name``), so a keymap can
rebind any key and a test or the help can name a binding without matching its text."""

import ast
import importlib
import pkgutil
from pathlib import Path

from textual.binding import Binding

import tui


def all_bindings() -> list[tuple[str, Binding]]:
    found = []
    for module in pkgutil.walk_packages(tui.__path__, "tui."):
        if module.name.endswith("__main__"):  # running it is the command line
            continue
        loaded = importlib.import_module(module.name)
        for value in vars(loaded).values():
            if isinstance(value, type) and value.__module__ == loaded.__name__ and "BINDINGS" in vars(value):
                found += [(f"{value.__qualname__}", b) for b in vars(value)["BINDINGS"] if isinstance(b, Binding)]
    return found


def test_every_binding_has_its_own_id() -> None:
    bindings = all_bindings()
    assert len(bindings) > 50
    assert [owner for owner, b in bindings if not b.id or "." not in b.id] == []
    ids = [b.id for _, b in bindings]
    assert sorted({i for i in ids if ids.count(i) > 1}) == []


def test_no_handler_of_the_app_calls_its_parents_own() -> None:
    """Textual calls a screen's ``on_mount`` and then each base class's along the MRO: a
    ``super().on_mount()`` ran ``Translated``'s twice (every dialog described its bindings twice
    as it opened).  ``on_event`` is no such handler: it is the one door every event comes in
    by, called once, which calls the handlers; an override passes what it lets through to it."""
    twice = []
    for source in sorted(Path(__file__).parents[2].joinpath("tui").rglob("*.py")):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            called = node.func if isinstance(node, ast.Call) else None
            if not isinstance(called, ast.Attribute) or not isinstance(called.value, ast.Call):
                continue
            handler = called.attr.startswith("on_") and called.attr != "on_event"
            if handler and getattr(called.value.func, "id", "") == "super":
                twice.append(f"{source.name}:{node.lineno}")
    assert twice == []
