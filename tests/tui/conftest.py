"""The demo tournaments, written once per test session and copied for each test that
changes them (writing them runs every action of four events: the slow part)."""

import shutil
from pathlib import Path

import pytest

from tui.demo import write_demo


@pytest.fixture(scope="session")
def demo_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("demo-once")
    write_demo(folder)
    return folder


def copy_demo(source: Path, target: Path) -> Path:
    """The demo's tournament files (not their locks or backups) copied into ``target``."""
    target.mkdir(parents=True, exist_ok=True)
    for path in source.glob("*.json"):
        shutil.copy2(path, target / path.name)
    return target


@pytest.fixture
def folder(demo_once: Path, tmp_path: Path) -> Path:
    return copy_demo(demo_once, tmp_path)
