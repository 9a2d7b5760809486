import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from data.ledger import Ledger


def pages(document) -> list[str]:
    """The text of every page of a built document, as a reader sees it."""
    reader = PdfReader(io.BytesIO(bytes(document.output())))
    return [page.extract_text() for page in reader.pages]


@pytest.fixture(scope="session")
def demo(demo_once: Path) -> Path:
    """The demo the app's tests read too (written once per run, copied for each test process), never changed here."""
    return demo_once


@pytest.fixture(scope="session")
def ledgers(demo: Path) -> dict[str, Ledger]:
    return {path.stem: Ledger(path) for path in sorted(demo.glob("*.json"))}
