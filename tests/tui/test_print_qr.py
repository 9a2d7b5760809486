"""``tengen -f T print protocol --qr URL`` (issue 28): the protocol with the code of the
players' page, read back from the PDF written; an address a phone cannot open is one line on
stderr, exit 2, and no file."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.paperwork.test_qr import read_codes
from tests.tui.test_cli import run


@pytest.fixture
def paired(folder: Path) -> str:
    return str(folder / "mcmahon.json")


def test_the_protocol_carries_the_code_of_the_page_given(
    paired: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, page = tmp_path / "protocol.pdf", "http://192.168.1.5:8390/round/2"
    code, text, err = run(capsys, "-f", paired, "print", "protocol", "--qr", page, "-o", str(out))
    assert (code, err) == (0, "")
    assert text.strip() == f"round protocol written to {out}"
    printed = PdfReader(out).pages[0].extract_text()
    assert page in printed and "Протокол тура — 2-й тур" in printed
    assert read_codes(out.read_bytes()) == [page]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["protocol", "--qr", "ftp://192.168.1.5/"], "ftp://192.168.1.5/: not a page's address"),
        (["protocol", "--qr", "192.168.1.5:8390"], "192.168.1.5:8390: not a page's address"),
        (["protocol", "--qr", "http://h/" + "x" * 192], "at most 200 characters"),
        (["protocol", "--qr", "http://h/a b"], "http://h/a b: not a page's address"),
        (["cards", "--qr", "http://192.168.1.5:8390/"], "--qr: only the protocol carries a QR code"),
    ],
)
def test_a_bad_address_is_one_line_and_writes_nothing(
    paired: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    out = tmp_path / "x.pdf"
    code, text, err = run(capsys, "-f", paired, "print", *argv, "-o", str(out))
    assert (code, text) == (2, "")
    assert message in err and err.count("\n") == 1
    assert not out.exists()
