"""Every key binding of the app has an id of its own (``scope.name``), so a keymap can
rebind any key and a test or the help can name a binding without matching its text."""

import importlib
import pkgutil

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
