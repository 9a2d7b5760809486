"""The rules stay pure: schemes/ imports no screen, disk or PDF library."""

import ast
from pathlib import Path

ROOT = Path(__file__).parents[1]
FORBIDDEN = {"textual", "tinydb", "fpdf", "rich", "data", "tui", "paperwork", "os", "pathlib", "io", "shutil"}


def test_schemes_import_nothing_with_io() -> None:
    offenders = []
    for source in sorted((ROOT / "schemes").glob("*.py")):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{source.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []


def test_no_other_installed_package_takes_our_top_level_names() -> None:
    """The design card puts ``schemes/ data/ paperwork/ tui/`` at the top and cli.md runs
    ``python -m tui``, so they install as top-level packages (docs/decisions.md): in the
    environment Tengen is installed into, no other distribution may ship one of them."""
    from importlib.metadata import packages_distributions

    owners = packages_distributions()
    taken = {
        name: owners[name] for name in ("schemes", "data", "paperwork", "tui") if set(owners.get(name, [])) - {"tengen"}
    }
    assert taken == {}


def test_every_package_folder_is_installed() -> None:
    """``pyproject.toml`` lists the packages by name: a new folder left out of it would work
    in the source tree and be missing from the installed program."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    folders = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("schemes", "data", "paperwork", "tui")
        for init in (ROOT / top).rglob("__init__.py")
    }
    assert folders == listed
