"""The QR code of the players' page on the protocol (issue 28): vector squares that are
segno's own matrix, under the table and never over it, its address printed under it, and
what a phone's camera reads off the printed page (zbarimg, where it is installed)."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
import segno
from pypdf import PdfReader

from paperwork import qr
from paperwork.rounds import protocol
from tests.builders import played
from tests.paperwork.conftest import pages

PAGE = "http://192.168.1.5:8390/round/1"
POINTS = 72 / 25.4
"""PDF points in a millimetre."""
SQUARES = re.compile(r"^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re f$", re.MULTILINE)
"""A filled rectangle as fpdf2 writes it (x, top, width, minus height, in points): only the
code is drawn so; the table's cells are stroked (``re S``) or grey and framed (``re B``)."""


def squares(pdf: bytes, page: int = 0) -> list[tuple[float, float, float, float]]:
    """The filled rectangles of a page in mm from its top left corner: x, y, width, height."""
    content = PdfReader(io.BytesIO(pdf)).pages[page].get_contents()
    assert content is not None
    text = content.get_data().decode("latin-1")
    height = 297.0
    return [
        (float(x) / POINTS, height - float(y) / POINTS, float(w) / POINTS, -float(h) / POINTS)
        for x, y, w, h in SQUARES.findall(text)
    ]


def matrix_of(found: list[tuple[float, float, float, float]]) -> tuple[float, float, list[list[int]]]:
    """The modules the rectangles cover (1 dark), from the top left one found; its corner."""
    left, top = min(x for x, *_ in found), min(y for _, y, *_ in found)
    size = round((max(x + w for x, _, w, _ in found) - left) / qr.MODULE)
    rows = [[0] * size for _ in range(size)]
    for x, y, w, _h in found:
        row, first = round((y - top) / qr.MODULE), round((x - left) / qr.MODULE)
        for column in range(first, first + round(w / qr.MODULE)):
            rows[row][column] = 1
    return left, top, rows


def read_codes(pdf: bytes) -> list[str]:
    """What zbarimg reads off the PDF's pages printed at 100 dpi (a phone sees no finer)."""
    if shutil.which("zbarimg") is None or shutil.which("pdftoppm") is None:
        pytest.skip(
            "reading the printed code back needs zbarimg and pdftoppm: apt-get install zbar-tools poppler-utils"
        )
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "p.pdf").write_bytes(pdf)
        subprocess.run(["pdftoppm", "-r", "100", "-png", "p.pdf", "page"], cwd=folder, check=True)
        read = subprocess.run(["zbarimg", "-q", "--raw", *sorted(str(p) for p in Path(folder).glob("page*.png"))],
                              capture_output=True, text=True, check=False)  # fmt: skip
    return read.stdout.splitlines()


def test_the_code_is_segnos_matrix_at_the_right_under_the_table() -> None:
    log = played("gamma", 10, 1)
    document = protocol(log.state, log.events, 1, PAGE)
    found = squares(bytes(document.output()))
    left, top, rows = matrix_of(found)
    assert rows == [list(row) for row in segno.make_qr(PAGE, error="m").matrix]
    side = len(rows) * qr.MODULE
    assert (len(rows), round(side, 1)) == (29, 17.4)  # version 3
    assert abs(left + side - 200.0) < 0.01  # flush with the right margin (A4: 210 mm, 10 mm margins)
    table_bottom = 10 + 6 + 7 + 7 + 5 * 5.6  # the margin, the page's two header lines, the table's header row, 5 boards
    assert abs(top - (table_bottom + qr.QUIET * qr.MODULE)) < 0.01  # its quiet zone clear of the table
    text = pages(document)[0]
    assert PAGE in text
    assert "Главный судья:" in text and "Протокол тура — 1-й тур" in text
    assert read_codes(bytes(document.output())) == [PAGE]


def test_forty_boards_and_the_code_still_fit_one_page() -> None:
    log = played("gamma", 80, 1)
    document = protocol(log.state, log.events, 1, "http://192.168.100.200:8390/round/1")
    text = pages(document)
    assert len(text) == 1
    assert len([line for line in text[0].splitlines() if re.match(r"^\d+ \d+ Игроков", line)]) == 40
    assert "http://192.168.100.200:8390/round/1" in text[0] and "Главный секретарь:" in text[0]
    _left, top, rows = matrix_of(squares(bytes(document.output())))
    assert top + len(rows) * qr.MODULE < 297 - 10 - 4  # above the footer


def test_a_long_address_too_tall_for_the_room_left_goes_to_the_next_page_with_the_signatures() -> None:
    log = played("gamma", 80, 1)
    address = "https://go.example.org/tournaments/2026/" + "spb-cup-" * 20
    address = address[: qr.LONGEST]
    document = protocol(log.state, log.events, 1, address)
    pdf = bytes(document.output())
    text = pages(document)
    assert len(text) == 2
    assert squares(pdf, 0) == []  # nothing filled over the 40 boards
    assert "Главный судья:" not in text[0] and "Главный судья:" in text[1]
    assert "".join(text[1].split()).count(address) == 1  # the address whole, wrapped in lines under the code
    assert read_codes(pdf) == [address]


@pytest.mark.parametrize(
    "url",
    [
        "ftp://192.168.1.5/round/1",
        "192.168.1.5:8390",
        "http://",
        "http:///round/1",
        "HTTP://192.168.1.5:8390/",
        "http://192.168.1.5:8390/a b",
        "http://192.168.1.5:8390/\n",
        "http://[::1/",
        "http://h/" + "x" * (qr.LONGEST - 8),
    ],
)
def test_an_address_a_phone_cannot_open_is_refused(url: str) -> None:
    with pytest.raises(qr.NotAPage) as refused:
        qr.checked(url)
    assert refused.value.fields["longest"] == 200
    assert len(str(refused.value)) < 140  # a long address is cut in the message


def test_the_longest_address_is_taken() -> None:
    url = "http://h/" + "x" * (qr.LONGEST - 9)
    assert len(url) == qr.LONGEST and qr.checked(url) == url
