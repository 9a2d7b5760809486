"""The rules stay pure: schemes/ imports no screen, disk or PDF library, at any depth."""

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).parents[1]
TOP = ("schemes", "data", "paperwork", "tui")
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())


def _purity_contract() -> set[str]:
    """The forbidden libraries as the import-linter contract lists them (one list of the rule),
    with the packages above the rules, which the layers contract forbids."""
    contracts = CONFIG["tool"]["importlinter"]["contracts"]
    pure = next(c for c in contracts if c["type"] == "forbidden" and c["source_modules"] == ["schemes"])
    return set(pure["forbidden_modules"]) | set(TOP) - {"schemes"}


def test_schemes_import_nothing_with_io() -> None:
    """The same rule as the contract, read by the suite itself (``lint-imports`` runs only in
    CI), over every module of every subpackage: a rule of a new folder is checked too."""
    forbidden = _purity_contract()
    offenders = []
    sources = sorted((ROOT / "schemes").rglob("*.py"))
    assert any(source.parent.parent.name == "systems" for source in sources)  # the walk goes deep
    for source in sources:
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{source.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] in forbidden]
    assert offenders == []


def test_no_other_installed_package_takes_our_top_level_names() -> None:
    """The design card puts ``schemes/ data/ paperwork/ tui/`` at the top and cli.md runs
    ``python -m tui``, so they install as top-level packages (docs/decisions.md): in the
    environment Tengen is installed into, no other distribution may ship one of them."""
    from importlib.metadata import packages_distributions

    owners = packages_distributions()
    taken = {name: owners[name] for name in TOP if set(owners.get(name, [])) - {"tengen"}}
    assert taken == {}


def test_every_folder_of_code_is_a_package() -> None:
    """``pyproject.toml`` finds the packages (``packages.find``), which skips a folder without
    ``__init__.py``: such a folder would work in the source tree and be missing from the
    installed program."""
    folders = {
        source.parent for top in TOP for source in (ROOT / top).rglob("*.py") if "__pycache__" not in str(source)
    }
    assert sorted(str(f.relative_to(ROOT)) for f in folders if not (f / "__init__.py").exists()) == []


def test_each_schemes_paperwork_reads_only_its_own_systems_rules() -> None:
    """The paperwork of one scheme may use the rules of its own system and none other's (the
    contract over ``paperwork.per_scheme.*`` keeps them apart from each other only)."""
    foreign = []
    for source in sorted((ROOT / "paperwork" / "per_scheme").glob("*.py")):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:  # ``from schemes.systems import fors`` too
                modules = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            for module in modules:
                parts = module.split(".")
                if parts[:2] == ["schemes", "systems"] and len(parts) > 2 and parts[2] != source.stem:
                    foreign.append(f"{source.name}: {module}")
    assert foreign == []
