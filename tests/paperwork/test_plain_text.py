"""The short way of drawing cells (``paperwork.plain_text``) writes the PDF fpdf2's own
calls write, byte for byte: the same cells drawn through ``fit_cell``/``text_cell``/``lines``
and through fpdf2's ``set_font``/``get_string_width``/``cell``/``multi_cell`` give the same file."""

from __future__ import annotations

from typing import Literal

from fpdf import FPDF
from hypothesis import given, settings
from hypothesis import strategies as st

from paperwork.document import FAMILY, FONTS, MIN_FONT, READABLE, Document
from paperwork.sheet import Column
from tests.builders import Log

TEXT = st.text(alphabet="Иванов ёЖщ Smith()\\½·—…0123456789+-", max_size=40)
BORDERS: list[Literal[0, 1] | str] = [0, 1, "LTR", "LBR", "LTRB", "B"]


class Reference(Document):
    """A document drawing every cell through fpdf2's own calls: a text measured by fpdf2 on a
    page of its own (measuring at a size sets the font, which the page drawn would name), the
    font set to the size drawn, then back."""

    ruler: FPDF | None = None

    def fit_cell(self, width, height, text, border=0, align="C", bold=False, size=None):
        style = "B" if bold else ""
        base = size or self.font_size_pt
        room = max(width - 2 * self.c_margin, 1)
        options = (text,) if isinstance(text, str) else text
        text = next((option for option in options if self.measured(option, style, min(base, READABLE)) <= room),
                    options[-1])  # fmt: skip
        fitted = base
        while self.measured(text, style, fitted) > room and fitted > MIN_FONT:
            fitted = max(MIN_FONT, fitted - 0.5)
        if self.measured(text, style, fitted) > room:
            while text and self.measured(text + "…", style, fitted) > room:
                text = text[:-1]
            text += "…"
        self.set_font(FAMILY, style, fitted)
        self.cell(width, height, text, border=border, align=align)
        self.set_font(FAMILY, style, base)

    def measured(self, text: str, style: str, size: float) -> float:
        if self.ruler is None:
            self.ruler = FPDF(unit="mm")
            for each, name in (("", "DejaVuSansCondensed.ttf"), ("B", "DejaVuSansCondensed-Bold.ttf")):
                self.ruler.add_font(FAMILY, each, str(FONTS / name))
        self.ruler.set_font(FAMILY, style, size)
        return self.ruler.get_string_width(text)

    def text_cell(
        self, width: float, height: float, text: str, border: Literal[0, 1] | str = 0, align: str = "L"
    ) -> None:
        self.cell(width, height, text, border=border, align=align)

    def box(self, x: float, y: float, width: float, height: float, style: str = "D") -> None:
        self.rect(x, y, width, height, style=style)

    def lines(self, width: float, height: float, text: str, align: str = "L", top: bool = False) -> None:
        self.multi_cell(width, height, text, align=align, new_y="TOP" if top else "NEXT", max_line_height=height)


CELL = st.tuples(
    st.sampled_from(["fit", "fit_options", "text", "lines", "lines_top", "grey", "black", "size", "box"]),
    TEXT,
    st.floats(min_value=0, max_value=120),  # width (0: to the right margin)
    st.sampled_from([2.3, 4.0, 5.5, 6.0, 9.0]),
    st.sampled_from(BORDERS),
    st.sampled_from(["L", "C", "R"]),
    st.booleans(),
    st.sampled_from([None, 5.5, 6.5, 7.0, 8.0, 9.6, 11.0, 16.0]),
)


def drawn(kind: type[Document], cells: list[tuple], log: Log) -> bytes:
    document = kind(log.state, log.events, "Тест")
    document.set_compression(False)  # the page's operators readable in the bytes
    document.add_page()
    for index, (what, text, width, height, border, align, bold, size) in enumerate(cells):
        document.set_xy(10 + (index % 3) * 60, 20 + (index % 40) * 6)
        if what == "fit":
            document.fit_cell(width, height, text, border=border, align=align, bold=bold, size=size)
        elif what == "fit_options":
            document.fit_cell(width, height, (text + text, text, text[:3]), border=border, bold=bold, size=size)
        elif what == "text":
            document.text_cell(width, height, text, border, align)
        elif what in ("lines", "lines_top"):
            document.lines(max(width, 10), height, text, align=align, top=what == "lines_top")
        elif what == "box":  # the alignment stands for the style: outlined, filled, both
            document.box(document.x, document.y, width, height, {"L": "D", "C": "F", "R": "DF"}[align])
        elif what == "grey":
            document.set_fill_color(230, 230, 230)
        elif what == "black":
            document.set_fill_color(0, 0, 0)
        else:
            document.set_font(FAMILY, "B" if bold else "", size or 9)
    return bytes(document.output())


@settings(max_examples=40, deadline=None)
@given(st.lists(CELL, max_size=30))
def test_any_cells_drawn_the_short_way_are_fpdf2s_bytes(cells: list[tuple]) -> None:
    log = Log("round-robin")
    assert drawn(Document, cells, log) == drawn(Reference, cells, log)


def test_a_table_of_names_that_shrink_and_cut_is_fpdf2s_bytes() -> None:
    """Names too long for their column (shrunk half a point at a time, then cut with an
    ellipsis), a header of two-line titles on grey, cells of one row in several fonts."""
    log = Log("round-robin")
    long = "Константинопольский-Длиннофамильный Константин Константинович"
    cells = [
        ("grey", "", 0, 5.5, 0, "L", False, None),
        *(("fit", long[: 8 * n], 30.0, 5.5, 1, "L", n % 2 == 0, 8.0) for n in range(1, 9)),
        ("lines_top", "Ранг соп.", 12.0, 3.6, 0, "C", True, None),
        ("lines", "1+ — победа; 0- — поражение; ++ — свободный тур (нечётность)", 40.0, 2.3, 0, "L", False, None),
        ("black", "", 0, 5.5, 0, "L", False, None),
        ("fit", "", 10.0, 5.0, "LTR", "C", False, 6.5),
        ("fit", "(скобки) \\ и ½", 0.0, 5.0, "LBR", "R", True, 9.0),
    ]
    first = drawn(Document, cells, log)
    assert first == drawn(Reference, cells, log)
    assert first.count(b") Tj") >= 8 + 2 + 2 + 1  # the names, the title's two lines, the legend's, the last cell


def test_a_table_names_its_font_once_not_before_every_cell() -> None:
    """``fit_cell`` measured each text at 7 pt before drawing it at the table's 8 pt, and the
    page named the font again before every cell (a line of every two on a card).  Thirty rows
    name it once more than none."""
    log = Log("round-robin")

    def font_lines(rows: int) -> int:
        document = Document(log.state, log.events, "Тест")
        document.set_compression(False)
        document.add_page()
        names = [[f"Игрок {n}", str(n)] for n in range(rows)]
        document.draw_table([Column("Имя", 3, "L"), Column("Очки", 1)], names, font_size=8.0)
        drawn = bytes(document.output())
        assert drawn.count(b") Tj") >= 2 * rows
        return drawn.count(b" Tf ET")

    assert font_lines(30) == font_lines(0) + 1
