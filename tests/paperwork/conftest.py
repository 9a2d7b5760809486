import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from data.ledger import Ledger
from tui.demo import write_demo


def pages(document) -> list[str]:
    """The text of every page of a built document, as a reader sees it."""
    reader = PdfReader(io.BytesIO(bytes(document.output())))
    return [page.extract_text() for page in reader.pages]


@pytest.fixture(scope="session")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("demo")
    write_demo(folder)
    return folder


@pytest.fixture(scope="session")
def ledgers(demo: Path) -> dict[str, Ledger]:
    return {path.stem: Ledger(path) for path in sorted(demo.glob("*.json"))}
