"""The page every document is printed on: A4, the shipped font, a header, tables.

Everything a document needs to stay readable lives here once: text that does not
fit its cell is shrunk (and only as a last resort cut with an ellipsis), tables
start a new page with their header repeated, and the output is deterministic: the
creation date is the time of the tournament's last event, so the same log gives
the same bytes.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Literal

from fpdf import FPDF
from fpdf.enums import MethodReturnValue
from fpdf.fonts import TTFFont

from data.service import Output
from paperwork import shared_font
from paperwork.labels import abbreviation, labels
from paperwork.marks import legend
from paperwork.plain_text import FAMILY as FAMILY  # the family every document uses; re-exported
from paperwork.plain_text import PlainText
from paperwork.sheet import Column, Text, legend_line, made_at, unfinished
from schemes.errors import Notice
from schemes.log.events import Event
from schemes.state.model import Tournament
from schemes.values import dates

FONTS = Path(__file__).with_name("fonts")
MARGIN = 10.0
MIN_FONT = 5.0
READABLE = 7.0
HEADER_FONT = 8.0
"""Column titles are never smaller: a title that does not fit is abbreviated (labels.SHORT)."""
WRAPPED_LINE = 0.42
"""A wrapped cell's line height in mm per point of its font (8.5 pt: 3.6 mm)."""


class Document(PlainText):
    def __init__(
        self,
        tournament: Tournament,
        events: Sequence[Event],
        title: str,
        landscape: bool = False,
        page_header: bool = True,
        after_round: int | None = None,
    ) -> None:
        super().__init__(orientation="L" if landscape else "P", unit="mm", format="A4")
        for style, name in (("", "DejaVuSansCondensed.ttf"), ("B", "DejaVuSansCondensed-Bold.ttf")):
            shared_font.add_font(self, FAMILY, style, FONTS / name)
        self.tournament = tournament
        self.labels: Mapping[str, str] = labels(tournament.settings.lang)
        """Every word the document prints, in the tournament's language (``paperwork.labels``)."""
        self.title_line = title
        self.after_round = after_round
        """The round a standings-like document stands after: its title says which of its boards
        have no result yet (a trial's standings of a round half played went to the wall as if
        final)."""
        self.made = made_at(events)
        self.page_header = page_header
        self.results_written: list[str] = []
        """The result marks the tables wrote, for ``results_legend``."""
        self.set_creation_date(self.made)
        self.set_producer("Tengen")
        self.set_title(f"{tournament.settings.name} — {title}")
        self.set_margins(MARGIN, MARGIN, MARGIN)
        self.set_auto_page_break(False)
        self.alias_nb_pages("{nb}")
        self.set_font(FAMILY, "", 9)
        self._fits: dict[tuple[Text, str, float, float], tuple[str, float]] = {}
        """Per text, style, size and width, what ``fit_cell`` shows (``_fit``)."""

    # -- page furniture ---------------------------------------------------------------
    def header(self) -> None:
        if not self.page_header:
            return
        settings = self.tournament.settings
        self.set_xy(MARGIN, MARGIN)
        self.set_font(FAMILY, "B", 12)
        self.fit_cell(self.epw * 0.75, 6, settings.name, align="L")
        self.set_font(FAMILY, "", 8)
        made = f"{self.labels['made']} {shown_date(self.made.date(), settings.lang)}"
        self.cell(self.epw * 0.25, 6, made, align="R", new_x="LMARGIN", new_y="NEXT")
        self.set_font(FAMILY, "", 10)
        span = " – ".join(dict.fromkeys(shown_date(day, settings.lang) for day in dates.days(settings.dates)))
        place = ", ".join(part for part in (settings.place, span) if part)
        self.fit_cell(self.epw * 0.6, 5, self.title_line, align="L")
        self.fit_cell(self.epw * 0.4, 5, place, align="R")
        waiting = self.unfinished()
        if waiting:  # a line of its own: after a long title it shrank to a size no one read (a review)
            self.ln(5)
            self.set_font(FAMILY, "B", 9)
            self.fit_cell(self.epw, 5, waiting.strip(), align="L")
        self.ln(7)

    def unfinished(self) -> str:
        """The line under the title where results are missing up to ``after_round`` (``unfinished``)."""
        return "" if self.after_round is None else unfinished(self.labels, self.tournament, self.after_round)

    def footer(self) -> None:
        if not self.page_header:
            return
        self.set_xy(MARGIN, self.h - MARGIN + 2)
        self.set_font(FAMILY, "", 7)
        self.cell(self.epw, 4, self.labels["page"].format(n=self.page_no(), total="{nb}"), align="C")

    @property
    def bottom(self) -> float:
        return self.h - MARGIN - (4 if self.page_header else 0)

    # -- text that fits -----------------------------------------------------------------
    def fit_cell(
        self,
        width: float,
        height: float,
        text: Text,
        border: Literal[0, 1] | str = 0,
        align: str = "C",
        bold: bool = False,
        size: float | None = None,
    ) -> None:
        """A cell whose text is shrunk to fit, and cut with an ellipsis only below the smallest size.

        ``text`` may offer alternatives, longest first (a full name, then the surname with
        initials): the first that fits at a readable size is taken.  The choice is made once
        per text, size and width (``_fit``).  The font is left at ``size`` in the cell's style;
        the page is told a font only when it changes (a table's cells at its size name it once
        a page, as fpdf2's ``set_font`` would)."""
        style = "B" if bold else ""
        base = size or self.state().font_size_pt
        key = (text, style, base, width)
        fit = self._fits.get(key)
        if fit is None:
            fit = self._fits[key] = self._fit(text, style, base, width)
        shown, fitted = fit
        self.use_font(style, fitted)
        self.text_cell(width, height, shown, border, align)
        if fitted != base:
            self.use_font(style, base)

    def _fit(self, text: Text, style: str, base: float, width: float) -> tuple[str, float]:
        """The text ``fit_cell`` shows and its size: the first option that fits at
        ``min(base, READABLE)``, at ``base`` or smaller by half points."""
        room = max(width - 2 * self.c_margin, 1)
        options = (text,) if isinstance(text, str) else text
        first = min(base, READABLE)
        shown = next((option for option in options if self.text_width(option, style, first) <= room), options[-1])
        fitted = base
        while self.text_width(shown, style, fitted) > room and fitted > MIN_FONT:
            fitted = max(MIN_FONT, fitted - 0.5)
        if self.text_width(shown, style, fitted) > room:
            while shown and self.text_width(shown + "…", style, fitted) > room:
                shown = shown[:-1]
            shown += "…"
        return shown, fitted

    # -- tables -----------------------------------------------------------------------
    def widths(
        self,
        columns: Sequence[Column],
        total: float | None = None,
        rows: Sequence[Sequence[Text]] = (),
        size: float = 8,
    ) -> list[float]:
        """The columns' relative widths scaled to ``total``; given the ``rows`` (at font
        ``size``), a column whose cells would shrink is widened by what others leave empty,
        then by names falling back on their shorter forms (``fit_cell``'s options).

        A trial's 40-player round robin cut its shared places to «32…» in a narrow place
        column, and a McMahon table shrank its clubs to 5 pt beside half-empty round columns.
        A column takes at most what its longest text needs (a name: its shortest form); none
        gives below its title's width; wrapped columns and empty ones (written in by hand)
        neither give nor take."""
        total = self.epw if total is None else total
        weight = sum(c.width for c in columns)
        widths = [total * c.width / weight for c in columns]
        if not rows:
            return widths
        spare, shorter, takes = [0.0] * len(columns), [0.0] * len(columns), [0.0] * len(columns)
        for index, column in enumerate(columns):
            if column.wrap:
                continue
            texts = {(text,) if isinstance(text, str) else text for text in (row[index] for row in rows)}
            if texts == {("",)}:  # left for the pen (a protocol's result): its width is the hand's
                continue
            header = max(size, HEADER_FONT)  # as ``header_cell`` draws it
            title = max(self._natural(line, header, "B") for line in column.title.split(" ", 1))
            needed = max(self._natural(options[-1], size) for options in texts)  # a title has its abbreviation
            longest = max([self._natural(options[0], size) for options in texts] + [title])
            spare[index] = max(0.0, widths[index] - longest)
            shorter[index] = max(0.0, widths[index] - max(needed, title)) - spare[index]
            takes[index] = max(0.0, needed - widths[index])
        pool = 0.0
        for gives in (spare, shorter):
            given = min(sum(gives), sum(takes) - pool)
            if given > 0:
                widths = [width - give * given / sum(gives) for width, give in zip(widths, gives, strict=True)]
                pool += given
        waiting = sorted((take, index) for index, take in enumerate(takes) if take > 0)
        for place, (take, index) in enumerate(waiting):  # the smallest needs met whole first: a place
            share = min(take, pool / (len(waiting) - place))  # before a 70-letter name's initials
            widths[index] += share
            pool -= share
        for alike in {column.alike for column in columns if column.alike}:  # white's and black's, one width
            members = [index for index, column in enumerate(columns) if column.alike == alike]
            mean = sum(widths[index] for index in members) / len(members)
            for index in members:
                widths[index] = mean
        return widths

    def _natural(self, text: str, size: float, style: str = "") -> float:
        """The width a cell needs to show ``text`` whole at ``size`` (a title's: each of its
        two lines, as ``header_cell`` writes it)."""
        return self.text_width(text, style, size) + 2 * self.c_margin + 0.2

    def table_header(self, columns: Sequence[Column], widths: Sequence[float], height: float) -> None:
        """The header row; columns sharing a ``group`` get it as a title spanning them."""
        self.set_fill_color(230, 230, 230)
        left = x = self.get_x()
        y = self.get_y()
        index = 0
        while index < len(columns):
            column = columns[index]
            if not column.group:
                self.header_cell(x, y, widths[index], height, column.title)
                x += widths[index]
                index += 1
                continue
            run = index
            while run < len(columns) and columns[run].group == column.group:
                run += 1
            span = sum(widths[index:run])
            self.header_cell(x, y, span, height / 2, column.group)
            for sub in range(index, run):
                self.header_cell(x, y + height / 2, widths[sub], height / 2, columns[sub].title)
                x += widths[sub]
            index = run
        self.set_xy(left, y + height)

    def header_cell(self, x: float, y: float, width: float, height: float, text: str) -> None:
        """A grey header cell at a readable size (8 pt at least): a title too long for one
        line takes two where there is room, else its abbreviation (``labels.SHORT``)."""
        size = self.font_size_pt
        header = max(size, HEADER_FONT)
        self.box(x, y, width, height, style="DF")
        self.use_font("B", header)
        room = width - 2 * self.c_margin
        two_lines = (
            " " in text and height >= 6 and max(self.text_width(p, "B", header) for p in text.split(" ", 1)) <= room
        )
        if self.text_width(text, "B", header) > room and two_lines:
            line = min(height / 2, header * 0.45)
            self.set_xy(x, y + (height - 2 * line) / 2)
            self.lines(width, line, text, align="C", top=True)
        else:
            if self.text_width(text, "B", header) > room:
                text = abbreviation(text)
            self.set_xy(x, y)
            self.fit_cell(width, height, text, bold=True, size=header)
        self.use_font("", size)

    def draw_table(
        self,
        columns: Sequence[Column],
        rows: Sequence[Sequence[Text]],
        height: float = 5.0,
        font_size: float = 8.0,
        header_height: float | None = None,
        x: float | None = None,
        width: float | None = None,
    ) -> None:
        """Rows under a header.  On the page (no ``x``) the table flows onto new pages with
        its header repeated; placed at ``x`` (inside a card) it stays where it is."""
        left = self.l_margin if x is None else x
        widths = self.widths(columns, width, rows if x is None else (), font_size)  # a card's table keeps its layout
        header_height = header_height or height + 1
        self.use_font("", font_size)
        self.set_x(left)
        self.table_header(columns, widths, header_height)
        line = font_size * WRAPPED_LINE
        wraps = [i for i, column in enumerate(columns) if column.wrap]
        aligns = [numbers_right(column, [row[i] for row in rows]) for i, column in enumerate(columns)]
        for row in rows:
            wrapped = {i: self.line_count(widths[i], line, str(row[i])) for i in wraps}  # a wrapped cell holds one text
            row_height = max(height, max(wrapped.values()) * line + 1) if wrapped else height
            if x is None and self.get_y() + row_height > self.bottom:
                self.add_page()
                self.use_font("", font_size)
                self.table_header(columns, widths, header_height)
            self.set_x(left)
            top = self.get_y()
            for index, (column, cell_width, text) in enumerate(zip(columns, widths, row, strict=True)):
                if column.wrap:
                    cell_left = self.get_x()
                    self.box(cell_left, top, cell_width, row_height)
                    self.set_xy(cell_left, top + (row_height - wrapped[index] * line) / 2)
                    self.lines(cell_width, line, str(text), align=aligns[index], top=True)
                    self.set_xy(cell_left + cell_width, top)
                else:
                    self.fit_cell(cell_width, row_height, text, border=1, align=aligns[index], size=font_size)
                if (column.marks or column.title.isdigit()) and isinstance(text, str):
                    self.results_written.append(text)
            self.ln(row_height)

    def results_legend(self, by_row: bool = False) -> None:
        """Under the tables: what the result marks written in them mean (``++`` — свободный
        тур…), only those that were written; ``by_row`` where opponents are named by row."""
        line = legend(self.results_written, self.labels, by_row)
        if line:
            self.notes([line + "."])

    def legend(self, titles: Sequence[str]) -> None:
        """Under a table: what its short column titles stand for, for each title written as
        ``Full name (SHORT)`` (``SOS — сумма очков соперников``)."""
        line = legend_line(titles)
        if line:
            self.ln(2)
            self.set_font(FAMILY, "", 8)
            self.multi_cell(0, 4, line, new_x="LMARGIN", new_y="NEXT")

    def notes(self, lines: Sequence[str]) -> None:
        """Lines of small text under a table: what its marks mean, why a prize went where."""
        if lines:
            self.ln(2)
            self.set_font(FAMILY, "", 8)
            for line in lines:
                self.multi_cell(0, 4, line, align="L", new_x="LMARGIN", new_y="NEXT")

    def line_count(self, width: float, height: float, text: str) -> int:
        """The lines ``multi_cell`` would break ``text`` into at the current font; nothing is drawn."""
        lines = self.multi_cell(width, height, text, dry_run=True, output=MethodReturnValue.LINES)
        if not isinstance(lines, list):  # fpdf2 types the result of every ``output`` as one union
            raise TypeError(f"multi_cell returned {type(lines).__name__} for its lines")
        return len(lines)

    def cut_guides(self, xs: Sequence[float], ys: Sequence[float]) -> None:
        """Dashed lines to cut a sheet into cards or slips."""
        self.set_draw_color(150, 150, 150)
        self.set_dash_pattern(dash=1.5, gap=1.5)
        for x in xs:
            self.line(x, 0, x, self.h)
        for y in ys:
            self.line(0, y, self.w, y)
        self.set_dash_pattern()
        self.set_draw_color(0, 0, 0)

    def room_left(self) -> float:
        return self.bottom - self.get_y()


NUMBER = re.compile(r"[+\-−]?(?:\d+(?:[.,]\d+)?[½¼¾]?|[½¼¾])|\d+[-–]\d+")
"""A number as the tables write it: ``12``, ``-3``, ``103½``, ``½``, ``6.5``, a shared place ``5-8``."""


def numbers_right(column: Column, cells: Sequence[Text]) -> str:
    """The alignment a column's cells are drawn with: its own, but a centred column of numbers
    right-aligned, its digits in line (paperwork.md: «numbers are right-aligned»; a check found
    ``103½`` above ``103`` centred).  Results (``5+``, a crosstable's ``1``) are marks, not
    numbers: they stay centred."""
    if column.align != "C" or column.marks or column.title.isdigit() or not column.numbers:
        return column.align
    written = [cell for cell in cells if cell != ""]
    numeric = all(isinstance(cell, str) and NUMBER.fullmatch(cell) for cell in written)
    return "R" if written and numeric else column.align


def shown_date(day: date, lang: str) -> str:
    """A date as the paper's reader writes it: ``05.12.2026`` in Russian, ISO in English."""
    return day.strftime("%d.%m.%Y") if lang == "ru" else day.isoformat()


def write(document: FPDF, output: Output) -> tuple[str, ...]:
    """The PDF, into the file the service checked (written whole or not at all); and the
    letters the shipped font has none for, in the order the document met them (``undrawn_notice``)."""
    output.write(bytes(document.output()))
    return tuple(dict.fromkeys(chr(code) for font in document.fonts.values() if isinstance(font, TTFFont)
                               for code in font.missing_glyphs))  # fmt: skip


logging.getLogger("fpdf.output").setLevel(logging.ERROR)
"""fpdf2's own word on the letters a font lacks is English, on stderr, naming its font's
internal name: ``undrawn_notice`` says it in the referee's language instead."""


def undrawn_notice(letters: Sequence[str]) -> Notice | None:
    """What the referee is told of the letters the shipped font cannot draw (a Chinese or
    Korean name: DejaVu has Latin, Cyrillic and Greek), which fpdf2 leaves out — of one
    document or of all those printed at once, said once — rather than finding a blank where a
    name should be."""
    missing = list(dict.fromkeys(letters))
    if not missing:
        return None
    shown = " ".join(missing[:10]) + (" …" if len(missing) > 10 else "")
    return Notice("the paper's font has no {chars}: left out (write such a name in Russian or Latin letters)",
                  {"chars": shown})  # fmt: skip
